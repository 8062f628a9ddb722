import { addMonthsIso, type InstalmentGrant, instalmentAmounts, instalmentDueOn, instalmentMonth } from '@kora/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { instalmentPlans, subscriptionReminders, subscriptions } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { conflict } from '../../http/errors.js';
import type { Price } from '../collections/prices.js';
import { type Activation, lockForPayment, recordPayment } from './activate.js';

/**
 * Instalments (docs/domain.md, "Instalments"): the plan a paid first instalment starts, and each later
 * instalment applied to it — its payment, its invoice ("instalment k of N", the month it pays for) and,
 * granted month by month, one more month. The renewal job (collections/runner.ts) charges them.
 */

type Plan = typeof instalmentPlans.$inferSelect;

/** The key of instalment `k`'s charge and attempt (renewal_charges.period_key, payment_attempts.extends_from). */
export const instalmentKey = (k: number) => `inst:${k}`;
/** The instalment a key names, or null for any other key. */
export const instalmentOfKey = (key: string | null) => (key?.startsWith('inst:') ? Number(key.slice(5)) : null);

/** The whole period's price a plan splits. */
export const planPrice = (p: Plan): Price => ({
  listHalalas: p.totalHalalas + p.allowanceHalalas,
  allowanceHalalas: p.allowanceHalalas,
  totalHalalas: p.totalHalalas,
  sibling: p.allowancePercent === null ? null : { position: 0, percent: p.allowancePercent },
});

/** The plan of a subscription whose first instalment was just paid (activatePaid), from its first day; once per subscription. */
export async function startPlan(
  tx: TenantTx,
  s: { id: string; startDate: string | null },
  plan: { count: number; grant: InstalmentGrant; price: Price },
  now: Date,
) {
  const startsOn = s.startDate;
  if (!startsOn) return;
  const [first, each] = instalmentAmounts(plan.price.totalHalalas, plan.count);
  await tx
    .insert(instalmentPlans)
    .values({
      academyId: tx.academyId,
      subscriptionId: s.id,
      count: plan.count,
      paidCount: 1,
      grant: plan.grant,
      totalHalalas: plan.price.totalHalalas,
      allowanceHalalas: plan.price.allowanceHalalas,
      allowancePercent: plan.price.sibling?.percent ?? null,
      firstHalalas: first,
      instalmentHalalas: each,
      startsOn,
      nextDueOn: instalmentDueOn(startsOn, 2),
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Applies instalment `k` of a subscription's plan: only the next one of a running subscription (another
 * is a 409, so its charge is refunded, never applied twice). Granted as paid, the end date moves to the
 * end of the month it pays; granted whole, no date changes. A provider reference already recorded is
 * not repeated.
 */
export async function payInstalment(tx: TenantTx, subscriptionId: string, k: number, a: Activation & { price: Price }) {
  const { sub, pkg, done } = await lockForPayment(tx, subscriptionId, a.providerRef);
  if (done) return { subscription: sub, payment: done, invoice: null, repeated: true as const };
  const [plan] = await tx.select().from(instalmentPlans).where(eq(instalmentPlans.subscriptionId, sub.id)).for('update');
  if (!plan || plan.paidCount !== k - 1 || k > plan.count || (sub.status !== 'ACTIVE' && sub.status !== 'TRIAL'))
    throw conflict('subscription.state_conflict', { status: sub.status });
  const month = instalmentMonth(plan.startsOn, k);
  await tx
    .update(instalmentPlans)
    .set({ paidCount: k, nextDueOn: k < plan.count ? instalmentDueOn(plan.startsOn, k + 1) : null })
    .where(eq(instalmentPlans.subscriptionId, sub.id));
  let subscription = sub;
  if (plan.grant === 'as_paid') {
    [subscription] = await tx
      .update(subscriptions)
      .set({ endDate: addMonthsIso(plan.startsOn, k), updatedAt: a.now })
      .where(eq(subscriptions.id, sub.id))
      .returning();
    // A new month: its own "ending soon" reminder.
    await tx
      .delete(subscriptionReminders)
      .where(and(eq(subscriptionReminders.subscriptionId, sub.id), inArray(subscriptionReminders.stage, ['ending_soon'])));
  }
  const instalment = { number: k, count: plan.count, grant: plan.grant };
  const { payment, invoice } = await recordPayment(tx, sub, pkg, { ...a, instalment }, { ...month, sessions: null });
  return { subscription, payment, invoice, repeated: false as const };
}
