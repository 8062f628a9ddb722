import {
  halalasToSar,
  type PaymentDetails,
  type PaymentLang,
  type PaymentOutcome,
  type PaymentResultReply,
  riyadhToday,
  type SubscriptionStatus,
} from '@kora/contracts';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { academies, invoices, packages, parentPlayers, paymentAttempts, payments, subscriptions, users } from '../../db/schema.js';
import type { DataAccess, TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import { academyUrl, elsewhere, type HostInfo } from '../../http/host.js';
import { arabicOr, countIn, packageAr, SESSIONS_AR, SESSIONS_EN } from '../../lib/arabic.js';
import type { AcademyRow } from '../academies/lookup.js';
import { toPublicPackage } from '../packages/mapper.js';
import { activatePaid, extendSubscription, periodKey, refreshSubscriptionStates } from '../subscriptions/activate.js';
import { pendingSubscriptionValues } from '../subscriptions/lifecycle.js';
import { subscriptionCore } from '../subscriptions/shape.js';
import { isPaid, PaymentProviderError, type PaymentResult } from './providers/provider.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The academy of a subscription id, through the one narrow door migration 0009 opens
 * (`subscription_academy(id)`, which reveals only that): public pages and the provider's callback
 * know nothing else. Null for an unknown id.
 */
export async function academyOfSubscription(data: DataAccess, subscriptionId: string): Promise<AcademyRow | null> {
  if (!UUID.test(subscriptionId)) return null;
  const [row] = await data.system((tx) =>
    tx.select().from(academies).where(sql`${academies.id} = subscription_academy(${subscriptionId}::uuid)`),
  );
  return row ?? null;
}

/**
 * The academy of a public payment request. By design a subscription id is enough (the link parents
 * get), but a request made on another academy's subdomain finds nothing: 404, as for a member.
 */
export async function academyForRequest(deps: AppDeps, subscriptionId: string, site: HostInfo) {
  const academy = await academyOfSubscription(deps.data, subscriptionId);
  if (!academy || elsewhere(site, academy.handle)) throw notFound('subscription.not_found');
  return academy;
}

async function subscriptionWithPackage(tx: TenantTx, id: string, lock: boolean) {
  const query = tx
    .select({ s: subscriptions, p: packages, player: users })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .innerJoin(users, eq(users.id, subscriptions.playerId))
    .where(eq(subscriptions.id, id));
  const [row] = await (lock ? query.for('update', { of: subscriptions }) : query);
  if (!row) throw notFound('subscription.not_found');
  return row;
}

const parentsOf = (tx: TenantTx, playerId: string) =>
  tx
    .select({ name: users.name, nameArabic: users.nameArabic, email: users.email, phone: users.phoneNumber })
    .from(parentPlayers)
    .innerJoin(users, eq(users.id, parentPlayers.parentId))
    .where(eq(parentPlayers.playerId, playerId))
    .orderBy(asc(parentPlayers.createdAt), asc(users.name));

/** What the public payment page shows; statuses whose dates passed are moved first (an ended one reads INACTIVE, renewable). */
export async function paymentDetails(tx: TenantTx, academy: AcademyRow, id: string, now: Date): Promise<PaymentDetails> {
  await refreshSubscriptionStates(tx, now);
  const { s, p, player } = await subscriptionWithPackage(tx, id, false);
  const parents = await parentsOf(tx, player.id);
  return {
    user: { id: player.id, name: player.name, nameArabic: player.nameArabic },
    package: toPublicPackage(p),
    subscription: subscriptionCore(s),
    parents: parents.map((x) => ({ name: x.name, nameArabic: x.nameArabic })),
    academy: {
      name: academy.name,
      nameArabic: academy.nameArabic,
      logo: academy.logo,
      handle: academy.handle,
      enableOnlinePayments: academy.enableOnlinePayments,
      vatNumber: academy.vatNumber,
    },
  };
}

/** Statuses of a subscription running: a renewal of an ended one pays none of them. */
const RUNNING: SubscriptionStatus[] = ['ACTIVE', 'TRIAL', 'PAUSED'];
/** Statuses a payment extends (renewing before the end); a PAUSED one is resumed first. */
const EXTENDABLE: SubscriptionStatus[] = ['ACTIVE', 'TRIAL'];

/**
 * The subscription a payment started from `id` pays, with what the provider's page needs: `id`
 * itself while PENDING; from the renewal page (`renew`) while ACTIVE or TRIAL, `id` extended
 * (renewing before the end, with the period it extends); for an INACTIVE (ended, renewable) one,
 * the player's running subscription extended (`renew`), or their PENDING one, created now of the same package when there is none. Any other
 * status (PAUSED, CANCELLED) is 409 `payment.not_pending`.
 */
export async function subscriptionToPay(tx: TenantTx, academy: AcademyRow, id: string, now: Date, renew = false) {
  if (!academy.enableOnlinePayments) throw conflict('payment.online_disabled');
  await refreshSubscriptionStates(tx, now);
  const row = await subscriptionWithPackage(tx, id, true);
  let target = row.s;
  if (row.s.status === 'INACTIVE') {
    // The player's row is locked so two renewals at once create one subscription, not two.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.s.playerId)).for('update');
    const open = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.playerId, row.s.playerId), inArray(subscriptions.status, ['PENDING', ...RUNNING])))
      .orderBy(desc(subscriptions.createdAt));
    const running = open.find((s) => RUNNING.includes(s.status));
    const pending = open.find((s) => s.status === 'PENDING');
    if (running && !(renew && EXTENDABLE.includes(running.status))) throw conflict('payment.not_pending', { status: running.status });
    if (running) target = running;
    else if (pending) target = pending;
    else {
      [target] = await tx
        .insert(subscriptions)
        .values({
          academyId: tx.academyId,
          playerId: row.s.playerId,
          ...pendingSubscriptionValues(row.p, riyadhToday(now)),
          updatedAt: now,
        })
        .returning();
    }
  } else if (row.s.status !== 'PENDING' && !(renew && EXTENDABLE.includes(row.s.status))) {
    throw conflict('payment.not_pending', { status: row.s.status });
  }
  const extendsFrom = EXTENDABLE.includes(target.status) ? periodKey(target) : null;
  const [pkg] = target.packageId === row.p.id ? [row.p] : await tx.select().from(packages).where(eq(packages.id, target.packageId));
  const parents = await parentsOf(tx, row.player.id);
  return {
    subscription: target,
    pkg,
    player: row.player,
    payer: parents.find((x) => x.email) ?? parents[0] ?? null,
    renewal: target.id !== id || extendsFrom !== null,
    extendsFrom,
  };
}

