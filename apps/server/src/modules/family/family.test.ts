/**
 * The family portal (docs/domain.md "The family portal"): passwordless sign-in, the
 * parent session's own kind, what a parent sees and may change, availability and its cut-off,
 * announcements' audiences and languages, and academies kept apart.
 */
import { ROUTES, type RouteKey } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, playerInfo } from '../../../test/fixtures.js';
import { type Academy, academyHost, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { parentPlayers, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

let t: TestContext;
let a: Academy;
let b: Academy;

interface Family {
  parentId: string;
  playerId: string;
}

/** Staff add a player with a parent of this e-mail and phone (the Add Player wizard). */
async function addFamily(academy: Academy, parent: { name: string; email: string; phone: string }, player: Record<string, unknown> = {}) {
  const res = await asMember(
    t.app,
    academy,
  )({
    method: 'POST',
    url: '/api/users/parent-player',
    ...multipart({
      parentInfo: JSON.stringify({ name: parent.name, phone: parent.phone, email: parent.email, emergencyPhone1: '', emergencyPhone2: '' }),
      playerInfo: JSON.stringify(playerInfo(player)),
    }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  const body = res.json();
  return { parentId: body.parent.id as string, playerId: body.player.id as string };
}

const host = (academy: { handle: string }) => ({ host: academyHost(academy.handle) });

async function signIn(academy: Academy, address: string, language = 'en') {
  return t.app.inject({ method: 'POST', url: '/api/family/sign-in', headers: host(academy), payload: { address, language } });
}

/** The newest mail to `to`, once the sign-in's background work is done. */
/** The latest mail to an address, from one academy when given (its link names the academy's host; mails of one instant tie on time). */
async function lastMailTo(to: string, academy?: Academy) {
  await t.app.background.idle();
  const mails = await t.deps.mailer.outbox(500);
  return mails.find((m) => m.to === to && (!academy || m.text.includes(academy.handle))) ?? null;
}
/**
 * The code in a sign-in mail or SMS: the six digits after "is" / "هو" / "كورة" — not the first six digits
 * of the text, which the academy's name (`Academy acad-3-412907`, a random hex that is all digits one time
 * in sixteen) can hold too.
 */
const codeIn = (text: string) => /(?:is|هو|كورة) (\d{6})\b/.exec(text)?.[1] ?? null;
const tokenIn = (text: string) => /#token=([\w-]+)/.exec(text)?.[1] ?? null;

async function verify(academy: Academy, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/family/verify', headers: host(academy), payload });
}

/** Signs a parent in by e-mail code; answers their session token. */
async function parentToken(academy: Academy, email: string, language = 'en') {
  expect((await signIn(academy, email, language)).statusCode).toBe(202);
  const mail = await lastMailTo(email, academy);
  const code = codeIn(mail?.text ?? '');
  const res = await verify(academy, { address: email, code, language });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const asParent = (academy: Academy, token: string) => (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...host(academy), authorization: `Bearer ${token}`, ...(opts.headers ?? {}) } });

let mum: Family;
let dad: Family;
let other: Family;
let inB: Family;
let teamId: string;
let eventId: string;
let coach: ReturnType<typeof asMember>;

beforeAll(async () => {
  t = await createTestApp({ EXPOSE_OUTBOX: 'true' });
  a = await registerAndLogin(t.app);
  b = await registerAndLogin(t.app);
  coach = asMember(t.app, a);
  mum = await addFamily(a, { name: 'Noura Al-Harbi', email: 'noura@family.sa', phone: '0501234567' }, { name: 'Faisal Al-Harbi' });
  other = await addFamily(a, { name: 'Sara Al-Qahtani', email: 'sara@family.sa', phone: '0559876543' }, { name: 'Omar Al-Qahtani' });
  // A second parent of Faisal, with a login of their own.
  dad = await withTenant(t.deps.db, a.id, async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ academyId: a.id, role: 'PARENT', name: 'Majed Al-Harbi', email: 'majed@family.sa', phoneNumber: '+966 55 000 1122' })
      .returning();
    await tx.insert(parentPlayers).values({ academyId: a.id, parentId: row.id, playerId: mum.playerId });
    return { parentId: row.id, playerId: mum.playerId };
  });
  // The same mother also has a child in academy B.
  inB = await addFamily(b, { name: 'Noura Al-Harbi', email: 'noura@family.sa', phone: '0501234567' }, { name: 'Layan Al-Harbi' });
  const team = await coach({ method: 'POST', url: '/api/teams', payload: { name: 'U10', playerIds: [mum.playerId] } });
  teamId = team.json().id;
  const otherTeam = await coach({ method: 'POST', url: '/api/teams', payload: { name: 'U12', playerIds: [other.playerId] } });
  // Tomorrow 17:00 Riyadh (the clock stands at 2026-11-22 12:00 Riyadh).
  const event = await coach({
    method: 'POST',
    url: '/api/events',
    payload: { type: 'TRAINING_SESSION', date: '2026-11-23', time: '17:00', endTime: '18:30', field: 'Pitch 2', teamIds: [teamId] },
  });
  expect(event.statusCode, event.body).toBe(201);
  eventId = event.json().id;
  await coach({
    method: 'POST',
    url: '/api/events',
    payload: {
      type: 'TRAINING_SESSION',
      date: '2026-11-23',
      time: '18:00',
      endTime: '19:00',
      field: 'Pitch 1',
      teamIds: [otherTeam.json().id],
    },
  });
}, 120_000);
afterAll(() => t.close());

describe('signing in', () => {
  it('answers a known and an unknown address the same way, with the same work done before answering', async () => {
    const known = await signIn(a, 'noura@family.sa');
    const unknown = await signIn(a, 'nobody@family.sa');
    const unknownPhone = await signIn(a, '0509999999');
    for (const res of [known, unknown, unknownPhone]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual(known.json());
    }
    // The look-up runs after the answer: both answers ran the same statements.
    expect(known.headers['x-sql-statements']).toBe(unknown.headers['x-sql-statements']);
    expect(await lastMailTo('nobody@family.sa')).toBeNull();
    const mail = await lastMailTo('noura@family.sa');
    expect(codeIn(mail?.text ?? '')).toMatch(/^\d{6}$/);
    expect(mail?.text).toContain(`http://${a.handle}.kora.test/family/sign-in#token=`);
  });

  it('refuses what is neither an e-mail nor a Saudi mobile, and the root host', async () => {
    const bad = await signIn(a, '12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].code).toBe('family.address_invalid');
    const root = await t.app.inject({
      method: 'POST',
      url: '/api/family/sign-in',
      headers: { host: 'kora.test' },
      payload: { address: 'noura@family.sa' },
    });
    expect(root.statusCode).toBe(404);
    expect(root.json().code).toBe('family.academy_host_required');
  });

  it('signs in with the code once; a second use, a wrong code and an expired code are refused', async () => {
    await signIn(a, 'sara@family.sa');
    const code = codeIn((await lastMailTo('sara@family.sa'))?.text ?? '') as string;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await verify(a, { address: 'sara@family.sa', code: wrong })).json().code).toBe('family.code_invalid');
    const ok = await verify(a, { address: 'SARA@family.sa', code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().parent.id).toBe(other.parentId);
    expect(ok.json().children.map((c: { id: string }) => c.id)).toEqual([other.playerId]);
    const again = await verify(a, { address: 'sara@family.sa', code });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('family.code_invalid');

    await signIn(a, 'sara@family.sa');
    const late = codeIn((await lastMailTo('sara@family.sa'))?.text ?? '') as string;
    t.clock.advance(10 * 60_000 + 1000);
    expect((await verify(a, { address: 'sara@family.sa', code: late })).statusCode).toBe(400);
  });

  it('a code dies after five wrong tries, even for its right value', async () => {
    await signIn(a, 'sara@family.sa');
    const code = codeIn((await lastMailTo('sara@family.sa'))?.text ?? '') as string;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify(a, { address: 'sara@family.sa', code: wrong })).statusCode).toBe(400);
    expect((await verify(a, { address: 'sara@family.sa', code })).statusCode).toBe(400);
  });

  it("signs in with the link's token once", async () => {
    await signIn(a, 'majed@family.sa');
    const token = tokenIn((await lastMailTo('majed@family.sa'))?.text ?? '') as string;
    const ok = await verify(a, { token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().parent.id).toBe(dad.parentId);
    expect((await verify(a, { token })).statusCode).toBe(400);
  });

  it('sends the code by SMS to a Saudi mobile written any way, in the language asked', async () => {
    expect((await signIn(a, '+966 50 123 4567', 'ar')).statusCode).toBe(202);
    await t.app.background.idle();
    const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' })).json() as { to: string; text: string }[];
    const sms = outbox.find((m) => m.to === '+966501234567');
    expect(sms?.text).toContain('رمز الدخول');
    const code = codeIn(sms?.text ?? '');
    const ok = await verify(a, { address: '0501234567', code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().parent.id).toBe(mum.parentId);
  });
});

describe('the parent session is its own kind', () => {
  let parent: string;
  const NONE = '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f';
  const keys = Object.keys(ROUTES) as RouteKey[];
  const url = (key: RouteKey) => ROUTES[key][1].replace(/:(\w+)(\.ics)?/g, (_m, _n, ext) => `${NONE}${ext ?? ''}`);
  const call = (key: RouteKey, token: string) =>
    t.app.inject({
      method: ROUTES[key][0] as 'GET',
      url: url(key),
      headers: { ...host(a), authorization: `Bearer ${token}` },
      ...(ROUTES[key][0] === 'GET' ? {} : { payload: {} }),
    });
  /** The parents' routes, as the API documents them: those whose security is the parent's session (http/route.ts). */
  let parentRoutes: Set<RouteKey>;
  beforeAll(async () => {
    parent = await parentToken(a, 'noura@family.sa');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: RouteKey; security?: Record<string, unknown>[] }>>;
    };
    parentRoutes = new Set(
      Object.values(doc.paths)
        .flatMap((ops) => Object.values(ops))
        .filter((op) => op.security?.some((s) => 'parentSession' in s))
        .map((op) => op.operationId),
    );
  });

  it('is refused (401) on every staff route that needs a member', async () => {
    // Staff routes other than public ones: derived from the endpoint map, so a new route is covered.
    const staff = keys.filter((k) => !parentRoutes.has(k));
    const failures: string[] = [];
    for (const key of staff) {
      const anonymous = await t.app.inject({
        method: ROUTES[key][0] as 'GET',
        url: url(key),
        headers: host(a),
        ...(ROUTES[key][0] === 'GET' ? {} : { payload: {} }),
      });
      if (anonymous.statusCode !== 401) continue; // a public route
      const res = await call(key, parent);
      if (res.statusCode !== 401) failures.push(`${key}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("is also an HttpOnly cookie of its own, which the staff's routes ignore; a parent's write by cookie needs Kora's header", async () => {
    expect((await signIn(a, 'noura@family.sa')).statusCode).toBe(202);
    const code = codeIn((await lastMailTo('noura@family.sa', a))?.text ?? '');
    const verified = await verify(a, { address: 'noura@family.sa', code });
    const header = [verified.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('kora_family='));
    expect(header).toMatch(/^kora_family=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax$/);
    const cookie = header?.split(';')[0] ?? '';
    const read = (url: string) => t.app.inject({ method: 'GET', url, headers: { ...host(a), cookie } });
    expect((await read('/api/family/me')).statusCode).toBe(200);
    expect((await read('/api/packages')).statusCode).toBe(401);
    const details = { phoneNumber: '0501234567' };
    const put = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/api/family/details', headers: { ...host(a), cookie, ...headers }, payload: details });
    expect((await put({ origin: `http://${academyHost(a.handle)}` })).json().code).toBe('auth.csrf');
    expect((await put({ 'x-kora-request': '1', origin: `http://${academyHost(a.handle)}` })).statusCode).toBe(200);
    // A staff session's cookie is no parent session.
    const staffLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: host(a),
      payload: { handle: a.handle, email: a.email, password: a.password },
    });
    const staffCookie = String([staffLogin.headers['set-cookie']].flat()[0]).split(';')[0];
    expect(staffCookie).toMatch(/^kora_session=/);
    const asStaff = await t.app.inject({ method: 'GET', url: '/api/family/me', headers: { ...host(a), cookie: staffCookie } });
    expect(asStaff.statusCode).toBe(401);
  });

  it('refuses a staff token (and none) on every family route but sign-in and verify', async () => {
    // Signing out ends the parent's session: last.
    const family = keys.filter((k) => parentRoutes.has(k)).sort((x, y) => Number(x === 'familySignOut') - Number(y === 'familySignOut'));
    expect(family).toEqual(
      keys
        .filter((k) => ROUTES[k][1].startsWith('/api/family/') && k !== 'familySignIn' && k !== 'familyVerify')
        .sort((x, y) => Number(x === 'familySignOut') - Number(y === 'familySignOut')),
    );
    expect(family.length).toBeGreaterThanOrEqual(12);
    const failures: string[] = [];
    for (const key of family) {
      for (const token of [a.token, '']) {
        const res = await call(key, token);
        if (res.statusCode !== 401) failures.push(`${key} with ${token ? 'a staff token' : 'no token'}: ${res.statusCode}`);
      }
      const ok = await call(key, parent);
      if (ok.statusCode === 401 || ok.statusCode >= 500)
        failures.push(`${key} with the parent's token: ${ok.statusCode} ${ok.body.slice(0, 100)}`);
    }
    expect(failures).toEqual([]);
  });

  it("is refused on another academy's host; a parent of two academies signs in to each separately", async () => {
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/family/me',
      headers: { ...host(b), authorization: `Bearer ${parent}` },
    });
    expect(elsewhere.statusCode).toBe(401);
    const inAcademyB = await parentToken(b, 'noura@family.sa');
    const me = (await asParent(b, inAcademyB)({ method: 'GET', url: '/api/family/me' })).json();
    expect(me.academy.id).toBe(b.id);
    expect(me.children.map((c: { id: string }) => c.id)).toEqual([inB.playerId]);
    expect((await asParent(a, inAcademyB)({ method: 'GET', url: '/api/family/me' })).statusCode).toBe(401);
  });

  it('ends at sign-out', async () => {
    const token = await parentToken(a, 'sara@family.sa');
    expect((await asParent(a, token)({ method: 'POST', url: '/api/family/sign-out' })).statusCode).toBe(204);
    expect((await asParent(a, token)({ method: 'GET', url: '/api/family/me' })).statusCode).toBe(401);
  });
});

