/**
 * SMS caps (docs/domain.md, "Text messages" and "The family portal"): Kora's own words
 * and the code open every sign-in message, the academy's name
 * follows capped; texts are capped per number across every academy, per academy and overall per
 * hour; a newly signed-up academy texts nobody until its owner confirms their e-mail; and nobody
 * locks a parent out with wrong codes or sign-in requests of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, playerInfo } from '../../../test/fixtures.js';
import { type Academy, academyHost, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { signInLimits } from './sign-in.js';

let t: TestContext;
const CAPS = { perNumber15Min: 3, perNumberDay: 5, perAcademyDay: 8, perHour: 10 };
const DAY = 24 * 3600_000;

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_SCALE: '1',
    EXPOSE_OUTBOX: 'true',
    SMS_PER_NUMBER_15MIN: String(CAPS.perNumber15Min),
    SMS_PER_NUMBER_DAY: String(CAPS.perNumberDay),
    SMS_PER_ACADEMY_DAY: String(CAPS.perAcademyDay),
    SMS_PER_HOUR: String(CAPS.perHour),
  });
}, 60_000);
afterAll(() => t.close());

let ipSeq = 0;
/** A client address of its own for each request, so the per-address request limit never decides. */
const nextIp = () => `10.${Math.floor(++ipSeq / 250) % 250}.${ipSeq % 250}.7`;

