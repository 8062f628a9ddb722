import { issueCode } from '@kora/contracts';
import { useCallback } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { ApiError } from './api';
import { isMessageId, type MessageId } from './message-ids';

/**
 * The user's-language text of an error code with its values (a status shows in the user's
 * language too); the English message only if the catalog lacks it (a test keeps it complete).
 */
export function codeText(intl: IntlShape, code: string, english?: string, params: Record<string, string | number> = {}) {
  const id = `errors.${code}`;
  if (!isMessageId(intl.messages, id)) return english ?? intl.formatMessage({ id: 'errors.request.failed' });
  const values = Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const statusId = `status.${value}`;
      return [name, name === 'status' && isMessageId(intl.messages, statusId) ? intl.formatMessage({ id: statusId }) : value];
    }),
  );
  return intl.formatMessage({ id }, values);
}

/** Text for a field issue, from the server (`{code}`) or from a contract check run in the browser (`{message, type}`). */
export function issueText(intl: IntlShape, issue: { message?: string; code?: string; type?: string }) {
  const code = issue.code ?? issueCode({ message: issue.message, code: typeof issue.type === 'string' ? issue.type : undefined });
  return codeText(intl, code, issue.message);
}

/**
 * `(err, fallbackId) => text` for a failed call in the current language: the translation of the
 * server's code, or the screen's own message when the failure says nothing specific (network, 5xx).
 */
export function useErrorText() {
  const intl = useIntl();
  return useCallback(
    (err: unknown, fallbackId: MessageId = 'errors.request.failed') =>
      err instanceof ApiError && err.code !== 'request.failed'
        ? codeText(intl, err.code, err.message, err.params)
        : intl.formatMessage({ id: fallbackId }),
    [intl],
  );
}
