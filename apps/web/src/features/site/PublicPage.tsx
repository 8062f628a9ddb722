import { AUDIT_RETENTION_MONTHS, DEFAULT_RETENTION_YEARS } from '@kora/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT, EmailLink, PhoneLink, PublicLayout } from '../../components/PublicLayout';
import { call } from '../../lib/api';
import { currentHost } from '../../lib/host';
import { isMessageId } from '../../lib/message-ids';
import { SharedLink } from '../../routes/links';
import type { PublicPageName } from '../../routes/site/pages';

export { PUBLIC_PAGES, type PublicPageName } from '../../routes/site/pages';

/** Each page's sections; every `page.<page>.<section>.title|text` id exists (the compiler checks). */
const SECTIONS = {
  pricing: ['s1', 's2', 's3'],
  about: ['s1', 's2', 's3'],
  contact: ['s1', 's2'],
  terms: ['s1', 's2', 's3', 's4', 's5'],
  privacy: ['s1', 's2', 's3', 's4', 's5'],
} as const satisfies Record<PublicPageName, readonly string[]>;

const LINK = 'font-medium text-brand-700 underline-offset-2 hover:underline';
/** Placeholders of the public texts: the e-mail and phone as mailto:/tel: links. */
const contactValues = { ...CONTACT, email: <EmailLink className={LINK} />, phone: <PhoneLink className={LINK} /> };

/** The three plans, each with its sign-up action (pricing page and landing page). */
export function PricingCards({ heading: Heading = 'h2' }: { heading?: 'h2' | 'h3' }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {(['s1', 's2', 's3'] as const).map((key, i) => (
        <section key={key} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6" data-testid="pricing-card">
          <Heading className="text-lg font-semibold text-slate-900">
            <FormattedMessage id={`page.pricing.${key}.title`} />
          </Heading>
          <p className="mt-2 flex-1 whitespace-pre-line text-slate-600">
            <FormattedMessage id={`page.pricing.${key}.text`} values={contactValues} />
          </p>
          <SharedLink
            to="/auth/register/academy"
            className={`mt-5 rounded-lg px-4 py-2.5 text-center text-sm font-semibold ${
              i < 2 ? 'bg-brand-700 text-white hover:bg-brand-800' : 'border border-slate-300 text-slate-800 hover:bg-slate-50'
            }`}
          >
            <FormattedMessage id={i < 2 ? 'landing.startTrial' : 'landing.createAcademy'} />
          </SharedLink>
        </section>
      ))}
    </div>
  );
}

/** A section's text by an id built from the page and section names (each exists in the catalogs). */
function Text({ id, values }: { id: string; values?: Record<string, ReactNode> }) {
  const intl = useIntl();
  return isMessageId(intl.messages, id) ? <FormattedMessage id={id} values={values} /> : null;
}

/**
 * How long data is kept (docs/domain.md, "Privacy requests"): on an academy's own site its own
 * settings (`GET /api/privacy/notice?handle=`), on the public site the defaults every academy starts with.
 */
function RetentionSection() {
  // Asked in an effect: the prerendered page (build time, no browser) shows the defaults.
  const [notice, setNotice] = useState<{ retentionYears: number; auditRetentionMonths: number } | null>(null);
  useEffect(() => {
    const host = currentHost();
    if (host.kind !== 'academy') return;
    call('privacyNotice', { query: { handle: host.handle } }).then(setNotice, () => undefined);
  }, []);
  const years = notice?.retentionYears ?? DEFAULT_RETENTION_YEARS;
  const months = notice?.auditRetentionMonths ?? AUDIT_RETENTION_MONTHS;
  return (
    <section data-testid="privacy-retention">
      <h2 className="text-lg font-semibold text-slate-900">
        <FormattedMessage id="page.privacy.retention.title" />
      </h2>
      <p className="mt-2 whitespace-pre-line text-slate-600">
        <FormattedMessage id="page.privacy.retention.text" values={{ years, months }} />
      </p>
    </section>
  );
}

/** /pricing /about /contact /terms /privacy: titled sections from the catalogs. */
export function PublicPage({ page }: { page: PublicPageName }) {
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-3xl font-bold text-slate-900">
          <FormattedMessage id={`page.${page}.title`} />
        </h1>
        <p className="mt-3 text-slate-600">
          <FormattedMessage id={`page.${page}.intro`} values={contactValues} />
        </p>
        {page === 'pricing' ? (
          <div className="mt-8">
            <PricingCards />
          </div>
        ) : (
          <div className="mt-8 space-y-6">
            {SECTIONS[page].map((key) => (
              <section key={key}>
                <h2 className="text-lg font-semibold text-slate-900">
                  <Text id={`page.${page}.${key}.title`} />
                </h2>
                <p className="mt-2 whitespace-pre-line text-slate-600">
                  <Text id={`page.${page}.${key}.text`} values={contactValues} />
                </p>
              </section>
            ))}
            {page === 'privacy' && <RetentionSection />}
          </div>
        )}
      </article>
    </PublicLayout>
  );
}
