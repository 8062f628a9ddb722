// Messages, the rest of what is told (docs/domain.md, "Messages: every one accounted for"): payment due
// at the reminder's moment (its mail not sent twice) and refunds (immediate and settled later) to the
// paying parents; an absence without notice told once whatever path recorded it (one mark, the offline
// sync; "mark all present" records none); a message over a cap waits for the cap's window instead of
// failing (a fixed clock); each once per recipient, cause, kind and channel, and each academy its own.
import { randomUUID } from 'node:crypto';
import { formatSar, riyadhDayStart } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addTraining } from '../../../test/fixtures.js';
import { BASE } from '../../../test/harness.js';
import {
  auditEvents,
  messages,
  notificationPreferences,
  packages,
  parentPlayers,
  participants,
  pushSubscriptions,
  subscriptions,
  teamPlayers,
  teams,
  users,
} from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { sendDueReminders } from '../attention/reminders.js';
import { PaymentProviderError } from '../payments/providers/provider.js';
import type { SandboxProvider } from '../payments/providers/sandbox.js';
import { activatePaid } from '../subscriptions/activate.js';
import { fakeServer, graphAccepts } from './channels/fakes.js';
import { messagingOf, tell } from './enqueue.js';
import { tellRefunded } from './payments.js';
import { createMessenger } from './queue.js';

const graph = await fakeServer(graphAccepts);
const vapid = webpush.generateVAPIDKeys();

const t = useTestApp({
  academies: 2,
  coaches: 1,
  env: {
    EXPOSE_OUTBOX: 'true',
    WHATSAPP_TOKEN: 'EAAG-test',
    WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
    WHATSAPP_APP_SECRET: 'whatsapp-app-secret',
    WHATSAPP_VERIFY_TOKEN: 'verify-me',
    WHATSAPP_API_BASE: graph.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@kora.sa',
  },
});
const [a, b] = t.academies;
const [coach] = t.coaches;

interface Family {
  teamId: string;
  faisal: string;
  omar: string;
  huda: string;
  john: string;
  hudaEmail: string;
  packageId: string;
}
let fam: Family;

/**
 * Huda (Arabic, e-mail and mobile, opted in to WhatsApp on paper) is both children's parent and chose
 * WhatsApp for payments due and refunds; John (English, e-mail only, the academy's defaults) is Omar's.
 */
function family(academyId: string) {
  return withTenant(t.deps.db, academyId, async (tx) => {
    const [team] = await tx.insert(teams).values({ academyId, name: 'U12' }).returning();
    const [faisal, omar] = await tx
      .insert(users)
      .values([
        { academyId, role: 'PLAYER', name: 'Faisal', nameArabic: 'فيصل' },
        { academyId, role: 'PLAYER', name: 'Omar', nameArabic: 'عمر' },
      ])
      .returning();
    const [huda, john] = await tx
      .insert(users)
      .values([
        {
          academyId,
          role: 'PARENT',
          name: 'Huda',
          email: `huda@${academyId.slice(0, 8)}.sa`,
          phoneNumber: '+966501119900',
          language: 'ar',
        },
        { academyId, role: 'PARENT', name: 'John', email: `john@${academyId.slice(0, 8)}.sa`, language: 'en' },
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
    ]);
    await tx.insert(notificationPreferences).values({
      academyId,
      userId: huda.id,
      whatsappOptInAt: new Date('2026-11-01T09:00:00Z'),
      whatsappOptInVia: 'staff',
      channels: { payment_due: ['email', 'whatsapp'], payment_refunded: ['email', 'sms', 'whatsapp'] },
    });
    const [pkg] = await tx
      .insert(packages)
      .values({ academyId, name: 'Monthly', nameArabic: 'شهري', priceHalalas: 45_000, packageType: 'TIME_BASED', monthsNumber: 1 })
      .returning();
    return {
      teamId: team.id,
      faisal: faisal.id,
      omar: omar.id,
      huda: huda.id,
      john: john.id,
      hudaEmail: huda.email ?? '',
      packageId: pkg.id,
    };
  });
}

const rowsOf = (academyId: string) => withTenant(t.deps.db, academyId, (tx) => tx.select().from(messages).orderBy(messages.createdAt));
const ofKind = async (academyId: string, kind: string) => (await rowsOf(academyId)).filter((m) => m.kind === kind);
const summary = (rows: { recipientId: string | null; channel: string; state: string }[]) =>
  rows.map((m) => [m.recipientId, m.channel, m.state]).sort();