export type Settlement =
  | { state: 'paid'; subscriptionId: string; invoiceId: string | null }
  | { state: 'not_paid'; reason: string }
  | { state: 'unknown' };

/**
 * PayTabs' `response_status` as the payer reads it: A paid (once applied to the subscription), H
 * hold and P pending, D declined, X expired, C cancelled and V voided (nothing taken), E error and
 * anything unknown failed.
 */
export function outcomeOf(status: string): PaymentOutcome {
  switch (status) {
    case 'A':
      return 'paid';
    case 'H':
    case 'P':
      return 'pending';
    case 'D':
      return 'declined';
    case 'X':
      return 'expired';
    case 'C':
    case 'V':
      return 'cancelled';
    default:
      return 'failed';
  }
}

/** The pages a payment starts from: `retry` is where its payer tries again. */
export interface AttemptStart {
  subscriptionId: string;
  retrySubscriptionId: string;
  retryPage: 'initial' | 'renew';
  provider: string;
  providerRef: string;
  amountHalalas: number;
  lang: PaymentLang;
  /** A renewal of a running subscription: its period as the page opened (`periodKey`). */
  extendsFrom?: string | null;
  /** What the page showed besides the price (`termsOf`): a charge is applied only to these. */
  terms?: Terms;
}

/**
 * What a payment page sells, besides its price (the attempt's amount): the package, its months or
 * sessions, and for a PENDING subscription the period it shows (a renewal's is `extendsFrom`).
 */
