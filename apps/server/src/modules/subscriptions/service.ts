import {
  type ActivateSubscriptionBody,
  addDaysIso,
  type CreditNote,
  halalasToSar,
  isWithin,
  type ManagedSubscription,
  riyadhToday,
  type SubscriptionRefundable,
  type SubscriptionStatus,
  startDateBounds,
} from '@kora/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { jsonArray, jsonList } from '../../db/json.js';
import { invoices, packages, refunds, subscriptions, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { type CreditAsk, refundableOf, settleCardRefund, startRefund, type TenantRunner } from '../invoices/credit-notes.js';
import { receiptOf } from '../payments/mails.js';
import type { PaymentProvider } from '../payments/providers/provider.js';
import { pendingOfInvoice } from '../payments/refunds.js';
import { avatarSql, conditionSql, hasMedicalNoteSql, type SensitiveView } from '../players/sensitive.js';
import { nameOrder, playerRankSql } from '../users/player-order.js';
import { teamListsOfPlayers } from '../users/read.js';
import { activatePaid, refreshStatesSql, refreshSubscriptionStates } from './activate.js';
import { currentFirstSql, OPEN_STATUSES, pendingSubscriptionValues } from './lifecycle.js';
import { subscriptionRowsSql, toManagedSubscription } from './shape.js';

type SubscriptionRecord = typeof subscriptions.$inferSelect;
type PackageRecord = typeof packages.$inferSelect;

/**
 * Settings → subscriptions: every player with their current subscription (lifecycle.ts,
 * `currentFirstSql`, as the players list orders them) or null, in the players list order, as the JSON text of
 * SubscriptionRow[]. Statuses whose dates passed are moved first; then one statement builds the
 * list whatever the number of players. The statement moves them itself (a CTE): its list reads the
 * rows as they were, so a moved row's status is taken from what the update returned.
 */
export async function subscriptionsListJson(tx: TenantTx, now: Date, view: SensitiveView): Promise<string> {
  return jsonList(
    tx,
    sql`
    with refreshed as (${refreshStatesSql(now)} returning s.id, s.status),
    team_lists as (${teamListsOfPlayers(null)}),
    latest as (
      select distinct on (s.player_id) s.player_id, st.status, row_to_json(sr) as subscription
      from ${subscriptionRowsSql({ refreshed: sql`refreshed`, allowPause: true })}
      order by s.player_id, ${currentFirstSql(sql`s`, riyadhToday(now), sql`st.status`)}
    )
    select ${jsonArray(
      sql`json_build_object('player', row_to_json(pr), 'subscription', l.subscription)`,
      sql`${playerRankSql(sql`l.status`, sql`tl.list is not null`)}, ${nameOrder(sql`u.name`)}, u.id`,
    )}::text as body
    from users u
    left join team_lists tl on tl.player_id = u.id
    left join latest l on l.player_id = u.id
    cross join lateral (
      select u.id, u.name, u.name_arabic as "nameArabic", ${avatarSql(sql`u`)} as avatar, u.birthdate,
        ${conditionSql(view, sql`u`)} as condition, ${hasMedicalNoteSql(sql`u`)} as "hasMedicalNote", coalesce(tl.list, '[]') as teams
    ) pr
    where u.role = 'PLAYER'`,
  );
}

/** A package that can be subscribed to now: of this academy, active and not archived (else 400 on `field`). */
async function subscribablePackage(tx: TenantTx, packageId: string, field: string) {
  const [pkg] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.id, packageId), eq(packages.isActive, true), isNull(packages.archivedAt)));
  if (!pkg) throw badRequest('package.not_found', field);
  return pkg;
}

/** The subscription and its package, its row locked for the rest of the transaction (404 otherwise). */
async function lockSubscription(tx: TenantTx, id: string) {
  const [row] = await tx
    .select({ s: subscriptions, p: packages })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(eq(subscriptions.id, id))
    .for('update', { of: subscriptions });
  if (!row) throw notFound('subscription.not_found');
  return row;
}

const refuse = (status: SubscriptionStatus) => conflict('subscription.state_conflict', { status });

