import { type EInvoicingStatus, eInvoicingOtpBody, type ZatcaEnvironmentName } from '@kora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { riyadhDateOf } from '../../components/date-format';
import { Form } from '../../components/form/Form';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { PlanDate } from '../../components/PlanDate';
import { SettingsSection } from '../../components/SettingsSection';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import type { MessageId } from '../../lib/message-ids';
import { eInvoicingQuery, submitEInvoicingOtp } from './api';

const STATE_TONE: Record<EInvoicingStatus['state'], string> = {
  not_onboarded: 'bg-slate-100 text-slate-700',
  compliance: 'bg-amber-100 text-amber-800',
  production: 'bg-emerald-100 text-emerald-800',
  expired: 'bg-red-100 text-red-800',
};
const STATE_LABEL: Record<EInvoicingStatus['state'], MessageId> = {
  not_onboarded: 'einvoicing.state.not_onboarded',
  compliance: 'einvoicing.state.compliance',
  production: 'einvoicing.state.production',
  expired: 'einvoicing.state.expired',
};
const ENVIRONMENT: Record<ZatcaEnvironmentName, MessageId> = {
  local: 'einvoicing.env.local',
  'developer-portal': 'einvoicing.env.developer-portal',
  simulation: 'einvoicing.env.simulation',
  core: 'einvoicing.env.core',
};

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm font-medium break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

/** The OTP and the one button: onboard, or renew once onboarded. Both take a few seconds (ZATCA's checks). */
function OtpForm({ status }: { status: EInvoicingStatus }) {
  const intl = useIntl();
  const toast = useToast();
  const qc = useQueryClient();
  const form = useZodForm(eInvoicingOtpBody, { defaultValues: { otp: '' } });
  const f = useFields(form);
  const renewing = status.state === 'production' || status.state === 'expired';
  const submitting = form.formState.isSubmitting;

  const submit = async ({ otp }: { otp: string }) => {
    const next = await submitEInvoicingOtp(otp, renewing);
    qc.setQueryData(eInvoicingQuery.queryKey, next);
    form.reset({ otp: '' });
    toast(intl.formatMessage({ id: renewing ? 'einvoicing.renewed' : 'einvoicing.onboarded' }));
  };

  return (
    <Form form={form} onSubmit={submit} errorFallback="einvoicing.failed" className="space-y-3">
      {/* The button keeps its own width and lines up with the input, not with the hint under it. */}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_max-content] sm:items-start">
        <f.Text
          name="otp"
          dir="ltr"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          label={<FormattedMessage id="einvoicing.otp" />}
          hint={<FormattedMessage id="einvoicing.otpHint" />}
          disabled={!status.vatNumber}
        />
        <Button
          type="submit"
          loading={submitting}
          disabled={!status.vatNumber}
          className="sm:mt-[1.625rem]"
          data-testid="einvoicing-submit"
        >
          <FormattedMessage id={renewing ? 'einvoicing.renew' : 'einvoicing.onboard'} />
        </Button>
      </div>
      {submitting && (
        <p className="text-sm text-slate-600" role="status" data-testid="einvoicing-progress">
          <FormattedMessage id="einvoicing.progress" />
        </p>
      )}
    </Form>
  );
}

/**
 * How the academy's invoices are issued now, when that is not the plain case (its own valid
 * certificate): phase 1 before onboarding and what onboarding will change; the SDK test certificate
 * on a development server; documents waiting for a certificate once it has ended.
 */
function SigningNote({ status }: { status: EInvoicingStatus }) {
  if (status.signing === 'waiting_for_certificate' || status.waitingForCertificate > 0)
    return (
      <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900" data-testid="einvoicing-waiting">
        <FormattedMessage id="einvoicing.signing.waiting" values={{ count: status.waitingForCertificate }} />
      </p>
    );
  if (status.signing === 'phase1' || status.signing === 'test_certificate')
    return (
      <div className="space-y-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="einvoicing-phase">
        <p>
          <FormattedMessage id={status.signing === 'phase1' ? 'einvoicing.signing.phase1' : 'einvoicing.signing.test_certificate'} />
        </p>
        <p>
          <FormattedMessage id="einvoicing.signing.onboardingChanges" />
        </p>
      </div>
    );
  return null;
}

/**
 * Settings → Academy → E-invoicing: the academy's onboarding with ZATCA — state,
 * environment, certificate expiry and the reporting of its documents; with W:Settings an OTP field
 * to onboard or renew. Never shows a key: the server answers none.
 */
export function EInvoicingSection() {
  const auth = useAuth();
  const status = useQuery(eInvoicingQuery);
  return (
    <SettingsSection
      title="einvoicing.title"
      hint="einvoicing.intro"
      query={status}
      loadFailed="einvoicing.loadFailed"
      skeletonRows={3}
      data-testid="einvoicing"
    >
      {(s) => (
        <>
          <dl className="divide-y divide-slate-100">
            <Row label={<FormattedMessage id="einvoicing.state.label" />}>
              <span
                className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONE[s.state]}`}
                data-testid="einvoicing-state"
              >
                <FormattedMessage id={STATE_LABEL[s.state]} />
              </span>
            </Row>
            <Row label={<FormattedMessage id="einvoicing.environment" />}>
              <FormattedMessage id={ENVIRONMENT[s.environment]} />
            </Row>
            {s.certificate && (
              <>
                <Row label={<FormattedMessage id="einvoicing.unit" />}>
                  <bdi dir="ltr">{s.certificate.unit}</bdi>
                </Row>
                <Row label={<FormattedMessage id="einvoicing.expiresOn" />}>
                  <span data-testid="einvoicing-expiry">
                    <PlanDate iso={riyadhDateOf(s.certificate.expiresAt)} />
                  </span>
                  {s.certificate.renewalDue && s.state === 'production' && (
                    <span className="ms-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">
                      <FormattedMessage id="einvoicing.renewalDue" />
                    </span>
                  )}
                </Row>
              </>
            )}
            <Row label={<FormattedMessage id="einvoicing.documents" />}>
              <FormattedMessage
                id="einvoicing.counts"
                values={{
                  reported: s.reporting.reported,
                  warnings: s.reporting.reported_with_warnings,
                  rejected: s.reporting.rejected,
                  waiting: s.reporting.waiting,
                }}
              />
            </Row>
          </dl>
          {!s.vatNumber && (
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <FormattedMessage id="einvoicing.vatMissing" />
            </p>
          )}
          <SigningNote status={s} />
          {auth.canWrite('Settings') && <OtpForm status={s} />}
        </>
      )}
    </SettingsSection>
  );
}