/** Participants are created at the database's time, ahead of the test's fixed clock: a mark made now must be later. */
const markableNow = (eventId: string) =>
  withTenant(t.deps.db, a.id, (tx) =>
    tx
      .update(participants)
      .set({ updatedAt: new Date(t.clock.now().getTime() - 3600_000) })
      .where(eq(participants.eventId, eventId)),
  );
const mailsTo = async (to: string) =>
  ((await t.app.inject({ method: 'GET', url: '/api/dev/outbox/email' })).json() as { to: string; subject: string }[]).filter(
    (m) => m.to === to,
  );

beforeAll(async () => {
  fam = await family(a.id);
});

describe('payment due', () => {
  it("tells the reminder's moment on the channels each parent chose, once per subscription and stage, its mail not sent twice", async () => {
    // Waiting for its first payment for weeks: the pending_payment reminder is due.
    const subscriptionId = await withTenant(t.deps.db, a.id, async (tx) => {
      const [sub] = await tx
        .insert(subscriptions)
        .values({
          academyId: a.id,
          playerId: fam.faisal,
          packageId: fam.packageId,
          status: 'PENDING',
          createdAt: new Date('2026-10-01T09:00:00Z'),
        })
        .returning();
      return sub.id;
    });
    const deps = { ...t.app.deps, messaging: t.app.messenger.messaging };
    const sent = await sendDueReminders(deps, a.id, t.clock.now());
    expect(sent.filter((s) => s.subscriptionId === subscriptionId).map((s) => [s.stage, s.to])).toEqual([
      ['pending_payment', fam.hudaEmail],
    ]);
    await t.app.background.idle();
    const due = await ofKind(a.id, 'payment_due');
    // The reminder mail is the e-mail (recorded as sent); WhatsApp carries the short text.
    expect(summary(due)).toEqual([
      [fam.huda, 'email', 'sent'],
      [fam.huda, 'whatsapp', 'queued'],
    ]);
    const whatsapp = due.find((m) => m.channel === 'whatsapp');
    expect(whatsapp).toMatchObject({
      locale: 'ar',
      template: 'kora_payment_due',
      link: expect.stringContaining(`/initial-subscription/${subscriptionId}`),
      templateParams: expect.objectContaining({ child: 'فيصل', package: 'شهري' }),
    });
    expect(whatsapp?.body).toContain('حان موعد دفع');

    // Again, and two runs at once: nothing more, neither a row nor a mail.
    await sendDueReminders(deps, a.id, t.clock.now());
    await Promise.all([sendDueReminders(deps, a.id, t.clock.now()), sendDueReminders(deps, a.id, t.clock.now())]);
    await t.app.messenger.sendDue();
    await t.app.background.idle();
    expect(summary(await ofKind(a.id, 'payment_due'))).toEqual([
      [fam.huda, 'email', 'sent'],
      [fam.huda, 'whatsapp', 'sent'],
    ]);
    expect((await mailsTo(fam.hudaEmail)).filter((m) => m.subject.includes('Faisal'))).toHaveLength(1);
    // The other academy's run writes nothing, and sees none of these rows.
    await sendDueReminders({ ...t.app.deps, messaging: t.app.messenger.messaging }, b.id, t.clock.now());
    expect(await rowsOf(b.id)).toEqual([]);
  });
});

