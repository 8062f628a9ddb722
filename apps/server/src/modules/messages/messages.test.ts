// Messages end to end (docs/domain.md, "Messages: every one accounted for"): what a change writes, in
// whose language and on which channels, sent once by the worker (also by two workers at once), quiet
// hours, opt-out, fallback, WhatsApp's webhook, push devices gone, the staff's list and tenant isolation.
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addTraining } from '../../../test/fixtures.js';
import { academyHost } from '../../../test/harness.js';
import {
  messages,
  notificationPreferences,
  packages,
  parentPlayers,
  pushSubscriptions,
  subscriptions,
  teamPlayers,
  teams,
  users,
} from '../../db/schema.js';
import { withSystem, withTenant } from '../../db/tenant.js';
import { createFamilySession } from '../family/session.js';
import { settlePayment } from '../payments/settlement.js';
import { fakeServer, graphAccepts, graphError, statusCallback } from './channels/fakes.js';
import { tellCancelled } from './events.js';
import { createMessenger } from './queue.js';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const graph = await fakeServer(graphAccepts);
const pushService = await fakeServer((asked) => (asked.url.startsWith('/gone') ? { status: 410 } : { status: 201 }));
const vapid = webpush.generateVAPIDKeys();
const APP_SECRET = 'whatsapp-app-secret';

const t = useTestApp({
  academies: 2,
  coaches: 1,
  env: {
    EXPOSE_OUTBOX: 'true',
    WHATSAPP_TOKEN: 'EAAG-test',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'verify-me',
    WHATSAPP_API_BASE: graph.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@kora.sa',
  },
});
const [a, b] = t.academies;
const [coach] = t.coaches;
afterAll(() => Promise.all([graph.close(), pushService.close()]));

interface Family {
  teamId: string;
  huda: string;
  john: string;
  sara: string;
  hudaToken: string;
}
let fam: Family;

/** A team of two players: Huda (Arabic, e-mail and mobile) is both children's parent, John (English, e-mail only) Omar's, Sara (opted out) Faisal's. */
async function family(academyId: string): Promise<Family> {
  const made = await withTenant(t.deps.db, academyId, async (tx) => {
    const [team] = await tx.insert(teams).values({ academyId, name: 'U10', nameArabic: 'تحت ١٠' }).returning();
    const [faisal, omar] = await tx
      .insert(users)
      .values([
        { academyId, role: 'PLAYER', name: 'Faisal', nameArabic: 'فيصل' },
        { academyId, role: 'PLAYER', name: 'Omar', nameArabic: 'عمر' },
      ])
      .returning();
    const [huda, john, sara] = await tx
      .insert(users)
      .values([
        {
          academyId,
          role: 'PARENT',
          name: 'Huda',
          email: `huda@${academyId.slice(0, 8)}.sa`,
          phoneNumber: '+966501112233',
          language: 'ar',
        },
        { academyId, role: 'PARENT', name: 'John', email: `john@${academyId.slice(0, 8)}.sa`, language: 'en' },
        {
          academyId,
          role: 'PARENT',
          name: 'Sara',
          email: `sara@${academyId.slice(0, 8)}.sa`,
          phoneNumber: '+966501112244',
          language: 'ar',
        },
      ])
      .returning();
    await tx.insert(teamPlayers).values([
      { academyId, teamId: team.id, playerId: faisal.id },
      { academyId, teamId: team.id, playerId: omar.id },
    ]);
    await tx.insert(parentPlayers).values([
      { academyId, parentId: huda.id, playerId: faisal.id },
      { academyId, parentId: huda.id, playerId: omar.id },
      { academyId, parentId: john.id, playerId: omar.id },
      { academyId, parentId: sara.id, playerId: faisal.id },
    ]);
    await tx.insert(notificationPreferences).values({ academyId, userId: sara.id, optedOut: true });
    return { teamId: team.id, huda: huda.id, john: john.id, sara: sara.id, hudaEmail: huda.email ?? '' };
  });
  // Signed in to the portal (after the tenant transaction: PGlite has one connection).
  const hudaToken = await withSystem(t.deps.db, (sys) =>
    createFamilySession(sys, academyId, { parentId: made.huda, parentIds: [made.huda], address: { kind: 'email', email: made.hudaEmail } }),
  );
  return { ...made, hudaToken };
}

