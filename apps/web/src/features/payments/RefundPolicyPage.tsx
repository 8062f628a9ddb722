// Why: parents look for a refund and cancellation policy before paying (and a card acquirer requires one):
// /refund-policy shows the academy's own text, written in Settings → Academy, or the standard one.
import type { RefundPolicyReply } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { PublicLayout } from '../../components/PublicLayout';
import { Spinner } from '../../components/Spinner';
import { ErrorBox, LoadError } from '../../components/States';
import { ApiError } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { currentHost } from '../../lib/host';
import { type Locale, useLocale } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/screen-title';
import { refundPolicyQuery } from './api';
import { AcademyHeading, PaymentShell } from './PaymentShell';

const SECTIONS = ['s1', 's2', 's3', 's4'] as const;

/** The standard policy, in the page's language, for academies that did not write their own. */
function StandardPolicy() {
  return (
    <div className="space-y-5" data-testid="refund-policy-standard">
      {SECTIONS.map((key) => (
        <section key={key}>
          <h2 className="text-base font-semibold text-slate-900">
            <FormattedMessage id={`refundPolicy.${key}.title`} />
          </h2>
          <p className="mt-1 text-slate-600">
            <FormattedMessage id={`refundPolicy.${key}.text`} />
          </p>
        </section>
      ))}
    </div>
  );
}

/** The academy's own text in the page's language, else the other language's, marked as such (and with its own direction). */
function pickText(p: RefundPolicyReply, locale: Locale): { text: string; lang: Locale } | null {
  const own = locale === 'ar' ? p.refundPolicyArabic : p.refundPolicy;
  if (own) return { text: own, lang: locale };
  const other = locale === 'ar' ? p.refundPolicy : p.refundPolicyArabic;
  return other ? { text: other, lang: locale === 'ar' ? 'en' : 'ar' } : null;
}

function AcademyPolicy({ policy }: { policy: RefundPolicyReply }) {
  const { locale } = useLocale();
  const written = pickText(policy, locale);
  if (!written) {
    return (
      <div className="space-y-5">
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">
          <FormattedMessage id="refundPolicy.standardNote" values={{ academy: displayName(policy.academy, locale) }} />
        </p>
        <StandardPolicy />
      </div>
    );
  }
  return (
    <div className="space-y-3" data-testid="refund-policy-academy">
      {written.lang !== locale && (
        <p className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">
          <FormattedMessage id={written.lang === 'en' ? 'refundPolicy.onlyEnglish' : 'refundPolicy.onlyArabic'} />
        </p>
      )}
      <p lang={written.lang} dir={written.lang === 'ar' ? 'rtl' : 'ltr'} className="whitespace-pre-line text-slate-700">
        {written.text}
      </p>
    </div>
  );
}

export function RefundPolicyPage() {
  const errorText = useErrorText();
  useDocumentTitle('refundPolicy.title');
  const search = useSearch({ from: '/refund-policy' });
  const host = currentHost();
  const handle = host.kind === 'academy' ? host.handle : (search.academy ?? '').trim().toLowerCase();
  const policy = useQuery({ ...refundPolicyQuery(handle), enabled: !!handle });
  const title = <FormattedMessage id="refundPolicy.title" />;

  const body = !handle ? (
    <div className="space-y-5">
      <p className="text-slate-600">
        <FormattedMessage id="refundPolicy.general" />
      </p>
      <StandardPolicy />
    </div>
  ) : policy.data ? (
    <AcademyPolicy policy={policy.data} />
  ) : policy.error instanceof ApiError && policy.error.status === 404 ? (
    <ErrorBox>{errorText(policy.error)}</ErrorBox>
  ) : policy.isError ? (
    <LoadError onRetry={() => policy.refetch()} retrying={policy.isFetching}>
      <FormattedMessage id="refundPolicy.loadFailed" />
    </LoadError>
  ) : (
    <div className="flex justify-center py-10 text-brand-700">
      <Spinner className="size-6" />
    </div>
  );

  // An academy's page keeps the payer's frame (its name, no Kora marketing); the root's is part of the public site.
  if (host.kind === 'academy' || policy.data) {
    return (
      <PaymentShell
        title={title}
        documentTitle="refundPolicy.title"
        policyLink={false}
        academy={policy.data ? <AcademyHeading academy={policy.data.academy} title={title} /> : undefined}
      >
        <div data-testid="refund-policy">{body}</div>
      </PaymentShell>
    );
  }
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12" data-testid="refund-policy">
        <h1 className="mb-6 text-3xl font-bold text-slate-900">{title}</h1>
        {body}
      </article>
    </PublicLayout>
  );
}
