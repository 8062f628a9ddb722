import { ERRORS, isOneOf, MESSAGE_CHANNELS, type MessageState } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rowsOf } from '../../db/client.js';
import { authOf } from '../../http/access.js';
import { noteAudit } from '../../http/audit.js';
import { HttpError } from '../../http/errors.js';
import { keepRawJsonBodies } from '../../http/raw-body.js';
import { route } from '../../http/route.js';
import { familyOf } from '../family/session.js';
import { validWebhookSignature } from './channels/whatsapp.js';
import {
  listMessages,
  messageSettingsOf,
  preferencesOf,
  subscribePush,
  unsubscribePush,
  updateMessageSettings,
  updatePreferences,
} from './service.js';
import { memberPreferencesOf, recordPaperOptIn, updateMemberPreferences, whatsappOptInOf } from './staff.js';

/** A status only moves forward: sent, then delivered, then read (WhatsApp may send them out of order). */
const RANK: Record<MessageState, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };
const WHATSAPP_STATES: Record<string, MessageState> = { sent: 'sent', delivered: 'delivered', read: 'read', failed: 'failed' };

/** The messages module (docs/domain.md, "Messages: every one accounted for"): choices, devices, the webhook, Settings → Messages. */
export async function messageRoutes(app: FastifyInstance) {
  const { deps } = app;
  const messenger = app.messenger;
  const now = () => deps.clock.now();
  const { messaging } = messenger;
  const configured = () => ({
    email: messenger.channels.email.configured,
    sms: messenger.channels.sms.configured,
    whatsapp: messenger.channels.whatsapp.configured,
    push: messenger.channels.push.configured,
  });
  /** The signed-in parent's rows: one person who registered each child apart has several. */
  const familyRows = (req: FastifyRequest) => {
    const family = familyOf(req);
    return { academyId: family.academyId, parentId: family.parentId, all: [...new Set([family.parentId, ...family.parentIds])] };
  };

  // ── the parent ──
  route(app, 'familyNotificationPreferences', { access: 'parent' }, (req) => {
    const family = familyRows(req);
    return deps.data.tenant(family.academyId, (tx) => preferencesOf(tx, messaging, family.parentId));
  });
  route(app, 'updateFamilyNotificationPreferences', { access: 'parent', audit: true }, (req) => {
    const family = familyRows(req);
    if (req.body.whatsappOptIn && !messenger.channels.whatsapp.configured) throw new HttpError(400, 'whatsapp.unavailable');
    return deps.data.tenant(family.academyId, async (tx) => {
      await updatePreferences(tx, family.all, family.parentId, req.body, now());
      return preferencesOf(tx, messaging, family.parentId);
    });
  });
  route(app, 'familyPushSubscribe', { access: 'parent' }, async (req, reply) => {
    if (!messenger.vapid) throw new HttpError(400, 'push.unavailable');
    const family = familyRows(req);
    reply.status(201);
    return deps.data.tenant(family.academyId, (tx) => subscribePush(tx, family.parentId, req.body));
  });
  route(app, 'familyPushUnsubscribe', { access: 'parent' }, async (req, reply) => {
    const family = familyRows(req);
    await deps.data.tenant(family.academyId, (tx) => unsubscribePush(tx, family.all, req.body.endpoint));
    reply.status(204);
  });

  // ── a member's device (the installed staff app) ──
  route(app, 'pushSubscribe', { access: 'member' }, async (req, reply) => {
    if (!messenger.vapid) throw new HttpError(400, 'push.unavailable');
    const { user } = authOf(req);
    reply.status(201);
    return req.tenant((tx) => subscribePush(tx, user.id, req.body));
  });
  route(app, 'pushUnsubscribe', { access: 'member' }, async (req, reply) => {
    const { user } = authOf(req);
    await req.tenant((tx) => unsubscribePush(tx, [user.id], req.body.endpoint));
    reply.status(204);
  });
  route(app, 'pushPublicKey', { access: 'public', rateLimit: 'publicRead' }, async () => ({
    publicKey: messenger.vapid?.publicKey ?? null,
  }));
  // A member's own channels for the messages about their sessions (the account menu).
  route(app, 'memberNotificationPreferences', { access: 'member' }, (req) => {
    const { user } = authOf(req);
    return req.tenant((tx) => memberPreferencesOf(tx, user.id, messaging.pushAvailable));
  });
  route(app, 'updateMemberNotificationPreferences', { access: 'member' }, (req) => {
    const { user } = authOf(req);
    return req.tenant(async (tx) => {
      await updateMemberPreferences(tx, user.id, req.body, now());
      return memberPreferencesOf(tx, user.id, messaging.pushAvailable);
    });
  });

  // ── a parent's WhatsApp opt-in on a paper form (the player's page) ──
  route(app, 'parentWhatsappOptIn', { access: { anyOf: ['canReadPlayers'] } }, (req) =>
    req.tenant((tx) => whatsappOptInOf(tx, messenger.channels.whatsapp.configured, req.params.parentId)),
  );
  route(app, 'recordParentWhatsappOptIn', { access: { anyOf: ['canWritePlayers'] }, audit: true }, async (req) => {
    const { user } = authOf(req);
    const record = await req.tenant((tx) =>
      recordPaperOptIn(tx, messenger.channels.whatsapp.configured, req.params.parentId, req.body, user.id, now()),
    );
    noteAudit(req, { whatsappOptIn: { at: record.optedInAt, via: record.via, note: record.note } }, req.params.parentId);
    return record;
  });

  // ── Settings → Messages ──
  route(app, 'listMessages', { access: { anyOf: ['canReadSettings'] } }, (req) => req.tenant((tx) => listMessages(tx, req.query)));
  route(app, 'getMessageSettings', { access: { anyOf: ['canReadSettings'] } }, (req) =>
    req.tenant((tx) => messageSettingsOf(tx, configured())),
  );
  route(app, 'updateMessageSettings', { access: { anyOf: ['canWriteSettings'] }, audit: true }, (req) =>
    req.tenant((tx) => updateMessageSettings(tx, req.body, configured(), now())),
  );

  // ── WhatsApp's webhook ──
  const whatsapp = deps.config.whatsapp;
  route(app, 'whatsappVerify', { access: 'public', rateLimit: 'publicRead' }, async (req, reply) => {
    const q = req.query;
    if (whatsapp.provider !== 'cloud' || q['hub.mode'] !== 'subscribe' || q['hub.verify_token'] !== whatsapp.verifyToken)
      throw new HttpError(403, 'whatsapp.verify_failed');
    reply.type('text/plain; charset=utf-8');
    return q['hub.challenge'];
  });
  // The callback keeps its raw bytes: the signature is over them, not over a re-serialisation.
  await app.register(async (scope) => {
    const rawBodyOf = keepRawJsonBodies(scope);
    route(scope, 'whatsappWebhook', { access: 'public', rateLimit: 'publicWrite' }, async (req) => {
      const raw = rawBodyOf(req);
      if (whatsapp.provider !== 'cloud' || !raw || !validWebhookSignature(whatsapp.appSecret, raw, req.headers['x-hub-signature-256'])) {
        req.log.warn({ ip: req.ip }, 'WhatsApp webhook with a bad signature');
        throw new HttpError(401, 'whatsapp.signature_invalid');
      }
      for (const entry of req.body.entry) {
        for (const change of entry.changes ?? []) {
          for (const status of change.value.statuses ?? []) {
            const state = WHATSAPP_STATES[status.status];
            if (!state) continue;
            const [found] = rowsOf<{ id: string | null }>(
              await deps.data.system((tx) => tx.execute(sql`select message_academy(${status.id}) as id`)),
            );
            if (!found?.id) continue;
            const reason = status.errors?.[0]
              ? `WhatsApp ${status.errors[0].code ?? ''}: ${status.errors[0].title ?? status.errors[0].message ?? ''}`
              : 'WhatsApp: failed';
            await deps.data.tenant(found.id, async (tx) => {
              const current = rowsOf<{ id: string; state: MessageState }>(
                await tx.execute(sql`select id, state from messages where provider_message_id = ${status.id} for update`),
              )[0];
              if (!current || current.state === 'failed' || RANK[state] <= RANK[current.state]) return;
              if (state === 'failed') await messenger.fail(tx, current, reason);
              else
                await tx.execute(
                  sql`update messages set state = ${state}, updated_at = ${now().toISOString()}::timestamptz where id = ${current.id}`,
                );
            });
          }
        }
      }
      return { ok: true as const };
    });
  });

  if (deps.config.exposeOutbox) {
    // The development outbox of every channel, read like the mail outbox (tests and local runs; never in production).
    app.get<{ Params: { channel: string } }>(
      '/api/dev/outbox/:channel',
      { config: { access: 'public' }, schema: { hide: true } },
      async (req, reply) => {
        const { channel } = req.params;
        if (!isOneOf(MESSAGE_CHANNELS, channel))
          return reply.status(404).send({ message: ERRORS['request.not_found'], code: 'request.not_found' });
        if (channel === 'email') return deps.mailer.outbox();
        if (channel === 'sms') return messenger.sms.outbox();
        return messenger.outbox.list(channel);
      },
    );
  }
}
