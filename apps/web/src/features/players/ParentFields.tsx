// Why: the parent's fields (contract `parentInfo`) are asked the same way by the public wizard and the staff Add Player wizard.
import type { ParentInfo } from '@kora/contracts';
import type { FieldValues, Path } from 'react-hook-form';
import { FormattedMessage } from 'react-intl';
import { type FormOf, useFields } from '../../components/form/fields';

/**
 * Fields of `parentInfoSchema`, laid out as items of the form's grid. `names` gives each field's path in
 * the form's values, checked by the compiler at the call: `(field) => `parentInfo.${field}``.
 */
export function ParentFields<T extends FieldValues>({
  form,
  names: n,
  autoFocus,
}: {
  form: FormOf<T>;
  names(field: keyof ParentInfo): Path<T>;
  autoFocus?: boolean;
}) {
  const f = useFields(form);
  return (
    <>
      <f.Text name={n('name')} label={<FormattedMessage id="players.parentName" />} autoComplete="name" autoFocus={autoFocus} />
      <f.Text name={n('nameArabic')} label={<FormattedMessage id="players.parentNameArabic" />} dir="rtl" />
      <f.Phone name={n('phone')} label={<FormattedMessage id="common.phone" />} />
      <f.Text name={n('email')} label={<FormattedMessage id="common.email" />} type="email" autoComplete="email" />
      <f.Phone name={n('emergencyPhone1')} label={<FormattedMessage id="players.emergency1" />} />
      <f.Phone name={n('emergencyPhone2')} label={<FormattedMessage id="players.emergency2" />} />
    </>
  );
}

/** Empty parent fields for a form's default values. */
export const emptyParent = (): Record<keyof ParentInfo, string> => ({
  name: '',
  nameArabic: '',
  phone: '',
  email: '',
  emergencyPhone1: '',
  emergencyPhone2: '',
});