/** A new PENDING subscription starting today; refused while the player has one pending, active, in trial or paused. */
export async function createSubscription(tx: TenantTx, playerId: string, packageId: string, now: Date) {
  // The player's row is locked so two simultaneous creations cannot both pass the check below.
  const [player] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, playerId), eq(users.role, 'PLAYER')))
    .for('update');
  if (!player) throw notFound('player.not_found');
  await refreshSubscriptionStates(tx, now);
  const [open] = await tx
    .select({ status: subscriptions.status })
    .from(subscriptions)
    .where(and(eq(subscriptions.playerId, playerId), inArray(subscriptions.status, OPEN_STATUSES)))
    .limit(1);
  if (open) throw refuse(open.status);
  const pkg = await subscribablePackage(tx, packageId, 'packageId');
  const [created] = await tx
    .insert(subscriptions)
    .values({ academyId: tx.academyId, playerId, ...pendingSubscriptionValues(pkg, riyadhToday(now)), updatedAt: now })
    .returning();
  return toManagedSubscription(created, pkg);
}

/** Puts a PENDING subscription on another package: its end date or sessions are those of the new package. */
async function switchPackage(tx: TenantTx, s: SubscriptionRecord, packageId: string, field: string, now: Date) {
  const pkg = await subscribablePackage(tx, packageId, field);
  const [updated] = await tx
    .update(subscriptions)
    .set({ ...pendingSubscriptionValues(pkg, s.startDate ?? riyadhToday(now)), updatedAt: now })
    .where(eq(subscriptions.id, s.id))
    .returning();
  return { s: updated, p: pkg };
}

export async function changeSubscriptionPackage(tx: TenantTx, id: string, packageId: string, now: Date) {
  const { s } = await lockSubscription(tx, id);
  if (s.status !== 'PENDING') throw refuse(s.status);
  const changed = await switchPackage(tx, s, packageId, 'packageId', now);
  return toManagedSubscription(changed.s, changed.p);
}

/**
 * Manual activation (docs/domain.md): a cash payment for the package's price, the period from
 * `startDate` (within a year of today; default today) and its invoice — every payment has one.
 * `sendInvoice` asks for it to be e-mailed to the parents: the receipt to send once committed is
 * answered then. A `packageId` other than the subscription's switches the package first, as the
 * screen's select would.
 */
export async function activateSubscription(
  tx: TenantTx,
  packageId: string,
  id: string,
  body: Pick<Required<ActivateSubscriptionBody>, 'sendInvoice'> & { startDate?: string },
  now: Date,
  clock?: () => Date,
) {
  const { s } = await lockSubscription(tx, id);
  if (s.status !== 'PENDING') throw refuse(s.status);
  const today = riyadhToday(now);
  if (body.startDate && !isWithin(body.startDate, startDateBounds(today))) throw badRequest('subscription.start_out_of_range', 'startDate');
  if (packageId !== s.packageId) await switchPackage(tx, s, packageId, 'packageId', now);
  const { subscription, invoice } = await activatePaid(tx, id, {
    method: 'Cash',
    startDate: body.startDate,
    withInvoice: true,
    now,
    clock,
  });
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, subscription.packageId));
  const receipt = body.sendInvoice && invoice ? await receiptOf(tx, subscription, invoice) : null;
  return { subscription: toManagedSubscription(subscription, pkg), receipt };
}

/** Cancels from any status but CANCELLED. */
export async function cancelSubscription(tx: TenantTx, id: string, now: Date) {
  const { s, p } = await lockSubscription(tx, id);
  if (s.status === 'CANCELLED') throw refuse(s.status);
  return markCancelled(tx, s.id, p, now);
}

async function markCancelled(tx: TenantTx, id: string, p: PackageRecord, now: Date) {
  const [updated] = await tx
    .update(subscriptions)
    .set({ status: 'CANCELLED', pausedAt: null, updatedAt: now })
    .where(eq(subscriptions.id, id))
    .returning();
  return toManagedSubscription(updated, p);
}

/** The invoice a cancellation refunds: the subscription's latest (by number), or null. */
async function latestInvoiceOf(tx: TenantTx, subscriptionId: string) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.subscriptionId, subscriptionId), eq(invoices.kind, 'invoice')))
    .orderBy(desc(invoices.invoiceNumber))
    .limit(1);
  return invoice ?? null;
}

/** An invoice of the subscription (a credit note is refused by startRefund); 404 for any other. */
async function invoiceOfSubscription(tx: TenantTx, subscriptionId: string, invoiceId: string) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.subscriptionId, subscriptionId)));
  if (!invoice) throw notFound('credit_note.invoice_not_found');
  return invoice;
}

