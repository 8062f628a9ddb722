import {
  ATTENTION_KINDS,
  type AttentionItem,
  type AttentionKind,
  type AttentionReply,
  addDaysIso,
  CERTIFICATE_WARNING_DAYS,
  ENDING_SOON_DAYS,
  LOW_SESSIONS_LEFT,
  NEW_PLAYER_DAYS,
  PENDING_PAYMENT_DAYS,
  riyadhToday,
  UNAPPLIED_PAYMENT_DAYS,
} from '@kora/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { riyadhDay } from '../../db/riyadh.js';
import type { TenantTx } from '../../db/tenant.js';
import { pendingRefundItems } from '../payments/refunds.js';
import { refreshSubscriptionStates } from '../subscriptions/activate.js';

const DAY_MS = 24 * 3600_000;
const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The rules of "what needs attention" (docs/domain.md), each a `select` over subscriptions (or
 * players, or reported documents) of the same columns: `subscription_id` (null for a new player),
 * `player_id`, `sessions_left`, `end_date`, `created_at` and `invoice_number` (null where the kind
 * has no such figure).
 * The bell lists them and the parents' reminders mail the subscription ones, so both always agree.
 */
export function attentionRules(now: Date) {
  const today = riyadhToday(now);
  const activeOfType = (type: 'TIME_BASED' | 'SESSION_BASED') =>
    sql`s.status in ('ACTIVE', 'TRIAL') and exists (select 1 from packages p where p.id = s.package_id and p.package_type = ${type})`;
  return {
    // A card charge no subscription could take (payment_attempts, migration 0026), until its refund went through a while ago.
    unapplied_payment: sql`
      select pa.subscription_id, s.player_id, null::int as sessions_left, null::date as end_date, pa.updated_at as created_at,
        null::int as invoice_number, coalesce(pa.refund_state, 'pending') as refund_state,
        null::int as warning_days, null::int as documents_waiting
      from payment_attempts pa join subscriptions s on s.id = pa.subscription_id
      where pa.outcome = 'unapplied'
        and (pa.refund_state is distinct from 'refunded' or pa.refunded_at > ${iso(new Date(now.getTime() - UNAPPLIED_PAYMENT_DAYS * DAY_MS))})`,
    // An automatic renewal whose last retry failed (renewal_charges, migration 0043), until the subscription is renewed or 14 days pass.
    renewal_failed: sql`
      select c.subscription_id, s.player_id, null::int as sessions_left, s.end_date, c.updated_at as created_at,
        null::int as invoice_number, null::text as refund_state,
        null::int as warning_days, null::int as documents_waiting
      from renewal_charges c join subscriptions s on s.id = c.subscription_id
      where c.state = 'failed' and s.status <> 'CANCELLED'
        and (c.period_key = 'end:' || to_char(s.end_date, 'YYYY-MM-DD')
          -- an instalment (docs/domain.md, "Instalments") not paid since
          or c.period_key = (select 'inst:' || (ip.paid_count + 1) from instalment_plans ip where ip.subscription_id = s.id))
        and c.updated_at > ${iso(new Date(now.getTime() - 14 * DAY_MS))}`,
    // A document ZATCA rejected (zatca_reports, migration 0022): its buyer, when ZATCA answered, its number.
    einvoice_rejected: sql`
      select i.subscription_id, i.user_id as player_id, null::int as sessions_left, null::date as end_date, r.reported_at as created_at,
        i.invoice_number, null::text as refund_state,
        null::int as warning_days, null::int as documents_waiting
      from zatca_reports r join invoice_documents d on d.id = r.document_id join invoices i on i.id = d.invoice_id
      where r.state = 'rejected'`,
    // The academy's e-invoicing certificate (its newest production one, zatca_credentials): within 30, 7 and 1 days of
    // its end, and once it has ended; with the documents issued meanwhile that wait for a certificate (migration 0036).
    einvoice_certificate: sql`
      select null::uuid as subscription_id, null::uuid as player_id, null::int as sessions_left,
        ${riyadhDay(sql`c.expires_at`)} as end_date, null::timestamptz as created_at,
        null::int as invoice_number, null::text as refund_state,
        case ${sql.join(
          CERTIFICATE_WARNING_DAYS.map(
            (days) =>
              sql`when c.expires_at > ${iso(now)} and c.expires_at <= ${iso(new Date(now.getTime() + days * DAY_MS))} then ${days}::int `,
          ),
          sql``,
        )} end as warning_days,
        (select count(*)::int from invoice_documents d where d.unsigned) as documents_waiting
      from (select expires_at from zatca_credentials where kind = 'production' order by created_at desc limit 1) c
      where c.expires_at <= ${iso(new Date(now.getTime() + Math.max(...CERTIFICATE_WARNING_DAYS) * DAY_MS))}
        or exists (select 1 from invoice_documents d where d.unsigned)`,
    low_sessions: sql`
      select s.id as subscription_id, s.player_id, s.sessions_left, null::date as end_date, null::timestamptz as created_at,
        null::int as invoice_number, null::text as refund_state,
        null::int as warning_days, null::int as documents_waiting
      from subscriptions s
      where ${activeOfType('SESSION_BASED')} and s.sessions_left <= ${LOW_SESSIONS_LEFT}`,
    ending_soon: sql`
      select s.id as subscription_id, s.player_id, null::int as sessions_left, s.end_date, null::timestamptz as created_at,
        null::int as invoice_number, null::text as refund_state,
        null::int as warning_days, null::int as documents_waiting
      from subscriptions s
      where ${activeOfType('TIME_BASED')} and s.end_date between ${today}::date and ${addDaysIso(today, ENDING_SOON_DAYS)}::date`,
    pending_payment: sql`
      select s.id as subscription_id, s.player_id, null::int as sessions_left, null::date as end_date, s.created_at,
        null::int as invoice_number, null::text as refund_state,
        null::int as warning_days, null::int as documents_waiting
      from subscriptions s
      where s.status = 'PENDING' and s.created_at <= ${iso(new Date(now.getTime() - PENDING_PAYMENT_DAYS * DAY_MS))}`,
    new_player: sql`
      select null::uuid as subscription_id, u.id as player_id, null::int as sessions_left, null::date as end_date, u.created_at,
        null::int as invoice_number, null::text as refund_state,
        null::int as warning_days, null::int as documents_waiting
      from users u
      where u.role = 'PLAYER' and u.created_at > ${iso(new Date(now.getTime() - NEW_PLAYER_DAYS * DAY_MS))}`,
  } satisfies Record<Exclude<AttentionKind, 'refund_pending'>, SQL>;
}

