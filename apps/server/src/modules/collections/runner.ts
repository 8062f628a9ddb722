import { addDaysIso, type PaymentLang, riyadhToday } from '@kora/contracts';
import { and, desc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../db/client.js';
import {
  academies,
  autoRenewals,
  instalmentPlans,
  packages,
  renewalCharges,
  renewalTries,
  savedCards,
  subscriptions,
  users,
} from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { everyInterval } from '../../lib/schedule.js';
import type { AcademyRow } from '../academies/lookup.js';
import { messagingOf } from '../messages/enqueue.js';
import { tellPaymentFailed } from '../messages/payments.js';
import { type AttemptStart, attemptByRef, recordAttempt, termsOf } from '../payments/attempts.js';
import { isPaid, PaymentProviderError, type PaymentResult } from '../payments/providers/provider.js';
import { subscriptionToPay } from '../payments/service.js';
import { settlePayment } from '../payments/settlement.js';
import { periodKey, refreshSubscriptionStates } from '../subscriptions/activate.js';
import { instalmentKey, instalmentOfKey, planPrice } from '../subscriptions/instalments.js';
import { attemptPrice, instalmentPrice, priceOf } from './prices.js';
import { scheduleOf } from './settings.js';

/**
 * Automatic renewals and their retries (docs/domain.md, "Automatic renewals and retries").
 *
 * On a subscription's renewal date (its period's last day) a charge row is opened — unique per
 * subscription and period, so whatever the number of runners or restarts there is one. A runner
 * claims it (one conditional update: only one wins), checks the subscription still needs it (not
 * paid another way, not cancelled, its card still saved), writes a try row whose id is the
 * provider's `cart_id`, and only then asks the provider for a merchant-initiated charge. A try whose
 * answer never arrived (a crash, a timeout) is asked about by its `cart_id` before anything is
 * charged again. A paid try goes through the payment page's own path (payments/settlement.ts): the
 * period extended, the invoice and e-invoice issued, the receipt sent. A refused try tells the
 * parents (with the renewal page to pay another way or save another card) and is retried on the
 * academy's schedule; after the last, the subscription keeps its grace days, then ends, and the bell
 * tells the staff.
 */

/** A claim older than this was left by a runner that stopped: another runner takes it over. */
export const STALE_CLAIM_MS = 5 * 60_000;

type Logger = FastifyBaseLogger;
export type Outcome = 'paid' | 'retry' | 'failed' | 'stopped' | 'unknown' | 'skipped';

export interface RunSummary {
  opened: number;
  /** Each charge taken this run: its subscription and what became of it. */
  results: { subscriptionId: string; outcome: Outcome }[];
  outcomes: Outcome[];
}

/** Opens the charges due today (and missed days within the grace) for subscriptions renewing themselves. */
async function openDueCharges(deps: AppDeps, academyId: string, now: Date) {
  const today = riyadhToday(now);
  return deps.data.tenant(academyId, async (tx) => {
    await refreshSubscriptionStates(tx, now);
    const { retryDays } = await scheduleOf(tx);
    const inserted = await tx.execute(sql`
      insert into renewal_charges (academy_id, subscription_id, period_key, due_on, next_try_on, created_at, updated_at)
      select s.academy_id, s.id, 'end:' || to_char(s.end_date, 'YYYY-MM-DD'), s.end_date, s.end_date + ${retryDays[0] ?? 0}::int,
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from subscriptions s
        join packages p on p.id = s.package_id
        join auto_renewals ar on ar.academy_id = s.academy_id and ar.subscription_id = s.id
        join saved_cards c on c.academy_id = ar.academy_id and c.id = ar.saved_card_id
      where s.status in ('ACTIVE', 'TRIAL') and p.auto_renew and p.package_type = 'TIME_BASED'
        and s.end_date is not null and s.end_date <= ${today}::date and c.unusable_reason is null
        -- While instalments are left, the plan is collected, not the period renewed (docs/domain.md, "Instalments").
        and not exists (select 1 from instalment_plans ip where ip.academy_id = s.academy_id and ip.subscription_id = s.id
                          and ip.next_due_on is not null)
      on conflict (academy_id, subscription_id, period_key) do nothing
      returning id`);
    // The next instalment of each plan whose day has come, with the saved card its first was paid with.
    const instalments = await tx.execute(sql`
      insert into renewal_charges (academy_id, subscription_id, period_key, due_on, next_try_on, created_at, updated_at)
      select ip.academy_id, ip.subscription_id, 'inst:' || (ip.paid_count + 1), ip.next_due_on, ip.next_due_on + ${retryDays[0] ?? 0}::int,
        ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from instalment_plans ip
        join subscriptions s on s.academy_id = ip.academy_id and s.id = ip.subscription_id
        join auto_renewals ar on ar.academy_id = s.academy_id and ar.subscription_id = s.id
        join saved_cards c on c.academy_id = ar.academy_id and c.id = ar.saved_card_id
      where s.status in ('ACTIVE', 'TRIAL') and ip.next_due_on <= ${today}::date and c.unusable_reason is null
      on conflict (academy_id, subscription_id, period_key) do nothing
      returning id`);
    return rowsOf<{ id: string }>(inserted).length + rowsOf<{ id: string }>(instalments).length;
  });
}

/** The charges a runner may take now: due today or before, or claimed by a runner that stopped. */
const claimable = (today: string, now: Date) =>
  or(
    and(eq(renewalCharges.state, 'due'), lte(renewalCharges.nextTryOn, today)),
    and(eq(renewalCharges.state, 'charging'), lt(renewalCharges.claimedAt, new Date(now.getTime() - STALE_CLAIM_MS))),
  );

/** Claims a charge (only one runner's update matches) and marks it charging. */
export async function claimCharge(deps: AppDeps, academyId: string, chargeId: string, now: Date) {
  const [claimed] = await deps.data.tenant(academyId, (tx) =>
    tx
      .update(renewalCharges)
      .set({ state: 'charging', claimedAt: now, updatedAt: now })
      .where(and(eq(renewalCharges.id, chargeId), claimable(riyadhToday(now), now)))
      .returning(),
  );
  return claimed ?? null;
}

type Charge = typeof renewalCharges.$inferSelect;

/** Ends a charge with a final state (and why). */
const settleCharge = (deps: AppDeps, academyId: string, id: string, state: 'paid' | 'failed' | 'stopped', message: string, now: Date) =>
  deps.data.tenant(academyId, (tx) =>
    tx
      .update(renewalCharges)
      .set({ state, lastMessage: message.slice(0, 200), nextTryOn: null, updatedAt: now })
      .where(eq(renewalCharges.id, id)),
  );

/** What a claimed charge pays and with which card, and the try to make (a new one, or the one left unanswered). */
async function prepare(deps: AppDeps, academy: AcademyRow, charge: Charge, now: Date) {
  return deps.data.tenant(academy.id, async (tx) => {
    const [row] = await tx
      .select({ s: subscriptions, card: savedCards })
      .from(subscriptions)
      .leftJoin(autoRenewals, and(eq(autoRenewals.academyId, subscriptions.academyId), eq(autoRenewals.subscriptionId, subscriptions.id)))
      .leftJoin(savedCards, and(eq(savedCards.academyId, autoRenewals.academyId), eq(savedCards.id, autoRenewals.savedCardId)))
      .where(eq(subscriptions.id, charge.subscriptionId));
    if (!row || (row.s.status !== 'ACTIVE' && row.s.status !== 'TRIAL'))
      return { stop: `subscription ${row?.s.status ?? 'gone'}` } as const;
    const k = instalmentOfKey(charge.periodKey);
    // Renewed meanwhile (the parent paid on the renewal page): this period needs no charge.
    if (k === null && periodKey(row.s) !== charge.periodKey) return { stop: 'paid another way' } as const;
    if (!row.card) return { stop: 'card removed' } as const;
    if (row.card.unusableReason) return { stop: `card ${row.card.unusableReason}` } as const;
    const due = k === null ? await renewalDue(tx, academy, row.s.id, now) : await instalmentDue(tx, academy, row.s, k);
    if ('stop' in due) return { stop: due.stop } as const;
    const { amountHalalas } = due;
    const [open] = await tx
      .select()
      .from(renewalTries)
      .where(and(eq(renewalTries.chargeId, charge.id), isNull(renewalTries.status)))
      .orderBy(desc(renewalTries.tryNo))
      .limit(1);
    let attempt = open;
    if (!attempt) {
      [attempt] = await tx
        .insert(renewalTries)
        .values({ academyId: tx.academyId, chargeId: charge.id, tryNo: charge.tries + 1, createdAt: now })
        .returning();
      await tx
        .update(renewalCharges)
        .set({ tries: charge.tries + 1, amountHalalas, updatedAt: now })
        .where(eq(renewalCharges.id, charge.id));
    }
    const lang: PaymentLang = row.card.consentLang;
    return {
      stop: null,
      attempt,
      resumed: Boolean(open),
      tries: open ? charge.tries : charge.tries + 1,
      card: row.card,
      lang,
      amountHalalas,
      description: due.description,
      attemptStart: { ...due.attemptStart, provider: deps.payments.name, lang },
    } as const;
  });
}

/** What a charge asks, what the provider's description says, and the attempt it is recorded as once paid. */
interface Due {
  amountHalalas: number;
  description: string;
  attemptStart: Omit<AttemptStart, 'provider' | 'providerRef' | 'lang'>;
}

/**
 * A renewal's charge: the renewal page's own price and terms (payments/service.ts), so an automatic
 * renewal charges what the page would — the sibling price too, for the family as it stands on the
 * day of the try (prices.ts).
 */
async function renewalDue(tx: TenantTx, academy: AcademyRow, subscriptionId: string, now: Date): Promise<Due | { stop: string }> {
  let toPay: Awaited<ReturnType<typeof subscriptionToPay>>;
  try {
    toPay = await subscriptionToPay(tx, academy, subscriptionId, now, true);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) return { stop: err.code ?? 'refused' };
    throw err;
  }
  if (!toPay.pkg.autoRenew) return { stop: 'package does not renew itself' };
  const price = await priceOf(tx, toPay.player.id, toPay.pkg);
  return {
    amountHalalas: price.totalHalalas,
    description: `${academy.name} — ${toPay.pkg.name} — ${toPay.player.name}`,
    attemptStart: {
      subscriptionId: toPay.subscription.id,
      retrySubscriptionId: toPay.subscription.id,
      retryPage: 'renew' as const,
      ...attemptPrice(price),
      extendsFrom: toPay.extendsFrom,
      terms: termsOf(toPay.subscription, toPay.pkg),
    },
  };
}

