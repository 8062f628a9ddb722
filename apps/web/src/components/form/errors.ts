// Why: one place that turns a field's error (contract rule, client-only rule or server issue) into text, and server issues into field errors.
import { type FieldError, type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import type { IntlShape } from 'react-intl';
import { ApiError } from '../../lib/api';
import { codeText, issueText } from '../../lib/errors';
import { isMessageId } from '../../lib/message-ids';

/**
 * The user's-language text of a field error: a client-only rule names a locale key as its message
 * (`'reset.error.match'`), a server issue carries its code as `type`, a contract rule its message.
 */
export function fieldErrorText(intl: IntlShape, error: { message?: string; type?: FieldError['type'] } | undefined) {
  if (!error) return undefined;
  const { message, type } = error;
  if (message && isMessageId(intl.messages, message)) return intl.formatMessage({ id: message });
  if (typeof type === 'string' && `errors.${type}` in intl.messages) return codeText(intl, type, message);
  return issueText(intl, { message, type: typeof type === 'string' ? type : undefined });
}

/** Whether the form has a control registered under this path (a text input, a Controller…), which makes it one of the form's paths. */
export const hasField = <T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, name: string): name is Path<T> =>
  !!name && !!get(form.control._fields, name);

/**
 * Puts an ApiError's issues on the fields of their paths ('playerInfo.birthdate' → that field) and
 * focuses the first; answers whether any matched. Issues without a field are left to the form's top message.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T, unknown, unknown>, err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  let matched = false;
  for (const issue of err.issues) {
    if (!hasField(form, issue.path)) continue;
    form.setError(issue.path, { type: issue.code, message: issue.message }, { shouldFocus: !matched });
    matched = true;
  }
  return matched;
}