describe('what a parent sees', () => {
  let mumToken: string;
  let dadToken: string;
  let saraToken: string;
  beforeAll(async () => {
    mumToken = await parentToken(a, 'noura@family.sa');
    dadToken = await parentToken(a, 'majed@family.sa');
    saraToken = await parentToken(a, 'sara@family.sa');
  });

  it("two parents of one child each see the child; neither sees another family's", async () => {
    for (const token of [mumToken, dadToken]) {
      const home = (await asParent(a, token)({ method: 'GET', url: '/api/family/home' })).json();
      expect(home.children.map((c: { child: { id: string } }) => c.child.id)).toEqual([mum.playerId]);
      const [next] = home.children[0].upcoming;
      expect(next.event).toMatchObject({ id: eventId, date: '2026-11-23', time: '17:00', field: 'Pitch 2' });
      expect(next.teams.map((x: { name: string }) => x.name)).toEqual(['U10']);
    }
    const forOther = await asParent(a, mumToken)({ method: 'GET', url: `/api/family/children/${other.playerId}/money` });
    expect(forOther.statusCode).toBe(404);
    // Her own child in academy B is another academy's: not found from academy A's session.
    const inOtherAcademy = await asParent(a, mumToken)({ method: 'GET', url: `/api/family/children/${inB.playerId}/progress` });
    expect(inOtherAcademy.statusCode).toBe(404);
    const progress = await asParent(a, saraToken)({ method: 'GET', url: `/api/family/children/${mum.playerId}/progress` });
    expect(progress.statusCode).toBe(404);
  });

  it('marks "can\'t come" until the cut-off; the coach sees it and the expected count', async () => {
    const events = (
      await asParent(a, mumToken)({ method: 'GET', url: '/api/family/events?startDate=2026-11-22&endDate=2026-11-30' })
    ).json();
    const mine = events.find((e: { event: { id: string } }) => e.event.id === eventId);
    expect(mine.canChange).toBe(true);
    expect(mine.changeableUntil).toBe('2026-11-23T12:00:00.000Z');
    const set = await asParent(
      a,
      mumToken,
    )({
      method: 'PUT',
      url: `/api/family/participants/${mine.participantId}/availability`,
      payload: { cantCome: true, reason: 'School trip' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().cantCome.reason).toBe('School trip');
    expect(set.json().status).toBe('PENDING');

    const staffView = (await coach({ method: 'GET', url: '/api/events?startDate=2026-11-23&endDate=2026-11-23' })).json();
    const event = staffView.find((e: { id: string }) => e.id === eventId);
    expect(event.participants[0].cantCome).toMatchObject({ reason: 'School trip' });
    expect(event.expectedPlayers).toBe(0);

    // Another family's participation is not there to change.
    const others = (
      await asParent(a, saraToken)({ method: 'GET', url: '/api/family/events?startDate=2026-11-22&endDate=2026-11-30' })
    ).json();
    const notMine = await asParent(
      a,
      saraToken,
    )({
      method: 'PUT',
      url: `/api/family/participants/${mine.participantId}/availability`,
      payload: { cantCome: false },
    });
    expect(notMine.statusCode).toBe(404);
    expect(others.every((e: { childId: string }) => e.childId === other.playerId)).toBe(true);

    // Within two hours of the start: too late (409), until the academy moves its cut-off.
    t.clock.set('2026-11-23T12:30:00Z');
    const late = await asParent(
      a,
      mumToken,
    )({ method: 'PUT', url: `/api/family/participants/${mine.participantId}/availability`, payload: { cantCome: false } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('family.availability_closed');
    expect((await coach({ method: 'PUT', url: '/api/family-settings', payload: { availabilityCutoffMinutes: 30 } })).statusCode).toBe(200);
    const back = await asParent(
      a,
      mumToken,
    )({ method: 'PUT', url: `/api/family/participants/${mine.participantId}/availability`, payload: { cantCome: false } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().cantCome).toBeNull();
    t.clock.set('2026-11-22T09:00:00Z');
    await coach({ method: 'PUT', url: '/api/family-settings', payload: { availabilityCutoffMinutes: 120 } });
  });

  it("updates the parent's phones and the child's medical condition, audited with the parent as actor", async () => {
    const parent = await asParent(
      a,
      mumToken,
    )({
      method: 'PUT',
      url: '/api/family/details',
      payload: { phoneNumber: '0501234567', emergencyPhone1: '0551112222', language: 'ar' },
    });
    expect(parent.statusCode, parent.body).toBe(200);
    expect(parent.json().parent).toMatchObject({ emergencyPhone1: '0551112222', language: 'ar' });
    // A condition needs the medical consent: without it nothing is written; given with the edit, it is recorded.
    const refused = await asParent(
      a,
      dadToken,
    )({
      method: 'PUT',
      url: `/api/family/children/${mum.playerId}`,
      payload: { condition: 'ربو خفيف', emergencyPhone1: '0551112222' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'consent.medical_required', issues: [{ path: 'condition' }] });
    const unchanged = (await asParent(a, dadToken)({ method: 'GET', url: '/api/family/details' })).json();
    expect(unchanged.children[0]).toMatchObject({ condition: null, emergencyPhone1: null });
    const child = await asParent(
      a,
      dadToken,
    )({
      method: 'PUT',
      url: `/api/family/children/${mum.playerId}`,
      payload: { condition: 'ربو خفيف', emergencyPhone1: '0551112222', medicalConsent: { language: 'ar' } },
    });
    expect(child.statusCode, child.body).toBe(200);
    expect(child.json().children[0].condition).toBe('ربو خفيف');
    const consents = (await asParent(a, dadToken)({ method: 'GET', url: `/api/family/children/${mum.playerId}/consents` })).json();
    expect(consents.consents.find((c: { purpose: string }) => c.purpose === 'medical')).toMatchObject({
      granted: true,
      language: 'ar',
      givenBy: 'parent',
    });
    // Standing now: the next change of the condition needs no new consent.
    const again = await asParent(
      a,
      dadToken,
    )({ method: 'PUT', url: `/api/family/children/${mum.playerId}`, payload: { condition: 'ربو', emergencyPhone1: '0551112222' } });
    expect(again.statusCode, again.body).toBe(200);
    const notMine = await asParent(
      a,
      saraToken,
    )({ method: 'PUT', url: `/api/family/children/${mum.playerId}`, payload: { condition: 'x' } });
    expect(notMine.statusCode).toBe(404);
    const audit = (await coach({ method: 'GET', url: '/api/audit-events?startDate=2026-11-01&endDate=2026-11-30' })).json() as {
      action: string;
      actor: { id: string; name: string };
      targetId: string;
      details: { before: { condition: string | null } };
    }[];
    // One row per change (the handler runs once; the refused one changed nothing), with what it was before.
    expect(audit.filter((e) => e.action === 'updateFamilyChild')).toHaveLength(2);
    expect(audit.find((e) => e.action === 'updateFamilyChild' && e.details.before.condition === null)).toMatchObject({
      actor: { id: dad.parentId, name: 'Majed Al-Harbi (parent)' },
      targetId: mum.playerId,
    });
    expect(audit.find((e) => e.action === 'updateFamilyParent')).toMatchObject({ actor: { name: 'Noura Al-Harbi (parent)' } });
    expect(audit.some((e) => e.action === 'setFamilyAvailability')).toBe(true);
  });

  it('reads progress and money of their own child', async () => {
    const progress = await asParent(a, mumToken)({ method: 'GET', url: `/api/family/children/${mum.playerId}/progress` });
    expect(progress.statusCode, progress.body).toBe(200);
    expect(progress.json().attendance.months).toHaveLength(12);
    expect(progress.json().medians).toHaveProperty('months');
    const money = await asParent(a, mumToken)({ method: 'GET', url: `/api/family/children/${mum.playerId}/money` });
    expect(money.statusCode, money.body).toBe(200);
    expect(money.json()).toEqual({ subscriptions: [], invoices: [] });
  });
});

describe('announcements', () => {
  it("reach the academy, a team or one family, in each parent's language, and staff see how many opened", async () => {
    // Noura chose Arabic above (her details); Sara and Majed signed in from English screens.
    await parentToken(a, 'majed@family.sa', 'en');
    const send = (payload: Record<string, unknown>) => coach({ method: 'POST', url: '/api/announcements', payload });
    const before = (await t.deps.mailer.outbox(1000)).length;
    const academyWide = await send({
      audience: 'academy',
      title: 'Eid holiday',
      titleArabic: 'إجازة العيد',
      body: 'No training next week.',
      bodyArabic: 'لا تدريب الأسبوع القادم.',
    });
    expect(academyWide.statusCode, academyWide.body).toBe(201);
    expect(academyWide.json()).toMatchObject({ audience: 'academy', recipients: 3, opened: 0 });
    const team = await send({ audience: 'team', teamId, title: 'New kit', body: 'Collect it on Sunday.' });
    expect(team.json()).toMatchObject({ recipients: 2, team: { id: teamId, name: 'U10' } });
    const family = await send({ audience: 'family', playerId: other.playerId, title: 'Well done', body: 'Omar was excellent.' });
    expect(family.json()).toMatchObject({ recipients: 1, player: { id: other.playerId } });
    expect((await send({ audience: 'team', title: 'x', body: 'y' })).json().issues[0].code).toBe('announcement.team_required');
    expect((await send({ audience: 'team', teamId: '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f', title: 'x', body: 'y' })).statusCode).toBe(404);

    await t.app.background.idle();
    const mails = (await t.deps.mailer.outbox(1000)).slice(0, (await t.deps.mailer.outbox(1000)).length - before);
    const eid = (to: string) => mails.find((m) => m.to === to && /Eid|العيد/.test(m.subject));
    expect(eid('noura@family.sa')?.subject).toContain('إجازة العيد');
    expect(eid('sara@family.sa')?.subject).toContain('Eid holiday');
    expect(eid('noura@family.sa')?.text).toContain('لا تدريب الأسبوع القادم.');
    expect(eid('majed@family.sa')?.subject).toContain('Eid holiday');
    expect(eid('majed@family.sa')?.text).toContain('No training next week.');
    expect(
      mails
        .filter((m) => m.subject.includes('New kit'))
        .map((m) => m.to)
        .sort(),
    ).toEqual(['majed@family.sa', 'noura@family.sa']);
    expect(mails.filter((m) => m.subject.includes('Well done')).map((m) => m.to)).toEqual(['sara@family.sa']);

    const sara = await parentToken(a, 'sara@family.sa');
    const list = (await asParent(a, sara)({ method: 'GET', url: '/api/family/announcements' })).json() as {
      id: string;
      title: string;
      openedAt: string | null;
    }[];
    expect(list.map((x) => x.title).sort()).toEqual(['Eid holiday', 'Well done']);
    expect((await asParent(a, sara)({ method: 'GET', url: '/api/family/home' })).json().unreadAnnouncements).toBe(2);
    const eidId = academyWide.json().id;
    expect((await asParent(a, sara)({ method: 'POST', url: `/api/family/announcements/${eidId}/open` })).statusCode).toBe(204);
    expect((await asParent(a, sara)({ method: 'POST', url: `/api/family/announcements/${team.json().id}/open` })).statusCode).toBe(404);
    const staff = (await coach({ method: 'GET', url: '/api/announcements' })).json() as {
      id: string;
      opened: number;
      recipients: number;
    }[];
    expect(staff.find((x) => x.id === eidId)).toMatchObject({ recipients: 3, opened: 1 });
    // Who wrote to the families, and to how many, is in the audit trail.
    const audit = (await coach({ method: 'GET', url: '/api/audit-events?startDate=2026-11-01&endDate=2026-11-30' })).json() as {
      action: string;
      targetId: string;
      details: { body: { title: string }; effect?: { recipients: number } };
    }[];
    expect(audit.find((e) => e.action === 'createAnnouncement' && e.targetId === eidId)).toMatchObject({
      details: { body: { title: 'Eid holiday' }, effect: { recipients: 3 } },
    });
    // Another academy's staff see none of them.
    expect((await asMember(t.app, b)({ method: 'GET', url: '/api/announcements' })).json()).toEqual([]);
  });
});

describe('the database keeps families apart', () => {
  /** Runs SQL as a parent's transaction does: kora_family with the academy and the family set. */
  async function asFamily<T>(
    academyId: string,
    parentIds: string[],
    work: (run: (q: ReturnType<typeof sql>) => Promise<Record<string, unknown>[]>) => Promise<T>,
  ) {
    return withTenant(t.deps.db, academyId, async (tx) => {
      await tx.execute(
        sql`select set_config('role', 'kora_family', true), set_config('app.parent_id', ${parentIds[0]}, true), set_config('app.family_parents', ${`{${parentIds.join(',')}}`}, true)`,
      );
      return work(async (q) => rowsOf<Record<string, unknown>>(await tx.execute(q)));
    });
  }

  it("shows a parent only their family's rows, even for queries without a WHERE", async () => {
    await asFamily(a.id, [mum.parentId], async (run) => {
      const people = (await run(sql`select id from users`)).map((r) => r.id).sort();
      expect(people).toEqual([mum.parentId, mum.playerId].sort());
      const seen = await run(sql`select distinct user_id from participants`);
      expect(seen.map((r) => r.user_id)).toEqual([mum.playerId]);
      expect((await run(sql`select count(*)::int as n from parent_players`))[0].n).toBe(1);
      expect((await run(sql`select count(*)::int as n from events`))[0].n).toBe(1);
    });
  });

  it('refuses every change but the columns a parent may set', async () => {
    const refused = async (q: ReturnType<typeof sql>) =>
      asFamily(a.id, [mum.parentId], (run) => run(q)).then(
        () => 'allowed',
        (err: Error) => String(Reflect.get(Object(err), 'cause')?.message ?? err.message),
      );
    expect(await refused(sql`update participants set status = 'ATTENDED'`)).toMatch(/permission denied/);
    expect(await refused(sql`update users set name = 'x'`)).toMatch(/permission denied/);
    expect(await refused(sql`delete from users`)).toMatch(/permission denied/);
    expect(await refused(sql`select * from account_types`)).toMatch(/permission denied/);
    expect(await refused(sql`select * from family_codes`)).toMatch(/permission denied/);
    // Another family's child: invisible, so nothing to update.
    const changed = await asFamily(a.id, [mum.parentId], (run) =>
      run(sql`update users set condition = 'x' where id = ${other.playerId} returning id`),
    );
    expect(changed).toEqual([]);
  });
});

describe('a parent who registered each child separately', () => {
  it('signs in once to both children, gets one mail per announcement and counts it unread once', async () => {
    const first = await addFamily(a, { name: 'Huda Al-Dosari', email: 'huda@twice.sa', phone: '0533334444' }, { name: 'Reem Al-Dosari' });
    const second = await addFamily(a, { name: 'Huda Al-Dosari', email: 'huda@twice.sa', phone: '0533334444' }, { name: 'Saad Al-Dosari' });
    expect(first.parentId).not.toBe(second.parentId);
    const token = await parentToken(a, 'huda@twice.sa');
    const me = (await asParent(a, token)({ method: 'GET', url: '/api/family/me' })).json();
    expect(me.children.map((c: { id: string }) => c.id).sort()).toEqual([first.playerId, second.playerId].sort());
    const unreadBefore = (await asParent(a, token)({ method: 'GET', url: '/api/family/home' })).json().unreadAnnouncements;
    const sent = await coach({
      method: 'POST',
      url: '/api/announcements',
      payload: { audience: 'academy', title: 'Parents evening', body: 'Thursday at 7.' },
    });
    expect(sent.statusCode).toBe(201);
    await t.app.background.idle();
    const mails = (await t.deps.mailer.outbox(1000)).filter((m) => m.to === 'huda@twice.sa' && m.subject.includes('Parents evening'));
    expect(mails).toHaveLength(1);
    expect((await asParent(a, token)({ method: 'GET', url: '/api/family/home' })).json().unreadAnnouncements).toBe(unreadBefore + 1);
    // The phone changed once is every row's.
    await asParent(a, token)({ method: 'PUT', url: '/api/family/details', payload: { phoneNumber: '0533335555' } });
    const phones = await withTenant(t.deps.db, a.id, (tx) =>
      tx.select({ phone: users.phoneNumber }).from(users).where(sql`${users.id} in (${first.parentId}, ${second.parentId})`),
    );
    expect(phones.map((p) => p.phone)).toEqual(['0533335555', '0533335555']);
  });
});