export interface Terms {
  packageId: string;
  packageMonths: number | null;
  packageSessions: number | null;
  periodStart: string | null;
  periodEnd: string | null;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PackageRow = typeof packages.$inferSelect;

/** The terms of a subscription on its package as they stand (what a page opened now shows). */
export function termsOf(s: Pick<SubscriptionRow, 'status' | 'startDate' | 'endDate'>, p: PackageRow): Terms {
  const timeBased = p.packageType === 'TIME_BASED';
  const pending = s.status === 'PENDING';
  return {
    packageId: p.id,
    packageMonths: timeBased ? (p.monthsNumber ?? 1) : null,
    packageSessions: timeBased ? null : (p.sessionsCount ?? 0),
    periodStart: pending ? s.startDate : null,
    periodEnd: pending ? s.endDate : null,
  };
}

const sameTerms = (a: Terms, b: Terms) =>
  a.packageId === b.packageId &&
  a.packageMonths === b.packageMonths &&
  a.packageSessions === b.packageSessions &&
  a.periodStart === b.periodStart &&
  a.periodEnd === b.periodEnd;

/**
 * Records a payment page the provider opened (migration 0024): pending until the provider says more.
 * One open page per subscription: the previous pending ones are marked superseded (PayTabs cannot
 * cancel an unpaid page, so a charge may still come through on one: it is applied while the
 * subscription can take it, otherwise refunded, `settlePayment`).
 */
export async function recordAttempt(tx: TenantTx, start: AttemptStart, now: Date) {
  await tx
    .update(paymentAttempts)
    .set({ supersededAt: now, updatedAt: now })
    .where(
      and(
        eq(paymentAttempts.subscriptionId, start.subscriptionId),
        eq(paymentAttempts.outcome, 'pending'),
        isNull(paymentAttempts.supersededAt),
      ),
    );
  const [row] = await tx
    .insert(paymentAttempts)
    .values({ academyId: tx.academyId, ...start, ...start.terms, createdAt: now, updatedAt: now })
    .returning({ id: paymentAttempts.id });
  return row.id;
}

/**
 * Writes what the provider said of a transaction on its attempt. Only a pending attempt changes (a
 * replayed or late answer never rewrites an outcome); one Kora never recorded (opened before the
 * record existed) is recorded now, so every answer has a record.
 */
async function noteAttempt(
  tx: TenantTx,
  r: PaymentResult,
  note: { provider: string; outcome: PaymentOutcome; paymentId?: string | null; lang: PaymentLang; now: Date },
) {
  await tx
    .insert(paymentAttempts)
    .values({
      academyId: tx.academyId,
      subscriptionId: r.cartId,
      retrySubscriptionId: r.cartId,
      retryPage: 'initial',
      provider: note.provider,
      providerRef: r.tranRef,
      amountHalalas: r.amountHalalas ?? 0,
      lang: note.lang,
      outcome: note.outcome,
      providerStatus: r.status.slice(0, 8),
      paymentId: note.paymentId ?? null,
      createdAt: note.now,
      updatedAt: note.now,
    })
    .onConflictDoUpdate({
      target: [paymentAttempts.academyId, paymentAttempts.providerRef],
      set: { outcome: note.outcome, providerStatus: r.status.slice(0, 8), paymentId: note.paymentId ?? null, updatedAt: note.now },
      setWhere: eq(paymentAttempts.outcome, 'pending'),
    });
}

interface SettleOptions {
  /** The result already comes from the provider's query (no second query). */
  confirmed: boolean;
  lang: PaymentLang;
  log: FastifyBaseLogger;
}

/**
 * Applies a provider result: only 'A' pays, and only once the provider's query confirms it for the
 * same cart. Then the subscription is activated with the payment and its invoice (a reference
 * already recorded does nothing again), and the parents get a receipt. Any other status changes
 * nothing: the subscription stays PENDING and can be paid again.
 */
export async function settlePayment(deps: AppDeps, result: PaymentResult, opts: SettleOptions): Promise<Settlement> {
  const academy = await academyOfSubscription(deps.data, result.cartId);
  if (!academy) {
    opts.log.warn({ tranRef: result.tranRef, cartId: result.cartId }, 'payment for an unknown subscription');
    return { state: 'unknown' };
  }
  const now = deps.clock.now();
  const note = (r: PaymentResult, outcome: PaymentOutcome) =>
    deps.data.tenant(academy.id, (tx) => noteAttempt(tx, r, { provider: deps.payments.name, outcome, lang: opts.lang, now }));
  // A signed answer that is not "authorised" is believed as it is: nothing was taken.
  if (!isPaid(result)) {
    await note(result, outcomeOf(result.status));
    return { state: 'not_paid', reason: result.status };
  }
  const confirmed = opts.confirmed ? result : await deps.payments.query(result.tranRef);
  if (!isPaid(confirmed) || confirmed.cartId !== result.cartId) {
    opts.log.warn({ tranRef: result.tranRef, status: confirmed.status }, 'the provider did not confirm a payment it notified');
    if (confirmed.cartId === result.cartId) await note(confirmed, outcomeOf(confirmed.status));
    return { state: 'not_paid', reason: confirmed.status };
  }

  let outcome: Awaited<ReturnType<typeof activate>>;
  try {
    outcome = await deps.data.tenant(academy.id, (tx) =>
      activate(tx, confirmed, deps.payments.name, now, opts.lang, () => deps.clock.now()),
    );
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) {
      // Paid, but the subscription was paid by another page, cancelled or renewed meanwhile: charged and not applied.
      opts.log.warn({ tranRef: result.tranRef, subscriptionId: result.cartId }, 'a paid subscription could not take its payment');
      await note(confirmed, 'unapplied');
      await refundUnapplied(deps, academy, confirmed, opts.log);
      return { state: 'not_paid', reason: 'conflict' };
    }
    throw err;
  }
  if (outcome.state !== 'paid') {
    opts.log.warn({ tranRef: result.tranRef, ...outcome }, 'a payment did not match its subscription');
    if (outcome.state === 'amount_mismatch' || outcome.state === 'terms_changed') {
      await note(confirmed, 'unapplied');
      await refundUnapplied(deps, academy, confirmed, opts.log);
    }
    return { state: 'not_paid', reason: outcome.state };
  }
  if (outcome.receipt) await sendReceipts(deps, academy, outcome.receipt, opts.lang, opts.log);
  return { state: 'paid', subscriptionId: result.cartId, invoiceId: outcome.invoiceId };
}

