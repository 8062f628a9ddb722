import { CONSENT_TEXTS } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addTraining, multipart, pngBytes } from '../../../test/fixtures.js';
import { type Academy, academyHost, expectInvalid } from '../../../test/harness.js';
import { consents, messages, notificationPreferences, parentPlayers, users } from '../../db/schema.js';
import { withSystem, withTenant } from '../../db/tenant.js';
import { createFamilySession } from '../family/session.js';
import { messagingOf, tell } from '../messages/enqueue.js';

/** Consents at registration, shown and changed in the family portal (docs/domain.md, "Data map"). */
const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;

const given = { language: 'ar', termsPrivacy: true, medical: true, photos: true, messagesSms: false, messagesEmail: true };
const registration = (over: Record<string, unknown> = {}, consents: Record<string, unknown> = given) => ({
  handle: a.handle,
  selectedPackage: null,
  subscriptionStartDate: null,
  parentInfo: { name: 'Mona Al-Harbi', phone: `+9665011${Math.floor(10000 + Math.random() * 89999)}`, email: null },
  playerInfo: { name: 'Reem Al-Harbi', birthdate: '2015-05-05', gender: 'FEMALE', medicalCondition: 'Asthma', ...over },
  consents,
});
const register = (body: object) => api(t.app)('registerParent', { headers: { host: academyHost(a.handle) }, body });

async function parentOf(academy: Academy, playerId: string) {
  const [parent] = await withTenant(t.deps.db, academy.id, (tx) =>
    tx.select({ id: parentPlayers.parentId }).from(parentPlayers).where(eq(parentPlayers.playerId, playerId)),
  );
  const token = await withSystem(t.deps.db, (tx) =>
    createFamilySession(tx, academy.id, { parentId: parent.id, parentIds: [parent.id], address: { kind: 'email', email: 'p@example.sa' } }),
  );
  return { handle: academy.handle, token };
}

describe('consents at registration', () => {
  it('records each purpose with its text’s version, time, language and who gave it, and the portal shows them', async () => {
    const res = await register(registration());
    expect(res.statusCode, res.body).toBe(201);
    const child = res.json().player.id as string;
    const parent = await parentOf(a, child);
    const shown = await api(t.app, parent)('familyChildConsents', { params: { childId: child } });
    expect(shown.statusCode, shown.body).toBe(200);
    const byPurpose = Object.fromEntries((shown.json().consents as { purpose: string }[]).map((c) => [c.purpose, c]));
    for (const purpose of ['terms_privacy', 'medical', 'photos', 'messages_sms', 'messages_email'] as const)
      expect(byPurpose[purpose]).toEqual({
        purpose,
        granted: purpose !== 'messages_sms',
        version: CONSENT_TEXTS[purpose].version,
        language: 'ar',
        at: expect.any(String),
        givenBy: 'parent',
        recordedByName: null,
      });
  });

  it('refuses a registration without the terms, and a medical condition without its consent (400 with a code), storing nothing', async () => {
    const count = async () => (await withTenant(t.deps.db, a.id, (tx) => tx.select().from(users).where(eq(users.role, 'PLAYER')))).length;
    const before = await count();
    expectInvalid(await register(registration({}, { ...given, termsPrivacy: false })), 'consent.terms_required', 'consents.termsPrivacy');
    expectInvalid(
      await register(registration({}, { ...given, medical: false })),
      'consent.medical_required',
      'playerInfo.medicalCondition',
    );
    // Staff without the guardian's consents on paper: no condition either.
    const staff = await api(t.app, a)('createParentPlayer', {
      ...multipart({
        parentInfo: JSON.stringify({ name: 'Paper Parent', phone: '+966501110000' }),
        playerInfo: JSON.stringify({ name: 'Paper Child', birthdate: '2015-01-01', gender: 'male', medicalCondition: 'Diabetes' }),
      }),
    });
    expectInvalid(staff, 'consent.medical_required', 'playerInfo.medicalCondition');
    expect(await count()).toBe(before);
    // Without a condition, no medical consent is needed.
    expect((await register(registration({ medicalCondition: '' }, { ...given, medical: false }))).statusCode).toBe(201);
  });

  it('records consents given on paper with the member who recorded them', async () => {
    const res = await api(t.app, a)('createParentPlayer', {
      ...multipart({
        parentInfo: JSON.stringify({ name: 'Paper Parent', phone: '+966501110001' }),
        playerInfo: JSON.stringify({ name: 'Paper Child', birthdate: '2015-01-01', gender: 'male', medicalCondition: 'Diabetes' }),
        consents: JSON.stringify({ ...given, language: 'en' }),
      }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const child = res.json().player.id as string;
    const shown = (await api(t.app, await parentOf(a, child))('familyChildConsents', { params: { childId: child } })).json();
    expect(shown.consents.find((c: { purpose: string }) => c.purpose === 'medical')).toMatchObject({
      granted: true,
      language: 'en',
      givenBy: 'staff',
    });
    // The member who recorded them: every row names them.
    const rows = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(consents).where(eq(consents.playerId, child)));
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.recordedById))).toEqual(new Set([a.userId]));

    // Staff who read Players see the same answers, with who recorded the paper form; another academy's staff do not.
    const staff = await api(t.app, a)('playerConsents', { params: { id: child } });
    expect(staff.statusCode, staff.body).toBe(200);
    const [owner] = await withTenant(t.deps.db, a.id, (tx) => tx.select({ name: users.name }).from(users).where(eq(users.id, a.userId)));
    expect(staff.json().consents.find((c: { purpose: string }) => c.purpose === 'messages_sms')).toEqual({
      purpose: 'messages_sms',
      granted: false,
      version: CONSENT_TEXTS.messages_sms.version,
      language: 'en',
      at: expect.any(String),
      givenBy: 'staff',
      recordedByName: owner.name,
    });
    expect((await api(t.app, b)('playerConsents', { params: { id: child } })).statusCode).toBe(404);
    // A staff member's id is not a player's.
    expect((await api(t.app, a)('playerConsents', { params: { id: a.userId } })).statusCode).toBe(404);
  });
});

