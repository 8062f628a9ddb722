// Why: parents sign in without a password — the e-mail or Saudi mobile the academy holds for them, then
// the 6-digit code sent there (or the mailed link, whose token arrives in the address's fragment).
import { familySignInBody, familyVerifyBody, latinDigits } from '@kora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { TextField } from '../../components/Field';
import { Form } from '../../components/form/Form';
import { useBoundField, useFields } from '../../components/form/fields';
import { useZodForm, type ZodForm } from '../../components/form/useZodForm';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { academyCheckQuery } from '../../lib/academy';
import type { Reply } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { currentHost } from '../../lib/host';
import { useLocale } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/screen-title';
import { familyMeQuery, sendFamilySignIn, verifyFamilySignIn } from './api';
import { usePortalManifest } from './manifest';
import { setFamilySignedIn } from './session';

/** The link's token, taken out of the address so it is neither kept in history nor shared. */
function takeLinkToken(): string | null {
  const match = window.location.hash.match(/(?:^#|&)token=([^&]+)/);
  if (!match) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return decodeURIComponent(match[1]);
}

/** Seconds before another new code may be asked for from this screen. */
const RESEND_WAIT_S = 30;

/** The address step's values: the contract's address rule (an e-mail, or a Saudi mobile number). */
const addressSchema = familySignInBody.pick({ address: true });
/** The code step's values: the contract's six digits (the first form of the verification body). */
const codeSchema = familyVerifyBody.options[0].pick({ code: true });

/** The six-digit code's field: only digits (Arabic-Indic ones become Latin), at most six, as they are typed. */
function CodeField({ form }: { form: ZodForm<typeof codeSchema> }) {
  const { field, text, error } = useBoundField(form.control, 'code');
  return (
    <TextField
      label={<FormattedMessage id="family.signIn.code" />}
      name={field.name}
      ref={field.ref}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]*"
      maxLength={6}
      dir="ltr"
      className="text-center text-xl tracking-[0.5em]"
      value={text ?? ''}
      onChange={(e) => field.onChange(latinDigits(e.target.value).replace(/\D/g, '').slice(0, 6))}
      onBlur={field.onBlur}
      error={error}
      autoFocus
    />
  );
}

export function FamilySignInPage() {
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const client = useQueryClient();
  const errorText = useErrorText();
  const host = currentHost();
  const academy = useQuery({ ...academyCheckQuery(host.kind === 'academy' ? host.handle : ''), enabled: host.kind === 'academy' });
  const [step, setStep] = useState<'address' | 'code'>('address');
  const addressForm = useZodForm(addressSchema, { defaultValues: { address: '' } });
  const codeForm = useZodForm(codeSchema, { defaultValues: { code: '' } });
  const af = useFields(addressForm);
  // The address as typed is what is sent (the server reads it with the same rule) and shown on the code step.
  const address = useWatch({ control: addressForm.control, name: 'address' });
  const code = useWatch({ control: codeForm.control, name: 'code' });
  /** The mailed link's verification or a new code on its way: the forms' own sends have their `isSubmitting`. */
  const [busy, setBusy] = useState(false);
  /** After a new code was asked for: said on the screen, and another waits RESEND_WAIT_S seconds. */
  const [resent, setResent] = useState(false);
  const [resendIn, setResendIn] = useState(0);
  const linkToken = useRef<string | null | undefined>(undefined);
  usePortalManifest(locale);
  useDocumentTitle('family.signIn.title');

  /** A failure outside a form's own send (the link, a new code): said at the top of the form on the screen. */
  const failed = (form: typeof addressForm | typeof codeForm, err: unknown) =>
    form.setError('root.server', { type: 'server', message: errorText(err, 'family.signIn.failed') });

  const signedIn = async (reply: Reply<'familyVerify'>) => {
    // The answer's token is not kept: the session is the `kora_family` cookie the verification set.
    const { token: _cookieHoldsIt, ...me } = reply;
    setFamilySignedIn(true);
    client.setQueryData(familyMeQuery.queryKey, me);
    await navigate({ to: '/family' });
  };

  // The mailed link: its token signs in at once.
  useEffect(() => {
    if (linkToken.current !== undefined) return;
    linkToken.current = takeLinkToken();
    const token = linkToken.current;
    if (!token) return;
    setBusy(true);
    verifyFamilySignIn({ token }, locale)
      .then(signedIn)
      .catch((err) => failed(addressForm, err))
      .finally(() => setBusy(false));
  });

  const send = async () => {
    await sendFamilySignIn(addressForm.getValues('address'), locale);
    codeForm.reset({ code: '' });
    setStep('code');
  };

  useEffect(() => {
    if (resendIn <= 0) return;
    const timer = setTimeout(() => setResendIn((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [resendIn]);

  // The same address again: the server's caps still hold, and a refusal says how long to wait.
  const resend = async () => {
    codeForm.clearErrors();
    setResent(false);
    setBusy(true);
    try {
      await sendFamilySignIn(address, locale);
      codeForm.reset({ code: '' });
      setResent(true);
      setResendIn(RESEND_WAIT_S);
    } catch (err) {
      failed(codeForm, err);
    } finally {
      setBusy(false);
    }
  };

  const verify = async ({ code }: { code: string }) => {
    await signedIn(await verifyFamilySignIn({ address, code }, locale));
  };

  const academyName = academy.data?.academy ? displayName(academy.data.academy, locale) : null;
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <div className="flex justify-end p-3">
        <LanguageSwitcher />
      </div>
      <main className="mx-auto w-full max-w-sm flex-1 px-4 pb-10">
        <div className="mb-6 text-center">
          <span
            aria-hidden="true"
            className="mx-auto mb-3 grid size-14 place-items-center rounded-2xl bg-brand-700 text-2xl font-bold text-white"
          >
            {(academyName ?? 'K').slice(0, 1)}
          </span>
          <h1 className="text-2xl font-bold text-slate-900">
            <FormattedMessage id="family.signIn.title" />
          </h1>
          {academyName && (
            <p className="mt-1 text-sm text-slate-600" data-testid="family-sign-in-academy">
              {academyName}
            </p>
          )}
        </div>
        <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-xs">
          {step === 'address' ? (
            <Form form={addressForm} onSubmit={send} errorFallback="family.signIn.failed" className="space-y-4">
              <p className="text-sm text-slate-600">
                <FormattedMessage id="family.signIn.intro" />
              </p>
              <af.Text
                label={<FormattedMessage id="family.signIn.address" />}
                name="address"
                autoComplete="username"
                // An e-mail or a mobile number: the plain keyboard has both '@' and digits.
                inputMode="text"
                dir="ltr"
                placeholder={intl.formatMessage({ id: 'family.signIn.addressPlaceholder' })}
                required
              />
              <Button type="submit" full loading={busy || addressForm.formState.isSubmitting} disabled={!address.trim()}>
                <FormattedMessage id="family.signIn.send" />
              </Button>
            </Form>
          ) : (
            <Form form={codeForm} onSubmit={verify} errorFallback="family.signIn.failed" className="space-y-4">
              <p className="text-sm text-slate-600" role="status">
                <FormattedMessage
                  id="family.signIn.sent"
                  values={{
                    address: (
                      <bdi dir="ltr" className="font-semibold text-slate-900">
                        {address.trim()}
                      </bdi>
                    ),
                  }}
                />
              </p>
              <CodeField form={codeForm} />
              <Button type="submit" full loading={busy || codeForm.formState.isSubmitting} disabled={code.length !== 6}>
                <FormattedMessage id="family.signIn.verify" />
              </Button>
              {resent && (
                <p className="text-center text-sm text-slate-700" role="status">
                  <FormattedMessage id="family.signIn.resent" />
                </p>
              )}
              <button
                type="button"
                className="w-full text-center text-sm font-medium text-brand-700 hover:underline disabled:text-slate-500 disabled:no-underline"
                disabled={busy || codeForm.formState.isSubmitting || resendIn > 0}
                onClick={() => void resend()}
              >
                {resendIn > 0 ? (
                  <FormattedMessage id="family.signIn.resendIn" values={{ seconds: resendIn }} />
                ) : (
                  <FormattedMessage id="family.signIn.resend" />
                )}
              </button>
              <button
                type="button"
                className="w-full text-center text-sm font-medium text-brand-700 hover:underline"
                onClick={() => {
                  setStep('address');
                  addressForm.clearErrors();
                  setResent(false);
                }}
              >
                <FormattedMessage id="family.signIn.other" />
              </button>
            </Form>
          )}
        </div>
      </main>
    </div>
  );
}