/**
 * Gives back a charge no subscription took (outcome unapplied), through the provider that made it,
 * once: the attempt (which keeps the provider's reference and amount) is claimed `pending` first, so
 * a replayed callback or a second process never refunds twice; then `refunded` with the refund's
 * reference, or `failed` with the provider's answer. No verdict (the provider unreachable) leaves it
 * pending, as a card refund of a credit note: the money may have gone back, so it is not resent
 * blindly; the refunds' schedule (refunds.ts `checkPendingRefunds`) asks the provider what became of it. Nothing was sold, so no invoice was issued and no credit note is needed. The academy is
 * told by mail and in the bell (attention `unapplied_payment`); the payer by the result page.
 */
export async function refundUnapplied(deps: AppDeps, academy: AcademyRow, charge: PaymentResult, log: FastifyBaseLogger) {
  const now = deps.clock.now();
  const [claimed] = await deps.data.tenant(academy.id, (tx) =>
    tx
      .update(paymentAttempts)
      .set({ refundState: 'pending', updatedAt: now })
      .where(
        and(eq(paymentAttempts.providerRef, charge.tranRef), eq(paymentAttempts.outcome, 'unapplied'), isNull(paymentAttempts.refundState)),
      )
      .returning(),
  );
  if (!claimed) return;
  const amountHalalas = charge.amountHalalas ?? claimed.amountHalalas;
  let verdict: { status: string; tranRef: string; message: string } | null = null;
  try {
    verdict = await deps.payments.refund({
      tranRef: charge.tranRef,
      cartId: claimed.id,
      amountHalalas,
      description: `Refund of a charge not applied to subscription ${claimed.subscriptionId}`,
    });
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.error(
      { tranRef: charge.tranRef, err: err.message },
      'the provider gave no verdict on the refund of an unapplied charge: left pending',
    );
  }
  if (verdict) {
    const refunded = verdict.status === 'A';
    if (!refunded) log.error({ tranRef: charge.tranRef, answer: verdict.message }, 'the provider refused to refund an unapplied charge');
    await deps.data.tenant(academy.id, (tx) =>
      tx
        .update(paymentAttempts)
        .set({
          refundState: refunded ? 'refunded' : 'failed',
          refundRef: verdict.tranRef || null,
          refundFailure: refunded ? null : (verdict.message || verdict.status).slice(0, 500),
          refundedAt: refunded ? now : null,
          updatedAt: now,
        })
        .where(eq(paymentAttempts.id, claimed.id)),
    );
  }
  const state = verdict ? (verdict.status === 'A' ? 'refunded' : 'failed') : 'pending';
  try {
    // The mail names whose subscription it was and its package (issue 29), not only the subscription's id.
    const [of] = await deps.data.tenant(academy.id, (tx) =>
      tx
        .select({ player: users.name, playerArabic: users.nameArabic, pkg: packages.name, pkgArabic: packages.nameArabic })
        .from(subscriptions)
        .innerJoin(users, eq(users.id, subscriptions.playerId))
        .innerJoin(packages, eq(packages.id, subscriptions.packageId))
        .where(eq(subscriptions.id, claimed.subscriptionId)),
    );
    await deps.mailer.send({
      academyId: academy.id,
      to: academy.email?.trim() || academy.ownerEmail,
      ...unappliedMail({ providerRef: charge.tranRef, amountHalalas, subscriptionId: claimed.subscriptionId, state, of }),
    });
  } catch (err) {
    log.error({ err, tranRef: charge.tranRef }, 'the mail of an unapplied charge could not be queued');
  }
}

