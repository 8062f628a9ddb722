// Why: every list screen (players, subscriptions, growth, payments, coaches, packages, teams) has the same
// parts: header, search and filters (folded on phones), loading / failed-with-Retry / empty states, a card
// per row on phones and a table on wider screens, its count and "Show more". They live here once.
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useErrorText } from '../lib/errors';
import type { ListPaging } from '../lib/list-search';
import { isMessageId, type MessageId } from '../lib/message-ids';
import { Button } from './Button';
import { inputClass } from './Field';
import { PageHeader } from './form/PageHeader';
import { ShowMore } from './ShowMore';
import { EmptyState, LoadError, SkeletonRows } from './States';
import { LIST_CELL, TableHead } from './TableHead';
import { useWideScreen } from './use-wide-screen';

/** A row's action shown as a link (View, Edit) in the lists' tables and cards. */
export const ROW_ACTION_CLASS = 'font-semibold text-brand-700 hover:underline';

/** A prefix whose `.loadFailed` and `.empty` the catalog has (players, coaches, …). */
export type ListTexts = {
  [K in MessageId]: K extends `${infer P}.loadFailed` ? (`${P}.empty` extends MessageId ? P : never) : never;
}[MessageId];

/** A column of the desktop table: its header (a catalog key) and its cell. */
export interface Column<T> {
  header: MessageId;
  cell(row: T): ReactNode;
  /** Classes of the cells (e.g. `whitespace-nowrap`, a minimum width for names). */
  className?: string;
}

/** What the list needs of its query (a TanStack Query result). */
export interface ListQuery {
  data?: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch(): unknown;
}

export interface ListBodyProps<T extends object> {
  query: ListQuery;
  /**
   * The prefix of the list's texts: `<texts>.loadFailed` (the server's code, translated, wins when it has
   * one), `<texts>.empty` when there are no rows at all, `<texts>.noMatch` (if the catalog has it) when
   * the search and filters leave none.
   */
  texts: ListTexts;
  /** The rows that match the filters, all of them: the kit shows a page at a time with `paging`. */
  rows: readonly T[];
  /** An action under the empty list's text (e.g. "Add package"). */
  emptyAction?: ReactNode;
  /** A row's React key (default: its `id`). */
  rowKey?(row: T): string;
  /** The `data-testid` of each card and table row. */
  testId: string;
  /** A row as a phone card (the kit gives the list item and its padding). */
  card(row: T): ReactNode;
  /** The desktop table's columns; without them the cards show at every width. */
  columns?: Column<T>[];
  paging?: ListPaging;
  /** The line under the list (its count, the day it was read). */
  footer?: ReactNode;
  skeletonRows?: number;
  /** Classes of each card's list item (the default pads it). */
  cardClassName?: string;
  /** The Retry button's catalog key, where the screen's spec names it otherwise. */
  retryLabel?: MessageId;
}