interface Row {
  kind: AttentionKind;
  subscription_id: string | null;
  /** Null for the academy's own items (its e-invoicing certificate). */
  player_id: string | null;
  player_name: string | null;
  player_name_arabic: string | null;
  sessions_left: number | null;
  end_date: string | null;
  created_at: string | null;
  invoice_number: number | null;
  refund_state: 'pending' | 'refunded' | 'failed' | null;
  warning_days: number | null;
  documents_waiting: number | null;
}

const order = (a: Row, b: Row) =>
  ATTENTION_KINDS.indexOf(a.kind) - ATTENTION_KINDS.indexOf(b.kind) ||
  (a.sessions_left ?? 0) - (b.sessions_left ?? 0) ||
  (a.end_date ?? '').localeCompare(b.end_date ?? '') ||
  (a.invoice_number ?? 0) - (b.invoice_number ?? 0) ||
  // Pending payments oldest first (waiting longest), new players newest first.
  (a.kind === 'new_player' ? -1 : 1) * (a.created_at ?? '').localeCompare(b.created_at ?? '') ||
  (a.player_name ?? '').localeCompare(b.player_name ?? '');

/**
 * The bell's list: every rule's items with the player's names, in three statements whatever the
 * number of players (the tenant settings, the state refresh, one `union all`). Subscriptions whose
 * end date has passed are moved to INACTIVE first, so they are not listed as ending.
 */
export async function listAttention(tx: TenantTx, now: Date): Promise<AttentionReply> {
  await refreshSubscriptionStates(tx, now);
  const rules = attentionRules(now);
  const branches = sql.join(
    RULE_KINDS.map((kind) => sql`select ${kind}::text as kind, r.* from (${rules[kind]}) as r`),
    sql` union all `,
  );
  const rows = rowsOf<Row>(
    await tx.execute(sql`
      select a.kind, a.subscription_id, a.player_id, u.name as player_name, u.name_arabic as player_name_arabic,
        a.sessions_left, to_char(a.end_date, 'YYYY-MM-DD') as end_date,
        to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, a.invoice_number, a.refund_state,
        a.warning_days, a.documents_waiting
      from (${branches}) as a (kind, subscription_id, player_id, sessions_left, end_date, created_at, invoice_number, refund_state,
        warning_days, documents_waiting)
      left join users u on u.id = a.player_id
      where a.player_id is null or u.id is not null`),
  );
  const items = rows.sort(order).map(
    (r): AttentionItem => ({
      kind: r.kind,
      playerId: r.player_id,
      playerName: r.player_name,
      playerNameArabic: r.player_name_arabic,
      ...(r.subscription_id ? { subscriptionId: r.subscription_id } : {}),
      ...(r.sessions_left !== null ? { sessionsLeft: Number(r.sessions_left) } : {}),
      ...(r.end_date ? { endDate: r.end_date } : {}),
      ...(r.created_at ? { createdAt: r.created_at } : {}),
      ...(r.invoice_number !== null ? { invoiceNumber: Number(r.invoice_number) } : {}),
      ...(r.refund_state ? { refundState: r.refund_state } : {}),
      ...(r.warning_days !== null ? { warningDays: Number(r.warning_days) } : {}),
      ...(r.documents_waiting !== null ? { documentsWaiting: Number(r.documents_waiting) } : {}),
    }),
  );
  // Card refunds not confirmed yet (modules/payments/refunds.ts): one statement more, in their kind's place.
  const refunds = await pendingRefundItems(tx);
  if (refunds.length > 0) {
    items.push(...refunds);
    items.sort((x, y) => ATTENTION_KINDS.indexOf(x.kind) - ATTENTION_KINDS.indexOf(y.kind));
  }
  return { items, count: items.length };
}

/** The kinds of the rules' union (a pending refund is read on its own: its amount is its figure). */
const RULE_KINDS = ATTENTION_KINDS.filter((k): k is Exclude<AttentionKind, 'refund_pending'> => k !== 'refund_pending');
