import { type AcademyProfile, academyUpdateFields, canReadSensitive } from '@kora/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { Button } from '../../components/Button';
import { Form } from '../../components/form/Form';
import { useFields } from '../../components/form/fields';
import { PageHeader } from '../../components/form/PageHeader';
import { useZodForm } from '../../components/form/useZodForm';
import { LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { useErrorText } from '../../lib/errors';
import { baseDomainOf } from '../../lib/host';
import { eInvoicingQuery } from '../e-invoicing/api';
import { EInvoicingSection } from '../e-invoicing/EInvoicingSection';
import { PhotoField } from '../players/PhotoInput';
import { academyQuery, familySettingsQuery, saveAcademy } from './api';
import { FamilySettingsSection } from './FamilySettingsSection';

/** The profile form: the contract's fields with the toggle as a boolean and the logo as a file. */
const profileSchema = academyUpdateFields.extend({
  enableOnlinePayments: z.boolean(),
  coachesSeeMedical: z.boolean(),
  photo: z.instanceof(Blob).nullable(),
});

const handleAddress = (handle: string) => `${handle}.${baseDomainOf(window.location)}`;

function ReadOnlyRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-sm font-medium break-words sm:col-span-2">{children || '—'}</dd>
    </div>
  );
}

/** What a member without W:Settings sees: the profile as text. */
function ProfileText({ academy }: { academy: AcademyProfile }) {
  const intl = useIntl();
  return (
    <dl className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white px-4">
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.name" />}>{academy.name}</ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.nameArabic" />}>{academy.nameArabic}</ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.handle" />}>
        <bdi dir="ltr">{handleAddress(academy.handle)}</bdi>
      </ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="common.email" />}>
        <bdi dir="ltr">{academy.email}</bdi>
      </ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="common.phone" />}>
        <bdi dir="ltr">{academy.phone}</bdi>
      </ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.vat" />}>
        <bdi dir="ltr">{academy.vatNumber}</bdi>
      </ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.onlinePayments" />}>
        {intl.formatMessage({ id: academy.enableOnlinePayments ? 'academyProfile.enabled' : 'academyProfile.disabled' })}
      </ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.coachesSeeMedical" />}>
        {intl.formatMessage({ id: academy.coachesSeeMedical ? 'academyProfile.enabled' : 'academyProfile.disabled' })}
      </ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.street" />}>{academy.address.street}</ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.city" />}>{academy.address.city}</ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.crNumber" />}>
        <bdi dir="ltr">{academy.crNumber}</bdi>
      </ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.buildingNumber" />}>
        <bdi dir="ltr">{academy.address.buildingNumber}</bdi>
      </ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.district" />}>{academy.address.district}</ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.postalCode" />}>
        <bdi dir="ltr">{academy.address.postalCode}</bdi>
      </ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.refundPolicy" />}>
        {academy.refundPolicy && (
          <span lang="en" dir="ltr" className="block whitespace-pre-line">
            {academy.refundPolicy}
          </span>
        )}
      </ReadOnlyRow>
      <ReadOnlyRow label={<FormattedMessage id="academyProfile.refundPolicyArabic" />}>
        {academy.refundPolicyArabic && (
          <span lang="ar" dir="rtl" className="block whitespace-pre-line">
            {academy.refundPolicyArabic}
          </span>
        )}
      </ReadOnlyRow>
    </dl>
  );
}

