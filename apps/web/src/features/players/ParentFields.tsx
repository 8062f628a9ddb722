// Why: the parent's fields (contract `parentInfo`) are asked the same way by the public wizard and the staff Add Player wizard.
import type { ParentInfo } from '@kora/contracts';
import { FormattedMessage } from 'react-intl';
import { FormPhone } from '../../components/form/FormPhone';
import { FormText } from '../../components/form/fields';

/** Fields of `parentInfoSchema`, named `${prefix}${field}`, laid out as items of the form's grid. */
export function ParentFields({ prefix = '', autoFocus }: { prefix?: string; autoFocus?: boolean }) {
  const n = (field: keyof ParentInfo) => `${prefix}${field}`;
  return (
    <>
      <FormText name={n('name')} label={<FormattedMessage id="players.parentName" />} autoComplete="name" autoFocus={autoFocus} />
      <FormText name={n('nameArabic')} label={<FormattedMessage id="players.parentNameArabic" />} dir="rtl" />
      <FormPhone name={n('phone')} label={<FormattedMessage id="common.phone" />} />
      <FormText name={n('email')} label={<FormattedMessage id="common.email" />} type="email" autoComplete="email" />
      <FormPhone name={n('emergencyPhone1')} label={<FormattedMessage id="players.emergency1" />} />
      <FormPhone name={n('emergencyPhone2')} label={<FormattedMessage id="players.emergency2" />} />
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