const asParent = (token: string, handle: string) => ({ host: academyHost(handle), authorization: `Bearer ${token}` });
const rowsOf = (academyId: string) => withTenant(t.deps.db, academyId, (tx) => tx.select().from(messages).orderBy(messages.createdAt));
const signed = (body: unknown) => {
  const raw = JSON.stringify(body);
  return {
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
    },
  };
};

beforeAll(async () => {
  fam = await family(a.id);
});

describe("a parent's choices", () => {
  it("answers the academy's defaults until the parent chooses, and records the WhatsApp opt-in with when and how", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/family/notifications', headers: asParent(fam.hudaToken, a.handle) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      usesDefaults: true,
      quietHours: true,
      optedOut: false,
      whatsapp: { configured: true, optedIn: false, optedInAt: null },
      available: { email: true, sms: true, whatsapp: false, push: false },
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/family/notifications',
      headers: asParent(fam.hudaToken, a.handle),
      payload: { whatsappOptIn: true, channels: { event_cancelled: ['whatsapp', 'email', 'whatsapp'] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      usesDefaults: false,
      channels: { event_cancelled: ['email', 'whatsapp'], event_moved: ['email', 'push'] },
      whatsapp: { optedIn: true, optedInAt: t.clock.now().toISOString(), optedInVia: 'portal' },
      available: { whatsapp: true },
    });
  });

  it('refuses a channel that does not exist (400 with its path)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/family/notifications',
      headers: asParent(fam.hudaToken, a.handle),
      payload: { channels: { event_cancelled: ['pigeon'] } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('channels.event_cancelled.0');
  });

  it("keeps the academy's defaults per academy, and lets Settings change them", async () => {
    const put = await api(t.app, a)('updateMessageSettings', { body: { absentWithoutNotice: true, channels: { announcement: ['push'] } } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      absentWithoutNotice: true,
      channels: { announcement: ['push'], event_cancelled: ['email', 'sms', 'push'] },
    });
    expect(put.json().configured).toEqual({ email: true, sms: true, whatsapp: true, push: true });
    expect((await api(t.app, b)('getMessageSettings')).json()).toMatchObject({
      absentWithoutNotice: false,
      channels: { announcement: ['email', 'push'] },
    });
    await api(t.app, a)('updateMessageSettings', { body: { absentWithoutNotice: false, channels: { announcement: ['email', 'push'] } } });
  });
});

