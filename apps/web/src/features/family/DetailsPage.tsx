// Why: the academy must reach a parent and know a child's condition — the parent keeps their phones,
// language, and each child's medical condition and emergency contacts up to date (each change audited).
import type { FamilyDetails } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { FieldShell, inputClass } from '../../components/Field';
import { PhoneField } from '../../components/PhoneField';
import { ErrorBox, LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { ApiError } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { issueText, useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { familyDetailsQuery, useUpdateChild, useUpdateParent } from './api';
import { Card, PageTitle } from './parts';

/** Each field's message of a refused save (the server names the field by its path). */
function useFieldErrors() {
  const intl = useIntl();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const take = (err: unknown) => {
    const issues = err instanceof ApiError ? err.issues : [];
    setErrors(Object.fromEntries(issues.map((i) => [i.path, issueText(intl, i)])));
    return issues.length > 0;
  };
  return { errors, take, clear: () => setErrors({}) };
}

function ParentForm({ details }: { details: FamilyDetails }) {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const languageId = useId();
  const update = useUpdateParent();
  const fields = useFieldErrors();
  const [error, setError] = useState<string>();
  const [form, setForm] = useState({
    phoneNumber: details.parent.phoneNumber ?? '',
    emergencyPhone1: details.parent.emergencyPhone1 ?? '',
    emergencyPhone2: details.parent.emergencyPhone2 ?? '',
    language: details.parent.language,
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    fields.clear();
    try {
      await update.mutateAsync(form);
      toast(intl.formatMessage({ id: 'family.details.saved' }));
    } catch (err) {
      if (!fields.take(err)) setError(errorText(err, 'family.details.failed'));
    }
  };
  return (
    <Card>
      <form onSubmit={submit} className="space-y-4" noValidate data-testid="family-parent-form">
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
        {error && <ErrorBox>{error}</ErrorBox>}
        <PhoneField
          label={<FormattedMessage id="family.details.phone" />}
          value={form.phoneNumber}
          onChange={(v) => setForm({ ...form, phoneNumber: v ?? '' })}
          error={fields.errors.phoneNumber}
        />
        <PhoneField
          label={<FormattedMessage id="family.details.emergency1" />}
          value={form.emergencyPhone1}
          onChange={(v) => setForm({ ...form, emergencyPhone1: v ?? '' })}
          error={fields.errors.emergencyPhone1}
        />
        <PhoneField
          label={<FormattedMessage id="family.details.emergency2" />}
          value={form.emergencyPhone2}
          onChange={(v) => setForm({ ...form, emergencyPhone2: v ?? '' })}
          error={fields.errors.emergencyPhone2}
        />
        <FieldShell id={languageId} label={<FormattedMessage id="family.details.language" />}>
          <select
            id={languageId}
            className={inputClass()}
            value={form.language}
            onChange={(e) => setForm({ ...form, language: e.target.value === 'en' ? 'en' : 'ar' })}
          >
            <option value="ar">{intl.formatMessage({ id: 'lang.ar' })}</option>
            <option value="en">{intl.formatMessage({ id: 'lang.en' })}</option>
          </select>
        </FieldShell>
        <Button type="submit" loading={update.isPending} full>
          <FormattedMessage id="family.details.save" />
        </Button>
      </form>
    </Card>
  );
}

function ChildForm({ child }: { child: FamilyDetails['children'][number] }) {
  const intl = useIntl();
  const toast = useToast();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const conditionId = useId();
  const update = useUpdateChild();
  const fields = useFieldErrors();
  const [error, setError] = useState<string>();
  const [form, setForm] = useState({
    condition: child.condition ?? '',
    emergencyPhone1: child.emergencyPhone1 ?? '',
    emergencyPhone2: child.emergencyPhone2 ?? '',
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    fields.clear();
    try {
      await update.mutateAsync({ childId: child.id, body: form });
      toast(intl.formatMessage({ id: 'family.details.saved' }));
    } catch (err) {
      if (!fields.take(err)) setError(errorText(err, 'family.details.failed'));
    }
  };
  return (
    <Card>
      <form onSubmit={submit} className="space-y-4" noValidate data-testid="family-child-form">
        <h2 className="font-semibold break-words text-slate-900">{displayName(child, locale)}</h2>
        {error && <ErrorBox>{error}</ErrorBox>}
        <FieldShell id={conditionId} label={<FormattedMessage id="family.details.condition" />} error={fields.errors.condition}>
          <textarea
            id={conditionId}
            rows={3}
            maxLength={500}
            className={inputClass(fields.errors.condition)}
            placeholder={intl.formatMessage({ id: 'family.details.conditionHint' })}
            value={form.condition}
            onChange={(e) => setForm({ ...form, condition: e.target.value })}
          />
        </FieldShell>
        <PhoneField
          label={<FormattedMessage id="family.details.emergency1" />}
          value={form.emergencyPhone1}
          onChange={(v) => setForm({ ...form, emergencyPhone1: v ?? '' })}
          error={fields.errors.emergencyPhone1}
        />
        <PhoneField
          label={<FormattedMessage id="family.details.emergency2" />}
          value={form.emergencyPhone2}
          onChange={(v) => setForm({ ...form, emergencyPhone2: v ?? '' })}
          error={fields.errors.emergencyPhone2}
        />
        <Button type="submit" loading={update.isPending} full>
          <FormattedMessage id="family.details.save" />
        </Button>
      </form>
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
          <ParentForm details={details.data} />
          {details.data.children.map((c) => (
            <ChildForm key={c.id} child={c} />
          ))}
        </>
      )}
    </>
  );
}
