import type { AccountTypeListItem, Admin } from '@kora/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer } from '../../../test/fixtures.js';
import { expectInvalid, loginAs } from '../../../test/harness.js';

const t = useTestApp({ academies: 2, coaches: 1 });
const [a, b] = t.academies;
const [coach] = t.coaches;
let admin: AccountTypeListItem;
let coachType: AccountTypeListItem;

type Who = { handle: string; token: string };
const createStaff = (payload: object, who: Who = a) => api(t.app, who)('createStaffUser', { body: payload });
const sendReset = (id: string, who: Who = a) => api(t.app, who)('sendUserPasswordReset', { params: { id } });

beforeAll(async () => {
  const types = (await api(t.app, a)('listAccountTypes')).json() as AccountTypeListItem[];
  admin = types.find((x) => x.name === 'Admin')!;
  coachType = types.find((x) => x.name === 'Coach')!;
});

describe('POST /api/users (a staff login)', () => {
  it('creates an ADMIN-role login of the chosen type whose password is shown once and works', async () => {
    const email = `Reception@${a.handle}.sa`;
    const res = await createStaff({ name: 'Noura Al-Shehri', email, accountTypeId: coachType.id });
    expect(res.statusCode, res.body).toBe(201);
    const { user, password } = res.json() as { user: Admin; password: string };
    expect(user).toEqual({
      id: expect.any(String),
      role: 'ADMIN',
      name: 'Noura Al-Shehri',
      nameArabic: null,
      email: email.toLowerCase(),
      avatar: null,
      accountTypeId: coachType.id,
      hasLogin: true,
      createdAt: expect.any(String),
    });
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/);
    const token = await loginAs(t.app, a.handle, email.toLowerCase(), password);
    const me = await api(t.app, { handle: a.handle, token })('me');
    expect(me.json().user).toMatchObject({ id: user.id, accountType: { id: coachType.id } });
    // Settings → Privileges lists staff with name, e-mail, account type and date joined.
    const staff = (await api(t.app, a)('listUsers', { query: { role: 'ADMIN' } })).json() as Admin[];
    expect(staff.map((s) => s.id)).toEqual(expect.arrayContaining([a.userId, user.id]));
    const coaches = (await api(t.app, a)('listUsers', { query: { role: 'COACH' } })).json();
    expect(coaches[0]).toMatchObject({ id: coach.id, hasLogin: true, accountTypeId: coachType.id, createdAt: expect.any(String) });
  });

  it('validates name and e-mail, refuses a taken login (409), an unknown type (400) and callers without W:Settings (403)', async () => {
    const noName = await createStaff({ name: '', email: 'x@y.sa', accountTypeId: admin.id });
    expect(noName.json()).toMatchObject({ code: 'coach.name_required' });
    const badEmail = await createStaff({ name: 'X', email: 'nope', accountTypeId: admin.id });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toMatchObject({ code: 'email.invalid', message: 'Please enter a valid email' });
    expect((await createStaff({ name: 'X', email: a.email, accountTypeId: admin.id })).statusCode).toBe(409);
    const unknown = await createStaff({ name: 'X', email: 'x@y.sa', accountTypeId: '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f' });
    expect(unknown.json()).toMatchObject({ code: 'account_type.unknown', issues: [{ path: 'accountTypeId' }] });
    const foreignType = (await api(t.app, b)('listAccountTypes')).json()[0].id;
    expectInvalid(await createStaff({ name: 'X', email: 'x@y.sa', accountTypeId: foreignType }), 'account_type.unknown', 'accountTypeId');
    expect((await createStaff({ name: 'X', email: 'x@y.sa', accountTypeId: coachType.id }, coach)).statusCode).toBe(403);
  });
});

describe('POST /api/users/:id/send-reset', () => {
  it('mails the user a working reset link (the forgot-password mail) and answers 204', async () => {
    const email = `forgetful@${a.handle}.sa`;
    const { user } = (await createStaff({ name: 'Forgetful', email, accountTypeId: coachType.id })).json();
    const res = await sendReset(user.id);
    expect(res.statusCode, res.body).toBe(204);
    const [mail] = await t.deps.mailer.outbox(1);
    expect(mail.to).toBe(email);
    const token = mail.text.match(new RegExp(`${a.handle}\\.kora\\.test/auth/reset-password/(\\S+)`))?.[1];
    expect(token).toBeTruthy();
    const reset = await api(t.app)('resetPassword', { body: { token, newPassword: 'brand-new-pass' } });
    expect(reset.statusCode).toBe(204);
    expect(await loginAs(t.app, a.handle, email, 'brand-new-pass')).toEqual(expect.any(String));
  });

  it('is 409 without a login, 404 for a player, an unknown or another academy’s user, 403 without W:Settings', async () => {
    const before = (await t.deps.mailer.outbox(1000)).length;
    const paper = await api(t.app, a)('createCoach', { body: { name: 'No Login' } });
    const noLogin = await sendReset(paper.json().coach.id);
    expect(noLogin.statusCode).toBe(409);
    expect(noLogin.json()).toMatchObject({ code: 'user.no_login', message: 'This user has no login' });
    expect((await sendReset(await addPlayer(t.app, a))).statusCode).toBe(404);
    expect((await sendReset('3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f')).statusCode).toBe(404);
    expect((await sendReset(a.userId, b)).statusCode).toBe(404);
    expect((await sendReset(a.userId, coach)).statusCode).toBe(403);
    expect((await t.deps.mailer.outbox(1000)).length).toBe(before);
  });
});