describe('a cancelled training', () => {
  it('writes exactly one message per parent per chosen channel, in their language, and none to the parent who opted out', async () => {
    const event = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-25', field: 'Pitch 2' });
    const before = (await rowsOf(a.id)).length;
    const res = await api(t.app, a)('deleteEvent', { params: { id: event.id }, query: { scope: 'this' } });
    expect(res.statusCode, res.body).toBe(204);
    const told = (await rowsOf(a.id)).slice(before).filter((m) => m.kind === 'event_cancelled');
    // Huda chose e-mail and WhatsApp; John has the defaults (e-mail, SMS, push) but only an e-mail; Sara opted out.
    expect(told.map((m) => [m.recipientId, m.channel, m.locale]).sort()).toEqual(
      [
        [fam.huda, 'email', 'ar'],
        [fam.huda, 'whatsapp', 'ar'],
        [fam.john, 'email', 'en'],
      ].sort(),
    );
    const huda = told.find((m) => m.recipientId === fam.huda && m.channel === 'email');
    expect(huda?.body).toContain('أُلغي تدريب فيصل و عمر يوم 2026-11-25 الساعة 17:00');
    expect(huda?.body).toContain(`/family/notifications`);
    expect(told.find((m) => m.recipientId === fam.john)?.body).toContain("Omar's training on 2026-11-25 at 17:00 is cancelled");
    expect(told.find((m) => m.channel === 'whatsapp')).toMatchObject({
      template: 'kora_event_cancelled',
      templateParams: expect.objectContaining({ child: 'فيصل و عمر' }),
    });
    expect(told.every((m) => m.state === 'queued' && m.eventId === event.id)).toBe(true);

    // A second worker (another process on PostgreSQL; on PGlite another worker on the same database, as after a restart).
    const second = onPostgres
      ? (await t.context.secondProcess()).messenger
      : createMessenger({
          data: t.app.deps.data,
          config: t.deps.config,
          clock: t.clock,
          mailer: t.deps.mailer,
          counters: t.app.deps.counters,
          log: { info() {}, warn() {}, error() {} },
        });
    const asked = graph.asked.length;
    const [one, two] = await Promise.all([t.app.messenger.sendDue(), second.sendDue()]);
    expect(one + two).toBeGreaterThanOrEqual(3);
    const after = (await rowsOf(a.id)).filter((m) => told.some((x) => x.id === m.id));
    expect(after.map((m) => m.state)).toEqual(['sent', 'sent', 'sent']);
    expect(graph.asked.length - asked).toBe(1);
    expect(after.find((m) => m.channel === 'whatsapp')?.providerMessageId).toMatch(/^wamid\./);
    const mails = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox/email' })).json() as { to: string; text: string }[];
    expect(
      mails
        .filter((m) => m.text.includes('2026-11-25'))
        .map((m) => m.to)
        .sort(),
    ).toEqual([`huda@${a.id.slice(0, 8)}.sa`, `john@${a.id.slice(0, 8)}.sa`]);

    // Told again (a retried request, a restart mid-way): nothing more is written or sent.
    expect(await withTenant(t.deps.db, a.id, (tx) => tellCancelled(tx, t.app.messenger.messaging, [event.id], t.clock.now()))).toBe(0);
    expect(await t.app.messenger.sendDue()).toBe(0);
  });
});

describe('a moved training', () => {
  it('tells the parents the new date, time and place, and the coach it changed; an edit that moves nothing tells no one', async () => {
    const event = await addTraining(t.app, a, [fam.teamId], { date: '2026-12-01', field: 'Pitch 1', coachIds: [coach.id] });
    const update = (over: Record<string, unknown>) =>
      api(t.app, a)('updateEvent', {
        params: { id: event.id },
        query: { scope: 'this' },
        body: {
          type: 'TRAINING_SESSION',
          date: '2026-12-01',
          time: '17:00',
          endTime: '18:00',
          field: 'Pitch 1',
          teamIds: [fam.teamId],
          coachIds: [coach.id],
          ...over,
        },
      });
    expect((await update({})).statusCode).toBe(200);
    expect((await rowsOf(a.id)).filter((m) => m.eventId === event.id && m.kind === 'event_moved')).toEqual([]);
    expect((await update({ date: '2026-12-02', time: '18:30', endTime: '19:30', field: 'Pitch 3' })).statusCode).toBe(200);
    const moved = (await rowsOf(a.id)).filter((m) => m.eventId === event.id && m.kind === 'event_moved');
    expect(moved.map((m) => [m.recipientId, m.channel]).sort()).toEqual(
      [
        [fam.huda, 'email'],
        [fam.john, 'email'],
      ].sort(),
    );
    expect(moved.find((m) => m.recipientId === fam.john)?.body).toContain("Omar's training is now on 2026-12-02 at 18:30, at Pitch 3");
    expect(moved.find((m) => m.recipientId === fam.huda)?.body).toContain('أصبح تدريب فيصل و عمر يوم 2026-12-02 الساعة 18:30 في Pitch 3');
    const coachRows = (await rowsOf(a.id)).filter((m) => m.eventId === event.id && m.recipientId === coach.id);
    expect(coachRows.map((m) => [m.kind, m.channel, m.subject])).toEqual([
      // A member without a language of their own reads Arabic, as parents do.
      ['coach_schedule', 'email', expect.stringContaining('تدريب أُضيف')],
      ['coach_schedule', 'email', expect.stringContaining('تدريب تغيّر')],
    ]);
    // Moved again: told again (a new revision), once.
    await update({ date: '2026-12-03', time: '18:30', endTime: '19:30', field: 'Pitch 3' });
    expect((await rowsOf(a.id)).filter((m) => m.eventId === event.id && m.kind === 'event_moved')).toHaveLength(4);
  });
});

