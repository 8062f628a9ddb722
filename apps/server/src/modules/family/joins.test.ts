/**
 * Families joined only by their owners and a parent session that reads its family
 * on every request, docs/domain.md "The family portal": a public registration
 * with another parent's e-mail (any case) or mobile waits apart, unseen by her and unable to touch
 * her record, until staff confirm; then the child shows in her portal within the same session.
 */
import { eq, inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, playerInfo } from '../../../test/fixtures.js';
import { type Academy, academyHost, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { auditEvents, familyJoins, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

let t: TestContext;
let a: Academy;
let staff: ReturnType<typeof asMember>;

const host = (academy: Academy) => ({ host: academyHost(academy.handle) });

/** The public parent wizard's registration. */
async function register(parent: { name: string; email: string; phone: string }, child: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register/parent',
    headers: host(a),
    payload: {
      handle: a.handle,
      selectedPackage: null,
      subscriptionStartDate: null,
      parentInfo: { ...parent, nameArabic: '', emergencyPhone1: '', emergencyPhone2: '' },
      playerInfo: {
        residentialNeighborhood: 'Al Malqa',
        name: child,
        nameArabic: '',
        nationalId: '',
        nationality: 'SA',
        birthdate: '2015-03-14',
        gender: 'MALE',
        medicalCondition: '',
      },
      consents: { language: 'en', termsPrivacy: true },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { parent: { id: string }; player: { id: string }; subscription: null };
}

/** Signs a parent in by the code mailed to `email`; answers the session token. */
async function parentToken(email: string) {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/family/sign-in',
    headers: host(a),
    payload: { address: email, language: 'en' },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  await t.app.background.idle();
  const mail = (await t.deps.mailer.outbox(500)).find((m) => m.to === email && m.text.includes(a.handle));
  const code = /(?:is|هو|كورة) (\d{6})\b/.exec(mail?.text ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const res = await t.app.inject({ method: 'POST', url: '/api/family/verify', headers: host(a), payload: { address: email, code } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const asParent = (token: string) => (opts: InjectOptions) =>
  t.app.inject({ ...opts, headers: { ...host(a), authorization: `Bearer ${token}`, ...(opts.headers ?? {}) } });

async function childrenOf(token: string) {
  const me = await asParent(token)({ method: 'GET', url: '/api/family/me' });
  expect(me.statusCode, me.body).toBe(200);
  return (me.json().children as { id: string }[]).map((c) => c.id).sort();
}

const parentRow = (id: string) =>
  withTenant(t.deps.db, a.id, async (tx) => {
    const [row] = await tx
      .select({ name: users.name, email: users.email, phoneNumber: users.phoneNumber, emergencyPhone1: users.emergencyPhone1 })
      .from(users)
      .where(eq(users.id, id));
    return row;
  });

beforeAll(async () => {
  t = await createTestApp({ EXPOSE_OUTBOX: 'true' });
  a = await registerAndLogin(t.app);
  staff = asMember(t.app, a);
}, 120_000);
afterAll(() => t.close());

describe('a registration with an address that is already a parent’s', () => {
  it('waits apart until staff confirm; then the child is in her portal in the same session', async () => {
    const noura = await register({ name: 'Noura Al-Harbi', email: 'noura@joins.sa', phone: '0501230001' }, 'Faisal Al-Harbi');
    const token = await parentToken('noura@joins.sa');
    expect(await childrenOf(token)).toEqual([noura.player.id]);
    const before = await parentRow(noura.parent.id);

    // A stranger registers with her e-mail in another case, another name and phone.
    const stranger = await register({ name: 'Someone Else', email: 'NOURA@Joins.SA', phone: '0559990001' }, 'Intruder Kid');
    // The same answer as any registration: nothing tells the address was known.
    expect(Object.keys(stranger).sort()).toEqual(Object.keys(noura).sort());
    expect(Object.keys(stranger.parent)).toEqual(['id']);
    expect(stranger.parent.id).not.toBe(noura.parent.id);

    // Her portal does not list the child, nor open its pages.
    expect(await childrenOf(token)).toEqual([noura.player.id]);
    const home = (await asParent(token)({ method: 'GET', url: '/api/family/home' })).json();
    expect(JSON.stringify(home)).not.toContain(stranger.player.id);
    expect((await asParent(token)({ method: 'GET', url: `/api/family/children/${stranger.player.id}/money` })).statusCode).toBe(404);
    // Her record is untouched, and her own phone change is not written to the stranger's.
    expect(await parentRow(noura.parent.id)).toEqual(before);
    const changed = await asParent(token)({ method: 'PUT', url: '/api/family/details', payload: { phoneNumber: '0501230002' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await parentRow(noura.parent.id)).phoneNumber).toBe('0501230002');
    expect(await parentRow(stranger.parent.id)).toEqual({
      name: 'Someone Else',
      email: 'noura@joins.sa',
      phoneNumber: '0559990001',
      emergencyPhone1: null,
    });

    // Staff see it to confirm, with whose address it was.
    const list = await staff({ method: 'GET', url: '/api/family-joins' });
    expect(list.statusCode, list.body).toBe(200);
    const waiting = list.json().find((j: { player: { id: string } }) => j.player.id === stranger.player.id);
    expect(waiting).toMatchObject({
      player: { id: stranger.player.id, name: 'Intruder Kid' },
      parent: { id: stranger.parent.id, name: 'Someone Else', phoneNumber: '0559990001' },
      existingParent: { id: noura.parent.id, name: 'Noura Al-Harbi', children: [{ id: noura.player.id, name: 'Faisal Al-Harbi' }] },
      sameEmail: true,
      samePhone: false,
    });

    // Confirmed by staff: the child joins her family, seen by the session she already has.
    const confirm = await staff({ method: 'POST', url: `/api/family-joins/${waiting.id}/decision`, payload: { decision: 'confirm' } });
    expect(confirm.statusCode, confirm.body).toBe(204);
    expect(await childrenOf(token)).toEqual([noura.player.id, stranger.player.id].sort());
    expect((await staff({ method: 'GET', url: '/api/family-joins' })).json()).toEqual([]);
    // Decided once: a second decision is refused with its code.
    const again = await staff({ method: 'POST', url: `/api/family-joins/${waiting.id}/decision`, payload: { decision: 'separate' } });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('family_join.not_found');
  });

  it('a mobile of hers waits too; kept separate it never joins', async () => {
    const huda = await register({ name: 'Huda Al-Dosari', email: 'huda@joins.sa', phone: '0501230003' }, 'Reem Al-Dosari');
    const token = await parentToken('huda@joins.sa');
    const other = await register({ name: 'Not Huda', email: 'nothuda@joins.sa', phone: '+966 50 123 0003' }, 'Saad Someone');
    const waiting = (await staff({ method: 'GET', url: '/api/family-joins' }))
      .json()
      .find((j: { player: { id: string } }) => j.player.id === other.player.id);
    expect(waiting).toMatchObject({ existingParent: { id: huda.parent.id }, sameEmail: false, samePhone: true });
    const bad = await staff({ method: 'POST', url: `/api/family-joins/${waiting.id}/decision`, payload: { decision: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    const kept = await staff({ method: 'POST', url: `/api/family-joins/${waiting.id}/decision`, payload: { decision: 'separate' } });
    expect(kept.statusCode, kept.body).toBe(204);
    expect(await childrenOf(token)).toEqual([huda.player.id]);
    const [row] = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .select({ state: familyJoins.state })
        .from(familyJoins)
        .where(inArray(familyJoins.parentId, [other.parent.id])),
    );
    expect(row.state).toBe('separate');
  });

  it('a deciding member needs W:Players; an unknown one is 404', async () => {
    const unknown = await staff({
      method: 'POST',
      url: '/api/family-joins/3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f/decision',
      payload: { decision: 'confirm' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('family_join.not_found');
  });
});

describe('the owner of the address answers in her portal', () => {
  it('is mailed, sees the registration in the session she has, and only she may confirm it', async () => {
    const reem = await register({ name: 'Reem Al-Shehri', email: 'reem@joins.sa', phone: '0501230005' }, 'Nawaf Al-Shehri');
    const token = await parentToken('reem@joins.sa');
    const other = await parentToken('noura@joins.sa');
    const stranger = await register({ name: 'Reem Again', email: 'Reem@joins.sa', phone: '0559990005' }, 'Tala Al-Shehri');
    await t.app.background.idle();
    const mail = (await t.deps.mailer.outbox(500)).find((m) => m.to === 'reem@joins.sa' && m.text.includes('Tala Al-Shehri'));
    expect(mail?.subject).toContain('a registration with your e-mail address');
    expect(mail?.text).toContain(`http://${a.handle}.kora.test/family`);
    expect(await childrenOf(token)).toEqual([reem.player.id]);

    const offers = await asParent(token)({ method: 'GET', url: '/api/family/joins' });
    expect(offers.statusCode, offers.body).toBe(200);
    expect(offers.json()).toEqual([
      {
        id: expect.any(String),
        createdAt: expect.any(String),
        child: { id: stranger.player.id, name: 'Tala Al-Shehri', nameArabic: null },
        registeredBy: 'Reem Again',
      },
    ]);
    const id = offers.json()[0].id as string;
    // Another parent's session neither sees it nor may answer it; staff tokens are not parent sessions.
    expect((await asParent(other)({ method: 'GET', url: '/api/family/joins' })).json()).toEqual([]);
    const foreign = await asParent(other)({ method: 'POST', url: `/api/family/joins/${id}/decision`, payload: { decision: 'confirm' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('family_join.not_found');
    expect((await staff({ method: 'GET', url: '/api/family/joins' })).statusCode).toBe(401);

    const yes = await asParent(token)({ method: 'POST', url: `/api/family/joins/${id}/decision`, payload: { decision: 'confirm' } });
    expect(yes.statusCode, yes.body).toBe(204);
    expect(await childrenOf(token)).toEqual([reem.player.id, stranger.player.id].sort());
    expect((await asParent(token)({ method: 'GET', url: '/api/family/joins' })).json()).toEqual([]);
    const audit = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .select({ actorId: auditEvents.actorId, targetId: auditEvents.targetId })
        .from(auditEvents)
        .where(eq(auditEvents.action, 'answerFamilyJoin')),
    );
    expect(audit).toEqual([{ actorId: reem.parent.id, targetId: id }]);
  });
});

describe('a signed-in parent’s family is read on every request', () => {
  it('a sibling staff add with her e-mail shows without signing out and in', async () => {
    const first = await register({ name: 'Sara Al-Qahtani', email: 'sara@joins.sa', phone: '0501230004' }, 'Omar Al-Qahtani');
    const token = await parentToken('sara@joins.sa');
    expect(await childrenOf(token)).toEqual([first.player.id]);
    // Staff adding a player are the confirmation: the sibling joins at once.
    const added = await staff({
      method: 'POST',
      url: '/api/users/parent-player',
      ...multipart({
        parentInfo: JSON.stringify({
          name: 'Sara Al-Qahtani',
          phone: '0501230004',
          email: 'Sara@Joins.sa',
          emergencyPhone1: '',
          emergencyPhone2: '',
        }),
        playerInfo: JSON.stringify(playerInfo({ name: 'Lina Al-Qahtani' })),
      }),
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await childrenOf(token)).toEqual([first.player.id, added.json().player.id].sort());
    expect((await staff({ method: 'GET', url: '/api/family-joins' })).json()).toEqual([]);
  });
});