/**
 * Instalment `k`'s charge (docs/domain.md, "Instalments"): the plan's next one only, at the plan's price
 * (what the parent agreed to at the first), whatever the package's price or the family now.
 */
async function instalmentDue(
  tx: TenantTx,
  academy: AcademyRow,
  s: typeof subscriptions.$inferSelect,
  k: number,
): Promise<Due | { stop: string }> {
  const [row] = await tx
    .select({ plan: instalmentPlans, pkg: packages, player: users })
    .from(instalmentPlans)
    .innerJoin(packages, eq(packages.id, s.packageId))
    .innerJoin(users, eq(users.id, s.playerId))
    .where(eq(instalmentPlans.subscriptionId, s.id));
  if (!row || row.plan.paidCount !== k - 1) return { stop: 'paid another way' };
  const period = planPrice(row.plan);
  return {
    amountHalalas: instalmentPrice(period, row.plan.count, k).totalHalalas,
    description: `${academy.name} — ${row.pkg.name} — ${row.player.name} — ${k}/${row.plan.count}`,
    attemptStart: {
      subscriptionId: s.id,
      retrySubscriptionId: s.id,
      retryPage: 'renew' as const,
      ...attemptPrice(period),
      extendsFrom: instalmentKey(k),
      terms: termsOf(s, row.pkg),
      instalmentCount: row.plan.count,
      instalmentGrant: row.plan.grant,
    },
  };
}