/** The academy's mail of a charge not applied, in both languages (the academy reads either). */
export function unappliedMail(c: {
  providerRef: string;
  amountHalalas: number;
  subscriptionId: string;
  state: 'refunded' | 'failed' | 'pending';
  /** The subscription's player and package, as the academy knows them. */
  of?: { player: string; playerArabic: string | null; pkg: string; pkgArabic: string | null };
}) {
  const en = {
    refunded: 'It was refunded to the card automatically.',
    failed: "The provider refused to refund it: refund it from the provider's dashboard.",
    pending: "The provider did not confirm the refund yet: check the provider's dashboard before refunding it by hand.",
  }[c.state];
  const ar = {
    refunded: 'استُرد المبلغ إلى البطاقة تلقائياً.',
    failed: 'رفض مزوّد الدفع استرداده: استرده من لوحة تحكم المزوّد.',
    pending: 'لم يؤكد مزوّد الدفع الاسترداد بعد: راجع لوحة تحكم المزوّد قبل استرداده يدوياً.',
  }[c.state];
  return {
    subject: 'A card payment was not applied — دفعة بالبطاقة لم تُطبَّق',
    text: [
      `A card payment of ${sar(c.amountHalalas, 'en')} (reference ${c.providerRef}) came in for ${c.of ? `${c.of.player}'s subscription (${c.of.pkg})` : `subscription ${c.subscriptionId}`}, which could no longer take it (already paid, cancelled or changed). ${en}`,
      '',
      `وصلت دفعة بالبطاقة بمبلغ ${sar(c.amountHalalas, 'ar')} (المرجع ${c.providerRef}) ${c.of ? `لاشتراك ${arabicOr(c.of.playerArabic, c.of.player)} (${packageAr(arabicOr(c.of.pkgArabic, c.of.pkg))})` : `للاشتراك ${c.subscriptionId}`}، ولم يعد الاشتراك يقبلها (مدفوع أو ملغى أو تغيّر). ${ar}`,
    ].join('\n'),
  };
}

