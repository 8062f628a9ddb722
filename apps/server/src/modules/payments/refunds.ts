/**
 * Card refunds never left in the dark (docs/domain.md "Credit notes and refunds"). A card
 * refund is written `pending` before the provider is asked (modules/invoices/credit-notes.ts); when
 * no verdict comes (a timeout, the provider unreachable, the process stopped mid-way) it stays
 * pending, its amount held on the invoice, and Kora never sends it again by itself. From then on:
 *
 * - it is listed: in the bell (`refund_pending`, with its amount), above the payments history and in
 *   its CSV, and the cancel dialog says what is already on its way back;
 * - the provider is asked what became of it, by its `cart_id` (the refund's id), on a schedule
 *   (`startRefundChecks`: 2 minutes after it was asked, then after doubling delays up to 6 hours)
 *   until it is final: refunded → its credit note issued (and the cancellation it belongs to
 *   recorded), refused → failed (the amount released); no such refund, or no answer → still pending;
 * - a member (W:Settings) can retry it: the provider is asked first, and only when it has no refund
 *   of that cart is the refund sent again; or, after checking the provider's dashboard, mark it
 *   settled, refunded (the credit note issued as for any refund) or failed. Both are audited.
 *
 * Settling locks the subscription (a cancellation's), then the refund row, then the invoice, as a
 * cancellation with a refund does, and requires the row still pending: a refund is settled once.
 */
