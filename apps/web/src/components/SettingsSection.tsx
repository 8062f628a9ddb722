// Why: a settings screen's blocks (the academy's family portal, e-invoicing, automatic renewals) share one frame: a
// titled card with its hint, and its query's loading and failure states before the block's own content.
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useErrorText } from '../lib/errors';
import type { MessageId } from '../lib/message-ids';
import { LoadError, SkeletonRows } from './States';

export function SettingsSection<T>({
  title,
  hint,
  query,
  loadFailed,
  skeletonRows = 1,
  'data-testid': testId,
  children,
}: {
  title: MessageId;
  hint: MessageId;
  query: UseQueryResult<T>;
  /** What a failed load says when the server's answer names no code of its own. */
  loadFailed: MessageId;
  skeletonRows?: number;
  'data-testid': string;
  /** The block's content once its data is in. */
  children(data: T): ReactNode;
}) {
  const errorText = useErrorText();
  const titleId = useId();
  return (
    <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" data-testid={testId} aria-labelledby={titleId}>
      <div className="space-y-1">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          <FormattedMessage id={title} />
        </h2>
        <p className="text-sm text-slate-600">
          <FormattedMessage id={hint} />
        </p>
      </div>
      {query.isError && query.data === undefined ? (
        <LoadError onRetry={() => query.refetch()} retrying={query.isFetching}>
          {errorText(query.error, loadFailed)}
        </LoadError>
      ) : query.data === undefined ? (
        <SkeletonRows rows={skeletonRows} />
      ) : (
        children(query.data)
      )}
    </section>
  );
}