export interface Receipt {
  invoiceId: string;
  amountHalalas: number;
  packageName: string;
  packageNameArabic: string | null;
  playerName: string;
  playerNameArabic: string | null;
  parents: { name: string; nameArabic: string | null; email: string | null }[];
  /** The subscription as the payment left it: the receipt says what the result page and the lists say. */
  standing: Standing;
}

type Standing = Pick<typeof subscriptions.$inferSelect, 'status' | 'endDate' | 'sessionsLeft'>;

async function activate(tx: TenantTx, r: PaymentResult, provider: string, now: Date, lang: PaymentLang, clock: () => Date) {
  // The subscription locked (a package switch waits), its package shared (an edit of it waits): what is
  // checked here is what the payment is applied to.
  const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, r.cartId)).for('update');
  if (!sub) return { state: 'missing' as const };
  const [pkg] = await tx.select().from(packages).where(eq(packages.id, sub.packageId)).for('share');
  if (!pkg) return { state: 'missing' as const };
  const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.providerRef, r.tranRef));
  // A replay of a reference already recorded is answered below whatever it says; a new one must be for what its page showed.
  const [done] = await tx.select({ id: payments.id }).from(payments).where(eq(payments.providerRef, r.tranRef));
  if (!done) {
    if ((r.amountHalalas !== null && r.amountHalalas !== pkg.priceHalalas) || (r.currency && r.currency !== 'SAR'))
      return { state: 'amount_mismatch' as const, paid: r.amountHalalas, expected: pkg.priceHalalas };
    // The page's terms (recorded since migration 0037): another package, or this one edited, is not what was bought.
    const recorded = attempt?.packageId ? { ...attempt, packageId: attempt.packageId } : null;
    if (recorded && !sameTerms(recorded, termsOf(sub, pkg))) return { state: 'terms_changed' as const };
  }
  // The invoice's time is read under the counter's lock (`clock`), so concurrent card and cash payments' times follow their ICV.
  const paying = { method: 'Card' as const, provider, providerRef: r.tranRef, withInvoice: true, now, clock };
  // A renewal before the end extends the period its page was opened for; any other pays the PENDING subscription.
  const activation = attempt?.extendsFrom
    ? await extendSubscription(tx, r.cartId, { ...paying, extendsFrom: attempt.extendsFrom })
    : await activatePaid(tx, r.cartId, paying);
  // In the same transaction as the payment: the payer's result page never reads "paid" without it, nor it without "paid".
  await noteAttempt(tx, r, { provider, outcome: 'paid', paymentId: activation.payment.id, lang, now });
  if (activation.repeated) {
    const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.paymentId, activation.payment.id));
    return { state: 'paid' as const, invoiceId: invoice?.id ?? null, receipt: null };
  }
  const invoice = activation.invoice;
  const receipt = invoice ? await receiptOf(tx, activation.subscription, invoice) : null;
  return { state: 'paid' as const, invoiceId: invoice?.id ?? null, receipt };
}

/** What the receipt mail of an invoice names: the invoice's package, the player and the parents to mail. */
export async function receiptOf(
  tx: TenantTx,
  subscription: Standing & { playerId: string },
  invoice: Pick<typeof invoices.$inferSelect, 'id' | 'totalHalalas' | 'packageName' | 'packageNameArabic'>,
): Promise<Receipt> {
  const { playerId, status, endDate, sessionsLeft } = subscription;
  const [player] = await tx.select({ name: users.name, nameArabic: users.nameArabic }).from(users).where(eq(users.id, playerId));
  return {
    invoiceId: invoice.id,
    amountHalalas: invoice.totalHalalas,
    packageName: invoice.packageName,
    packageNameArabic: invoice.packageNameArabic,
    playerName: player?.name ?? '',
    playerNameArabic: player?.nameArabic ?? null,
    parents: await parentsOf(tx, playerId),
    standing: { status, endDate, sessionsLeft },
  };
}

