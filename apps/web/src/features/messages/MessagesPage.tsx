// Why: every message to a parent or coach is accounted for (docs/domain.md, "Messages: every one accounted
// for"): staff see what went to whom, on which channel, and what became of it — a failure with its reason —
// filtered in the address like the other lists, and the academy's default channels per kind.
import {
  isOneOf,
  MESSAGE_CHANNELS,
  MESSAGE_KINDS,
  MESSAGE_STATES,
  type Message,
  type MessageChannel,
  type MessageSettings,
  type MessageState,
  PARENT_MESSAGE_KINDS,
  type ParentMessageKind,
} from '@kora/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { DatePicker } from '../../components/DatePicker';
import { riyadhDateOf, riyadhTimeOf, toDisplay } from '../../components/date-format';
import { FilterSelect } from '../../components/FilterSelect';
import { CardFields, ListScreen } from '../../components/ListScreen';
import { LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { useListSearch } from '../../lib/list-search';
import { type MessageFilters, messageSettingsQuery, messagesQuery, useUpdateMessageSettings } from './api';

const TONES: Record<MessageState, string> = {
  queued: 'bg-slate-200 text-slate-700',
  sent: 'bg-sky-100 text-sky-800',
  delivered: 'bg-green-100 text-green-800',
  read: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
};

export function MessageStateBadge({ state }: { state: MessageState }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[state]}`}
      data-testid="message-state"
    >
      <FormattedMessage id={`messages.state.${state}`} />
    </span>
  );
}

/** A day and a time in Riyadh, as every screen writes them. */
const when = (instant: string) => <bdi dir="ltr">{`${toDisplay(riyadhDateOf(instant))} ${riyadhTimeOf(instant)}`}</bdi>;

function Recipient({ m }: { m: Message }) {
  const { locale } = useLocale();
  const name =
    m.recipient.name || m.recipient.nameArabic
      ? displayName({ name: m.recipient.name ?? '', nameArabic: m.recipient.nameArabic }, locale)
      : null;
  return (
    <div className="min-w-0">
      <p className="font-medium break-words text-slate-900">{name ?? <FormattedMessage id="messages.unknownRecipient" />}</p>
      <p className="text-xs break-all text-slate-500">
        <bdi dir="ltr">{m.to}</bdi>
      </p>
    </div>
  );
}

function Reason({ m }: { m: Message }) {
  return (
    <div className="space-y-1 text-sm">
      {m.failureReason && (
        <p className="break-words text-red-700" data-testid="message-reason">
          {m.failureReason}
        </p>
      )}
      {m.fallbackOf && (
        <p className="text-xs text-slate-500">
          <FormattedMessage id="messages.fallback" />
        </p>
      )}
    </div>
  );
}

const FILTERS = { channel: '', state: '', kind: '', from: '', to: '' };
const CHOICES = { channel: MESSAGE_CHANNELS, state: MESSAGE_STATES, kind: MESSAGE_KINDS };

/** The academy's default channels per kind and the absence rule; read-only without W:Settings. */
function Defaults() {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const auth = useAuth();
  const canWrite = auth.canWrite('Settings');
  const settings = useQuery(messageSettingsQuery);
  const update = useUpdateMessageSettings();
  const [draft, setDraft] = useState<Pick<MessageSettings, 'channels' | 'absentWithoutNotice'> | null>(null);
  useEffect(() => {
    if (settings.data) setDraft({ channels: settings.data.channels, absentWithoutNotice: settings.data.absentWithoutNotice });
  }, [settings.data]);
  const absentId = useId();
  if (settings.isError)
    return (
      <LoadError onRetry={() => void settings.refetch()} retrying={settings.isFetching}>
        {errorText(settings.error, 'messages.defaults.loadFailed')}
      </LoadError>
    );
  if (settings.isPending || !draft) return <SkeletonRows rows={4} />;
  const saved = settings.data;
  const changed =
    draft.absentWithoutNotice !== saved.absentWithoutNotice ||
    PARENT_MESSAGE_KINDS.some((k) => draft.channels[k].join() !== saved.channels[k].join());
  const toggle = (kind: ParentMessageKind, channel: MessageChannel, on: boolean) =>
    setDraft(
      (d) =>
        d && {
          ...d,
          channels: { ...d.channels, [kind]: MESSAGE_CHANNELS.filter((x) => (x === channel ? on : d.channels[kind].includes(x))) },
        },
    );
  const save = () =>
    update.mutate(draft, {
      onSuccess: () => toast(intl.formatMessage({ id: 'messages.defaults.saved' })),
      onError: (err) => toast(errorText(err, 'messages.defaults.failed'), 'error'),
    });
  return (
    <section className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="message-defaults">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">
          <FormattedMessage id="messages.defaults.title" />
        </h2>
        <p className="text-sm text-slate-600">
          <FormattedMessage id="messages.defaults.intro" />
        </p>
        {!canWrite && (
          <p className="mt-1 text-sm text-amber-800" data-testid="message-defaults-readonly">
            <FormattedMessage id="messages.defaults.readOnly" />
          </p>
        )}
      </div>
      <div className="divide-y divide-slate-100">
        {PARENT_MESSAGE_KINDS.map((kind) => (
          <fieldset key={kind} className="flex flex-col gap-2 py-2 md:flex-row md:items-center" disabled={!canWrite}>
            <legend className="float-start text-sm font-medium text-slate-900 md:w-56 md:shrink-0">
              <FormattedMessage id={`messages.kind.${kind}`} />
            </legend>
            <div className="flex flex-wrap gap-2">
              {MESSAGE_CHANNELS.map((channel) => {
                const on = draft.channels[kind].includes(channel);
                const configured = saved.configured[channel];
                return (
                  <label
                    key={channel}
                    title={configured ? undefined : intl.formatMessage({ id: 'messages.defaults.notConfigured' })}
                    className={`inline-flex min-h-9 items-center gap-2 rounded-lg border px-2.5 py-1 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${on ? 'border-brand-300 bg-brand-50 text-brand-800' : 'border-slate-300 text-slate-700'} ${canWrite ? 'cursor-pointer' : 'cursor-default'}`}
                  >
                    <input
                      type="checkbox"
                      className="size-4 rounded border-slate-300 text-brand-700"
                      checked={on}
                      onChange={(e) => toggle(kind, channel, e.target.checked)}
                      data-testid={`default-${kind}-${channel}`}
                    />
                    <FormattedMessage id={`messages.channel.${channel}`} />
                    {!configured && (
                      <span className="text-xs text-slate-500">
                        (<FormattedMessage id="messages.defaults.notConfigured" />)
                      </span>
                    )}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="flex items-start gap-3 border-t border-slate-100 pt-3">
        <input
          id={absentId}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 rounded border-slate-300 text-brand-700"
          checked={draft.absentWithoutNotice}
          disabled={!canWrite}
          onChange={(e) => setDraft((d) => d && { ...d, absentWithoutNotice: e.target.checked })}
          aria-describedby={`${absentId}-hint`}
          data-testid="default-absent"
        />
        <div>
          <label htmlFor={absentId} className="font-medium text-slate-900">
            <FormattedMessage id="messages.defaults.absent" />
          </label>
          <p id={`${absentId}-hint`} className="text-sm text-slate-600">
            <FormattedMessage id="messages.defaults.absentHint" />
          </p>
        </div>
      </div>
      {canWrite && (
        <Button disabled={!changed} loading={update.isPending} onClick={save} data-testid="message-defaults-save">
          <FormattedMessage id="messages.defaults.save" />
        </Button>
      )}
    </section>
  );
}

export function MessagesPage() {
  const intl = useIntl();
  const { filters, setFilter, active } = useListSearch(FILTERS, CHOICES);
  const query: MessageFilters = {
    ...(isOneOf(MESSAGE_CHANNELS, filters.channel) ? { channel: filters.channel } : {}),
    ...(isOneOf(MESSAGE_STATES, filters.state) ? { state: filters.state } : {}),
    ...(isOneOf(MESSAGE_KINDS, filters.kind) ? { kind: filters.kind } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(filters.from) ? { startDate: filters.from } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(filters.to) ? { endDate: filters.to } : {}),
  };
  const list = useInfiniteQuery(messagesQuery(query));
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const all = intl.formatMessage({ id: 'messages.filter.all' });
  const options = <T extends string>(values: readonly T[], label: (value: T) => string) =>
    values.map((v) => ({ value: v, label: label(v) }));
  return (
    <div className="space-y-6">
      <ListScreen<Message>
        title={<FormattedMessage id="messages.title" />}
        subtitle={<FormattedMessage id="messages.subtitle" />}
        activeFilters={active}
        filters={
          <>
            <FilterSelect
              label={intl.formatMessage({ id: 'messages.filter.channel' })}
              value={filters.channel}
              onChange={(v) => setFilter('channel', v)}
              all={all}
              options={options(MESSAGE_CHANNELS, (v) => intl.formatMessage({ id: `messages.channel.${v}` }))}
            />
            <FilterSelect
              label={intl.formatMessage({ id: 'messages.filter.state' })}
              value={filters.state}
              onChange={(v) => setFilter('state', v)}
              all={all}
              options={options(MESSAGE_STATES, (v) => intl.formatMessage({ id: `messages.state.${v}` }))}
            />
            <FilterSelect
              label={intl.formatMessage({ id: 'messages.filter.kind' })}
              value={filters.kind}
              onChange={(v) => setFilter('kind', v)}
              all={all}
              options={options(MESSAGE_KINDS, (v) => intl.formatMessage({ id: `messages.kind.${v}` }))}
            />
            <DatePicker
              label={<FormattedMessage id="messages.filter.from" />}
              value={filters.from}
              onChange={(v) => setFilter('from', v)}
            />
            <DatePicker label={<FormattedMessage id="messages.filter.to" />} value={filters.to} onChange={(v) => setFilter('to', v)} />
          </>
        }
        query={list}
        texts="messages"
        rows={rows}
        testId="message-row"
        columns={[
          { header: 'messages.col.recipient', cell: (m) => <Recipient m={m} />, className: 'min-w-44' },
          {
            header: 'messages.col.channel',
            cell: (m) => <FormattedMessage id={`messages.channel.${m.channel}`} />,
            className: 'whitespace-nowrap',
          },
          { header: 'messages.col.kind', cell: (m) => <FormattedMessage id={`messages.kind.${m.kind}`} /> },
          { header: 'messages.col.state', cell: (m) => <MessageStateBadge state={m.state} /> },
          { header: 'messages.col.reason', cell: (m) => <Reason m={m} />, className: 'min-w-48' },
          { header: 'messages.col.time', cell: (m) => when(m.sentAt ?? m.createdAt), className: 'whitespace-nowrap' },
        ]}
        card={(m) => (
          <>
            <div className="flex items-start justify-between gap-3">
              <Recipient m={m} />
              <MessageStateBadge state={m.state} />
            </div>
            <CardFields
              fields={[
                { label: 'messages.col.channel', value: <FormattedMessage id={`messages.channel.${m.channel}`} /> },
                { label: 'messages.col.kind', value: <FormattedMessage id={`messages.kind.${m.kind}`} /> },
                { label: 'messages.col.time', value: when(m.sentAt ?? m.createdAt) },
                ...(m.failureReason || m.fallbackOf
                  ? [{ label: 'messages.col.reason' as const, value: <Reason m={m} />, wide: true }]
                  : []),
              ]}
            />
          </>
        )}
        footer={
          rows.length > 0 && (
            <span className="flex flex-wrap items-center justify-between gap-3">
              <span role="status">
                <FormattedMessage id="messages.shown" values={{ count: rows.length }} />
              </span>
              {list.hasNextPage && (
                <Button
                  variant="outline"
                  loading={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                  data-testid="messages-more"
                >
                  <FormattedMessage id="messages.showMore" />
                </Button>
              )}
            </span>
          )
        }
      />
      <Defaults />
    </div>
  );
}
