// Why: the academy must reach a parent and know a child's condition — the parent keeps their phones,
// language, and each child's medical condition and emergency contacts up to date (each change audited).
import {
  type FamilyChildDetailsBody,
  type FamilyDetails,
  type FamilyParentDetailsBody,
  familyChildDetailsBody,
  familyParentDetailsBody,
} from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { Button } from '../../components/Button';
import { Form } from '../../components/form/Form';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { ConsentBox } from '../players/ConsentFields';
import { familyDetailsQuery, useUpdateChild, useUpdateParent } from './api';
import { ConsentsSection } from './ConsentsSection';
import { PrivacySection } from './PrivacySection';
import { Card, PageTitle } from './parts';

function ParentForm({ details }: { details: FamilyDetails }) {
  const intl = useIntl();
  const toast = useToast();
  const update = useUpdateParent();
  const form = useZodForm(familyParentDetailsBody, {
    defaultValues: {
      phoneNumber: details.parent.phoneNumber ?? '',
      emergencyPhone1: details.parent.emergencyPhone1 ?? '',
      emergencyPhone2: details.parent.emergencyPhone2 ?? '',
      language: details.parent.language,
    },
  });
  const f = useFields(form);
  const submit = async (values: FamilyParentDetailsBody) => {
    await update.mutateAsync(values);
    toast(intl.formatMessage({ id: 'family.details.saved' }));
  };
  return (
    <Card>
      <Form form={form} onSubmit={submit} errorFallback="family.details.failed" className="space-y-4" data-testid="family-parent-form">
        <h2 className="font-semibold text-slate-900">
          <FormattedMessage id="family.details.parent" />
        </h2>
        {details.parent.email && (
          <div className="text-sm">
            <p className="font-medium text-slate-700">
              <FormattedMessage id="family.details.email" />
            </p>
            <p className="break-all text-slate-600">
              <bdi dir="ltr">{details.parent.email}</bdi>
            </p>
          </div>
        )}
        <f.Phone name="phoneNumber" label={<FormattedMessage id="family.details.phone" />} />
        <f.Phone name="emergencyPhone1" label={<FormattedMessage id="family.details.emergency1" />} />
        <f.Phone name="emergencyPhone2" label={<FormattedMessage id="family.details.emergency2" />} />
        <f.Select name="language" label={<FormattedMessage id="family.details.language" />}>
          <option value="ar">{intl.formatMessage({ id: 'lang.ar' })}</option>
          <option value="en">{intl.formatMessage({ id: 'lang.en' })}</option>
        </f.Select>
        <Button type="submit" loading={form.formState.isSubmitting} full>
          <FormattedMessage id="family.details.save" />
        </Button>
      </Form>
    </Card>
  );
}

const childFormSchema = familyChildDetailsBody.omit({ medicalConsent: true }).extend({ medicalConsentGiven: z.boolean() });

function ChildForm({ child }: { child: FamilyDetails['children'][number] }) {
  const intl = useIntl();
  const toast = useToast();
  const { locale } = useLocale();
  const update = useUpdateChild();
  const form = useZodForm(childFormSchema, {
    defaultValues: {
      condition: child.condition ?? '',
      emergencyPhone1: child.emergencyPhone1 ?? '',
      emergencyPhone2: child.emergencyPhone2 ?? '',
      medicalConsentGiven: false,
    },
  });
  const f = useFields(form);
  const condition = (form.watch('condition') ?? '').trim();
  const conditionChanged = condition !== '' && condition !== (child.condition ?? '');
  const submit = async ({ medicalConsentGiven, ...values }: z.output<typeof childFormSchema>) => {
    const body: FamilyChildDetailsBody = {
      ...values,
      ...(conditionChanged && medicalConsentGiven ? { medicalConsent: { language: locale } } : {}),
    };
    await update.mutateAsync({ childId: child.id, body });
    toast(intl.formatMessage({ id: 'family.details.saved' }));
  };
  return (
    <Card>
      <Form form={form} onSubmit={submit} errorFallback="family.details.failed" className="space-y-4" data-testid="family-child-form">
        <h2 className="font-semibold break-words text-slate-900">{displayName(child, locale)}</h2>
        <f.TextArea
          name="condition"
          label={<FormattedMessage id="family.details.condition" />}
          maxLength={500}
          placeholder={intl.formatMessage({ id: 'family.details.conditionHint' })}
        />
        {/* A new condition is kept only with the medical consent (the server asks for it when the child's does not stand). */}
        {conditionChanged && <ConsentBox control={form.control} name="medicalConsentGiven" purpose="medical" />}
        <f.Phone name="emergencyPhone1" label={<FormattedMessage id="family.details.emergency1" />} />
        <f.Phone name="emergencyPhone2" label={<FormattedMessage id="family.details.emergency2" />} />
        <Button type="submit" loading={form.formState.isSubmitting} full>
          <FormattedMessage id="family.details.save" />
        </Button>
      </Form>
    </Card>
  );
}

export function FamilyDetailsPage() {
  const errorText = useErrorText();
  const details = useQuery(familyDetailsQuery);
  return (
    <>
      <PageTitle>
        <FormattedMessage id="family.details.title" />
      </PageTitle>
      {details.isError ? (
        <LoadError onRetry={() => void details.refetch()} retrying={details.isFetching}>
          {errorText(details.error, 'family.loadFailed')}
        </LoadError>
      ) : details.isPending ? (
        <SkeletonRows rows={6} />
      ) : (
        <>
          <Card>
            <Link
              to="/family/notifications"
              className="flex items-center justify-between gap-3 font-medium text-brand-700 hover:underline"
              data-testid="family-details-notifications"
            >
              <FormattedMessage id="family.notifications.link" />
              <span aria-hidden="true" className="rtl:rotate-180">
                ›
              </span>
            </Link>
          </Card>
          <ParentForm details={details.data} />
          {details.data.children.map((c) => (
            <ChildForm key={c.id} child={c} />
          ))}
          {details.data.children.map((c) => (
            <ConsentsSection key={c.id} child={c} />
          ))}
          <PrivacySection kids={details.data.children} />
        </>
      )}
    </>
  );
}