describe('quiet hours and urgency', () => {
  it('holds a push that is not urgent until 07:00 Riyadh, and pushes an urgent one at night', async () => {
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.insert(pushSubscriptions).values({
        academyId: a.id,
        userId: fam.john,
        endpoint: `${pushService.url}/push/john`,
        p256dh: subscriptionKey(),
        auth: 'c2VjcmV0LWF1dGgtMTIzNA',
      }),
    );
    // 23:30 in Riyadh.
    t.clock.set('2026-11-22T20:30:00Z');
    const added = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-29' });
    const soon = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-23', time: '06:30', endTime: '07:30' });
    await api(t.app, a)('deleteEvent', { params: { id: soon.id }, query: { scope: 'this' } });
    await t.app.messenger.sendDue();
    const rows = await rowsOf(a.id);
    const addedPush = rows.find((m) => m.eventId === added.id && m.channel === 'push' && m.recipientId === fam.john);
    expect(addedPush).toMatchObject({ state: 'queued', attempts: 0, nextAttemptAt: new Date('2026-11-23T04:00:00Z') });
    const urgent = rows.find((m) => m.eventId === soon.id && m.kind === 'event_cancelled' && m.channel === 'push');
    expect(urgent).toMatchObject({ urgent: true, state: 'sent' });
    // 07:00 in Riyadh: the held push goes.
    t.clock.set('2026-11-23T04:00:00Z');
    await t.app.messenger.sendDue();
    expect((await rowsOf(a.id)).find((m) => m.id === addedPush?.id)?.state).toBe('sent');
    t.clock.set('2026-11-22T09:00:00Z');
  });
});

describe('failures', () => {
  it('falls back once to SMS when WhatsApp refuses, and not again when the fallback fails', async () => {
    const event = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-26' });
    graph.next.push(graphError(400, 131026, 'Message undeliverable'));
    await api(t.app, a)('deleteEvent', { params: { id: event.id }, query: { scope: 'this' } });
    await t.app.messenger.sendDue();
    const rows = (await rowsOf(a.id)).filter((m) => m.eventId === event.id && m.recipientId === fam.huda && m.kind === 'event_cancelled');
    const whatsapp = rows.find((m) => m.channel === 'whatsapp');
    expect(whatsapp).toMatchObject({ state: 'failed', failureReason: expect.stringContaining('131026') });
    const fallback = rows.filter((m) => m.fallbackOf === whatsapp?.id);
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toMatchObject({ channel: 'sms', state: 'sent', address: '+966501112233', locale: 'ar' });
    const texts = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox/sms' })).json() as { to: string; text: string }[];
    expect(texts.filter((s) => s.text.includes('2026-11-26'))).toHaveLength(1);
    // A fallback that fails falls back no further.
    await withTenant(t.deps.db, a.id, (tx) => t.app.messenger.fail(tx, fallback[0], 'test'));
    expect((await rowsOf(a.id)).filter((m) => m.fallbackOf === fallback[0].id)).toHaveLength(0);
  });

  it('removes a device whose push service answers 410 and falls back to e-mail', async () => {
    const [gone] = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .update(pushSubscriptions)
        .set({ endpoint: `${pushService.url}/gone/john` })
        .where(eq(pushSubscriptions.userId, fam.john))
        .returning(),
    );
    const event = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-27' });
    await api(t.app, a)('deleteEvent', { params: { id: event.id }, query: { scope: 'this' } });
    await t.app.messenger.sendDue();
    const rows = (await rowsOf(a.id)).filter((m) => m.eventId === event.id && m.recipientId === fam.john);
    // The new training's push found the device gone (410): it fell back to an e-mail.
    const added = rows.find((m) => m.channel === 'push' && m.kind === 'event_added');
    expect(added).toMatchObject({ state: 'failed', failureReason: expect.stringContaining('410') });
    expect(rows.filter((m) => m.fallbackOf === added?.id).map((m) => [m.channel, m.state])).toEqual([['email', 'sent']]);
    // The cancellation's push had no device left; John's e-mail already carried the cancellation: no second one.
    expect(rows.find((m) => m.channel === 'push' && m.kind === 'event_cancelled')?.state).toBe('failed');
    expect(rows.filter((m) => m.channel === 'email' && m.kind === 'event_cancelled')).toHaveLength(1);
    expect(await withTenant(t.deps.db, a.id, (tx) => tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.id)))).toEqual(
      [],
    );
  });
});

