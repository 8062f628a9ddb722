import { sarToHalalas } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { academies } from '../../db/schema.js';
import { noteAudit } from '../../http/audit.js';
import { sendCachedList } from '../../http/list-cache.js';
import { route } from '../../http/route.js';
import { tellRefunded } from '../messages/payments.js';
import { sendReceipts } from '../payments/mails.js';
import { auditSensitive, sensitiveViewOf, viewKey } from '../players/sensitive.js';
import {
  activateSubscription,
  cancelSubscription,
  cancelWithRefund,
  changeSubscriptionPackage,
  createSubscription,
  pauseSubscription,
  resumeSubscription,
  subscriptionRefundable,
  subscriptionsListJson,
} from './service.js';

const read = { access: { anyOf: ['canReadSettings' as const] } };
const write = { access: { anyOf: ['canWriteSettings' as const] } };
/** The spec words this refusal: "You do not have permission to cancel subscriptions". */
const cancel = { access: { anyOf: ['canWriteSettings' as const], forbidden: 'subscription.cancel_forbidden' as const } };

/** What the audit reads of the list's rows: each row's player and its condition. */
const sensitiveRows = z.array(z.object({ player: z.object({ id: z.string(), condition: z.string().nullable() }) }));

/** Settings → subscriptions (docs/domain.md, "Subscription lifecycle"): R:Settings lists, W:Settings acts. */
export async function subscriptionRoutes(app: FastifyInstance) {
  const now = () => app.deps.clock.now();
  // Kept per view (players/sensitive.ts): the players' medical conditions are the view's.
  route(app, 'listSubscriptions', read, async (req, reply) => {
    const view = await sensitiveViewOf(req);
    return sendCachedList(
      req,
      reply,
      `subscriptions ${viewKey(view)}`,
      (tx) => subscriptionsListJson(tx, now(), view),
      (body) =>
        view.medical !== 'none' &&
        auditSensitive(
          req,
          sensitiveRows.parse(JSON.parse(body)).map((r) => r.player),
        ),
    );
  });
  route(app, 'createSubscription', { ...write, audit: true }, (req) =>
    req.tenant((tx) => createSubscription(tx, req.params.playerId, req.body.packageId, now())),
  );
  route(app, 'activateSubscription', { ...write, audit: true }, async (req) => {
    const { subscription, receipt } = await req
      .tenant(async (tx) => {
        const done = await activateSubscription(tx, req.params.packageId, req.params.subscriptionId, req.body, now(), now);
        const [academy] = await tx.select().from(academies).where(eq(academies.id, tx.academyId));
        return { ...done, academy };
      })
      .then(async (done) => {
        // "Send invoice": the receipt with the invoice's links, once the payment is committed, in the member's language.
        if (done.receipt) {
          const lang = /^ar\b/i.test(req.headers['accept-language'] ?? '') ? 'ar' : 'en';
          await sendReceipts(app.deps, done.academy, done.receipt, lang, req.log);
        }
        return done;
      });
    noteAudit(req, { invoiceMailed: Boolean(receipt) });
    return subscription;
  });
  route(app, 'changeSubscriptionPackage', { ...write, audit: true }, (req) =>
    req.tenant((tx) => changeSubscriptionPackage(tx, req.params.subscriptionId, req.body.packageId, now())),
  );
  route(app, 'cancelSubscription', { ...cancel, audit: true }, async (req) => {
    const id = req.params.subscriptionId;
    const refund = req.body?.refund;
    if (!refund) return { ...(await req.tenant((tx) => cancelSubscription(tx, id, now()))), creditNote: null };
    const amountHalalas = refund.amount === undefined ? undefined : sarToHalalas(refund.amount);
    const cancelled = await cancelWithRefund(
      (work) => req.tenant(work),
      app.deps.payments,
      now,
      id,
      { amountHalalas, reason: refund.reason },
      req.log,
    );
    const { creditNote } = cancelled;
    // The parents hear of the money given back (once per credit note).
    await req.tenant((tx) => tellRefunded(tx, app.messenger.messaging, creditNote.id));
    noteAudit(req, { creditNote: creditNote.invoiceNumber, amount: creditNote.amount, refund: creditNote.refund });
    return cancelled;
  });
  route(app, 'subscriptionRefundable', read, (req) => req.tenant((tx) => subscriptionRefundable(tx, req.params.subscriptionId)));
  route(app, 'pauseSubscription', { ...write, audit: true }, (req) =>
    req.tenant((tx) => pauseSubscription(tx, req.params.subscriptionId, now())),
  );
  route(app, 'resumeSubscription', { ...write, audit: true }, (req) =>
    req.tenant((tx) => resumeSubscription(tx, req.params.subscriptionId, now())),
  );
}