describe('the photo consent', () => {
  it('withdrawn in the portal: no answer carries the photo, its address is refused; given again, it is back', async () => {
    const added = await api(t.app, a)('createParentPlayer', {
      ...multipart(
        {
          parentInfo: JSON.stringify({ name: 'Photo Parent', phone: '+966501110002' }),
          playerInfo: JSON.stringify({ name: 'Photo Child', birthdate: '2015-01-01', gender: 'male' }),
          consents: JSON.stringify(given),
        },
        { name: 'me.png', bytes: await pngBytes(), type: 'image/png' },
      ),
    });
    expect(added.statusCode, added.body).toBe(201);
    const child = added.json().player.id as string;
    const photo = added.json().player.avatar as string;
    expect(photo).toMatch(/^\/uploads\//);
    const team = (await api(t.app, a)('createTeam', { body: { name: 'Photo team', playerIds: [child] } })).json();
    await addTraining(t.app, a, [team.id], { date: '2026-11-24' });
    const parent = await parentOf(a, child);

    const everyAnswer = async () => {
      const list = (await api(t.app, a)('listUsers', { query: { role: 'PLAYER' } })).json() as { id: string; avatar: string | null }[];
      const one = (await api(t.app, a)('getUser', { params: { id: child } })).json();
      const teams = (await api(t.app, a)('listTeams')).json() as { id: string; players: { id: string; avatar: string | null }[] }[];
      const events = (await api(t.app, a)('listEvents', { query: { startDate: '2026-11-24', endDate: '2026-11-24' } })).json() as {
        participants: { user: { id: string; avatar: string | null } }[];
      }[];
      const growth = (await api(t.app, a)('listGrowthPlayers')).json() as { player: { id: string; avatar: string | null } }[];
      const subs = (await api(t.app, a)('listSubscriptions')).json() as { player: { id: string; avatar: string | null } }[];
      const home = (await api(t.app, parent)('familyMe')).json() as { children: { id: string; avatar: string | null }[] };
      const file = await t.app.inject({ method: 'GET', url: photo });
      return {
        list: list.find((p) => p.id === child)?.avatar,
        one: one.avatar,
        team: teams.find((x) => x.id === team.id)?.players.find((p) => p.id === child)?.avatar,
        event: events.flatMap((e) => e.participants).find((p) => p.user.id === child)?.user.avatar,
        growth: growth.find((r) => r.player.id === child)?.player.avatar,
        subscription: subs.find((r) => r.player.id === child)?.player.avatar,
        portal: home.children.find((c) => c.id === child)?.avatar,
        file: file.statusCode,
      };
    };
    const shown = { list: photo, one: photo, team: photo, event: photo, growth: photo, subscription: photo, portal: photo, file: 200 };
    expect(await everyAnswer()).toEqual(shown);

    const withdraw = await api(t.app, parent)('updateFamilyChildConsents', {
      params: { childId: child },
      body: { language: 'en', photos: false },
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect(withdraw.json().consents.find((c: { purpose: string }) => c.purpose === 'photos')).toMatchObject({
      granted: false,
      givenBy: 'parent',
    });
    expect(await everyAnswer()).toEqual({
      list: null,
      one: null,
      team: null,
      event: null,
      growth: null,
      subscription: null,
      portal: null,
      file: 404,
    });

    const again = await api(t.app, parent)('updateFamilyChildConsents', {
      params: { childId: child },
      body: { language: 'en', photos: true },
    });
    expect(again.statusCode).toBe(200);
    expect(await everyAnswer()).toEqual(shown);
  });

  it('keeps families and academies apart: another family’s or academy’s child is 404', async () => {
    const mine = (await register(registration({ medicalCondition: '' }))).json().player.id as string;
    const other = (await register(registration({ medicalCondition: '', name: 'Other Child' }))).json().player.id as string;
    const parent = await parentOf(a, mine);
    expect((await api(t.app, parent)('familyChildConsents', { params: { childId: other } })).statusCode).toBe(404);
    const change = await api(t.app, parent)('updateFamilyChildConsents', {
      params: { childId: other },
      body: { language: 'en', photos: false },
    });
    expect(change.statusCode).toBe(404);
    const onB = { handle: b.handle, token: parent.token };
    expect((await api(t.app, onB)('familyChildConsents', { params: { childId: mine } })).statusCode).toBe(401);
  });
});

describe('the message consents', () => {
  it('keep texts and e-mails from a parent who said no to them, until a consent is given again in the portal', async () => {
    // Two children on paper: texts refused for both, e-mails refused for one only (not refused: the other said yes).
    const add = async (child: string, consents: Record<string, unknown>) => {
      const res = await api(t.app, a)('createParentPlayer', {
        ...multipart({
          parentInfo: JSON.stringify({ name: 'Noura Consents', phone: '+966501110077', email: 'noura.consents@example.sa' }),
          playerInfo: JSON.stringify({ name: child, birthdate: '2016-02-02', gender: 'female' }),
          consents: JSON.stringify(consents),
        }),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().player.id as string;
    };
    const first = await add('Consent Child One', { ...given, messagesSms: false, messagesEmail: false });
    const second = await add('Consent Child Two', { ...given, messagesSms: false, messagesEmail: true });
    const parent = await parentOf(a, first);
    const [{ id: parentId }] = await withTenant(t.deps.db, a.id, (tx) =>
      tx.select({ id: parentPlayers.parentId }).from(parentPlayers).where(eq(parentPlayers.playerId, first)),
    );
    // Both children under one parent row (each dialog made its own parent).
    await withTenant(t.deps.db, a.id, (tx) => tx.update(parentPlayers).set({ parentId }).where(eq(parentPlayers.playerId, second)));
    // The parent's own choices ask for e-mail and text for announcements.
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.insert(notificationPreferences).values({ academyId: a.id, userId: parentId, channels: { announcement: ['email', 'sms'] } }),
    );

    const prefs = await api(t.app, parent)('familyNotificationPreferences');
    expect(prefs.statusCode, prefs.body).toBe(200);
    expect(prefs.json().declined).toEqual({ sms: true, email: false });
    expect(prefs.json().available).toMatchObject({ sms: false, email: true });

    const told = async (cause: string) => {
      await withTenant(t.deps.db, a.id, (tx) =>
        tell(tx, messagingOf(t.deps.config), { kind: 'announcement', cause, path: '/family' }, [
          { userId: parentId, words: () => ({ title: 'Kit day' }) },
        ]),
      );
      const rows = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(messages).where(eq(messages.recipientId, parentId)));
      return rows
        .filter((m) => m.idempotencyKey.startsWith(`${cause}:`))
        .map((m) => m.channel)
        .sort();
    };
    expect(await told('consent-test:1')).toEqual(['email']);

    // Given again for one child in the portal: texts reach the parent again.
    const changed = await api(t.app, parent)('updateFamilyChildConsents', {
      params: { childId: first },
      body: { language: 'en', messagesSms: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api(t.app, parent)('familyNotificationPreferences')).json().declined).toEqual({ sms: false, email: false });
    expect(await told('consent-test:2')).toEqual(['email', 'sms']);
    // An announcement reaches the parent by e-mail while e-mails are allowed…
    const announce = async (title: string) => {
      const sent = await api(t.app, a)('createAnnouncement', {
        body: { audience: 'family', playerId: first, title, body: 'Bring boots.' },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(sent.json().recipients).toBe(1);
      await t.app.background.idle();
      const mails = await t.deps.mailer.outbox(1000);
      const rows = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(messages).where(eq(messages.recipientId, parentId)));
      return {
        mailed: mails.filter((m) => m.to === 'noura.consents@example.sa' && m.subject.includes(title)).length,
        recorded: rows
          .filter((m) => m.kind === 'announcement' && m.idempotencyKey.startsWith(`announcement:${sent.json().id}:`))
          .map((m) => m.channel),
      };
    };
    expect(await announce('Kit day one')).toEqual({ mailed: 1, recorded: ['email'] });

    // E-mails withdrawn for the second child too: every child with an answer says no.
    const withdrawn = await api(t.app, parent)('updateFamilyChildConsents', {
      params: { childId: second },
      body: { language: 'ar', messagesEmail: false },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await api(t.app, parent)('familyNotificationPreferences')).json().declined).toEqual({ sms: false, email: true });
    expect(await told('consent-test:3')).toEqual(['sms']);
    // …and is neither mailed nor recorded as mailed once they are refused (the portal still shows it).
    expect(await announce('Kit day two')).toEqual({ mailed: 0, recorded: [] });
  });
});