/** The editable profile (W:Settings); a save refreshes the signed-in state so the shell shows the new name and logo. */
function ProfileForm({ academy }: { academy: AcademyProfile }) {
  const intl = useIntl();
  const toast = useToast();
  const qc = useQueryClient();
  const auth = useAuth();
  const form = useZodForm(profileSchema, {
    defaultValues: {
      name: academy.name,
      nameArabic: academy.nameArabic ?? '',
      email: academy.email ?? '',
      phone: academy.phone ?? '',
      vatNumber: academy.vatNumber ?? '',
      enableOnlinePayments: academy.enableOnlinePayments,
      coachesSeeMedical: academy.coachesSeeMedical,
      street: academy.address.street ?? '',
      city: academy.address.city ?? '',
      crNumber: academy.crNumber ?? '',
      buildingNumber: academy.address.buildingNumber ?? '',
      district: academy.address.district ?? '',
      postalCode: academy.address.postalCode ?? '',
      refundPolicy: academy.refundPolicy ?? '',
      refundPolicyArabic: academy.refundPolicyArabic ?? '',
      photo: null,
    },
  });
  const f = useFields(form);
  const online = form.watch('enableOnlinePayments');
  const coachesSeeMedical = form.watch('coachesSeeMedical');
  // Only a member who reads medical data may let coaches read it (the server refuses it otherwise).
  const decidesMedical = canReadSensitive(auth.user?.accountType);

  const save = async ({ photo, enableOnlinePayments, coachesSeeMedical, vatNumber, ...fields }: z.output<typeof profileSchema>) => {
    const saved = await saveAcademy(academy.id, {
      name: fields.name,
      nameArabic: fields.nameArabic ?? '',
      email: fields.email,
      phone: fields.phone,
      street: fields.street ?? '',
      city: fields.city ?? '',
      crNumber: fields.crNumber ?? '',
      buildingNumber: fields.buildingNumber ?? '',
      district: fields.district ?? '',
      postalCode: fields.postalCode ?? '',
      refundPolicy: fields.refundPolicy ?? '',
      refundPolicyArabic: fields.refundPolicyArabic ?? '',
      enableOnlinePayments: String(enableOnlinePayments),
      ...(decidesMedical ? { coachesSeeMedical: String(coachesSeeMedical) } : {}),
      // The VAT number is sent only when it is filled in (absent means none; docs/domain.md, "Academies, users and roles").
      ...(vatNumber ? { vatNumber } : {}),
      photo,
    });
    qc.setQueryData(academyQuery(academy.id).queryKey, saved);
    // The VAT number and address are what e-invoicing onboards with.
    void qc.invalidateQueries({ queryKey: eInvoicingQuery.queryKey });
    form.reset({ ...form.getValues(), photo: null });
    await auth.refresh();
    toast(intl.formatMessage({ id: 'academyProfile.saved' }));
  };

  return (
    <Form
      form={form}
      onSubmit={save}
      errorFallback="academyProfile.saveFailed"
      className="grid grid-cols-1 gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 sm:p-6"
    >
      <div className="col-span-full space-y-1.5">
        <p className="text-sm font-medium text-slate-700">
          <FormattedMessage id="academyProfile.logo" />
        </p>
        <PhotoField form={form} name="photo" names={(field) => field} current={academy.logo} />
      </div>
      <f.Text name="name" label={<FormattedMessage id="academyProfile.name" />} required />
      <f.Text name="nameArabic" dir="rtl" label={<FormattedMessage id="academyProfile.nameArabic" />} />
      <div className="col-span-full">
        <p className="text-sm font-medium text-slate-700">
          <FormattedMessage id="academyProfile.handle" />
        </p>
        <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="academy-handle">
          <bdi dir="ltr">{handleAddress(academy.handle)}</bdi>
        </p>
      </div>
      <f.Text name="email" type="email" dir="ltr" label={<FormattedMessage id="common.email" />} required />
      <f.Phone name="phone" label={<FormattedMessage id="common.phone" />} />
      <f.Text
        name="vatNumber"
        dir="ltr"
        inputMode="numeric"
        label={<FormattedMessage id="academyProfile.vat" />}
        hint={<FormattedMessage id="academyProfile.vatHint" />}
      />
      <label className="flex items-center gap-3 self-end py-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          role="switch"
          aria-checked={online}
          className="size-4 accent-brand-600"
          checked={online}
          onChange={(e) => form.setValue('enableOnlinePayments', e.target.checked, { shouldDirty: true })}
        />
        <FormattedMessage id="academyProfile.onlinePayments" />
      </label>
      {decidesMedical && (
        <label className="col-span-full flex items-start gap-3 py-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            role="switch"
            aria-checked={coachesSeeMedical}
            className="mt-0.5 size-4 accent-brand-600"
            checked={coachesSeeMedical}
            data-testid="coaches-see-medical"
            onChange={(e) => form.setValue('coachesSeeMedical', e.target.checked, { shouldDirty: true })}
          />
          <span>
            <FormattedMessage id="academyProfile.coachesSeeMedical" />
            <span className="block text-xs font-normal text-slate-500">
              <FormattedMessage id="academyProfile.coachesSeeMedicalHint" />
            </span>
          </span>
        </label>
      )}
      <f.Text name="street" label={<FormattedMessage id="academyProfile.street" />} />
      <f.Text name="city" label={<FormattedMessage id="academyProfile.city" />} />
      <fieldset className="col-span-full grid grid-cols-1 gap-4 border-t border-slate-100 pt-4 sm:grid-cols-2">
        <legend className="sr-only">
          <FormattedMessage id="academyProfile.eInvoicing" />
        </legend>
        <div className="col-span-full space-y-1">
          <p className="text-sm font-semibold text-slate-800" aria-hidden="true">
            <FormattedMessage id="academyProfile.eInvoicing" />
          </p>
          <p className="text-sm text-slate-500">
            <FormattedMessage id="academyProfile.eInvoicingHint" />
          </p>
        </div>
        <f.Text
          name="crNumber"
          dir="ltr"
          inputMode="numeric"
          label={<FormattedMessage id="academyProfile.crNumber" />}
          hint={<FormattedMessage id="academyProfile.crNumberHint" />}
        />
        <f.Text
          name="buildingNumber"
          dir="ltr"
          inputMode="numeric"
          label={<FormattedMessage id="academyProfile.buildingNumber" />}
          hint={<FormattedMessage id="academyProfile.buildingNumberHint" />}
        />
        <f.Text name="district" label={<FormattedMessage id="academyProfile.district" />} />
        <f.Text
          name="postalCode"
          dir="ltr"
          inputMode="numeric"
          label={<FormattedMessage id="academyProfile.postalCode" />}
          hint={<FormattedMessage id="academyProfile.postalCodeHint" />}
        />
      </fieldset>
      <fieldset className="col-span-full grid grid-cols-1 gap-4 border-t border-slate-100 pt-4 sm:grid-cols-2">
        <legend className="sr-only">
          <FormattedMessage id="academyProfile.refundPolicySection" />
        </legend>
        <div className="col-span-full flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <div className="space-y-1">
            <p className="text-sm font-semibold text-slate-800" aria-hidden="true">
              <FormattedMessage id="academyProfile.refundPolicySection" />
            </p>
            <p className="text-sm text-slate-500">
              <FormattedMessage id="academyProfile.refundPolicyHint" />
            </p>
          </div>
          <a href="/refund-policy" target="_blank" rel="noopener" className="text-sm font-medium text-brand-700 hover:underline">
            <FormattedMessage id="academyProfile.refundPolicyView" />
          </a>
        </div>
        <f.TextArea name="refundPolicy" dir="ltr" lang="en" rows={6} label={<FormattedMessage id="academyProfile.refundPolicy" />} />
        <f.TextArea
          name="refundPolicyArabic"
          dir="rtl"
          lang="ar"
          rows={6}
          label={<FormattedMessage id="academyProfile.refundPolicyArabic" />}
        />
      </fieldset>
      <div className="col-span-full flex justify-end">
        <Button type="submit" loading={form.formState.isSubmitting}>
          <FormattedMessage id="common.save" />
        </Button>
      </div>
    </Form>
  );
}

