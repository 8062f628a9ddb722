import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { packages, paymentAttempts, subscriptions, users } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import type { AcademyRow } from '../academies/lookup.js';
import { unappliedMail } from './mails.js';
import { PaymentProviderError, type PaymentResult } from './providers/provider.js';

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
    // The mail names whose subscription it was and its package, not only the subscription's id.
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