describe('refunded', () => {
  it('tells a cash refund to the parents of the invoice, each on their channels, once per credit note', async () => {
    const invoiceId = await withTenant(t.deps.db, a.id, async (tx) => {
      const [sub] = await tx
        .insert(subscriptions)
        .values({ academyId: a.id, playerId: fam.omar, packageId: fam.packageId, status: 'PENDING' })
        .returning();
      const paid = await activatePaid(tx, sub.id, { method: 'Cash', withInvoice: true, now: t.clock.now() });
      return paid.invoice?.id ?? '';
    });
    const res = await api(t.app, a)('createCreditNote', { params: { id: invoiceId }, body: { amount: 150, reason: 'Moved away' } });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json();
    const told = await ofKind(a.id, 'payment_refunded');
    expect(summary(told)).toEqual(
      [
        [fam.huda, 'email', 'queued'],
        [fam.huda, 'sms', 'queued'],
        [fam.huda, 'whatsapp', 'queued'],
        [fam.john, 'email', 'queued'],
      ].sort(),
    );
    expect(told.find((m) => m.recipientId === fam.john)).toMatchObject({ locale: 'en', link: expect.stringContaining('/family/money') });
    expect(told.find((m) => m.recipientId === fam.john)?.body).toContain('paid for Omar was refunded');
    expect(told.find((m) => m.channel === 'whatsapp')?.templateParams).toMatchObject({ child: 'عمر', amount: formatSar(15_000, 'ar') });
    // Told again (a retried request): nothing more.
    expect(await withTenant(t.deps.db, a.id, (tx) => tellRefunded(tx, t.app.messenger.messaging, note.id))).toBe(0);
    // An invoice (not a credit note) tells nothing.
    expect(await withTenant(t.deps.db, a.id, (tx) => tellRefunded(tx, t.app.messenger.messaging, invoiceId))).toBe(0);
    // The other academy cannot tell of this academy's credit note.
    expect(await withTenant(t.deps.db, b.id, (tx) => tellRefunded(tx, t.app.messenger.messaging, note.id))).toBe(0);
    expect(await rowsOf(b.id)).toEqual([]);
  });

  it('tells a card refund left pending only when it settles refunded (a member marks it), in its transaction', async () => {
    const sandbox = t.deps.payments as SandboxProvider;
    const subscriptionId = await withTenant(t.deps.db, a.id, async (tx) => {
      const [sub] = await tx
        .insert(subscriptions)
        .values({ academyId: a.id, playerId: fam.faisal, packageId: fam.packageId, status: 'PENDING' })
        .returning();
      return sub.id;
    });
    const page = await sandbox.createPage({
      cartId: subscriptionId,
      amountHalalas: 45_000,
      description: 'Monthly',
      lang: 'en',
      customer: { name: 'Huda', email: fam.hudaEmail, phone: '+966501119900', city: 'Riyadh', ip: '127.0.0.1' },
      callbackUrl: `http://${BASE}/api/payments/callback`,
      returnUrl: `http://${BASE}/api/payments/return`,
    });
    sandbox.settle(page.tranRef, '4111111111111111');
    const paid = await withTenant(t.deps.db, a.id, (tx) =>
      activatePaid(tx, subscriptionId, {
        method: 'Card',
        provider: 'sandbox',
        providerRef: page.tranRef,
        withInvoice: true,
        now: t.clock.now(),
      }),
    );
    const before = (await ofKind(a.id, 'payment_refunded')).length;
    const original = sandbox.refund;
    sandbox.refund = async () => {
      throw new PaymentProviderError('PayTabs unreachable');
    };
    try {
      const res = await api(t.app, a)('createCreditNote', { params: { id: paid.invoice?.id ?? '' }, body: { reason: 'Injury' } });
      expect(res.statusCode).toBe(502);
    } finally {
      sandbox.refund = original;
    }
    // Pending: nobody is told yet.
    expect(await ofKind(a.id, 'payment_refunded')).toHaveLength(before);
    const [pending] = (await api(t.app, a)('listPendingRefunds')).json();
    const settled = await api(t.app, a)('settleRefund', {
      params: { id: pending.id },
      body: { outcome: 'refunded', providerRef: 'TST-R1' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const told = (await ofKind(a.id, 'payment_refunded')).slice(before);
    // Faisal's parent only (John is Omar's).
    expect(summary(told)).toEqual(
      [
        [fam.huda, 'email', 'queued'],
        [fam.huda, 'sms', 'queued'],
        [fam.huda, 'whatsapp', 'queued'],
      ].sort(),
    );
    expect(told[0].body).toContain(formatSar(45_000, 'ar'));
  });
});

describe('absent without notice, whatever path recorded it', () => {
  it('tells a single mark, a synced offline mark and none for "mark all present", once per participant', async () => {
    await api(t.app, a)('updateMessageSettings', { body: { absentWithoutNotice: true } });
    const event = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-22', time: '08:00', endTime: '09:00' });
    const faisal = event.participants.find((p) => p.user.id === fam.faisal)?.id ?? '';
    const omar = event.participants.find((p) => p.user.id === fam.omar)?.id ?? '';
    const absences = () => ofKind(a.id, 'absent_without_notice');

    // A single mark (by the event and the player): Faisal's parent hears it once.
    const one = await api(t.app, a)('setEventParticipantStatus', {
      params: { eventId: event.id, userId: fam.faisal },
      body: { status: 'ABSENT' },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(summary(await absences())).toEqual([[fam.huda, 'email', 'queued']]);
    // Marked present, then absent again: still once.
    await api(t.app, a)('setParticipantStatus', { params: { participantId: faisal }, body: { status: 'ATTENDED' } });
    await api(t.app, a)('setParticipantStatus', { params: { participantId: faisal }, body: { status: 'ABSENT' } });
    expect(await absences()).toHaveLength(1);

    // Offline: Omar marked absent on a device, synced later; both his parents hear it, each once.
    await markableNow(event.id);
    const mark = { id: randomUUID(), participantId: omar, status: 'ABSENT', markedAt: t.clock.now().toISOString() };
    const sync = () => api(t.app, a)('syncAttendance', { body: { sentAt: t.clock.now().toISOString(), marks: [mark] } });
    const synced = await sync();
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().results[0]).toMatchObject({ outcome: 'APPLIED', status: 'ABSENT' });
    const afterSync = await absences();
    expect(afterSync.find((m) => m.recipientId === fam.john)?.body).toContain('Omar was marked absent');
    expect(summary(afterSync)).toEqual(
      [
        [fam.huda, 'email', 'queued'],
        [fam.huda, 'email', 'queued'],
        [fam.john, 'email', 'queued'],
      ].sort(),
    );
    // The device sends the same mark again (its answer was lost): nothing more.
    expect((await sync()).json().results[0]).toMatchObject({ duplicate: true });
    expect(await absences()).toHaveLength(3);

    // "Mark all present" records no absence: a second event's players are marked attended, no one is told.
    const second = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-21', time: '08:00', endTime: '09:00' });
    const all = await api(t.app, a)('markAllPresent', { params: { eventId: second.id } });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().marked).toHaveLength(2);
    expect(await absences()).toHaveLength(3);
    // The other academy sees none of it.
    expect(await rowsOf(b.id)).toEqual([]);
    await api(t.app, a)('updateMessageSettings', { body: { absentWithoutNotice: false } });
  });

  it('tells nothing for synced absences when the academy does not tell absences', async () => {
    const event = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-20', time: '08:00', endTime: '09:00' });
    const before = (await ofKind(a.id, 'absent_without_notice')).length;
    await markableNow(event.id);
    const marks = event.participants.map((p) => ({
      id: randomUUID(),
      participantId: p.id,
      status: 'ABSENT',
      markedAt: t.clock.now().toISOString(),
    }));
    const res = await api(t.app, a)('syncAttendance', { body: { sentAt: t.clock.now().toISOString(), marks } });
    expect(res.json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['APPLIED', 'APPLIED']);
    expect(await ofKind(a.id, 'absent_without_notice')).toHaveLength(before);
  });
});

describe('over the caps, messages wait', () => {
  it('keeps a text over the per-number cap queued until its window ends, then sends it (a fixed clock)', async () => {
    // A worker of its own whose caps are tiny: one text per number in 15 minutes.
    const messenger = createMessenger({
      data: t.app.deps.data,
      config: { ...t.deps.config, rateLimitScale: 1, smsCaps: { perNumber15Min: 1, perNumberDay: 10, perAcademyDay: 500, perHour: 1000 } },
      clock: t.clock,
      mailer: t.deps.mailer,
      counters: t.app.deps.counters,
      log: { info() {}, warn() {}, error() {} },
    });
    const start = t.clock.now();
    const phone = '+966501117788';
    const parent = await withTenant(t.deps.db, a.id, async (tx) => {
      const [p] = await tx
        .insert(users)
        .values({ academyId: a.id, role: 'PARENT', name: 'Capped', phoneNumber: phone, language: 'en' })
        .returning();
      await tx.insert(notificationPreferences).values({ academyId: a.id, userId: p.id, channels: { announcement: ['sms'] } });
      return p.id;
    });
    const m = messagingOf(t.deps.config);
    const announce = (n: number) =>
      withTenant(t.deps.db, a.id, (tx) =>
        tell(tx, m, { kind: 'announcement', cause: `cap-test:${n}`, path: '/family/announcements' }, [
          { userId: parent, words: () => ({ title: `Notice ${n}` }) },
        ]),
      );
    expect(await announce(1)).toBe(1);
    expect(await announce(2)).toBe(1);
    await messenger.sendDue();
    const mine = async () =>
      (
        await withTenant(t.deps.db, a.id, (tx) =>
          tx
            .select()
            .from(messages)
            .where(and(eq(messages.recipientId, parent))),
        )
      ).sort((x, y) => x.body.localeCompare(y.body));
    let [first, second] = await mine();
    expect(first).toMatchObject({ state: 'sent', channel: 'sms' });
    // Over the cap: not failed, no fallback, not counted as an attempt; it says why and when it goes.
    expect(second).toMatchObject({ state: 'queued', attempts: 0, failureReason: expect.stringContaining('cap reached (number_15min, 1)') });
    expect(second.nextAttemptAt?.getTime()).toBe(start.getTime() + 15 * 60_000);
    expect(await mine()).toHaveLength(2);

    // Before the window ends: still waiting.
    t.clock.set(new Date(start.getTime() + 10 * 60_000).toISOString());
    await messenger.sendDue();
    expect((await mine())[1]).toMatchObject({ state: 'queued', attempts: 0 });
    // The window over: it goes.
    t.clock.set(new Date(start.getTime() + 16 * 60_000).toISOString());
    await messenger.sendDue();
    [first, second] = await mine();
    expect(second).toMatchObject({ state: 'sent', failureReason: null, attempts: 1 });
    const texts = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox/sms' })).json() as { to: string; text: string }[];
    expect(texts.filter((s) => s.to === phone)).toHaveLength(2);
    t.clock.set(start.toISOString());
  });
});

describe("a parent's WhatsApp opt-in on paper", () => {
  it('is recorded by staff with when, how, who and the form, audited, and lets WhatsApp reach the parent', async () => {
    const [layla] = await withTenant(t.deps.db, a.id, async (tx) => {
      const rows = await tx
        .insert(users)
        .values({ academyId: a.id, role: 'PARENT', name: 'Layla', phoneNumber: '+966501113344', language: 'ar' })
        .returning();
      await tx.insert(parentPlayers).values({ academyId: a.id, parentId: rows[0].id, playerId: fam.omar });
      await tx.insert(notificationPreferences).values({ academyId: a.id, userId: rows[0].id, channels: { announcement: ['whatsapp'] } });
      return rows;
    });
    const owner = api(t.app, a);
    const before = await owner('parentWhatsappOptIn', { params: { parentId: layla.id } });
    expect(before.json()).toEqual({
      parentId: layla.id,
      configured: true,
      hasMobile: true,
      optedIn: false,
      optedInAt: null,
      via: null,
      recordedBy: null,
      note: null,
    });
    // Before the opt-in, WhatsApp does not reach her.
    const m = messagingOf(t.deps.config);
    const announce = (cause: string) =>
      withTenant(t.deps.db, a.id, (tx) =>
        tell(tx, m, { kind: 'announcement', cause, path: '/family/announcements' }, [
          { userId: layla.id, words: () => ({ title: 'Kit' }) },
        ]),
      );
    expect(await announce('paper:before')).toBe(0);

    const record = (parentId: string, body: object, who = owner) => who('recordParentWhatsappOptIn', { params: { parentId }, body });
    const future = await record(layla.id, { signedOn: '2026-11-23', note: 'Registration form' });
    expect(future.statusCode).toBe(400);
    expect(future.json().code).toBe('whatsapp.opt_in_future');
    const noMobile = await record(fam.john, { signedOn: '2026-11-20', note: 'Registration form' });
    expect(noMobile.statusCode).toBe(400);
    expect(noMobile.json().code).toBe('whatsapp.no_mobile');
    const noNote = await record(layla.id, { signedOn: '2026-11-20', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    // A player is no parent; another academy's parent is not found either.
    expect((await record(fam.omar, { signedOn: '2026-11-20', note: 'x' })).statusCode).toBe(404);
    expect((await record(layla.id, { signedOn: '2026-11-20', note: 'x' }, api(t.app, b))).statusCode).toBe(404);
    expect((await api(t.app, b)('parentWhatsappOptIn', { params: { parentId: layla.id } })).statusCode).toBe(404);

    const done = await record(layla.id, { signedOn: '2026-11-20', note: 'Registration form 2026, folder U12' });
    expect(done.statusCode, done.body).toBe(200);
    const recorded = done.json();
    expect(recorded).toMatchObject({
      optedIn: true,
      optedInAt: riyadhDayStart('2026-11-20').toISOString(),
      via: 'staff',
      note: 'Registration form 2026, folder U12',
      recordedBy: { id: expect.any(String), name: expect.any(String) },
    });
    await t.app.background.idle();
    const [audit] = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'recordParentWhatsappOptIn'), eq(auditEvents.targetId, layla.id))),
    );
    expect(audit?.actorId).toBe(recorded.recordedBy.id);
    expect(JSON.stringify(audit?.details)).toContain('Registration form 2026');
    // Recorded again (another day): the first record stays.
    const again = await record(layla.id, { signedOn: '2026-11-21', note: 'Another form' });
    expect(again.json()).toEqual(recorded);
    // Now WhatsApp reaches her, once.
    expect(await announce('paper:after')).toBe(1);
    expect(await announce('paper:after')).toBe(0);
    expect((await rowsOf(a.id)).filter((r) => r.recipientId === layla.id).map((r) => r.channel)).toEqual(['whatsapp']);
  });
});

describe("a coach's own channels", () => {
  it('are chosen in the account menu and the messages about their sessions respect them', async () => {
    const asCoach = api(t.app, coach);
    const first = await asCoach('memberNotificationPreferences');
    expect(first.json()).toEqual({
      channels: ['email', 'push'],
      usesDefaults: true,
      available: { email: true, push: false },
      pushDevices: 0,
    });
    const coachRows = async () => (await rowsOf(a.id)).filter((r) => r.recipientId === coach.id && r.kind === 'coach_schedule');

    // Push only (no device yet): a new session tells them nothing by e-mail.
    const pushOnly = await asCoach('updateMemberNotificationPreferences', { body: { channels: ['push', 'push'] } });
    expect(pushOnly.json()).toMatchObject({ channels: ['push'], usesDefaults: false });
    await addTraining(t.app, a, [fam.teamId], { date: '2026-11-28', coachIds: [coach.id] });
    expect(await coachRows()).toEqual([]);
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.insert(pushSubscriptions).values({
        academyId: a.id,
        userId: coach.id,
        endpoint: 'https://push.example.com/coach-device',
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'c2VjcmV0LWF1dGgtMTIzNA',
      }),
    );
    const second = await addTraining(t.app, a, [fam.teamId], { date: '2026-11-29', coachIds: [coach.id] });
    expect((await coachRows()).map((r) => [r.eventId, r.channel])).toEqual([[second.id, 'push']]);

    // None: nothing at all; e-mail again: e-mail only.
    await asCoach('updateMemberNotificationPreferences', { body: { channels: [] } });
    await addTraining(t.app, a, [fam.teamId], { date: '2026-11-30', coachIds: [coach.id] });
    expect(await coachRows()).toHaveLength(1);
    await asCoach('updateMemberNotificationPreferences', { body: { channels: ['email'] } });
    const fourth = await addTraining(t.app, a, [fam.teamId], { date: '2026-12-01', coachIds: [coach.id] });
    expect((await coachRows()).filter((r) => r.eventId === fourth.id).map((r) => r.channel)).toEqual(['email']);
    expect((await asCoach('memberNotificationPreferences')).json()).toMatchObject({
      channels: ['email'],
      available: { push: true },
      pushDevices: 1,
    });
    // A channel a coach cannot have is refused.
    expect((await asCoach('updateMemberNotificationPreferences', { body: { channels: ['whatsapp'] } })).statusCode).toBe(400);
    // Their choice is theirs: the academy's other members keep the defaults, and another academy sees nothing of it.
    expect((await api(t.app, a)('memberNotificationPreferences')).json()).toMatchObject({ usesDefaults: true });
    expect(await withTenant(t.deps.db, b.id, (tx) => tx.select().from(notificationPreferences))).toEqual([]);
  });
});
