import { ERRORS, type PaymentLang, riyadhToday } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { academies } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { noteAudit } from '../../http/audit.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { academyUrl, elsewhere, rootUrl } from '../../http/host.js';
import { keepRawJsonBodies } from '../../http/raw-body.js';
import { route } from '../../http/route.js';
import type { AcademyRow } from '../academies/lookup.js';
import { recordCardConsent } from '../collections/cards.js';
import { attemptPrice, instalmentPrice, priceOf } from '../collections/prices.js';
import { familyKey, familyOf } from '../family/session.js';
import { familyOfParents } from '../privacy/export.js';
import { academyOfAttempt, attemptByRef, attemptResult, recordAttempt, resultPath, termsOf } from './attempts.js';
import { checkoutOffer, checkoutPeriods } from './checkout.js';
import { openCheckoutPage, payerOf } from './checkout-page.js';
import { PaymentProviderError } from './providers/provider.js';
import { listPendingRefunds, markRefundSettled, retryRefund } from './refunds.js';
import { academyForRequest, academyOfSubscription, instalmentOffer, paymentDetails, subscriptionToPay } from './service.js';
import { settlePayment } from './settlement.js';

/** The exact bytes of each callback, kept for the signature check (the parsed JSON is not what was signed). */

/**
 * The public payment flow (docs/domain.md, "Subscription lifecycle" and "Card payments with PayTabs"): the
 * page's details, opening the
 * provider's hosted page, the provider's signed callback, the payer's signed return, and the
 * payment's result as the server recorded it.
 */
