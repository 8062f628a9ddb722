/**
 * Opens the provider's page for a family checkout (checkout.ts): from the portal's payments page or a
 * family payment link (family-links.ts), one transaction for the chosen periods, its attempt keeping
 * each period, and the card-save consent when the payer ticked it.
 */
import { ERRORS, type FamilyCheckoutBody, type PaymentLang } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { noteAudit } from '../../http/audit.js';
import { academyUrl, rootUrl } from '../../http/host.js';
import type { AcademyRow } from '../academies/lookup.js';
import { recordCardConsent } from '../collections/cards.js';
import { recordAttempt } from './attempts.js';
import { type CheckoutPeriod, recordCheckoutItems } from './checkout.js';
import { PaymentProviderError } from './providers/provider.js';

/** The payer's name and addresses, as the provider's page asks for them. */
export async function payerOf(tx: TenantTx, parentId: string) {
  const [payer] = await tx
    .select({ name: users.name, email: users.email, phone: users.phoneNumber })
    .from(users)
    .where(eq(users.id, parentId));
  return payer;
}

interface CheckoutPage {
  academy: AcademyRow;
  periods: CheckoutPeriod[];
  payer: Awaited<ReturnType<typeof payerOf>>;
  /** Where a checkout that did not go through comes back to (PAYMENT_BACK_PATTERN). */
  back: string;
  now: Date;
}

/** One provider page for the periods' total; 502 in the API's error shape when the provider refuses to open it. */
export async function openCheckoutPage(
  deps: AppDeps,
  req: FastifyRequest<{ Body: FamilyCheckoutBody }>,
  reply: FastifyReply,
  { academy, periods, payer, back, now }: CheckoutPage,
) {
  const lang: PaymentLang = req.body.lang ?? 'en';
  const [lead] = periods;
  const total = periods.reduce((sum, p) => sum + p.price.totalHalalas, 0);
  const name = (x: { name: string; nameArabic: string | null }) => (lang === 'ar' && x.nameArabic ? x.nameArabic : x.name);
  try {
    const page = await deps.payments.createPage({
      cartId: lead.subscriptionId,
      amountHalalas: total,
      description: `${name(academy)} — ${periods.map((p) => `${name(p.pkg)} — ${name(p.player)}`).join(', ')}`.slice(0, 120),
      lang,
      customer: { name: payer.name, email: payer.email ?? '', phone: payer.phone ?? '', city: academy.city ?? 'Riyadh', ip: req.ip },
      callbackUrl: rootUrl(deps.config, `/api/payments/callback?lang=${lang}`),
      methods: deps.payments.methods,
      // The payer comes back to the academy's own origin: the result page, or `back` to try again.
      returnUrl: academyUrl(deps.config, academy.handle, `/api/payments/return?${new URLSearchParams({ lang, back })}`),
      tokenise: req.body.saveCard === true,
    });
    const ref = await deps.data.tenant(academy.id, async (tx) => {
      const attemptId = await recordAttempt(
        tx,
        {
          subscriptionId: lead.subscriptionId,
          retrySubscriptionId: lead.subscriptionId,
          retryPage: 'family',
          provider: deps.payments.name,
          providerRef: page.tranRef,
          amountHalalas: total,
          allowanceHalalas: periods.reduce((sum, p) => sum + p.price.allowanceHalalas, 0),
          lang,
          terms: lead.terms,
        },
        now,
      );
      await recordCheckoutItems(tx, attemptId, periods);
      if (req.body.saveCard)
        await recordCardConsent(tx, { tranRef: page.tranRef, subscriptionId: lead.subscriptionId, playerId: lead.player.id, lang, now });
      return attemptId;
    });
    req.log.info({ tranRef: page.tranRef, subscriptions: periods.map((p) => p.subscriptionId) }, 'family checkout page opened');
    noteAudit(req, { tranRef: page.tranRef, subscriptionIds: periods.map((p) => p.subscriptionId), amountHalalas: total }, ref);
    return { success: true as const, paymentUrl: page.redirectUrl, ref };
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    req.log.error({ err: err.message, code: err.providerCode }, 'the payment provider refused to open a family checkout page');
    const message = ERRORS['payment.initiate_failed'];
    return reply.status(502).send({ success: false, error: message, message, code: 'payment.initiate_failed' });
  }
}