async function addParent(academy: Academy, parent: { name: string; phone: string; email?: string }) {
  const res = await asMember(
    t.app,
    academy,
  )({
    method: 'POST',
    url: '/api/users/parent-player',
    ...multipart({
      parentInfo: JSON.stringify({
        name: parent.name,
        phone: parent.phone,
        email: parent.email ?? '',
        emergencyPhone1: '',
        emergencyPhone2: '',
      }),
      playerInfo: JSON.stringify(playerInfo()),
    }),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
}

const signIn = (academy: { handle: string }, address: string, ip = nextIp(), language = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/family/sign-in',
    headers: { host: academyHost(academy.handle) },
    remoteAddress: ip,
    payload: { address, language },
  });
const verify = (academy: { handle: string }, payload: object, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/family/verify', headers: { host: academyHost(academy.handle) }, remoteAddress: ip, payload });

async function textsTo(to: string) {
  await t.app.background.idle();
  const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/sms-outbox' })).json() as { to: string; text: string }[];
  return outbox.filter((m) => m.to === to);
}
async function mailsTo(to: string) {
  await t.app.background.idle();
  return (await t.deps.mailer.outbox(2000)).filter((m) => m.to === to);
}
const bell = async (academy: Academy) => (await asMember(t.app, academy)({ method: 'GET', url: '/api/attention' })).json();

const codeIn = (text: string) => /(?:is|هو) (\d{6})\b/.exec(text)?.[1] ?? null;
const tokenIn = (text: string) => /#token=([\w-]+)/.exec(text)?.[1] ?? null;

describe('texts are capped across academies', () => {
  it('caps the texts to one number in 15 minutes and in a day, whichever academies ask', async () => {
    t.clock.advance(DAY + 1000);
    const academies: Academy[] = [];
    for (let i = 0; i < 4; i++) {
      const academy = await registerAndLogin(t.app);
      await addParent(academy, { name: `Parent ${i}`, phone: '0551110000' });
      academies.push(academy);
    }
    // Two requests through each of four academies: 8 in all, 3 texts.
    const statuses: number[] = [];
    for (const academy of academies) for (let k = 0; k < 2; k++) statuses.push((await signIn(academy, '0551110000')).statusCode);
    expect(await textsTo('+966551110000')).toHaveLength(CAPS.perNumber15Min);
    expect(statuses.filter((s) => s === 202)).toHaveLength(CAPS.perNumber15Min);
    const refused = await signIn(academies[3], '0551110000');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'family.code_limit', params: { minutes: expect.any(Number) } });
    expect(refused.json().params.minutes).toBeLessThanOrEqual(15);

    // A new quarter of an hour: the day's cap (5) leaves two more, whichever academy asks.
    t.clock.advance(15 * 60_000 + 1000);
    for (const academy of academies) await signIn(academy, '0551110000');
    expect(await textsTo('+966551110000')).toHaveLength(CAPS.perNumberDay);
    t.clock.advance(15 * 60_000 + 1000);
    const nextDay = await signIn(academies[0], '0551110000');
    expect(nextDay.statusCode).toBe(429);
    expect(await textsTo('+966551110000')).toHaveLength(CAPS.perNumberDay);
  });

  it("stops an academy's texts at its daily cap, says so to the parent and in the academy's bell", async () => {
    t.clock.advance(DAY + 1000);
    const academy = await registerAndLogin(t.app);
    const numbers = Array.from({ length: CAPS.perAcademyDay + 1 }, (_, i) => `05621000${String(i).padStart(2, '0')}`);
    for (const [i, phone] of numbers.entries()) await addParent(academy, { name: `Daily ${i}`, phone });
    expect((await bell(academy)).notices).toBeUndefined();
    const statuses: number[] = [];
    for (const phone of numbers) statuses.push((await signIn(academy, phone)).statusCode);
    await t.app.background.idle();
    let sent = 0;
    for (const phone of numbers) sent += (await textsTo(`+966${phone.slice(1)}`)).length;
    expect(sent).toBe(CAPS.perAcademyDay);
    const last = await signIn(academy, numbers.at(-1) as string);
    expect(last.statusCode).toBe(429);
    expect(last.json().code).toBe('family.sms_limit');
    const notices = (await bell(academy)).notices;
    expect(notices).toEqual([{ kind: 'sms_academy_cap', limit: CAPS.perAcademyDay, until: expect.any(String) }]);
    // E-mail is not a text: a parent of this academy still gets a code by mail.
    await addParent(academy, { name: 'Mail parent', phone: '0562100099', email: 'mail.parent@caps.sa' });
    expect((await signIn(academy, 'mail.parent@caps.sa')).statusCode).toBe(202);
    expect(await mailsTo('mail.parent@caps.sa')).toHaveLength(1);
  });

  it('keeps to the overall hourly budget, whichever academies send', async () => {
    t.clock.advance(DAY + 1000);
    const first = await registerAndLogin(t.app);
    const second = await registerAndLogin(t.app);
    const numbers = (prefix: string) => Array.from({ length: 6 }, (_, i) => `05${prefix}00000${i}`);
    for (const [i, phone] of numbers('71').entries()) await addParent(first, { name: `First ${i}`, phone });
    for (const [i, phone] of numbers('72').entries()) await addParent(second, { name: `Second ${i}`, phone });
    const answers: number[] = [];
    for (const phone of numbers('71')) answers.push((await signIn(first, phone)).statusCode);
    for (const phone of numbers('72')) answers.push((await signIn(second, phone)).statusCode);
    await t.app.background.idle();
    let sent = 0;
    for (const phone of [...numbers('71'), ...numbers('72')]) sent += (await textsTo(`+966${phone.slice(1)}`)).length;
    expect(sent).toBe(CAPS.perHour);
    const refused = await signIn(second, numbers('72')[5]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('family.sms_limit');
    // Everyone's hour, not the academy's own cap: its bell has nothing to say of it.
    expect((await bell(second)).notices).toBeUndefined();
    // The next hour texts again.
    t.clock.advance(3600_000 + 1000);
    expect((await signIn(second, numbers('72')[5])).statusCode).toBe(202);
    expect(await textsTo(`+966${numbers('72')[5].slice(1)}`)).toHaveLength(1);
  });
});

describe('the words of a sign-in message are Kora’s', () => {
  const LONG = 'Al Rajhi Bank: account frozen, verify at http://rajhi-verify.example now or lose access';

  it('opens with Kora’s words and the code, ends the SMS with @host #code, and quotes a long academy name capped, after', async () => {
    t.clock.advance(DAY + 1000);
    const academy = await registerAndLogin(t.app);
    const renamed = await asMember(
      t.app,
      academy,
    )({ method: 'PUT', url: `/api/academies/${academy.id}`, ...multipart({ name: LONG, email: academy.email, phone: '+966501234567' }) });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const named = await t.app.inject({ method: 'GET', url: `/api/academies/check/${academy.handle}` });
    expect(named.json().academy.name).toBe(LONG);
    await addParent(academy, { name: 'Spoofed', phone: '0581234567', email: 'spoofed@caps.sa' });

    expect((await signIn(academy, '0581234567')).statusCode).toBe(202);
    const [sms] = await textsTo('+966581234567');
    const code = codeIn(sms.text) as string;
    expect(code).toMatch(/^\d{6}$/);
    expect(sms.text.startsWith(`Your Kora sign-in code is ${code}`)).toBe(true);
    expect(sms.text.endsWith(`\n@${academy.handle}.kora.test #${code}`)).toBe(true);
    expect(sms.text).toContain(`For: ${LONG.slice(0, 39)}…`);
    expect(sms.text).not.toContain(LONG.slice(0, 41));
    expect(sms.text).not.toContain('lose access');

    expect((await signIn(academy, 'spoofed@caps.sa', nextIp(), 'ar')).statusCode).toBe(202);
    const [mail] = await mailsTo('spoofed@caps.sa');
    const mailed = codeIn(mail.text) as string;
    expect(mail.subject).toBe(`رمز الدخول إلى كورة: ${mailed}`);
    expect(mail.text.startsWith(`رمز الدخول إلى كورة هو ${mailed}.`)).toBe(true);
    expect(mail.text).not.toContain('lose access');
    expect((await verify(academy, { address: '0581234567', code })).statusCode).toBe(200);
  });
});

describe('a newly signed-up academy texts nobody until its owner confirms their e-mail', () => {
  it('refuses texts (409, the bell says why), mails still go; the mailed link turns texts on', async () => {
    t.clock.advance(DAY + 1000);
    const academy = await registerAndLogin(t.app, undefined, { ownerConfirmed: false });
    await addParent(academy, { name: 'New parent', phone: '0591112222', email: 'new.parent@caps.sa' });

    const refused = await signIn(academy, '0591112222');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('family.sms_unavailable');
    expect(await textsTo('+966591112222')).toHaveLength(0);
    expect((await bell(academy)).notices).toEqual([{ kind: 'sms_owner_unverified', email: academy.email }]);
    // An announcement asked to text is recorded without texting.
    const announced = await asMember(
      t.app,
      academy,
    )({ method: 'POST', url: '/api/announcements', payload: { audience: 'academy', title: 'Hello', body: 'Training moved', sms: true } });
    expect(announced.statusCode, announced.body).toBe(201);
    expect(announced.json().sms).toBe(false);
    expect(await textsTo('+966591112222')).toHaveLength(0);
    // The parent's e-mail works all along.
    expect((await signIn(academy, 'new.parent@caps.sa')).statusCode).toBe(202);
    expect(await mailsTo('new.parent@caps.sa')).not.toHaveLength(0);

    // The owner opens the link mailed at sign-up.
    const [welcome] = (await mailsTo(academy.email)).filter((m) => m.text.includes('/confirm-owner#token='));
    expect(welcome.subject.startsWith('Kora')).toBe(true);
    const token = tokenIn(welcome.text) as string;
    const confirm = (body: object) => t.app.inject({ method: 'POST', url: '/api/auth/confirm-owner', payload: body });
    const ok = await confirm({ token });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ handle: academy.handle });
    expect((await confirm({ token })).json().code).toBe('academy.owner_token_invalid');
    expect((await bell(academy)).notices).toBeUndefined();
    const resend = await asMember(t.app, academy)({ method: 'POST', url: '/api/academies/owner-confirmation' });
    expect(resend.json().code).toBe('academy.owner_confirmed');

    expect((await signIn(academy, '0591112222')).statusCode).toBe(202);
    expect(await textsTo('+966591112222')).toHaveLength(1);
  });

  it('a confirmation link works within 3 days only; the bell mails a new one', async () => {
    const academy = await registerAndLogin(t.app, undefined, { ownerConfirmed: false });
    const linkOf = async () =>
      tokenIn((await mailsTo(academy.email)).find((m) => m.text.includes('/confirm-owner#'))?.text ?? '') as string;
    const old = await linkOf();
    t.clock.advance(3 * DAY + 1000);
    const late = await t.app.inject({ method: 'POST', url: '/api/auth/confirm-owner', payload: { token: old } });
    expect(late.statusCode).toBe(400);
    expect((await asMember(t.app, academy)({ method: 'POST', url: '/api/academies/owner-confirmation' })).statusCode).toBe(204);
    const fresh = await linkOf();
    expect(fresh).not.toBe(old);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/confirm-owner', payload: { token: fresh } })).statusCode).toBe(200);
  });
});

