import { CARD_CONSENT, type FamilySavedCards, halalasToSar, type PaymentLang, type RenewalState } from '@kora/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { FamilyTx } from '../../db/family.js';
import {
  autoRenewals,
  cardConsents,
  instalmentPlans,
  packages,
  parentPlayers,
  paymentAttemptItems,
  paymentAttempts,
  renewalCharges,
  savedCards,
  subscriptions,
  users,
} from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import type { PaymentResult } from '../payments/providers/provider.js';
import { periodKey } from '../subscriptions/activate.js';
import { instalmentKey, planPrice } from '../subscriptions/instalments.js';
import { instalmentPrice, priceOf } from './prices.js';

// Saved cards (docs/domain.md, "Automatic renewals and retries"): the consent ticked on the payment
// page, the card saved once the provider tokenised the paid charge, a parent's list and removal.

/**
 * The payer's consent on the payment page, recorded with the page's transaction reference: who (the
 * player's first parent, the page's payer), which text (CARD_CONSENT's version) in which language, when.
 */
export async function recordCardConsent(
  tx: TenantTx,
  c: { tranRef: string; subscriptionId: string; playerId: string; lang: PaymentLang; now: Date },
) {
  const [parent] = await tx
    .select({ id: parentPlayers.parentId })
    .from(parentPlayers)
    .where(eq(parentPlayers.playerId, c.playerId))
    .orderBy(asc(parentPlayers.createdAt))
    .limit(1);
  // A player with no parent has no portal to see or remove a card in: nothing is saved.
  if (!parent) return false;
  await tx
    .insert(cardConsents)
    .values({
      academyId: tx.academyId,
      providerRef: c.tranRef,
      subscriptionId: c.subscriptionId,
      parentId: parent.id,
      consentVersion: CARD_CONSENT.version,
      consentLang: c.lang,
      consentedAt: c.now,
    })
    .onConflictDoNothing();
  return true;
}

/**
 * A paid, tokenised payment whose page carried the consent: its card is saved for the parent and the
 * subscription renews itself with it (a card saved again replaces the subscription's old one). Once
 * per transaction reference, whatever the number of callbacks.
 */
export async function rememberCard(deps: Pick<AppDeps, 'data' | 'payments'>, academyId: string, r: PaymentResult, log: FastifyBaseLogger) {
  const { token } = r;
  if (!token) return null;
  return deps.data.tenant(academyId, async (tx) => {
    const [consent] = await tx.select().from(cardConsents).where(eq(cardConsents.providerRef, r.tranRef));
    if (!consent) {
      log.warn({ tranRef: r.tranRef }, 'a token came without the payer’s consent; it is not saved');
      return null;
    }
    const [card] = await tx
      .insert(savedCards)
      .values({
        academyId: tx.academyId,
        parentId: consent.parentId,
        provider: deps.payments.name,
        token,
        firstTranRef: r.tranRef,
        label: r.cardLabel || '•••• ••••',
        consentVersion: consent.consentVersion,
        consentLang: consent.consentLang,
        consentedAt: consent.consentedAt,
      })
      .onConflictDoNothing()
      .returning({ id: savedCards.id });
    if (!card) return null;
    // A family checkout's card renews every period it paid (payments/checkout.ts); a page's, its subscription.
    const items = await tx
      .select({ subscriptionId: paymentAttemptItems.subscriptionId })
      .from(paymentAttemptItems)
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentAttemptItems.attemptId))
      .where(eq(paymentAttempts.providerRef, r.tranRef));
    const renewed = items.length ? items.map((i) => i.subscriptionId) : [consent.subscriptionId];
    await tx
      .insert(autoRenewals)
      .values(renewed.map((subscriptionId) => ({ academyId: tx.academyId, subscriptionId, savedCardId: card.id })))
      .onConflictDoUpdate({ target: [autoRenewals.academyId, autoRenewals.subscriptionId], set: { savedCardId: card.id } });
    return card.id;
  });
}

/** The renewal date of a running time-based subscription: its period's last day. */
const renewalDate = (s: { status: string; endDate: string | null }) =>
  (s.status === 'ACTIVE' || s.status === 'TRIAL') && s.endDate ? s.endDate : null;

/** What a subscription's next automatic charge asks, and the instalment it is when a plan is being paid. */
export interface NextCharge {
  amountHalalas: number;
  instalment: { number: number; count: number; dueOn: string } | null;
}

/**
 * What the next automatic charge of each subscription the family's cards renew asks (a sibling price
 * included, prices.ts; or the plan's next instalment, docs/domain.md, "Instalments"), read in the
 * academy's transaction: the family's own cannot read the academy's settings, the plans or the other
 * children of a parent's other family.
 */