/** Takes one due charge through one try. */
export async function chargeOne(deps: AppDeps, academy: AcademyRow, chargeId: string, log: Logger): Promise<Outcome> {
  const now = deps.clock.now();
  const charge = await claimCharge(deps, academy.id, chargeId, now);
  if (!charge) return 'skipped';
  const ready = await prepare(deps, academy, charge, now);
  if (ready.stop !== null) {
    await settleCharge(deps, academy.id, charge.id, 'stopped', ready.stop, now);
    log.info({ chargeId, reason: ready.stop }, 'automatic renewal stopped');
    return 'stopped';
  }
  const cartId = ready.attempt.id;
  let result: PaymentResult | null;
  try {
    // A try left unanswered may have been charged: the provider is asked first, and charged only when it has none.
    result = ready.resumed ? await deps.payments.queryCart(cartId) : null;
    result ??= await deps.payments.chargeToken({
      cartId,
      amountHalalas: ready.amountHalalas,
      description: ready.description,
      token: ready.card.token,
      firstTranRef: ready.card.firstTranRef,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    // No verdict: the claim stays and ages; the next runner after STALE_CLAIM_MS asks the provider about this cart.
    log.warn({ chargeId, cartId, err: err.message }, 'automatic renewal charge got no answer; it is asked about later');
    return 'unknown';
  }
  return applyResult(deps, academy, charge, ready, result, log);
}

type Ready = Exclude<Awaited<ReturnType<typeof prepare>>, { stop: string }>;

async function applyResult(deps: AppDeps, academy: AcademyRow, charge: Charge, ready: Ready, result: PaymentResult, log: Logger) {
  const now = deps.clock.now();
  const subscriptionId = ready.attemptStart.subscriptionId;
  await deps.data.tenant(academy.id, (tx) =>
    tx
      .update(renewalTries)
      .set({ tranRef: result.tranRef || null, status: result.status.slice(0, 8), message: result.message.slice(0, 200), answeredAt: now })
      .where(eq(renewalTries.id, ready.attempt.id)),
  );
  if (isPaid(result)) {
    // Recorded as the payment page records its own (the renewal it extends, its terms), then applied by the same code.
    await deps.data.tenant(academy.id, async (tx) => {
      if (!(await attemptByRef(tx, result.tranRef))) await recordAttempt(tx, { ...ready.attemptStart, providerRef: result.tranRef }, now);
    });
    const settled = await settlePayment(deps, { ...result, cartId: subscriptionId }, { confirmed: true, lang: ready.lang, log });
    if (settled.state === 'paid') {
      await settleCharge(deps, academy.id, charge.id, 'paid', result.message || 'Authorised', now);
      return 'paid';
    }
    // Charged but not applicable (renewed another way meanwhile): settlement refunded it.
    await settleCharge(
      deps,
      academy.id,
      charge.id,
      'stopped',
      `charged, not applied: ${settled.state === 'not_paid' ? settled.reason : 'unknown'}`,
      now,
    );
    return 'stopped';
  }
  const unusable = result.needsPayer ? 'authentication' : result.status === 'X' ? 'expired' : null;
  const { retryDays } = await deps.data.tenant(academy.id, (tx) => scheduleOf(tx));
  const retryOn = !unusable && ready.tries < retryDays.length ? addDaysIso(charge.dueOn, retryDays[ready.tries]) : null;
  await deps.data.tenant(academy.id, async (tx) => {
    if (unusable) await tx.update(savedCards).set({ unusableReason: unusable }).where(eq(savedCards.id, ready.card.id));
    await tx
      .update(renewalCharges)
      .set({
        state: retryOn ? 'due' : 'failed',
        nextTryOn: retryOn,
        lastStatus: result.status.slice(0, 8),
        lastMessage: result.message.slice(0, 200),
        updatedAt: now,
      })
      .where(eq(renewalCharges.id, charge.id));
    // The parents hear of each refusal, with the renewal page to pay another way (or save another card).
    await tellPaymentFailed(tx, messagingOf(deps.config), {
      subscriptionId,
      tranRef: result.tranRef || ready.attempt.id,
      amountHalalas: ready.amountHalalas,
    });
  });
  log.info({ chargeId: charge.id, status: result.status, retryOn, unusable }, 'automatic renewal charge refused');
  return retryOn ? 'retry' : 'failed';
}

/** One academy's run: opens the charges due, then takes each claimable one through a try. */
export async function runRenewals(deps: AppDeps, academy: AcademyRow, log: Logger): Promise<RunSummary> {
  const now = deps.clock.now();
  const opened = await openDueCharges(deps, academy.id, now);
  const due = await deps.data.tenant(academy.id, (tx) =>
    tx
      .select({ id: renewalCharges.id, subscriptionId: renewalCharges.subscriptionId })
      .from(renewalCharges)
      .where(claimable(riyadhToday(now), now)),
  );
  const results: RunSummary['results'] = [];
  for (const { id, subscriptionId } of due) results.push({ subscriptionId, outcome: await chargeOne(deps, academy, id, log) });
  return { opened, results, outcomes: results.map((r) => r.outcome) };
}

/** Every academy with online payments, each on its own; one academy's failure does not stop the others. */
export async function runAllRenewals(deps: AppDeps, log: Logger) {
  const rows = await deps.data.system((tx) => tx.select().from(academies).where(eq(academies.enableOnlinePayments, true)));
  const all: Outcome[] = [];
  for (const academy of rows) {
    try {
      all.push(...(await runRenewals(deps, academy, log)).outcomes);
    } catch (err) {
      log.error({ err, academyId: academy.id }, 'automatic renewals failed; the next run tries again');
    }
  }
  if (all.length > 0) log.info({ tries: all.length, paid: all.filter((o) => o === 'paid').length }, 'automatic renewals run');
  return all;
}

/**
 * The server's renewal job (main.ts): once at start, then every COLLECTIONS_EVERY_MINUTES, reading
 * the time from the deps' clock (CLOCK_OFFSET_DAYS moves it outside production). Several processes
 * are safe: every charge is claimed in the database.
 */
export function startRenewals(deps: AppDeps & { clock: Clock }, log: Logger, everyMs = deps.config.collectionsEveryMs) {
  return everyInterval(
    () => runAllRenewals(deps, log),
    everyMs,
    (err) => log.error({ err }, 'automatic renewals failed; the next run tries again'),
  );
}