export type AttemptRow = typeof paymentAttempts.$inferSelect;

/** The attempt of a provider reference, if Kora recorded one. */
export async function attemptByRef(tx: TenantTx, tranRef: string): Promise<AttemptRow | null> {
  const [row] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.providerRef, tranRef));
  return row ?? null;
}

/**
 * The academy of a payment's public reference (the attempt's id), through the narrow door of
 * migration 0024 (`payment_attempt_academy(id)`); null for anything else.
 */
export async function academyOfAttempt(data: DataAccess, ref: string): Promise<AcademyRow | null> {
  if (!UUID.test(ref)) return null;
  const [row] = await data.system((tx) => tx.select().from(academies).where(sql`${academies.id} = payment_attempt_academy(${ref}::uuid)`));
  return row ?? null;
}

/** Where the payer's browser goes once the provider answered: the result page, or the page they paid from with its result. */
export function resultPath(attempt: Pick<AttemptRow, 'id' | 'outcome' | 'retryPage' | 'retrySubscriptionId'>) {
  if (attempt.outcome === 'paid' || attempt.outcome === 'pending' || attempt.outcome === 'unapplied')
    return `/payment/success?${new URLSearchParams({ ref: attempt.id })}`;
  return `/${attempt.retryPage}-subscription/${attempt.retrySubscriptionId}?${new URLSearchParams({ payment: attempt.id })}`;
}

/** An attempt by its public reference, with everything its result page shows (404 when there is none). */
export async function attemptResult(tx: TenantTx, academy: AcademyRow, ref: string) {
  const [row] = await tx
    .select({ a: paymentAttempts, s: subscriptions, p: packages, player: users })
    .from(paymentAttempts)
    .innerJoin(subscriptions, eq(subscriptions.id, paymentAttempts.subscriptionId))
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .innerJoin(users, eq(users.id, subscriptions.playerId))
    .where(eq(paymentAttempts.id, ref));
  if (!row) throw notFound('payment.not_found');
  const { a, s, p, player } = row;
  const [paid] = a.paymentId
    ? await tx
        .select({
          amountHalalas: payments.amountHalalas,
          invoiceId: invoices.id,
          invoiceNumber: invoices.invoiceNumber,
          periodStart: invoices.periodStart,
          periodEnd: invoices.periodEnd,
          periodSessions: invoices.periodSessions,
        })
        .from(payments)
        .leftJoin(invoices, eq(invoices.paymentId, payments.id))
        .where(eq(payments.id, a.paymentId))
    : [];
  const reply: PaymentResultReply = {
    ref: a.id,
    outcome: a.outcome,
    amount: halalasToSar(paid?.amountHalalas ?? a.amountHalalas),
    academy: {
      name: academy.name,
      nameArabic: academy.nameArabic,
      logo: academy.logo,
      handle: academy.handle,
      vatNumber: academy.vatNumber,
    },
    player: { name: player.name, nameArabic: player.nameArabic },
    package: { name: p.name, nameArabic: p.nameArabic, packageType: p.packageType },
    subscription: subscriptionCore(s),
    invoice: paid?.invoiceId && paid.invoiceNumber !== null ? { id: paid.invoiceId, invoiceNumber: paid.invoiceNumber } : null,
    // The period the invoice names: a trial paid during it shows the months paid for, not the trial.
    paidPeriod: paid?.invoiceId
      ? { startDate: paid.periodStart ?? null, endDate: paid.periodEnd ?? null, sessions: paid.periodSessions ?? null }
      : null,
    retry: { page: a.retryPage, subscriptionId: a.retrySubscriptionId },
  };
  return { attempt: a, reply };
}

