/**
 * Sign-in limits at their real size (RATE_LIMIT_SCALE=1): codes sent per address in 15 minutes, across
 * academies (beyond, 429 `family.code_limit` with the wait, alike for known and unknown addresses), per
 * parent (beyond, silently nothing), and codes tried per client address and address (429 beyond). The window is the app's clock, so moving it on opens a new one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, playerInfo } from '../../../test/fixtures.js';
import { type Academy, academyHost, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { smsCaps } from '../../sms/budget.js';
import { signInLimits } from './sign-in.js';

let t: TestContext;
let a: Academy;
const limits = signInLimits(1);

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '1', EXPOSE_OUTBOX: 'true' });
  a = await registerAndLogin(t.app);
  const res = await asMember(
    t.app,
    a,
  )({
    method: 'POST',
    url: '/api/users/parent-player',
    ...multipart({
      parentInfo: JSON.stringify({
        name: 'Huda Al-Shehri',
        phone: '0541230000',
        email: 'huda@family.sa',
        emergencyPhone1: '',
        emergencyPhone2: '',
      }),
      playerInfo: JSON.stringify(playerInfo()),
    }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}, 60_000);
afterAll(() => t.close());

const signIn = (address: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/family/sign-in',
    headers: { host: academyHost(a.handle) },
    remoteAddress: ip,
    payload: { address },
  });
const verify = (payload: object, ip = '10.0.0.2') =>
  t.app.inject({ method: 'POST', url: '/api/family/verify', headers: { host: academyHost(a.handle) }, remoteAddress: ip, payload });
const mailsTo = async (to: string) => {
  await t.app.background.idle();
  return (await t.deps.mailer.outbox(1000)).filter((m) => m.to === to).length;
};

describe('sign-in limits', () => {
  it('sends at most a few codes to one address in 15 minutes, then says so (429 with the wait), known or not', async () => {
    const caps = smsCaps(t.deps.config);
    const answers = async (address: string, n: number) => {
      const out = [];
      for (let i = 0; i < n; i++) out.push(await signIn(address, `10.0.1.${i}`));
      return out.map((r) => `${r.statusCode} ${r.json().code ?? ''} ${r.json().params?.minutes ?? ''}`);
    };
    const known = await answers('huda@family.sa', caps.number_15min + 2);
    expect(known.slice(0, caps.number_15min).every((a) => a.startsWith('202'))).toBe(true);
    expect(known.slice(caps.number_15min)).toEqual(['429 family.code_limit 15', '429 family.code_limit 15']);
    // An address nobody has is answered the same way: the answers tell nothing about which exist.
    expect(await answers('nobody@family.sa', caps.number_15min + 2)).toEqual(known);
    expect(await mailsTo('huda@family.sa')).toBe(caps.number_15min);
    t.clock.advance(15 * 60_000 + 1000);
    await signIn('huda@family.sa', '10.0.2.1');
    expect(await mailsTo('huda@family.sa')).toBe(caps.number_15min + 1);
  });

  it('counts per parent too, across their e-mail and their mobile', async () => {
    t.clock.advance(15 * 60_000 + 1000);
    const mailsBefore = await mailsTo('huda@family.sa');
    const texts = async () =>
      ((await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' })).json() as { to: string }[]).filter(
        (m) => m.to === '+966541230000',
      ).length;
    const textsBefore = await texts();
    // Through both addresses of one parent, neither over its own limit: the parent's limit stops them together.
    for (let i = 0; i < limits.sendsPerParent + 2; i++) await signIn(i % 2 ? '0541230000' : 'huda@family.sa', `10.0.3.${i}`);
    await t.app.background.idle();
    const sent = (await mailsTo('huda@family.sa')) - mailsBefore + ((await texts()) - textsBefore);
    expect(sent).toBe(limits.sendsPerParent);
  });

  it('refuses further tries of codes from one client for one address (429 with the wait), not from others', async () => {
    const codes: number[] = [];
    for (let i = 0; i < limits.triesPerClient + 1; i++)
      codes.push((await verify({ address: 'huda@family.sa', code: '000000' }, '10.0.4.1')).statusCode);
    expect(codes.slice(0, limits.triesPerClient).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    const again = await verify({ address: 'huda@family.sa', code: '000000' }, '10.0.4.1');
    expect(again.json()).toMatchObject({ code: 'family.too_many_tries', params: { minutes: 15 } });
    // Another client's tries of the same address are its own.
    expect((await verify({ address: 'huda@family.sa', code: '000000' }, '10.0.4.2')).statusCode).toBe(400);
  });

  it('limits sign-in requests per client address (429)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(`someone${i}@family.sa`, '10.0.5.5')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