/** What the cancel dialog may offer to refund: the latest invoice and what is left uncredited on it. */
export async function subscriptionRefundable(tx: TenantTx, id: string): Promise<SubscriptionRefundable> {
  const [s] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.id, id));
  if (!s) throw notFound('subscription.not_found');
  const invoice = await latestInvoiceOf(tx, id);
  if (!invoice) return { invoice: null, refundableAmount: 0, pendingRefundAmount: 0, pendingRefundSince: null };
  // Card refunds of it not confirmed yet: held, so the dialog says what is already on its way back.
  const pending = await pendingOfInvoice(tx, invoice.id);
  return {
    invoice: {
      id: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      totalAmount: halalasToSar(invoice.totalHalalas),
      paymentMethod: invoice.paymentMethod,
    },
    refundableAmount: halalasToSar(await refundableOf(tx, invoice)),
    pendingRefundAmount: halalasToSar(pending.halalas),
    pendingRefundSince: pending.since,
  };
}

/**
 * Cancels with a refund of the latest invoice (docs/domain.md, "Credit notes and refunds"). Cash:
 * cancelled, credited and refunded in one transaction. Card: the refund is held first (the
 * subscription still as it was), the provider asked, then cancelled and credited in one
 * transaction; a refused refund changes nothing but the failed refund's record.
 */
export async function cancelWithRefund(
  run: TenantRunner,
  provider: PaymentProvider,
  now: () => Date,
  id: string,
  ask: CreditAsk,
  log: { warn(obj: object, msg: string): void },
  /** The invoice to credit (a credit note asked with `cancelSubscription`); default: the latest. */
  invoiceId?: string,
): Promise<ManagedSubscription & { creditNote: CreditNote }> {
  const first = await run(async (tx) => {
    const { s, p } = await lockSubscription(tx, id);
    if (s.status === 'CANCELLED') throw refuse(s.status);
    const invoice = invoiceId ? await invoiceOfSubscription(tx, id, invoiceId) : await latestInvoiceOf(tx, id);
    if (!invoice) throw conflict('credit_note.nothing_to_refund');
    const started = await startRefund(tx, provider.name, invoice.id, ask, now);
    // A card refund settled later (a retry, the provider's answer to a query, a member) completes the cancellation.
    if (!started.creditNote) await tx.update(refunds).set({ cancelsSubscription: true }).where(eq(refunds.id, started.refund.id));
    return { started, cancelled: started.creditNote ? await markCancelled(tx, s.id, p, now()) : null };
  });
  if (first.cancelled && first.started.creditNote) return { ...first.cancelled, creditNote: first.started.creditNote };
  const outcome: { cancelled: ManagedSubscription | null } = { cancelled: null };
  const creditNote = await settleCardRefund(run, provider, now, first.started, log, async (tx) => {
    // The money went back: cancelled whatever happened to it meanwhile (a second cancel is harmless).
    const { p } = await lockSubscription(tx, id);
    outcome.cancelled = await markCancelled(tx, id, p, now());
  });
  const { cancelled } = outcome;
  if (!cancelled) throw new Error('cancellation not recorded');
  return { ...cancelled, creditNote };
}

/** Pauses an ACTIVE or TRIAL subscription whose package allows pausing; the day it paused is kept for the resume. */
export async function pauseSubscription(tx: TenantTx, id: string, now: Date) {
  await refreshSubscriptionStates(tx, now);
  const { s, p } = await lockSubscription(tx, id);
  if (s.status !== 'ACTIVE' && s.status !== 'TRIAL') throw refuse(s.status);
  if (!p.allowPause) throw conflict('subscription.pause_not_allowed');
  const [updated] = await tx
    .update(subscriptions)
    .set({ status: 'PAUSED', pausedAt: now, updatedAt: now })
    .where(eq(subscriptions.id, s.id))
    .returning();
  return toManagedSubscription(updated, p);
}

/** Whole days between two instants, counted on the Riyadh calendar. */
const calendarDaysBetween = (from: Date, to: Date) =>
  Math.max(0, Math.round((Date.parse(riyadhToday(to)) - Date.parse(riyadhToday(from))) / 86_400_000));

/** Resumes a PAUSED subscription as ACTIVE; a time-based end date moves later by the days it was paused. */
export async function resumeSubscription(tx: TenantTx, id: string, now: Date) {
  const { s, p } = await lockSubscription(tx, id);
  if (s.status !== 'PAUSED') throw refuse(s.status);
  const pausedDays = s.pausedAt ? calendarDaysBetween(s.pausedAt, now) : 0;
  const [updated] = await tx
    .update(subscriptions)
    .set({
      status: 'ACTIVE',
      endDate: s.endDate ? addDaysIso(s.endDate, pausedDays) : null,
      pausedAt: null,
      updatedAt: now,
    })
    .where(eq(subscriptions.id, s.id))
    .returning();
  return toManagedSubscription(updated, p);
}