export async function renewalPrices(tx: TenantTx, parentIds: readonly string[]) {
  if (parentIds.length === 0) return new Map<string, NextCharge>();
  const rows = await tx
    .select({
      subscriptionId: subscriptions.id,
      playerId: subscriptions.playerId,
      priceHalalas: packages.priceHalalas,
      plan: instalmentPlans,
    })
    .from(autoRenewals)
    .innerJoin(savedCards, eq(savedCards.id, autoRenewals.savedCardId))
    .innerJoin(subscriptions, eq(subscriptions.id, autoRenewals.subscriptionId))
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .leftJoin(instalmentPlans, eq(instalmentPlans.subscriptionId, subscriptions.id))
    .where(inArray(savedCards.parentId, [...parentIds]));
  const asked = new Map<string, NextCharge>();
  for (const r of rows) {
    const plan = r.plan?.nextDueOn ? { ...r.plan, dueOn: r.plan.nextDueOn } : null;
    asked.set(
      r.subscriptionId,
      plan
        ? {
            amountHalalas: instalmentPrice(planPrice(plan), plan.count, plan.paidCount + 1).totalHalalas,
            instalment: { number: plan.paidCount + 1, count: plan.count, dueOn: plan.dueOn },
          }
        : { amountHalalas: (await priceOf(tx, r.playerId, r)).totalHalalas, instalment: null },
    );
  }
  return asked;
}

/** The family's saved cards with what each renews (read as the family: the database shows only its own). */
export async function familySavedCards(tx: FamilyTx, asked: ReadonlyMap<string, NextCharge> = new Map()): Promise<FamilySavedCards> {
  const cards = await tx.select().from(savedCards).orderBy(desc(savedCards.createdAt));
  if (cards.length === 0) return { cards: [] };
  const rows = await tx
    .select({ r: autoRenewals, s: subscriptions, p: packages, child: users })
    .from(autoRenewals)
    .innerJoin(subscriptions, eq(subscriptions.id, autoRenewals.subscriptionId))
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .innerJoin(users, eq(users.id, subscriptions.playerId))
    .where(
      inArray(
        autoRenewals.savedCardId,
        cards.map((c) => c.id),
      ),
    )
    .orderBy(asc(users.name));
  const charges = rows.length
    ? await tx
        .select()
        .from(renewalCharges)
        .where(
          inArray(
            renewalCharges.subscriptionId,
            rows.map((x) => x.s.id),
          ),
        )
    : [];
  return {
    cards: cards.map((c) => ({
      id: c.id,
      label: c.label,
      consentedAt: c.consentedAt.toISOString(),
      consentVersion: c.consentVersion,
      unusableReason: c.unusableReason === 'expired' || c.unusableReason === 'authentication' ? c.unusableReason : null,
      renewals: rows
        .filter((x) => x.r.savedCardId === c.id)
        .map(({ s, p, child }) => {
          const next = asked.get(s.id);
          // While a plan is being paid, its next instalment is the next charge (its key `inst:<k>`), not the renewal.
          const part = next?.instalment ?? null;
          const key = part ? instalmentKey(part.number) : periodKey(s);
          const charge = charges.find((ch) => ch.subscriptionId === s.id && ch.periodKey === key);
          const state: RenewalState = charge ? charge.state : 'scheduled';
          const renews = p.autoRenew && p.packageType === 'TIME_BASED' ? renewalDate(s) : null;
          return {
            subscriptionId: s.id,
            childName: child.name,
            childNameArabic: child.nameArabic,
            packageName: p.name,
            packageNameArabic: p.nameArabic,
            nextChargeOn: part ? part.dueOn : renews,
            amount: halalasToSar(charge?.amountHalalas ?? next?.amountHalalas ?? p.priceHalalas),
            state,
            nextTryOn: charge && (charge.state === 'due' || charge.state === 'charging') ? charge.nextTryOn : null,
            instalment: part ? { number: part.number, count: part.count } : null,
          };
        }),
    })),
  };
}

/** A family's card by id (404 when it is not theirs: the database shows only their own). */
export async function familyCard(tx: FamilyTx, id: string) {
  const [card] = await tx.select().from(savedCards).where(eq(savedCards.id, id));
  if (!card) throw notFound('card.not_found');
  return card;
}

/** Forgets a card: its renewals stop (open charges stopped), the row and its token are deleted. */
export async function forgetCard(tx: TenantTx, id: string, now: Date) {
  const renewed = await tx.select({ id: autoRenewals.subscriptionId }).from(autoRenewals).where(eq(autoRenewals.savedCardId, id));
  if (renewed.length)
    await tx
      .update(renewalCharges)
      .set({ state: 'stopped', lastMessage: 'card removed', updatedAt: now })
      .where(
        and(
          inArray(
            renewalCharges.subscriptionId,
            renewed.map((r) => r.id),
          ),
          eq(renewalCharges.state, 'due'),
        ),
      );
  await tx.delete(savedCards).where(eq(savedCards.id, id));
}
