import { type AttentionItem, type AttentionKind, type AttentionNotice, riyadhToday } from '@kora/contracts';
import * as Popover from '@radix-ui/react-popover';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { riyadhDateOf, riyadhTimeOf, toDisplay } from '../../components/date-format';
import { PlanDate } from '../../components/PlanDate';
import { Spinner } from '../../components/Spinner';
import { LoadError } from '../../components/States';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { formatSar } from '../../lib/money';
import { resendOwnerConfirmation, useAttention } from './api';
import { badgeLabel, canSeeAttention, groupAttention } from './helpers';

const KIND_LABEL: Record<AttentionKind, MessageId> = {
  unapplied_payment: 'attention.kind.unapplied_payment',
  refund_pending: 'attention.kind.refund_pending',
  renewal_failed: 'attention.kind.renewal_failed',
  einvoice_rejected: 'attention.kind.einvoice_rejected',
  einvoice_certificate: 'attention.kind.einvoice_certificate',
  low_sessions: 'attention.kind.low_sessions',
  ending_soon: 'attention.kind.ending_soon',
  pending_payment: 'attention.kind.pending_payment',
  new_player: 'attention.kind.new_player',
};

const icon = (paths: ReactNode) => (
  <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    {paths}
  </svg>
);
const KIND_ICON: Record<AttentionKind, { svg: ReactNode; tone: string }> = {
  // A card with an arrow going back.
  unapplied_payment: {
    svg: icon(
      <>
        <rect x="2" y="5" width="20" height="14" rx="2" />
        <path d="M2 10h20M14 15h-5l2-2M9 15l2 2" />
      </>,
    ),
    tone: 'bg-red-100 text-red-700',
  },
  // A card with an arrow going back and a clock: money on its way, not confirmed yet.
  refund_pending: {
    svg: icon(
      <>
        <rect x="2" y="5" width="14" height="11" rx="2" />
        <path d="M2 9h14M10 13H6l1.5-1.5" />
        <circle cx="18" cy="17" r="4" />
        <path d="M18 15v2l1.5 1" />
      </>,
    ),
    tone: 'bg-amber-100 text-amber-800',
  },
  // A card with a cross: an automatic renewal refused after its last retry.
  renewal_failed: {
    svg: icon(
      <>
        <rect x="2" y="5" width="20" height="14" rx="2" />
        <path d="M2 10h20M14 13l4 4M18 13l-4 4" />
      </>,
    ),
    tone: 'bg-red-100 text-red-700',
  },
  // A document with a cross.
  einvoice_rejected: {
    svg: icon(<path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M9.5 12.5l5 5M14.5 12.5l-5 5" />),
    tone: 'bg-red-100 text-red-700',
  },
  // A seal (the certificate that stamps e-invoices).
  einvoice_certificate: {
    svg: icon(
      <>
        <circle cx="12" cy="9" r="6" />
        <path d="M9 14.5 7.5 22l4.5-2.5 4.5 2.5-1.5-7.5M12 6v3l2 1" />
      </>,
    ),
    tone: 'bg-amber-100 text-amber-800',
  },
  // An hourglass running out.
  low_sessions: {
    svg: icon(<path d="M6 2h12M6 22h12M7 2c0 6 10 6 10 10S7 16 7 22M17 2c0 6-10 6-10 10" />),
    tone: 'bg-amber-100 text-amber-700',
  },
  // A calendar.
  ending_soon: {
    svg: icon(
      <>
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" />
      </>,
    ),
    tone: 'bg-red-100 text-red-700',
  },
  // A card.
  pending_payment: {
    svg: icon(
      <>
        <rect x="2" y="5" width="20" height="14" rx="2" />
        <path d="M2 10h20M6 15h4" />
      </>,
    ),
    tone: 'bg-sky-100 text-sky-700',
  },
  // A person with a plus.
  new_player: {
    svg: icon(
      <>
        <circle cx="9" cy="8" r="4" />
        <path d="M2 21c0-4 3-6 7-6s7 2 7 6M19 8v6M16 11h6" />
      </>,
    ),
    tone: 'bg-brand-100 text-brand-800',
  },
};

const shownDate = (iso: string) => (iso ? <PlanDate iso={iso} /> : '—');

/** A card refund the provider has not confirmed: how much, of which invoice, asked when. */
function RefundPendingDetail({ item }: { item: AttentionItem }) {
  const intl = useIntl();
  return (
    <FormattedMessage
      id="attention.refundPending"
      values={{
        amount: <bdi>{formatSar(intl, item.amount ?? 0)}</bdi>,
        number: item.invoiceNumber ?? '',
        date: shownDate(item.createdAt ? riyadhToday(new Date(item.createdAt)) : ''),
      }}
    />
  );
}

/** The line under a player's name: what the item is about. */
function Detail({ item }: { item: AttentionItem }) {
  switch (item.kind) {
    case 'unapplied_payment':
      return (
        <FormattedMessage
          id={`attention.unapplied.${item.refundState ?? 'pending'}`}
          values={{ date: shownDate(item.createdAt ? riyadhToday(new Date(item.createdAt)) : '') }}
        />
      );
    case 'refund_pending':
      return <RefundPendingDetail item={item} />;
    case 'renewal_failed':
      return <FormattedMessage id="attention.renewalFailed" values={{ date: shownDate(item.endDate ?? '') }} />;
    case 'einvoice_rejected':
      return <FormattedMessage id="attention.einvoiceRejected" values={{ number: item.invoiceNumber ?? '' }} />;
    case 'einvoice_certificate':
      return item.warningDays !== undefined ? (
        <FormattedMessage id="attention.certificateEnds" values={{ days: item.warningDays, date: shownDate(item.endDate ?? '') }} />
      ) : (
        <FormattedMessage
          id="attention.certificateEnded"
          values={{ count: item.documentsWaiting ?? 0, date: shownDate(item.endDate ?? '') }}
        />
      );
    case 'low_sessions':
      return <FormattedMessage id="attention.sessionsLeft" values={{ count: item.sessionsLeft ?? 0 }} />;
    case 'ending_soon':
      return <FormattedMessage id="attention.endsOn" values={{ date: shownDate(item.endDate ?? '') }} />;
    case 'pending_payment':
      return (
        <FormattedMessage
          id="attention.pendingSince"
          values={{ date: shownDate(item.createdAt ? riyadhToday(new Date(item.createdAt)) : '') }}
        />
      );
    case 'new_player':
      return (
        <FormattedMessage
          id="attention.joinedOn"
          values={{ date: shownDate(item.createdAt ? riyadhToday(new Date(item.createdAt)) : '') }}
        />
      );
  }
}

/**
 * The academy's own notices, above the items (docs/domain.md, "Text messages"): texts off until the
 * owner confirms their e-mail (with a button that mails the link again, for W:Settings), stopped
 * for the day by the academy's cap, or messages that reached nobody (linked to Settings → Messages, failed ones).
 */
function Notices({
  notices,
  canResend,
  settingsLinks,
  onNavigate,
}: {
  notices: AttentionNotice[];
  canResend: boolean;
  /** The reader may open Settings (the failed messages' list is there). */
  settingsLinks: boolean;
  onNavigate(): void;
}) {
  const errorText = useErrorText();
  const [resend, setResend] = useState<{ state: 'idle' | 'busy' | 'sent' } | { state: 'failed'; text: string }>({ state: 'idle' });
  return (
    <ul className="divide-y divide-amber-100 border-b border-amber-100 bg-amber-50" data-testid="attention-notices">
      {notices.map((n) => (
        <li key={n.kind} className="space-y-2 px-4 py-3 text-sm text-amber-900" data-testid={`attention-notice-${n.kind}`}>
          {n.kind === 'sms_owner_unverified' ? (
            <>
              <p>
                <FormattedMessage
                  id="attention.notice.ownerUnverified"
                  values={{
                    email: (
                      <bdi dir="ltr" className="font-semibold">
                        {n.email}
                      </bdi>
                    ),
                  }}
                />
              </p>
              {canResend && resend.state !== 'sent' && (
                <button
                  type="button"
                  className="font-medium text-brand-700 hover:underline disabled:opacity-60"
                  disabled={resend.state === 'busy'}
                  onClick={() => {
                    setResend({ state: 'busy' });
                    resendOwnerConfirmation()
                      .then(() => setResend({ state: 'sent' }))
                      .catch((err) => setResend({ state: 'failed', text: errorText(err) }));
                  }}
                >
                  <FormattedMessage id="attention.notice.resend" />
                </button>
              )}
              {resend.state === 'sent' && (
                <p role="status">
                  <FormattedMessage id="attention.notice.resent" />
                </p>
              )}
              {resend.state === 'failed' && <p role="alert">{resend.text}</p>}
            </>
          ) : n.kind === 'messages_failed' ? (
            <>
              <p>
                <FormattedMessage
                  id="attention.notice.messagesFailed"
                  values={{
                    count: n.count,
                    since: <bdi dir="ltr">{`${toDisplay(riyadhDateOf(n.since))} ${riyadhTimeOf(n.since)}`}</bdi>,
                  }}
                />
              </p>
              {settingsLinks && (
                <Link
                  to="/settings/messages"
                  search={{ state: 'failed' }}
                  className="inline-block font-medium text-brand-700 hover:underline"
                  onClick={onNavigate}
                  data-testid="attention-messages-failed-link"
                >
                  <FormattedMessage id="attention.notice.messagesFailedLink" />
                </Link>
              )}
            </>
          ) : (
            <p>
              <FormattedMessage
                id="attention.notice.smsCap"
                values={{
                  limit: n.limit,
                  // A day and a time in Riyadh, as every screen writes them (components/date-format.ts).
                  until: <bdi dir="ltr">{`${toDisplay(riyadhDateOf(n.until))} ${riyadhTimeOf(n.until)}`}</bdi>,
                }}
              />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0" />
    </svg>
  );
}

/**
 * The top bar's bell (docs/domain.md, "What needs attention"): a red badge with the number of items (hidden at 0, "9+" above
 * 9) and, when opened, the items grouped by kind, each linking to the player. Refreshed every few
 * minutes and when the window regains focus. Shown only to members who read Players or Settings.
 */
export function AttentionBell() {
  const auth = useAuth();
  if (!auth.user || !canSeeAttention(auth.canRead)) return null;
  return (
    <Bell
      userId={auth.user.id}
      playersLinks={auth.canRead('Players')}
      historyLinks={auth.canRead('Settings')}
      canResend={auth.canWrite('Settings')}
    />
  );
}

function Bell({
  userId,
  playersLinks,
  historyLinks,
  canResend,
}: {
  userId: string;
  playersLinks: boolean;
  historyLinks: boolean;
  canResend: boolean;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const query = useAttention(userId);
  const count = query.data?.count ?? 0;
  const badge = badgeLabel(count);
  const groups = groupAttention(query.data?.items ?? []);
  const notices = query.data?.notices ?? [];
  const title = intl.formatMessage({ id: 'attention.title' });

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex justify-center py-8 text-brand-700">
        <Spinner className="size-6" label={intl.formatMessage({ id: 'common.loading' })} />
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <div className="p-3">
        <LoadError onRetry={() => void query.refetch()} retrying={query.isFetching}>
          {errorText(query.error)}
        </LoadError>
      </div>
    );
  } else if (groups.length === 0 && notices.length === 0) {
    body = (
      <p className="px-4 py-8 text-center text-sm text-slate-500" data-testid="attention-empty">
        <FormattedMessage id="attention.empty" />
      </p>
    );
  } else {
    body = (
      <div className="divide-y divide-slate-100">
        {groups.map((g) => (
          <section key={g.kind} aria-labelledby={`attention-${g.kind}`} data-testid={`attention-group-${g.kind}`} className="py-2">
            <h3
              id={`attention-${g.kind}`}
              className="flex items-center gap-2 px-4 py-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
            >
              <span className={`flex size-6 items-center justify-center rounded-full ${KIND_ICON[g.kind].tone}`}>
                {KIND_ICON[g.kind].svg}
              </span>
              <FormattedMessage id={KIND_LABEL[g.kind]} />
              <span className="ms-auto rounded-full bg-slate-100 px-2 py-0.5 text-slate-600">{g.items.length}</span>
            </h3>
            <ul>
              {g.items.map((item) => {
                const content = (
                  <>
                    <span className="block truncate font-medium text-slate-900">
                      {item.playerName === null ? (
                        <FormattedMessage id="attention.certificate" />
                      ) : (
                        displayName({ name: item.playerName, nameArabic: item.playerNameArabic }, locale)
                      )}
                    </span>
                    <span className="block text-xs text-slate-500">
                      <Detail item={item} />
                    </span>
                  </>
                );
                const className = 'block rounded-lg px-4 py-2 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none';
                return (
                  <li key={`${item.kind}-${item.invoiceNumber ?? item.subscriptionId ?? item.playerId}`}>
                    {item.playerId === null ? (
                      // The academy's certificate is renewed in Settings → Academy → E-invoicing.
                      historyLinks ? (
                        <Link to="/settings/academy" className={className} onClick={() => setOpen(false)}>
                          {content}
                        </Link>
                      ) : (
                        <div className="block px-4 py-2">{content}</div>
                      )
                    ) : (item.kind === 'einvoice_rejected' || item.kind === 'refund_pending') && historyLinks ? (
                      // A rejected e-invoice is looked at in the payments history, where its state shows.
                      <Link to="/settings/payments-history" className={className} onClick={() => setOpen(false)}>
                        {content}
                      </Link>
                    ) : playersLinks ? (
                      <Link
                        to="/players/$playerId"
                        params={{ playerId: item.playerId }}
                        className={className}
                        onClick={() => setOpen(false)}
                      >
                        {content}
                      </Link>
                    ) : (
                      // Settings without Players: the subscriptions screen is where it is dealt with.
                      <Link to="/settings" className={className} onClick={() => setOpen(false)}>
                        {content}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    );
  }

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && !query.isFetching) void query.refetch();
      }}
    >
      <span className="relative inline-flex">
        <Popover.Trigger
          className="rounded-full p-2 text-slate-500 hover:bg-slate-100 data-[state=open]:bg-slate-100"
          aria-label={intl.formatMessage({ id: 'attention.bell' }, { count })}
          data-testid="attention-bell"
        >
          <BellIcon />
        </Popover.Trigger>
        {badge && (
          <span
            aria-hidden="true"
            // Beside the button, not in it: the button's name says the whole count ("18 items"), and a name must
            // contain the text its control shows (WCAG 2.5.3), which "9+" would not be.
            data-testid="attention-badge"
            className="pointer-events-none absolute -end-0.5 -top-0.5 flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </span>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label={title}
          data-testid="attention-panel"
          className="z-50 flex max-h-[min(75vh,36rem)] w-[calc(100vw-1rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl sm:w-96"
        >
          <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
            <h2 className="font-semibold text-slate-900">{title}</h2>
            <Popover.Close
              className="rounded-full p-1 text-xl leading-none text-slate-400 hover:bg-slate-100 hover:text-slate-700"
              aria-label={intl.formatMessage({ id: 'common.close' })}
            >
              ×
            </Popover.Close>
          </div>
          <div className="overflow-y-auto">
            {notices.length > 0 && (
              <Notices notices={notices} canResend={canResend} settingsLinks={historyLinks} onNavigate={() => setOpen(false)} />
            )}
            {groups.length > 0 || notices.length === 0 ? body : null}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
