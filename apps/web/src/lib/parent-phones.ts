import { isValidPhone } from '@kora/contracts';

/**
 * The parent's phone checks shared by the public wizard and the staff Add Player wizard (spec
 * part 1 §5, part 2 §5): the phone is required and valid; emergency phones are optional but valid.
 */
export function parentPhoneErrors(parent: { phone: string; emergencyPhone1: string; emergencyPhone2: string }, t: (id: string) => string) {
  const emergency = (v: string) => (v && !isValidPhone(v) ? t('parent.error.emergency') : undefined);
  return {
    phone: !parent.phone ? t('parent.error.phoneRequired') : isValidPhone(parent.phone) ? undefined : t('parent.error.phone'),
    emergencyPhone1: emergency(parent.emergencyPhone1),
    emergencyPhone2: emergency(parent.emergencyPhone2),
  };
}