describe("WhatsApp's webhook", () => {
  it('answers the verification challenge only with the verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=verify-me&hub.challenge=1158201444',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('whatsapp.verify_failed');
  });

  it('moves a message to delivered and read with a valid signature, and changes nothing without one', async () => {
    const sent = (await rowsOf(a.id)).find((m) => m.channel === 'whatsapp' && m.state === 'sent');
    const id = sent?.providerMessageId ?? '';
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      payload: JSON.stringify(statusCallback(id, 'read')),
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('whatsapp.signature_invalid');
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', payload: statusCallback(id, 'read') });
    expect(unsigned.statusCode).toBe(401);
    expect((await rowsOf(a.id)).find((m) => m.id === sent?.id)?.state).toBe('sent');

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', ...signed(statusCallback(id, 'delivered')) })).statusCode,
    ).toBe(200);
    expect((await rowsOf(a.id)).find((m) => m.id === sent?.id)?.state).toBe('delivered');
    await t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', ...signed(statusCallback(id, 'read')) });
    // A late "sent" never moves it back.
    await t.app.inject({ method: 'POST', url: '/api/webhooks/whatsapp', ...signed(statusCallback(id, 'sent')) });
    expect((await rowsOf(a.id)).find((m) => m.id === sent?.id)?.state).toBe('read');
  });

  it('fails a message WhatsApp reports failed and falls back', async () => {
    const event = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-28' });
    await api(t.app, a)('deleteEvent', { params: { id: event.id }, query: { scope: 'this' } });
    await t.app.messenger.sendDue();
    const whatsapp = (await rowsOf(a.id)).find((m) => m.eventId === event.id && m.channel === 'whatsapp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      ...signed(
        statusCallback(whatsapp?.providerMessageId ?? '', 'failed', [
          { code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' },
        ]),
      ),
    });
    expect(res.statusCode).toBe(200);
    const rows = (await rowsOf(a.id)).filter((m) => m.eventId === event.id);
    expect(rows.find((m) => m.id === whatsapp?.id)).toMatchObject({ state: 'failed', failureReason: expect.stringContaining('131049') });
    expect(rows.filter((m) => m.fallbackOf === whatsapp?.id).map((m) => m.channel)).toEqual(['sms']);
  });
});