const sar = (halalas: number, lang: PaymentLang) =>
  new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA', { style: 'currency', currency: 'SAR' }).format(halalasToSar(halalas));

/**
 * The receipt mail with the invoice link (docs/domain.md, "Subscription lifecycle"), in the payer's language:
 * names come in that language (sendReceipts).
 */
export function receiptMail(
  r: {
    parentName: string;
    playerName: string;
    packageName: string;
    amountHalalas: number;
    academyName: string;
    invoiceUrl: string;
    pdfUrl: string;
    standing: Standing;
  },
  lang: PaymentLang,
) {
  const { status, endDate, sessionsLeft } = r.standing;
  if (lang === 'ar') {
    const standing =
      status === 'TRIAL'
        ? `تستمر الفترة التجريبية المجانية، وتليها الفترة المدفوعة حتى ${endDate}.`
        : endDate
          ? `الاشتراك فعّال حتى ${endDate}.`
          : `الاشتراك فعّال، والمتبقي ${countIn('ar', sessionsLeft ?? 0, SESSIONS_AR)}.`;
    return {
      subject: `إيصال الدفع — ${r.academyName}`,
      text: [
        `مرحباً ${r.parentName}،`,
        '',
        `استلمنا دفعتك بمبلغ ${sar(r.amountHalalas, lang)} لاشتراك ${r.playerName} في ${packageAr(r.packageName)} لدى ${r.academyName}. ${standing}`,
        '',
        `الفاتورة: ${r.invoiceUrl}`,
        `ملف PDF: ${r.pdfUrl}`,
        '',
        'شكراً لك.',
      ].join('\n'),
    };
  }
  const standing =
    status === 'TRIAL'
      ? `The free trial continues; the paid period follows it, until ${endDate}.`
      : endDate
        ? `The subscription is active until ${endDate}.`
        : `The subscription is active with ${countIn('en', sessionsLeft ?? 0, SESSIONS_EN)} left.`;
  return {
    subject: `Payment receipt — ${r.academyName}`,
    text: [
      `Hello ${r.parentName},`,
      '',
      `We received your payment of ${sar(r.amountHalalas, lang)} for ${r.playerName}'s "${r.packageName}" subscription at ${r.academyName}. ${standing}`,
      '',
      `Your invoice: ${r.invoiceUrl}`,
      `PDF: ${r.pdfUrl}`,
      '',
      'Thank you.',
    ].join('\n'),
  };
}

/** Mails the receipt with its invoice's links to each parent with an e-mail (a card payment; a cash one when asked). */
export async function sendReceipts(
  deps: Pick<AppDeps, 'config' | 'mailer'>,
  academy: Pick<AcademyRow, 'id' | 'name' | 'nameArabic' | 'handle'>,
  receipt: Receipt,
  lang: PaymentLang,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const invoiceUrl = academyUrl(deps.config, academy.handle, `/subscription-invoice/${receipt.invoiceId}`);
  const pdfUrl = academyUrl(deps.config, academy.handle, `/api/invoices/${receipt.invoiceId}`);
  // An Arabic receipt names the academy, parent, player and package in Arabic where they have it (issue 18).
  const named = (name: string, arabic: string | null) => (lang === 'ar' ? arabicOr(arabic, name) : name);
  const academyName = named(academy.name, academy.nameArabic);
  for (const parent of receipt.parents) {
    if (!parent.email) continue;
    const mail = receiptMail(
      {
        parentName: named(parent.name, parent.nameArabic),
        playerName: named(receipt.playerName, receipt.playerNameArabic),
        packageName: named(receipt.packageName, receipt.packageNameArabic),
        amountHalalas: receipt.amountHalalas,
        academyName,
        invoiceUrl,
        pdfUrl,
        standing: receipt.standing,
      },
      lang,
    );
    try {
      await deps.mailer.send({ academyId: academy.id, to: parent.email, ...mail });
    } catch (err) {
      log.error({ err, invoiceId: receipt.invoiceId }, 'the payment receipt could not be queued');
    }
  }
}