/** Settings → Academy: the academy profile, editable with W:Settings (docs/domain.md, "Academies, users and roles"). */
export function AcademyPage() {
  const errorText = useErrorText();
  const auth = useAuth();
  const id = auth.currentAcademyId ?? '';
  const academy = useQuery({ ...academyQuery(id), enabled: !!id });
  const showsEInvoicing = auth.canRead('Settings');
  // Asked at once, shown under the profile once the profile is there: shown before it, the profile's arrival
  // pushed it down the page (Lighthouse CLS 0.25).
  useQuery({ ...eInvoicingQuery, enabled: showsEInvoicing });
  useQuery({ ...familySettingsQuery, enabled: showsEInvoicing });
  const profile =
    academy.isError && !academy.data ? (
      <LoadError onRetry={() => academy.refetch()} retrying={academy.isFetching}>
        {errorText(academy.error, 'academyProfile.loadFailed')}
      </LoadError>
    ) : !academy.data ? null : auth.canWrite('Settings') ? (
      <ProfileForm academy={academy.data} />
    ) : (
      <ProfileText academy={academy.data} />
    );
  return (
    <div className="space-y-4">
      <PageHeader title={<FormattedMessage id="settings.academy" />} />
      {profile ?? <SkeletonRows rows={6} />}
      {profile && showsEInvoicing && <FamilySettingsSection />}
      {profile && showsEInvoicing && <EInvoicingSection />}
    </div>
  );
}
