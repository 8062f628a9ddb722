import { type PublicPackage, registerParentBody, startDateBounds } from '@kora/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AuthCard } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { todayIso } from '../../components/date-format';
import { Form } from '../../components/form/Form';
import { useDateField } from '../../components/form/FormDate';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { PlanDateText } from '../../components/PlanDate';
import { ConsentFields, noConsents } from '../../features/players/ConsentFields';
import { emptyParent, ParentFields } from '../../features/players/ParentFields';
import { emptyPlayer, PlayerFields } from '../../features/players/PlayerFields';
import { ApiError } from '../../lib/api';
import { displayDescription, displayName } from '../../lib/display-name';
import { currentHost, subdomainUrl } from '../../lib/host';
import { useLocale } from '../../lib/i18n';
import { formatSar, useMoney } from '../../lib/money';
import { WrittenText } from '../../lib/text-language';
import { SharedLink } from '../../routes/links';
import { useAcademyName } from './academy-name';
import { publicPackagesQuery, registerParent } from './api';

function StepIndicator({ step }: { step: 1 | 2 }) {
  const intl = useIntl();
  return (
    <ol className="mb-6 flex items-center gap-2 text-xs font-medium" aria-label={intl.formatMessage({ id: 'parent.steps' })}>
      {([1, 2, 3] as const).map((n) => (
        <li key={n} className="flex flex-1 items-center gap-2">
          <span
            aria-current={n === step ? 'step' : undefined}
            className={`flex size-7 shrink-0 items-center justify-center rounded-full ${n <= step ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-500'}`}
          >
            {n}
          </span>
          <span className={n === step ? 'text-slate-900' : 'text-slate-500'}>
            <FormattedMessage id={`parent.step${n}`} />
          </span>
          {n < 3 && <span className="h-px flex-1 bg-slate-200" />}
        </li>
      ))}
    </ol>
  );
}

function PackageSummary({ pkg }: { pkg: PublicPackage }) {
  const { locale } = useLocale();
  const description = displayDescription(pkg, locale);
  const money = useMoney();
  return (
    <div className="col-span-full rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
      <p className="font-semibold">
        {displayName(pkg, locale)} · {money(pkg.price)}
      </p>
      {description && <WrittenText text={description} className="whitespace-pre-line text-brand-800" />}
      {pkg.hasTrial && <FormattedMessage id="parent.trial" values={{ days: pkg.trialDays }} />}
    </div>
  );
}