import { type AttentionItem, halalasToSar, type PendingRefund, type RefundOutcome, type SettleRefundBody } from '@kora/contracts';
import { and, asc, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { invoices, paymentAttempts, payments, refunds, subscriptions, users } from '../../db/schema.js';
import type { DataAccess, TenantTx } from '../../db/tenant.js';
import { recordAudit } from '../../http/audit.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { everyInterval } from '../../lib/schedule.js';
import { completePendingRefund, type TenantRunner } from '../invoices/credit-notes.js';
import type { MessagingConfig } from '../messages/enqueue.js';
import { tellRefunded } from '../messages/payments.js';
import { type PaymentProvider, PaymentProviderError, type RefundResult } from './providers/provider.js';

/** The first scheduled query waits this long after the refund was asked (a request still asking has timed out long before). */
const FIRST_CHECK_S = 120;
/** Each later query waits twice as long as the one before, up to this. */
const MAX_CHECK_S = 6 * 3600;
const ACADEMIES_PER_RUN = 50;
export const REFUND_CHECKS_EVERY_MS = 60_000;

type Refund = typeof refunds.$inferSelect;

/** Pending refunds (all, or one) with their invoice, player and the card transaction they give back. */
async function pendingRows(tx: TenantTx, id?: string) {
  return tx
    .select({
      refund: refunds,
      invoiceNumber: invoices.invoiceNumber,
      subscriptionId: invoices.subscriptionId,
      packageName: invoices.packageName,
      packageNameArabic: invoices.packageNameArabic,
      playerId: users.id,
      playerName: users.name,
      playerNameArabic: users.nameArabic,
      tranRef: payments.providerRef,
    })
    .from(refunds)
    .innerJoin(invoices, eq(invoices.id, refunds.invoiceId))
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(payments, eq(payments.id, invoices.paymentId))
    .where(id ? and(eq(refunds.state, 'pending'), eq(refunds.id, id)) : eq(refunds.state, 'pending'))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

const lastAnswer = (status: string | null): PendingRefund['lastAnswer'] =>
  status === 'not_found' || status === 'unavailable' ? status : null;

/** GET /api/refunds/pending: every refund not final yet, oldest first. */
export async function listPendingRefunds(tx: TenantTx): Promise<PendingRefund[]> {
  return (await pendingRows(tx)).map((r) => ({
    id: r.refund.id,
    invoice: { id: r.refund.invoiceId, invoiceNumber: r.invoiceNumber },
    subscriptionId: r.subscriptionId,
    player: { name: r.playerName, nameArabic: r.playerNameArabic },
    package: { name: r.packageName, nameArabic: r.packageNameArabic },
    amount: halalasToSar(r.refund.amountHalalas),
    method: r.refund.method,
    reason: r.refund.reason,
    cancelsSubscription: r.refund.cancelsSubscription,
    createdAt: r.refund.createdAt.toISOString(),
    checks: r.refund.checks,
    lastAnswer: lastAnswer(r.refund.providerStatus),
  }));
}

/** The bell's `refund_pending` items: one per pending refund, naming its player and amount. */
export async function pendingRefundItems(tx: TenantTx): Promise<AttentionItem[]> {
  return (await pendingRows(tx)).map((r) => ({
    kind: 'refund_pending' as const,
    playerId: r.playerId,
    playerName: r.playerName,
    playerNameArabic: r.playerNameArabic,
    subscriptionId: r.subscriptionId,
    createdAt: r.refund.createdAt.toISOString(),
    invoiceNumber: r.invoiceNumber,
    refundState: 'pending' as const,
    amount: halalasToSar(r.refund.amountHalalas),
  }));
}

/** Halalas held by an invoice's pending refunds, and since when (the cancel dialog's explanation). */
export async function pendingOfInvoice(tx: TenantTx, invoiceId: string) {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(${refunds.amountHalalas}), 0)::int`,
      since: sql<string | null>`min(${refunds.createdAt})`,
    })
    .from(refunds)
    .where(and(eq(refunds.invoiceId, invoiceId), eq(refunds.state, 'pending')));
  return { halalas: Number(row?.total ?? 0), since: row?.since ? new Date(row.since).toISOString() : null };
}

interface Verdict {
  refunded: boolean;
  providerRef: string | null;
  /** Why it failed (the provider's words, or the member's marking). */
  failure: string | null;
  by: 'provider' | 'query' | 'member';
}

/**
 * Settles a pending refund in one transaction: refunded → the cancellation it belongs to recorded
 * and its credit note issued (completeRefund, as for any refund); failed → marked, its amount released.
 * A refund settled meanwhile (by another process or member) is 409 `refund.not_pending`. With
 * `messaging`, a refund that went through is told to the player's parents in the same transaction.
 */
async function settle(tx: TenantTx, id: string, verdict: Verdict, now: () => Date, messaging?: MessagingConfig): Promise<RefundOutcome> {
  const [found] = await tx.select().from(refunds).where(eq(refunds.id, id));
  if (!found) throw notFound('refund.not_found');
  if (found.state !== 'pending') throw conflict('refund.not_pending');
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, found.invoiceId));
  // A cancellation's refund: the subscription first (the lock order of a cancellation with its refund).
  if (verdict.refunded && found.cancelsSubscription) {
    const [s] = await tx.select().from(subscriptions).where(eq(subscriptions.id, invoice.subscriptionId)).for('update');
    if (s && s.status !== 'CANCELLED')
      await tx.update(subscriptions).set({ status: 'CANCELLED', pausedAt: null, updatedAt: now() }).where(eq(subscriptions.id, s.id));
  }
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, id)).for('update');
  if (refund.state !== 'pending') throw conflict('refund.not_pending');
  if (!verdict.refunded) {
    await tx
      .update(refunds)
      .set({
        state: 'failed',
        failure: (verdict.failure ?? 'failed').slice(0, 500),
        providerRef: verdict.providerRef,
        settledAt: now(),
        settledBy: verdict.by,
      })
      .where(eq(refunds.id, id));
    return { id, state: 'failed', creditNote: null };
  }
  await tx.update(refunds).set({ settledBy: verdict.by }).where(eq(refunds.id, id));
  const creditNote = await completePendingRefund(tx, invoice, refund, verdict.providerRef, now);
  if (messaging) await tellRefunded(tx, messaging, creditNote.id);
  return { id, state: 'refunded', creditNote };
}

/** A refund settled without a member (the provider's answer to a retry's query, or the schedule): audited as the provider's. */
async function settleAsProvider(
  tx: TenantTx,
  id: string,
  verdict: Verdict,
  provider: string,
  now: () => Date,
  messaging?: MessagingConfig,
) {
  const outcome = await settle(tx, id, verdict, now, messaging);
  if (verdict.by === 'query')
    await recordAudit(tx, {
      actorId: null,
      actorName: provider,
      action: 'refundSettled',
      targetId: id,
      details: { state: outcome.state, providerRef: verdict.providerRef, creditNote: outcome.creditNote?.invoiceNumber ?? null },
      address: null,
      at: now(),
    });
  return outcome;
}

const refundDescription = (invoiceNumber: number, reason: string) => `Refund of invoice ${invoiceNumber}: ${reason}`;

/**
 * POST /api/refunds/{id}/retry: the provider is asked what became of the refund; refunded → settled
 * with its credit note; refused, or no refund of its cart → asked to refund again, and settled by
 * that answer (refused: 502 `refund.declined`); no answer → still pending (502 `refund.query_failed`
 * or `refund.unconfirmed`).
 */
export async function retryRefund(
  run: TenantRunner,
  provider: PaymentProvider,
  now: () => Date,
  id: string,
  log: { warn(obj: object, msg: string): void },
  messaging?: MessagingConfig,
): Promise<RefundOutcome> {
  const [row] = await run((tx) => pendingRows(tx, id));
  if (!row) {
    const [any] = await run((tx) => tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, id)));
    throw any ? conflict('refund.not_pending') : notFound('refund.not_found');
  }
  const { refund, tranRef } = row;
  if (refund.method !== 'Card' || refund.provider !== provider.name || !tranRef) throw conflict('refund.provider_unavailable');
  const note = (status: string) =>
    run((tx) =>
      tx
        .update(refunds)
        .set({ providerStatus: status, checks: sql`${refunds.checks} + 1` })
        .where(eq(refunds.id, id)),
    );

  let known: RefundResult | null;
  try {
    known = await provider.queryRefund({ tranRef, cartId: id });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.warn({ refundId: id, err: err.message }, 'the provider could not be asked about a pending refund');
    await note('unavailable');
    throw new HttpError(502, 'refund.query_failed');
  }
  if (known?.status === 'A')
    return run((tx) =>
      settleAsProvider(
        tx,
        id,
        { refunded: true, providerRef: known.tranRef || null, failure: null, by: 'query' },
        provider.name,
        now,
        messaging,
      ),
    );

  // The provider has no refund of this cart that went through: asking again cannot refund twice.
  let result: RefundResult;
  try {
    result = await provider.refund({
      tranRef,
      cartId: id,
      amountHalalas: refund.amountHalalas,
      description: refundDescription(row.invoiceNumber, refund.reason),
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.warn({ refundId: id, err: err.message }, 'the provider gave no verdict on a retried refund: left pending');
    await note('unavailable');
    throw new HttpError(502, 'refund.unconfirmed');
  }
  if (result.status === 'A')
    return run((tx) =>
      settleAsProvider(
        tx,
        id,
        { refunded: true, providerRef: result.tranRef || null, failure: null, by: 'provider' },
        provider.name,
        now,
        messaging,
      ),
    );
  await run((tx) =>
    settle(tx, id, { refunded: false, providerRef: result.tranRef || null, failure: result.message || result.status, by: 'provider' }, now),
  );
  throw new HttpError(502, 'refund.declined', undefined, { reason: result.message || result.status });
}

/** POST /api/refunds/{id}/settle: a member marks it after checking the provider's dashboard (audited by the route). */
export function markRefundSettled(tx: TenantTx, id: string, body: SettleRefundBody, now: () => Date, messaging?: MessagingConfig) {
  const refunded = body.outcome === 'refunded';
  return settle(
    tx,
    id,
    {
      refunded,
      providerRef: body.providerRef?.trim() || null,
      failure: refunded ? null : 'Marked not refunded after checking the provider',
      by: 'member',
    },
    now,
    messaging,
  );
}

// ── The schedule ────────────────────────────────────────────────────────────

export interface RefundCheckDeps {
  data: DataAccess;
  payments: PaymentProvider;
  clock: Clock;
  /** With it, a refund the provider confirms is told to the parents (messages/payments.ts `tellRefunded`). */
  messaging?: MessagingConfig;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * One academy's pending card refunds due for a query, claimed: each one's next query moved to after
 * its delay (doubling), so no other run or process asks about it meanwhile.
 */
async function claimDue(tx: TenantTx, now: Date) {
  return rowsOf<{ id: string }>(
    await tx.execute(sql`
      update refunds set checks = checks + 1, next_check_at = ${nextCheck(now, sql`checks`)}
      where state = 'pending' and method = 'Card'
        and (next_check_at <= ${now.toISOString()}::timestamptz
          or (next_check_at is null and created_at <= ${new Date(now.getTime() - FIRST_CHECK_S * 1000).toISOString()}::timestamptz))
      returning id`),
  ).map((r) => r.id);
}

/** The next check of a claimed refund: after its delay, doubling with each check (`checks` before this one), up to MAX_CHECK_S. */
const nextCheck = (now: Date, checks: SQL) =>
  sql`${now.toISOString()}::timestamptz + make_interval(secs => least(${MAX_CHECK_S}, 60 * power(2, least(${checks}, 20))))`;

/**
 * One academy's automatic refunds of unapplied charges (unapplied.ts `refundUnapplied`) left
 * pending and due, claimed as `claimDue` claims card refunds (its "asked" time is the attempt's last update).
 */
async function claimDueUnapplied(tx: TenantTx, now: Date) {
  return tx
    .update(paymentAttempts)
    .set({
      refundChecks: sql`${paymentAttempts.refundChecks} + 1`,
      refundNextCheckAt: nextCheck(now, sql`${paymentAttempts.refundChecks}`),
    })
    .where(
      and(
        eq(paymentAttempts.refundState, 'pending'),
        or(
          lte(paymentAttempts.refundNextCheckAt, now),
          and(isNull(paymentAttempts.refundNextCheckAt), lte(paymentAttempts.updatedAt, new Date(now.getTime() - FIRST_CHECK_S * 1000))),
        ),
      ),
    )
    .returning();
}

/**
 * Settles an unapplied charge's pending refund with the provider: its verdict on the refund of that cart
 * (the attempt's id) is final; when the provider has none, nothing went back and nothing was sold, so
 * the refund is asked again (the query proves it cannot be twice). No answer: still pending, asked
 * again later. Answers whether it became final.
 */
async function checkUnapplied(run: TenantRunner, provider: PaymentProvider, attempt: typeof paymentAttempts.$inferSelect, now: Date) {
  const mark = (set: Partial<typeof paymentAttempts.$inferInsert>) =>
    run((tx) =>
      tx
        .update(paymentAttempts)
        .set({ ...set, updatedAt: now })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.refundState, 'pending'))),
    );
  if (attempt.provider !== provider.name) {
    await mark({ refundProviderStatus: 'unavailable' });
    return false;
  }
  let verdict: RefundResult | null;
  try {
    verdict = await provider.queryRefund({ tranRef: attempt.providerRef, cartId: attempt.id });
    verdict ??= await provider.refund({
      tranRef: attempt.providerRef,
      cartId: attempt.id,
      amountHalalas: attempt.amountHalalas,
      description: `Refund of a charge not applied to subscription ${attempt.subscriptionId}`,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    await mark({ refundProviderStatus: 'unavailable' });
    return false;
  }
  const refunded = verdict.status === 'A';
  await mark({
    refundState: refunded ? 'refunded' : 'failed',
    refundRef: verdict.tranRef || null,
    refundFailure: refunded ? null : (verdict.message || verdict.status).slice(0, 500),
    refundedAt: refunded ? now : null,
    refundProviderStatus: verdict.status,
  });
  return true;
}

/**
 * Asks the provider about every pending card refund that is due, credit notes' and unapplied charges',
 * in every academy with one (`refunds_due`, migrations 0037 and 0040), and settles those it has a
 * verdict on. Answers how many settled.
 */
export async function checkPendingRefunds(deps: RefundCheckDeps, log: Logger): Promise<number> {
  const now = deps.clock.now();
  const academies = rowsOf<{ id: string }>(
    await deps.data.system((tx) => tx.execute(sql`select refunds_due(${now.toISOString()}::timestamptz, ${ACADEMIES_PER_RUN}) as id`)),
  ).map((r) => r.id);
  const clock = () => deps.clock.now();
  let settled = 0;
  for (const academyId of academies) {
    const run: TenantRunner = (work) => deps.data.tenant(academyId, work);
    try {
      for (const attempt of await run((tx) => claimDueUnapplied(tx, now))) {
        if (await checkUnapplied(run, deps.payments, attempt, now)) settled++;
      }
      const due = await run((tx) => claimDue(tx, now));
      for (const id of due) {
        const [row] = await run((tx) => pendingRows(tx, id));
        if (!row) continue;
        const note = (status: string) => run((tx) => tx.update(refunds).set({ providerStatus: status }).where(eq(refunds.id, id)));
        if (row.refund.provider !== deps.payments.name || !row.tranRef) {
          await note('unavailable');
          continue;
        }
        let known: RefundResult | null;
        try {
          known = await deps.payments.queryRefund({ tranRef: row.tranRef, cartId: id });
        } catch (err) {
          if (!(err instanceof PaymentProviderError)) throw err;
          log.warn({ academyId, refundId: id, err: err.message }, 'a pending refund could not be checked; asked again later');
          await note('unavailable');
          continue;
        }
        if (!known) {
          // The provider never made it: it stays pending, in the bell, for a member to retry.
          await note('not_found');
          continue;
        }
        const verdict: Verdict =
          known.status === 'A'
            ? { refunded: true, providerRef: known.tranRef || null, failure: null, by: 'query' }
            : { refunded: false, providerRef: known.tranRef || null, failure: known.message || known.status, by: 'query' };
        try {
          await run((tx) => settleAsProvider(tx, id, verdict, deps.payments.name, clock, deps.messaging));
          settled++;
        } catch (err) {
          if (!(err instanceof HttpError && err.statusCode === 409)) throw err;
        }
      }
    } catch (err) {
      log.error({ err, academyId }, 'checking pending refunds failed; the next run tries again');
    }
  }
  if (settled > 0) log.info({ settled }, 'pending refunds settled by the provider');
  return settled;
}

/** The schedule of main.ts: every minute (and once at start); never two runs at once in a process, several processes safe by the claim. */
export function startRefundChecks(deps: RefundCheckDeps, log: Logger, everyMs = REFUND_CHECKS_EVERY_MS) {
  return everyInterval(
    () => checkPendingRefunds(deps, log),
    everyMs,
    (err) => log.error({ err }, 'checking pending refunds failed; the next run tries again'),
  );
}

export type { Refund };