describe('nobody locks a parent out', () => {
  const limits = signInLimits(1);

  it("wrong codes from another client end neither the parent's tries nor the newest link", async () => {
    t.clock.advance(DAY + 1000);
    const academy = await registerAndLogin(t.app);
    await addParent(academy, { name: 'Targeted parent', phone: '0593334444', email: 'target@caps.sa' });
    const parentIp = '10.200.0.1';
    const attacker = '10.200.0.66';
    expect((await signIn(academy, 'target@caps.sa', parentIp)).statusCode).toBe(202);
    const [first] = await mailsTo('target@caps.sa');
    const firstCode = codeIn(first.text) as string;
    const wrong = firstCode === '000000' ? '111111' : '000000';

    // The attacker tries wrong codes from their own address until they are stopped.
    const statuses: number[] = [];
    let stopped = null;
    for (let i = 0; i < 30 && !stopped; i++) {
      const res = await verify(academy, { address: 'target@caps.sa', code: wrong }, attacker);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) stopped = res.json();
    }
    expect(statuses).toEqual([...Array(limits.triesPerClient).fill(400), 429]);
    expect(stopped).toMatchObject({ code: 'family.too_many_tries', params: { minutes: 15 } });

    // The code itself is worn out (five wrong tries), but the link in the message still signs in, once.
    expect((await verify(academy, { address: 'target@caps.sa', code: firstCode }, parentIp)).json().code).toBe('family.code_invalid');
    const byLink = await verify(academy, { token: tokenIn(first.text) }, parentIp);
    expect(byLink.statusCode, byLink.body).toBe(200);
    expect((await verify(academy, { token: tokenIn(first.text) }, parentIp)).statusCode).toBe(400);

    // The parent asks again and signs in with the newest code from their own address.
    t.clock.advance(1000);
    expect((await signIn(academy, 'target@caps.sa', parentIp)).statusCode).toBe(202);
    const [second] = await mailsTo('target@caps.sa');
    const byCode = await verify(academy, { address: 'target@caps.sa', code: codeIn(second.text) }, parentIp);
    expect(byCode.statusCode, byCode.body).toBe(200);
  });

  it('when others used up the codes an address may get, the parent is told so and the newest link works', async () => {
    t.clock.advance(DAY + 1000);
    const academy = await registerAndLogin(t.app);
    await addParent(academy, { name: 'Flooded parent', phone: '0594445555', email: 'flooded@caps.sa' });
    for (let i = 0; i < CAPS.perNumber15Min; i++) {
      t.clock.advance(1000);
      expect((await signIn(academy, 'flooded@caps.sa', '10.201.0.66')).statusCode).toBe(202);
    }
    const told = await signIn(academy, 'flooded@caps.sa', '10.201.0.1');
    expect(told.statusCode).toBe(429);
    expect(told.json()).toMatchObject({ code: 'family.code_limit', params: { minutes: expect.any(Number) } });
    // Nothing about the address shows: an unknown one is answered alike once asked for as often.
    for (let i = 0; i < CAPS.perNumber15Min; i++) await signIn(academy, 'nobody@caps.sa', '10.201.0.67');
    expect((await signIn(academy, 'nobody@caps.sa', '10.201.0.2')).json().code).toBe('family.code_limit');

    const mails = await mailsTo('flooded@caps.sa');
    expect(mails).toHaveLength(CAPS.perNumber15Min);
    const newest = await verify(academy, { token: tokenIn(mails[0].text) }, '10.201.0.1');
    expect(newest.statusCode, newest.body).toBe(200);
  });
});