/** The three-step public wizard (docs/domain.md, "Screens"): parent and package, player, success. */
export function RegisterParentPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const search = useSearch({ from: '/auth/register/parent' });
  const host = currentHost();
  const handle = search.academy ?? (host.kind === 'academy' ? host.handle : '');
  const academy = useAcademyName(handle);
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const today = todayIso();
  const start = startDateBounds(today);

  const packages = useQuery({ ...publicPackagesQuery(handle), enabled: !!handle });

  const form = useZodForm(registerParentBody, {
    defaultValues: {
      handle,
      selectedPackage: null,
      subscriptionStartDate: null,
      parentInfo: emptyParent(),
      playerInfo: emptyPlayer(),
      // The terms start unticked, with no value (the schema takes only true: consents.ts); the language is the screen's.
      consents: { ...noConsents(), termsPrivacy: undefined, language: locale === 'ar' ? 'ar' : 'en' },
    },
  });
  const f = { ...useFields(form), ...useDateField(form) };
  const registration = useMutation({ mutationFn: registerParent });
  const chosen = packages.data?.find((p) => p.id === form.watch('selectedPackage'));

  const next = async () => {
    if (step !== 1) return true;
    if (await form.trigger(['parentInfo', 'selectedPackage', 'subscriptionStartDate'], { shouldFocus: true })) setStep(2);
    return false;
  };

  const submit = async (values: typeof registerParentBody._output) => {
    try {
      await registration.mutateAsync(values);
      setStep(3);
    } catch (err) {
      // A refused parent field is on step 1: show it there.
      if (err instanceof ApiError && err.issues.some((i) => i.path.startsWith('parentInfo.'))) setStep(1);
      throw err;
    }
  };

  if (step === 3) {
    const phone = form.getValues('parentInfo.phone');
    // A package was chosen: its subscription waits for payment, which the parent may make now; a
    // trial runs free until its end, and paying during it starts the paid period when it ends.
    const subscription = registration.data?.subscription?.status === 'PENDING' ? registration.data.subscription : null;
    const trial = registration.data?.subscription?.status === 'TRIAL' ? registration.data.subscription : null;
    const again = () => {
      form.reset({ ...form.getValues(), playerInfo: emptyPlayer() });
      registration.reset();
      setStep(2);
    };
    return (
      <AuthCard>
        <div className="space-y-3 py-4 text-center" data-testid="parent-success">
          <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <svg viewBox="0 0 24 24" className="size-9" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </div>
          <h1 className="text-xl font-bold">
            <FormattedMessage id="parent.successTitle" />
          </h1>
          <p className="text-slate-600">
            <FormattedMessage id="parent.successText" values={{ phone: <strong dir="ltr">{phone}</strong> }} />
          </p>
        </div>
        {subscription && (
          <div className="mb-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-center" data-testid="parent-pay">
            <p className="mb-3 text-sm text-brand-900">
              <FormattedMessage id="parent.payNowText" />
            </p>
            <SharedLink
              to="/initial-subscription/$id"
              params={{ id: subscription.id }}
              className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              <FormattedMessage id="parent.payNow" />
            </SharedLink>
          </div>
        )}
        {trial && (
          <div className="mb-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-center" data-testid="parent-trial">
            <p className="mb-3 text-sm text-brand-900">
              <FormattedMessage id="parent.trialText" values={{ date: trial.endDate ? <PlanDateText iso={trial.endDate} /> : '—' }} />
            </p>
            <SharedLink
              to="/renew-subscription/$id"
              params={{ id: trial.id }}
              className="inline-flex min-h-11 w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              <FormattedMessage id="parent.trialPay" />
            </SharedLink>
          </div>
        )}
        <div className="mt-2 flex flex-col gap-2 sm:flex-row-reverse">
          <Button full onClick={again}>
            <FormattedMessage id="parent.registerAnother" />
          </Button>
          {/* The parent's next place is the academy's family portal (its sign-in first), never the staff login. */}
          <a
            href={host.kind === 'academy' ? '/family' : subdomainUrl(handle, '/family')}
            className="inline-flex min-h-10 w-full items-center justify-center rounded-lg border border-slate-300 px-4 py-2 text-center text-sm font-semibold text-slate-800 hover:bg-slate-50"
            data-testid="family-portal-link"
          >
            <FormattedMessage id="family.portalLink" />
          </a>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={<FormattedMessage id="parent.title" />} subtitle={handle ? academy : undefined} wide>
      <StepIndicator step={step} />
      <Form
        form={form}
        onSubmit={submit}
        onBeforeSubmit={next}
        errorFallback="parent.error.failed"
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        {step === 1 ? (
          <>
            <ParentFields form={form} names={(field) => `parentInfo.${field}`} autoFocus />
            <f.Select
              name="selectedPackage"
              empty={null}
              label={<FormattedMessage id="parent.package" />}
              onValueChange={(id) => form.setValue('subscriptionStartDate', id ? (form.getValues('subscriptionStartDate') ?? today) : null)}
            >
              <option value="">{intl.formatMessage({ id: 'parent.skipPackage' })}</option>
              {packages.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {displayName(p, locale)} — {formatSar(intl, p.price)}
                </option>
              ))}
            </f.Select>
            {chosen ? (
              <f.Date
                name="subscriptionStartDate"
                empty={null}
                label={<FormattedMessage id="parent.startDate" />}
                min={start.min}
                max={start.max}
              />
            ) : (
              <div className="hidden sm:block" />
            )}
            {chosen && <PackageSummary pkg={chosen} />}
            <div className="col-span-full flex justify-end">
              <Button type="submit">
                <FormattedMessage id="common.next" />
              </Button>
            </div>
          </>
        ) : (
          <>
            <PlayerFields form={form} names={(field) => `playerInfo.${field}`} autoFocus />
            <ConsentFields control={form.control} names={(field) => `consents.${field}`} />
            <div className="col-span-full flex justify-between gap-3">
              <Button variant="outline" onClick={() => setStep(1)}>
                <FormattedMessage id="common.back" />
              </Button>
              <Button type="submit" loading={registration.isPending}>
                <FormattedMessage id="parent.checkout" />
              </Button>
            </div>
          </>
        )}
      </Form>
    </AuthCard>
  );
}