export async function paymentRoutes(app: FastifyInstance) {
  const { deps } = app;

  route(app, 'paymentDetails', { access: 'public', rateLimit: 'publicRead' }, async (req) => {
    const academy = await academyForRequest(deps, req.params.id, req.site);
    return deps.data.tenant(academy.id, (tx) => paymentDetails(tx, academy, req.params.id, deps.clock.now(), deps.payments.methods));
  });

  route(app, 'initiatePayment', { access: 'public', rateLimit: 'publicWrite' }, async (req, reply) => {
    const { subscriptionId } = req.body;
    const lang: PaymentLang = req.body.lang ?? 'en';
    // Instalments are collected with the saved card: without the payer's consent to save it, none (docs/domain.md, "Instalments").
    if (req.body.instalments && !req.body.saveCard) throw badRequest('payment.instalments_need_card');
    const academy = await academyForRequest(deps, subscriptionId, req.site);
    const now = deps.clock.now();
    const { toPay, price, plan } = await deps.data.tenant(academy.id, async (tx) => {
      const toPay = await subscriptionToPay(tx, academy, subscriptionId, now, req.body.renew);
      const price = await priceOf(tx, toPay.player.id, toPay.pkg);
      const offer = req.body.instalments ? instalmentOffer(toPay.subscription, toPay.pkg, price, riyadhToday(now)) : null;
      if (req.body.instalments && !offer) throw badRequest('payment.instalments_unavailable');
      return { toPay, price, plan: offer ? { count: offer.count, grant: offer.grant } : null };
    });

    // A payment that did not go through sends the payer back to the page they paid from (a renewal pays a new subscription).
    const retryPage = toPay.renewal ? ('renew' as const) : ('initial' as const);
    const back = `${retryPage}-subscription/${subscriptionId}`;
    // The payer comes back to the origin they paid on (the frame's return must be of the page's origin): the root
    // site's or the academy's, both written from BASE_DOMAIN, never from the request's Host.
    const returnPath = `/api/payments/return?${new URLSearchParams({ lang, back })}`;
    const returnUrl = req.site.kind === 'root' ? rootUrl(deps.config, returnPath) : academyUrl(deps.config, academy.handle, returnPath);
    const name = (x: { name: string; nameArabic: string | null }) => (lang === 'ar' && x.nameArabic ? x.nameArabic : x.name);
    try {
      const page = await deps.payments.createPage({
        cartId: toPay.subscription.id,
        // In instalments only the first is charged now; the renewal job collects the others with the saved card.
        amountHalalas: plan ? instalmentPrice(price, plan.count, 1).totalHalalas : price.totalHalalas,
        description: `${name(academy)} — ${name(toPay.pkg)} — ${name(toPay.player)}`,
        lang,
        customer: {
          name: toPay.payer?.name ?? toPay.player.name,
          email: toPay.payer?.email ?? '',
          phone: toPay.payer?.phone ?? toPay.player.phoneNumber ?? '',
          city: academy.city ?? 'Riyadh',
          ip: req.ip,
        },
        callbackUrl: rootUrl(deps.config, `/api/payments/callback?lang=${lang}`),
        methods: deps.payments.methods,
        returnUrl,
        tokenise: req.body.saveCard === true,
      });
      const attempt = {
        subscriptionId: toPay.subscription.id,
        retrySubscriptionId: subscriptionId,
        retryPage,
        provider: deps.payments.name,
        providerRef: page.tranRef,
        ...attemptPrice(price),
        lang,
        extendsFrom: toPay.extendsFrom,
        // What the page showed: a charge for anything else (package switched or edited meanwhile) is refunded.
        terms: termsOf(toPay.subscription, toPay.pkg),
        instalmentCount: plan?.count ?? null,
        instalmentGrant: plan?.grant ?? null,
      };
      await deps.data.tenant(academy.id, async (tx) => {
        await recordAttempt(tx, attempt, now);
        // "Save this card for automatic renewals" (collections/cards.ts): the consent, kept until the payment settles.
        if (req.body.saveCard)
          await recordCardConsent(tx, {
            tranRef: page.tranRef,
            subscriptionId: toPay.subscription.id,
            playerId: toPay.player.id,
            lang,
            now,
          });
      });
      req.log.info({ tranRef: page.tranRef, subscriptionId: toPay.subscription.id }, 'payment page opened');
      return { success: true as const, paymentUrl: page.redirectUrl, subscriptionId: toPay.subscription.id };
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      req.log.error({ err: err.message, code: err.providerCode, subscriptionId }, 'the payment provider refused to open a page');
      const message = ERRORS['payment.initiate_failed'];
      // `{success: false, error}`, in the API's error shape as well (docs/domain.md, "Card payments with PayTabs").
      return reply.status(502).send({ success: false, error: message, message, code: 'payment.initiate_failed' });
    }
  });

  // ── one checkout per family (checkout.ts): the portal's offer, and one payment for the chosen periods ──
  /** The signed-in parent's academy and children, in the academy's transaction. */
  const inParentFamily = <T>(req: FastifyRequest, work: (tx: TenantTx, academy: AcademyRow, childIds: readonly string[]) => Promise<T>) => {
    const auth = familyOf(req);
    const key = familyKey(auth);
    return deps.data.tenant(auth.academyId, async (tx) => {
      const [academy] = await tx.select().from(academies).where(eq(academies.id, auth.academyId));
      const members = await key.members(tx);
      const family = await familyOfParents(tx, members.includes(auth.parentId) ? members : [auth.parentId, ...members]);
      return work(tx, academy, family.childIds);
    });
  };

  route(app, 'familyCheckoutOffer', { access: 'parent' }, (req) =>
    inParentFamily(req, (tx, academy, childIds) => checkoutOffer(tx, academy, childIds)),
  );

  route(app, 'startFamilyCheckout', { access: 'parent', audit: true }, async (req, reply) => {
    const now = deps.clock.now();
    const auth = familyOf(req);
    const { academy, periods, payer } = await inParentFamily(req, async (tx, academy, childIds) => {
      const periods = await checkoutPeriods(tx, academy, childIds, req.body.subscriptionIds, now);
      return { academy, periods, payer: await payerOf(tx, auth.parentId) };
    });
    // The payer comes back to the portal: the result page, or the payments page to try again.
    return openCheckoutPage(deps, req, reply, { academy, periods, payer, back: 'family/money', now });
  });

  // The callback keeps its raw bytes: the signature is over them, not over a re-serialisation.
  await app.register(async (scope) => {
    const rawBodyOf = keepRawJsonBodies(scope);
    route(scope, 'paymentCallback', { access: 'public' }, async (req) => {
      const raw = rawBodyOf(req);
      const result = raw ? deps.payments.verifyCallback(raw, req.headers) : null;
      if (!result) {
        req.log.warn({ ip: req.ip }, 'payment callback with a bad signature');
        throw new HttpError(401, 'payment.signature_invalid');
      }
      const settled = await settlePayment(deps, result, { confirmed: false, lang: req.query.lang ?? 'en', log: req.log }).catch((err) => {
        if (!(err instanceof PaymentProviderError)) throw err;
        // The payment could not be confirmed now: a failure answer makes the provider send it again.
        req.log.error({ err: err.message, tranRef: result.tranRef }, 'payment query failed');
        throw new HttpError(503, 'request.unavailable');
      });
      req.log.info({ tranRef: result.tranRef, status: result.status, state: settled.state }, 'payment callback');
      return { ok: true as const };
    });
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      const fields: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(String(body))) fields[k] = v;
      done(null, fields);
    });
    route(scope, 'paymentReturn', { access: 'public', rateLimit: 'publicRead' }, async (req, reply) => {
      const returned = deps.payments.verifyReturn(req.body);
      if (!returned) throw new HttpError(401, 'payment.signature_invalid');
      const lang = req.query.lang ?? 'en';
      // Nothing of this transaction is known: back to the page it came from, which shows no result.
      const backTo = `/${req.query.back ?? `initial-subscription/${returned.cartId}`}`;

      // The return alone proves nothing: the outcome the callback recorded, or the provider's answer to a query.
      const academy = await academyOfSubscription(deps.data, returned.cartId);
      if (!academy) return reply.redirect(backTo, 303);
      const recorded = () => deps.data.tenant(academy.id, (tx) => attemptByRef(tx, returned.tranRef));
      let attempt = await recorded();
      if (!attempt || attempt.outcome === 'pending') {
        try {
          const confirmed = await deps.payments.query(returned.tranRef);
          if (confirmed.cartId === returned.cartId) await settlePayment(deps, confirmed, { confirmed: true, lang, log: req.log });
        } catch (err) {
          if (!(err instanceof PaymentProviderError)) throw err;
          req.log.error({ err: err.message, tranRef: returned.tranRef }, 'payment query failed');
        }
        attempt = await recorded();
      }
      if (!attempt || attempt.subscriptionId !== returned.cartId) return reply.redirect(backTo, 303);
      return reply.redirect(resultPath(attempt), 303);
    });
  });

  // Card refunds the provider has not confirmed (refunds.ts): listed, retried, or marked settled after checking the provider.
  const now = () => deps.clock.now();
  route(app, 'listPendingRefunds', { access: { anyOf: ['canReadSettings'] } }, (req) => req.tenant((tx) => listPendingRefunds(tx)));
  route(app, 'retryRefund', { access: { anyOf: ['canWriteSettings'] }, audit: true }, async (req) => {
    const outcome = await retryRefund((work) => req.tenant(work), deps.payments, now, req.params.id, req.log, app.messenger.messaging);
    noteAudit(req, { state: outcome.state, creditNote: outcome.creditNote?.invoiceNumber ?? null }, req.params.id);
    return outcome;
  });
  route(app, 'settleRefund', { access: { anyOf: ['canWriteSettings'] }, audit: true }, async (req) => {
    const outcome = await req.tenant((tx) => markRefundSettled(tx, req.params.id, req.body, now, app.messenger.messaging));
    noteAudit(
      req,
      { state: outcome.state, providerRef: req.body.providerRef ?? null, creditNote: outcome.creditNote?.invoiceNumber ?? null },
      req.params.id,
    );
    return outcome;
  });

  // The result page's truth: the attempt as recorded, by its unguessable id, only on its academy's host (or the root's).
  route(app, 'paymentResult', { access: 'public', rateLimit: 'publicRead' }, async (req) => {
    const academy = await academyOfAttempt(deps.data, req.params.ref);
    if (!academy || elsewhere(req.site, academy.handle)) throw notFound('payment.not_found');
    const read = () => deps.data.tenant(academy.id, (tx) => attemptResult(tx, academy, req.params.ref));
    const first = await read();
    if (first.attempt.outcome !== 'pending') return first.reply;
    // Still pending: the callback may be late or lost, so the provider is asked (settling is idempotent).
    try {
      const confirmed = await deps.payments.query(first.attempt.providerRef);
      if (confirmed.cartId !== first.attempt.subscriptionId) return first.reply;
      await settlePayment(deps, confirmed, { confirmed: true, lang: first.attempt.lang, log: req.log });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      req.log.warn({ err: err.message, ref: req.params.ref }, 'payment query failed');
      return first.reply;
    }
    return (await read()).reply;
  });
}