/** A list's states and rows: skeleton, failure with Retry, empty, then cards (phones) or table (wider), paged. */
export function ListBody<T extends object>({
  query,
  texts,
  rows,
  emptyAction,
  rowKey = (r) => String(Reflect.get(r, 'id')),
  testId,
  card,
  columns,
  paging,
  footer,
  skeletonRows = 8,
  cardClassName = 'space-y-3 p-4',
  retryLabel,
}: ListBodyProps<T>) {
  const errorText = useErrorText();
  const intl = useIntl();
  const wide = useWideScreen();
  if (query.isError && !query.data)
    return (
      <LoadError onRetry={() => query.refetch()} retrying={query.isFetching} retryLabel={retryLabel}>
        {errorText(query.error, `${texts}.loadFailed`)}
      </LoadError>
    );
  if (query.isPending) return <SkeletonRows rows={skeletonRows} />;
  if (rows.length === 0) {
    const noMatch = `${texts}.noMatch`;
    const filtered = Array.isArray(query.data) && query.data.length > 0 && isMessageId(intl.messages, noMatch);
    return (
      <EmptyState>
        <p>{intl.formatMessage({ id: filtered ? noMatch : `${texts}.empty` })}</p>
        {!filtered && emptyAction && <div className="mt-4">{emptyAction}</div>}
      </EmptyState>
    );
  }
  const page = paging ? rows.slice(0, paging.shown) : rows;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white" data-testid="list">
      {/* Only the layout the viewport shows is rendered. Phones: one card per row, every field and action
          reachable without sideways scrolling. */}
      {columns && wide ? (
        // The header row's grey is clipped to the list's rounded corners (it painted over them).
        <div className="overflow-x-auto rounded-t-[inherit]" data-testid="list-table">
          <table className="w-full text-sm">
            <TableHead columns={columns.map((c) => c.header)} cell={LIST_CELL} />
            <tbody className="divide-y divide-slate-100">
              {page.map((r) => (
                <tr key={rowKey(r)} className="align-top hover:bg-slate-50" data-testid={testId}>
                  {columns.map((c) => (
                    <td key={c.header} className={`${LIST_CELL} ${c.className ?? ''}`}>
                      {c.cell(r)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="list-cards">
          {page.map((r) => (
            <li key={rowKey(r)} className={cardClassName} data-testid={testId}>
              {card(r)}
            </li>
          ))}
        </ul>
      )}
      {paging && <ShowMore shown={page.length} total={rows.length} pageSize={paging.pageSize} onMore={paging.showMore} />}
      {footer && <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">{footer}</p>}
    </div>
  );
}

/** The search box of a list: a catalog key names it (label and placeholder). */
export interface ListSearchBox {
  label: MessageId;
  value: string;
  onChange(value: string): void;
}

/** Search and filters; on phones the filters fold behind a "Filters (n)" button under the search. */
export function ListFilters({ search, filters, active = 0 }: { search?: ListSearchBox; filters?: ReactNode; active?: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  if (!search && !filters) return null;
  const label = search && intl.formatMessage({ id: search.label });
  return (
    // A gap, not space-y: the folded filters (display: none) leave no margin under the search.
    <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-col gap-2 sm:flex-row">
        {search && (
          <input
            type="search"
            className={`${inputClass()} min-w-0 flex-1`}
            placeholder={label}
            aria-label={label}
            value={search.value}
            onChange={(e) => search.onChange(e.target.value)}
          />
        )}
        {filters && (
          <Button variant="outline" className="shrink-0 md:hidden" aria-expanded={open} onClick={() => setOpen((s) => !s)}>
            <FormattedMessage id={open ? 'players.hideFilters' : 'players.showFilters'} values={{ count: active }} />
          </Button>
        )}
      </div>
      {filters && (
        <div className={`${open ? 'grid' : 'hidden'} grid-cols-2 gap-3 md:grid md:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))]`}>
          {filters}
        </div>
      )}
    </div>
  );
}

export interface ListScreenProps<T extends object> extends ListBodyProps<T> {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  search?: ListSearchBox;
  /** The filter controls (FilterSelect), folded on phones. */
  filters?: ReactNode;
  /** How many filters are set, for the phone's "Filters (n)". */
  activeFilters?: number;
  /** A bar of its own between header and list (e.g. the payments' month), instead of or beside search and filters. */
  toolbar?: ReactNode;
  /** Dialogs the screen opens. */
  children?: ReactNode;
}

/** A whole list screen: header, search and filters, then the list's body (see `ListBody`). */
export function ListScreen<T extends object>({
  title,
  subtitle,
  actions,
  search,
  filters,
  activeFilters,
  toolbar,
  children,
  ...body
}: ListScreenProps<T>) {
  return (
    <div className="space-y-4">
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {toolbar}
      <ListFilters search={search} filters={filters} active={activeFilters} />
      <ListBody {...body} />
      {children}
    </div>
  );
}

/** A phone card's labelled values, two to a row (`wide` takes the whole row). */
export function CardFields({ fields }: { fields: { label: MessageId; value: ReactNode; wide?: boolean }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
      {fields.map((f) => (
        <div key={f.label} className={`min-w-0 ${f.wide ? 'col-span-2' : ''}`}>
          <dt className="text-xs text-slate-500">
            <FormattedMessage id={f.label} />
          </dt>
          <dd className={f.wide ? 'mt-1' : ''}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