describe('payments and absences', () => {
  it("tells a declined card payment to the child's parents, and records the receipt mail of a paid one", async () => {
    const { subscriptionId, faisal } = await withTenant(t.deps.db, a.id, async (tx) => {
      const [pkg] = await tx
        .insert(packages)
        .values({ academyId: a.id, name: 'Monthly', nameArabic: 'شهري', priceHalalas: 45_000, packageType: 'TIME_BASED', monthsNumber: 1 })
        .returning();
      const [player] = await tx
        .select()
        .from(users)
        .where(and(eq(users.name, 'Faisal'), eq(users.academyId, a.id)));
      const [sub] = await tx
        .insert(subscriptions)
        .values({ academyId: a.id, playerId: player.id, packageId: pkg.id, status: 'PENDING' })
        .returning();
      return { subscriptionId: sub.id, faisal: player.id };
    });
    const log = t.app.log;
    const result = {
      tranRef: 'TST2234500099001',
      cartId: subscriptionId,
      status: 'D',
      amountHalalas: 45_000,
      currency: 'SAR',
      message: 'Declined',
    };
    expect(await settlePayment(t.app.deps, result, { confirmed: true, lang: 'en', log })).toMatchObject({ state: 'not_paid' });
    // The same callback again (the provider retries): nothing more.
    await settlePayment(t.app.deps, result, { confirmed: true, lang: 'en', log });
    const failed = (await rowsOf(a.id)).filter((m) => m.kind === 'payment_failed');
    // Huda (defaults: e-mail and push; no device) hears it; Sara opted out.
    expect(failed.map((m) => [m.recipientId, m.channel])).toEqual([[fam.huda, 'email']]);
    expect(failed[0].body).toContain('لم تنجح الدفعة بالبطاقة بمبلغ');
    expect(failed[0].link).toContain(`/initial-subscription/${subscriptionId}`);

    const paid = { ...result, tranRef: 'TST2234500099002', status: 'A', message: 'Authorised' };
    expect(await settlePayment(t.app.deps, paid, { confirmed: true, lang: 'ar', log })).toMatchObject({ state: 'paid' });
    const receipts = (await rowsOf(a.id)).filter((m) => m.kind === 'payment_receipt');
    // The receipt mail went to both parents with an e-mail (Sara's too: it is the receipt), recorded as sent.
    expect(receipts.map((m) => [m.recipientId, m.channel, m.state]).sort()).toEqual(
      [
        [fam.huda, 'email', 'sent'],
        [fam.sara, 'email', 'sent'],
      ].sort(),
    );
    expect(faisal).toBeTruthy();
  });

  it('tells an absence without notice only when the academy turned it on', async () => {
    const event = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-22', time: '08:00', endTime: '09:00' });
    const omar = event.participants.find((p) => p.user.name === 'Omar');
    const faisal = event.participants.find((p) => p.user.name === 'Faisal');
    const mark = (participantId: string) =>
      api(t.app, a)('setParticipantStatus', { params: { participantId }, body: { status: 'ABSENT' } });
    expect((await mark(faisal?.id ?? '')).statusCode).toBe(200);
    expect((await rowsOf(a.id)).filter((m) => m.kind === 'absent_without_notice')).toEqual([]);
    await api(t.app, a)('updateMessageSettings', { body: { absentWithoutNotice: true } });
    expect((await mark(omar?.id ?? '')).statusCode).toBe(200);
    const told = (await rowsOf(a.id)).filter((m) => m.kind === 'absent_without_notice');
    expect(told.map((m) => [m.recipientId, m.channel, m.locale]).sort()).toEqual(
      [
        [fam.huda, 'email', 'ar'],
        // John's only device went away (410) above: no push.
        [fam.john, 'email', 'en'],
      ].sort(),
    );
    expect(told.find((m) => m.locale === 'en')?.body).toContain('Omar was marked absent from the training on 2026-11-22, without notice');
    await api(t.app, a)('updateMessageSettings', { body: { absentWithoutNotice: false } });
  });
});

describe('announcements', () => {
  it('records the mail to each parent who did not opt out, and queues push and WhatsApp as each chose', async () => {
    // Huda chooses WhatsApp for announcements too (she opted in above).
    await t.app.inject({
      method: 'PUT',
      url: '/api/family/notifications',
      headers: asParent(fam.hudaToken, a.handle),
      payload: { channels: { announcement: ['email', 'whatsapp', 'sms'] } },
    });
    const res = await api(t.app, a)('createAnnouncement', {
      body: { audience: 'team', teamId: fam.teamId, title: 'Kit day', titleArabic: 'يوم الأطقم', body: 'Bring the kit', sms: false },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.background.idle();
    const told = (await rowsOf(a.id)).filter((m) => m.kind === 'announcement');
    // Sara opted out: nothing; SMS only when staff ask for it (they did not).
    expect(told.map((m) => [m.recipientId, m.channel, m.state]).sort()).toEqual(
      [
        [fam.huda, 'email', 'sent'],
        [fam.huda, 'whatsapp', 'queued'],
        [fam.john, 'email', 'sent'],
      ].sort(),
    );
    expect(told.find((m) => m.channel === 'whatsapp')).toMatchObject({
      template: 'kora_announcement',
      templateParams: expect.objectContaining({ title: 'يوم الأطقم' }),
    });
    const mails = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox/email' })).json() as { to: string; subject: string }[];
    expect(
      mails
        .filter((m) => m.subject.includes('Kit day') || m.subject.includes('يوم الأطقم'))
        .map((m) => m.to)
        .sort(),
    ).toEqual([`huda@${a.id.slice(0, 8)}.sa`, `john@${a.id.slice(0, 8)}.sa`]);
  });
});

describe('Settings → Messages and the bell', () => {
  it('lists what was sent to whom, filtered and paged, and only the academy own', async () => {
    const all = (await api(t.app, a)('listMessages', { query: { limit: 200 } })).json();
    expect(all.items.length).toBeGreaterThan(5);
    const page1 = (await api(t.app, a)('listMessages', { query: { limit: 2 } })).json();
    const page2 = (await api(t.app, a)('listMessages', { query: { limit: 2, before: page1.nextCursor } })).json();
    expect([...page1.items, ...page2.items].map((m: { id: string }) => m.id)).toEqual(
      all.items.slice(0, 4).map((m: { id: string }) => m.id),
    );
    const failed = (await api(t.app, a)('listMessages', { query: { state: 'failed', channel: 'whatsapp' } })).json();
    expect(failed.items.length).toBeGreaterThan(0);
    expect(failed.items.every((m: { state: string; channel: string }) => m.state === 'failed' && m.channel === 'whatsapp')).toBe(true);
    const johns = (await api(t.app, a)('listMessages', { query: { recipientId: fam.john } })).json();
    expect(johns.items[0]).toMatchObject({ recipient: { id: fam.john, name: 'John', role: 'PARENT' }, to: expect.stringContaining('…') });
    expect((await api(t.app, b)('listMessages', {})).json()).toEqual({ items: [], nextCursor: null });
    expect((await api(t.app, b)('listMessages', { query: { recipientId: fam.john } })).json().items).toEqual([]);
    const bad = await api(t.app, a)('listMessages', { query: { before: 'not-a-cursor' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('message.cursor_invalid');
  });

  it('shows in the bell the messages that failed for good and reached the person by no other channel', async () => {
    const before = (await api(t.app, a)('attention')).json();
    // So far every failure was made good by a fallback or another channel of the same message.
    expect(before.notices ?? []).not.toContainEqual(expect.objectContaining({ kind: 'messages_failed' }));
    const [mail] = (await rowsOf(a.id)).filter((m) => m.kind === 'payment_failed');
    await withTenant(t.deps.db, a.id, (tx) => t.app.messenger.fail(tx, mail, 'SMTP refused the address'));
    const after = (await api(t.app, a)('attention')).json();
    expect(after.notices).toContainEqual({ kind: 'messages_failed', count: 1, since: expect.any(String) });
    expect(after.count).toBe(before.count + 1);
    expect((await api(t.app, b)('attention')).json().notices ?? []).not.toContainEqual(
      expect.objectContaining({ kind: 'messages_failed' }),
    );
  });

  it('tells the coach of a new session by e-mail', async () => {
    await addTraining(t.app, a, [fam.teamId], { date: '2026-11-30', coachIds: [coach.id] });
    const rows = (await rowsOf(a.id)).filter((m) => m.recipientId === coach.id);
    expect(rows.map((m) => [m.kind, m.channel])).toContainEqual(['coach_schedule', 'email']);
  });

  it("keeps another academy's rows out of this academy's transaction", async () => {
    expect(
      await withTenant(t.deps.db, b.id, (tx) =>
        tx
          .select()
          .from(messages)
          .where(and(eq(messages.academyId, a.id))),
      ),
    ).toEqual([]);
  });
});

/** A browser's P-256 public key (base64url), as a PushSubscription carries it. */
function subscriptionKey() {
  return 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
}
