import { type AttentionItem, type AttentionReply, allFlags } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { coachLogin } from '../../../test/fixtures.js';
import { type Academy, countStatements, registerAndLogin } from '../../../test/harness.js';
import { academies, accountTypes, packages, parentPlayers, subscriptionReminders, subscriptions, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { type Claimed, reminderMail, sendAllDueReminders, sendDueReminders, startReminders } from './reminders.js';

const t = useTestApp();
const START = '2026-11-22T09:00:00Z'; // 12:00 on 22 November 2026 in Riyadh
const DAY = 24 * 3600_000;
const LONG_AGO = new Date('2026-01-01T10:00:00Z');

beforeEach(() => {
  t.clock.set(START);
});

const attention = async (who: { handle: string; token: string }) => {
  const res = await api(t.app, who)('attention');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AttentionReply;
};
const kinds = (reply: AttentionReply) => reply.items.map((i) => `${i.kind}:${i.playerName}`);

type SubStatus = 'ACTIVE' | 'TRIAL' | 'PENDING' | 'PAUSED' | 'INACTIVE' | 'CANCELLED';

/** Builds an academy's data directly (players, parents, packages, subscriptions) under its tenant. */
function seeder(academy: Academy) {
  const tenant = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.deps.db, academy.id, work);
  return {
    async player(name: string, opts: { nameArabic?: string; createdAt?: Date; parentEmail?: string | null } = {}) {
      return tenant(async (tx) => {
        const [p] = await tx
          .insert(users)
          .values({ academyId: academy.id, role: 'PLAYER', name, nameArabic: opts.nameArabic, createdAt: opts.createdAt ?? LONG_AGO })
          .returning();
        if (opts.parentEmail !== undefined) {
          const [parent] = await tx
            .insert(users)
            .values({ academyId: academy.id, role: 'PARENT', name: `Parent of ${name}`, email: opts.parentEmail, createdAt: LONG_AGO })
            .returning();
          await tx.insert(parentPlayers).values({ academyId: academy.id, parentId: parent.id, playerId: p.id });
        }
        return p.id;
      });
    },
    async pkg(type: 'TIME_BASED' | 'SESSION_BASED', over: Partial<typeof packages.$inferInsert> = {}) {
      const [row] = await tenant((tx) =>
        tx
          .insert(packages)
          .values({
            academyId: academy.id,
            name: type === 'TIME_BASED' ? 'Monthly' : 'Ten sessions',
            nameArabic: type === 'TIME_BASED' ? 'شهري' : 'عشر حصص',
            packageType: type,
            monthsNumber: type === 'TIME_BASED' ? 1 : null,
            sessionsCount: type === 'SESSION_BASED' ? 10 : null,
            ...over,
          })
          .returning(),
      );
      return row.id;
    },
    async sub(
      playerId: string,
      packageId: string,
      status: SubStatus,
      opts: { sessionsLeft?: number; startDate?: string; endDate?: string; createdAt?: Date } = {},
    ) {
      const [row] = await tenant((tx) =>
        tx
          .insert(subscriptions)
          .values({
            academyId: academy.id,
            playerId,
            packageId,
            status,
            startDate: opts.startDate ?? '2026-11-01',
            endDate: opts.endDate ?? null,
            sessionsLeft: opts.sessionsLeft ?? null,
            totalSessions: opts.sessionsLeft === undefined ? null : 10,
            createdAt: opts.createdAt ?? LONG_AGO,
          })
          .returning(),
      );
      return row.id;
    },
    set: (id: string, values: Partial<typeof subscriptions.$inferInsert>) =>
      tenant((tx) => tx.update(subscriptions).set(values).where(eq(subscriptions.id, id))),
    status: async (id: string) => (await tenant((tx) => tx.select().from(subscriptions).where(eq(subscriptions.id, id))))[0].status,
    reminders: () => tenant((tx) => tx.select().from(subscriptionReminders)),
  };
}

describe('GET /api/attention', () => {
  it('lists session-based ACTIVE/TRIAL subscriptions with 2 sessions left or fewer', async () => {
    const a = await registerAndLogin(t.app);
    const s = seeder(a);
    const sessions = await s.pkg('SESSION_BASED');
    const monthly = await s.pkg('TIME_BASED');
    const two = await s.sub(await s.player('Two Left', { nameArabic: 'بقي اثنان' }), sessions, 'ACTIVE', { sessionsLeft: 2 });
    await s.sub(await s.player('Zero Left'), sessions, 'TRIAL', { sessionsLeft: 0 });
    await s.sub(await s.player('Three Left'), sessions, 'ACTIVE', { sessionsLeft: 3 });
    await s.sub(await s.player('Paused One'), sessions, 'PAUSED', { sessionsLeft: 1 });
    await s.sub(await s.player('Inactive None'), sessions, 'INACTIVE', { sessionsLeft: 0 });
    await s.sub(await s.player('Pending Few'), sessions, 'PENDING', { sessionsLeft: 1, createdAt: new Date(START) });
    // A time-based subscription is never "low on sessions", whatever its counter says.
    await s.sub(await s.player('Time Based'), monthly, 'ACTIVE', { sessionsLeft: 1, endDate: '2027-03-01' });

    const reply = await attention(a);
    expect(kinds(reply)).toEqual(['low_sessions:Zero Left', 'low_sessions:Two Left']);
    expect(reply.count).toBe(2);
    const item = reply.items.find((i) => i.subscriptionId === two);
    expect(item).toEqual({
      kind: 'low_sessions',
      playerId: expect.any(String),
      playerName: 'Two Left',
      playerNameArabic: 'بقي اثنان',
      subscriptionId: two,
      sessionsLeft: 2,
    } satisfies AttentionItem);
    // One session used: the subscription with three left joins the list.
    await s.set(await s.sub(await s.player('Now Two'), sessions, 'ACTIVE', { sessionsLeft: 3 }), { sessionsLeft: 2 });
    expect((await attention(a)).count).toBe(3);
  });

  it('lists time-based ACTIVE/TRIAL subscriptions ending between today and 7 days later (Riyadh), not the ended ones', async () => {
    const a = await registerAndLogin(t.app);
    const s = seeder(a);
    const monthly = await s.pkg('TIME_BASED', { hasTrial: true, trialDays: 7 });
    await s.sub(await s.player('Ends Today'), monthly, 'ACTIVE', { endDate: '2026-11-22' });
    await s.sub(await s.player('Ends In Seven'), monthly, 'TRIAL', { startDate: '2026-11-20', endDate: '2026-11-29' });
    const eight = await s.sub(await s.player('Ends In Eight'), monthly, 'ACTIVE', { endDate: '2026-11-30' });
    const ended = await s.sub(await s.player('Ended Yesterday'), monthly, 'ACTIVE', { endDate: '2026-11-21' });
    await s.sub(await s.player('Pending Soon'), monthly, 'PENDING', { endDate: '2026-11-25', createdAt: new Date(START) });
    await s.sub(await s.player('Paused Soon'), monthly, 'PAUSED', { endDate: '2026-11-25' });
    await s.sub(await s.player('Cancelled Soon'), monthly, 'CANCELLED', { endDate: '2026-11-25' });

    const reply = await attention(a);
    expect(kinds(reply)).toEqual(['ending_soon:Ends Today', 'ending_soon:Ends In Seven']);
    expect(reply.items[0]).toMatchObject({ endDate: '2026-11-22', subscriptionId: expect.any(String) });
    expect(reply.items[0]).not.toHaveProperty('sessionsLeft');
    // The list moved the ended subscription to INACTIVE instead of showing it as ending.
    expect(await s.status(ended)).toBe('INACTIVE');

    // 00:30 on 23 November in Riyadh (still the 22nd in UTC): the 30th is now 7 days away, the 22nd is over.
    t.clock.set('2026-11-22T21:30:00Z');
    const later = await attention(a);
    expect(kinds(later)).toEqual(['ending_soon:Ends In Seven', 'ending_soon:Ends In Eight']);
    expect(later.items.find((i) => i.subscriptionId === eight)?.endDate).toBe('2026-11-30');
  });

  it('lists PENDING subscriptions created more than 3 days ago', async () => {
    const a = await registerAndLogin(t.app);
    const s = seeder(a);
    const monthly = await s.pkg('TIME_BASED');
    const fresh = await s.sub(await s.player('Fresh Pending'), monthly, 'PENDING', { endDate: '2026-12-22', createdAt: new Date(START) });
    const old = await s.sub(await s.player('Old Pending'), monthly, 'PENDING', {
      endDate: '2026-12-22',
      createdAt: new Date(Date.parse(START) - 4 * DAY),
    });
    await s.sub(await s.player('Old Cancelled'), monthly, 'CANCELLED', { endDate: '2026-12-22', createdAt: LONG_AGO });

    expect(kinds(await attention(a))).toEqual(['pending_payment:Old Pending']);
    expect((await attention(a)).items[0]).toMatchObject({
      subscriptionId: old,
      createdAt: new Date(Date.parse(START) - 4 * DAY).toISOString(),
    });
    t.clock.advance(3 * DAY + 60_000);
    const later = await attention(a);
    expect(kinds(later)).toEqual(['pending_payment:Old Pending', 'pending_payment:Fresh Pending']);
    expect(later.items[1].subscriptionId).toBe(fresh);
    // Paid: no longer pending.
    await s.set(old, { status: 'ACTIVE', endDate: '2027-01-22' });
    expect(kinds(await attention(a))).toEqual(['pending_payment:Fresh Pending']);
  });

  it('lists players created in the last 7 days, newest first, and no other users', async () => {
    const a = await registerAndLogin(t.app);
    const s = seeder(a);
    const now = Date.parse(START);
    const yesterday = await s.player('Joined Yesterday', { createdAt: new Date(now - DAY) });
    await s.player('Joined Today', { createdAt: new Date(now - 3600_000) });
    await s.player('Joined Eight Days Ago', { createdAt: new Date(now - 8 * DAY) });
    await coachLogin(t.app, a, 'New Coach'); // created now, but not a player

    const reply = await attention(a);
    expect(kinds(reply)).toEqual(['new_player:Joined Today', 'new_player:Joined Yesterday']);
    expect(reply.items[1]).toEqual({
      kind: 'new_player',
      playerId: yesterday,
      playerName: 'Joined Yesterday',
      playerNameArabic: null,
      createdAt: new Date(now - DAY).toISOString(),
    });
    t.clock.advance(6 * DAY + 3600_000);
    expect(kinds(await attention(a))).toEqual(['new_player:Joined Today']);
  });

  it('groups every kind in a fixed order and counts the items', async () => {
    const a = await registerAndLogin(t.app);
    const s = seeder(a);
    const sessions = await s.pkg('SESSION_BASED');
    const monthly = await s.pkg('TIME_BASED');
    const both = await s.player('Many Things', { createdAt: new Date(Date.parse(START) - DAY) });
    await s.sub(both, sessions, 'ACTIVE', { sessionsLeft: 1 });
    await s.sub(both, monthly, 'PENDING', { endDate: '2026-12-30', createdAt: new Date(Date.parse(START) - 5 * DAY) });
    await s.sub(await s.player('Ending'), monthly, 'ACTIVE', { endDate: '2026-11-24' });
    const reply = await attention(a);
    expect(reply.items.map((i) => i.kind)).toEqual(['low_sessions', 'ending_soon', 'pending_payment', 'new_player']);
    expect(reply.count).toBe(4);
  });

  it('answers nothing to list with an empty list', async () => {
    const a = await registerAndLogin(t.app);
    expect(await attention(a)).toEqual({ items: [], count: 0 });
  });

  it('needs a token (401) and R:Players or R:Settings (403 otherwise)', async () => {
    const a = await registerAndLogin(t.app);
    expect((await api(t.app)('attention')).statusCode).toBe(401);
    const coach = await coachLogin(t.app, a); // the default Coach type reads Players
    expect((await api(t.app, coach)('attention')).statusCode).toBe(200);
    const give = async (flags: Partial<ReturnType<typeof allFlags>>, name: string) =>
      withTenant(t.deps.db, a.id, async (tx) => {
        const [type] = await tx
          .insert(accountTypes)
          .values({ academyId: a.id, name, ...allFlags(false), ...flags })
          .returning();
        await tx.update(users).set({ accountTypeId: type.id }).where(eq(users.id, coach.id));
      });
    await give({ canReadSchedule: true, canReadGrowth: true, canReadDashboard: true }, 'No players');
    expect((await api(t.app, coach)('attention')).statusCode).toBe(403);
    await give({ canReadSettings: true }, 'Settings only');
    expect((await api(t.app, coach)('attention')).statusCode).toBe(200);
  });

  it('keeps academies apart', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const sa = seeder(a);
    const sb = seeder(b);
    await sa.sub(await sa.player('Of A'), await sa.pkg('SESSION_BASED'), 'ACTIVE', { sessionsLeft: 1 });
    await sb.sub(await sb.player('Of B'), await sb.pkg('SESSION_BASED'), 'ACTIVE', { sessionsLeft: 1 });
    await sb.player('New In B', { createdAt: new Date(START) });
    expect(kinds(await attention(a))).toEqual(['low_sessions:Of A']);
    expect(kinds(await attention(b))).toEqual(['low_sessions:Of B', 'new_player:New In B']);
  });

  it('answers in the same number of SQL statements for few and many players', async () => {
    const a = await registerAndLogin(t.app);
    const s = seeder(a);
    const sessions = await s.pkg('SESSION_BASED');
    const monthly = await s.pkg('TIME_BASED');
    const seed = async (n: number, from: number) => {
      for (let i = from; i < from + n; i++) {
        const p = await s.player(`Player ${String(i).padStart(3, '0')}`, { createdAt: new Date(Date.parse(START) - DAY) });
        if (i % 2) await s.sub(p, sessions, 'ACTIVE', { sessionsLeft: 1 });
        else await s.sub(p, monthly, 'ACTIVE', { endDate: '2026-11-25' });
      }
    };
    const list = () => api(t.app, a)('attention');
    await seed(2, 0);
    const few = await countStatements(list);
    expect(few.result.json().count).toBe(4);
    await seed(60, 2);
    const many = await countStatements(list);
    expect(many.result.json().count).toBe(124);
    expect(few.statements).toBeGreaterThan(0);
    expect(many.statements).toBe(few.statements);
  });
});

describe('reminder e-mails to parents', () => {
  const mailsTo = async (email: string) => (await t.deps.mailer.outbox(10_000)).filter((m) => m.to === email);

  it('mails each parent once per subscription and stage, with the payment link, however often it runs', async () => {
    const a = await registerAndLogin(t.app);
    const s = seeder(a);
    const sessions = await s.pkg('SESSION_BASED');
    const monthly = await s.pkg('TIME_BASED');
    const low = await s.sub(await s.player('Low Player', { nameArabic: 'لاعب', parentEmail: 'low.parent@x.sa' }), sessions, 'ACTIVE', {
      sessionsLeft: 2,
    });
    const ending = await s.sub(await s.player('Ending Player', { parentEmail: 'Ending.Parent@X.sa ' }), monthly, 'ACTIVE', {
      endDate: '2026-11-29',
    });
    const pendingPlayer = await s.player('Pending Player', { parentEmail: 'pending.parent@x.sa' });
    const pending = await s.sub(pendingPlayer, monthly, 'PENDING', {
      endDate: '2026-12-30',
      createdAt: new Date(Date.parse(START) - 4 * DAY),
    });
    await s.sub(await s.player('Plenty Left', { parentEmail: 'plenty.parent@x.sa' }), sessions, 'ACTIVE', { sessionsLeft: 5 });
    const noEmail = await s.sub(await s.player('No Email', { parentEmail: '' }), sessions, 'ACTIVE', { sessionsLeft: 1 });
    await s.sub(await s.player('No Parent'), sessions, 'ACTIVE', { sessionsLeft: 1 });

    const first = await sendDueReminders(t.app.deps, a.id, t.clock.now());
    const base = `http://${a.handle}.kora.test`;
    expect(first.map((r) => [r.stage, r.subscriptionId, r.to, r.link]).sort()).toEqual(
      [
        ['ending_soon', ending, 'ending.parent@x.sa', `${base}/renew-subscription/${ending}`],
        ['low_sessions', low, 'low.parent@x.sa', `${base}/renew-subscription/${low}`],
        ['pending_payment', pending, 'pending.parent@x.sa', `${base}/initial-subscription/${pending}`],
      ].sort(),
    );
    // Run again, and twice at once: nothing more.
    expect(await sendDueReminders(t.app.deps, a.id, t.clock.now())).toEqual([]);
    const concurrent = await Promise.all([
      sendDueReminders(t.app.deps, a.id, t.clock.now()),
      sendDueReminders(t.app.deps, a.id, t.clock.now()),
    ]);
    expect(concurrent.flat()).toEqual([]);

    const [lowMail, ...moreLow] = await mailsTo('low.parent@x.sa');
    expect(moreLow).toEqual([]);
    expect(lowMail.subject).toContain('Low Player has 2 sessions left');
    expect(lowMail.text).toContain(`${base}/renew-subscription/${low}`);
    expect(lowMail.text).toContain('عشر حصص'); // the Arabic part uses the Arabic names
    expect(lowMail.text).toContain('لاعب');
    const [endingMail] = await mailsTo('ending.parent@x.sa');
    expect(endingMail.text).toContain('ends on 2026-11-29');
    expect((await mailsTo('pending.parent@x.sa'))[0].text).toMatch(new RegExp(`https?://\\S+/initial-subscription/${pending}`));
    expect(await mailsTo('plenty.parent@x.sa')).toEqual([]);
    const stored = await s.reminders();
    expect(stored.map((r) => `${r.stage}:${r.subscriptionId}`).sort()).toEqual(
      [`ending_soon:${ending}`, `low_sessions:${low}`, `pending_payment:${pending}`].sort(),
    );
    expect(stored.some((r) => r.subscriptionId === noEmail)).toBe(false);

    // Paid: the pending subscription becomes active and ends within 7 days — a new stage, one more mail, renewal link.
    await s.set(pending, { status: 'ACTIVE', endDate: '2026-11-27' });
    const next = await sendDueReminders(t.app.deps, a.id, t.clock.now());
    expect(next.map((r) => [r.stage, r.link])).toEqual([['ending_soon', `${base}/renew-subscription/${pending}`]]);
    expect(await mailsTo('pending.parent@x.sa')).toHaveLength(2);
  });

  it('claims each reminder once when runs race (two at once, first run)', async () => {
    const a = await registerAndLogin(t.app);
    const s = seeder(a);
    const sessions = await s.pkg('SESSION_BASED');
    const subs: string[] = [];
    for (let i = 0; i < 5; i++)
      subs.push(await s.sub(await s.player(`Racer ${i}`, { parentEmail: `racer${i}@race.sa` }), sessions, 'ACTIVE', { sessionsLeft: 1 }));
    const runs = await Promise.all([sendDueReminders(t.app.deps, a.id, t.clock.now()), sendDueReminders(t.app.deps, a.id, t.clock.now())]);
    expect(
      runs
        .flat()
        .map((r) => r.subscriptionId)
        .sort(),
    ).toEqual([...subs].sort());
    for (let i = 0; i < 5; i++) expect(await mailsTo(`racer${i}@race.sa`)).toHaveLength(1);
  });

  it('mails every parent of the player and only within its own academy; the timer run covers all academies', async () => {
    const a = await registerAndLogin(t.app);
    const b = await registerAndLogin(t.app);
    const sa = seeder(a);
    const sb = seeder(b);
    const child = await sa.player('Two Parents', { parentEmail: 'mother@fam.sa' });
    await withTenant(t.deps.db, a.id, async (tx) => {
      const [father] = await tx
        .insert(users)
        .values({ academyId: a.id, role: 'PARENT', name: 'Father', email: 'father@fam.sa' })
        .returning();
      await tx.insert(parentPlayers).values({ academyId: a.id, parentId: father.id, playerId: child });
    });
    const subA = await sa.sub(child, await sa.pkg('SESSION_BASED'), 'ACTIVE', { sessionsLeft: 0 });
    const subB = await sb.sub(await sb.player('Of B', { parentEmail: 'parent.b@b.sa' }), await sb.pkg('SESSION_BASED'), 'ACTIVE', {
      sessionsLeft: 1,
    });
    // Academy b's run sends only b's reminder.
    const ofB = await sendDueReminders(t.app.deps, b.id, t.clock.now());
    expect(ofB.map((r) => [r.subscriptionId, r.to])).toEqual([[subB, 'parent.b@b.sa']]);
    expect(ofB[0].link).toBe(`http://${b.handle}.kora.test/renew-subscription/${subB}`);

    const silent = { info() {}, error() {} };
    const total = await sendAllDueReminders(t.app.deps, t.clock.now(), silent);
    expect(total).toBeGreaterThanOrEqual(2);
    expect((await mailsTo('mother@fam.sa')).map((m) => m.text.includes(`/renew-subscription/${subA}`))).toEqual([true]);
    expect(await mailsTo('father@fam.sa')).toHaveLength(1);
    expect(await mailsTo('parent.b@b.sa')).toHaveLength(1);
    expect(await sendAllDueReminders(t.app.deps, t.clock.now(), silent)).toBe(0);
  });
});

describe('the reminder mail in Arabic', () => {
  const claimed = (over: Partial<Claimed>): Claimed => ({
    subscription_id: '00000000-0000-4000-8000-000000000001',
    stage: 'ending_soon',
    status: 'ACTIVE',
    sessions_left: null,
    end_date: '2026-11-29',
    email: 'parent@x.sa',
    player_name: 'Faisal Al-Otaibi',
    player_name_arabic: 'فيصل العتيبي',
    package_name: 'Monthly',
    package_name_arabic: 'باقة شهرية',
    academy_name: 'Riyadh Falcons',
    academy_name_arabic: 'صقور الرياض',
    handle: 'falcons',
    ...over,
  });
  const arabicPart = (c: Claimed, today = '2026-11-22') => reminderMail(c, 'https://x', today).text.split('\n')[3];

  it('counts the days left by Arabic plural rules: 1, 2, 3, 11 and 100 days', () => {
    const endingIn = (days: number) =>
      arabicPart(claimed({ end_date: new Date(Date.parse('2026-11-22') + days * DAY).toISOString().slice(0, 10) }));
    expect([1, 2, 3, 11, 100].map((d) => /(بعد .*?)، بتاريخ/.exec(endingIn(d))?.[1])).toEqual([
      'بعد يوم واحد',
      'بعد يومين',
      'بعد 3 أيام',
      'بعد 11 يومًا',
      'بعد 100 يوم',
    ]);
    expect(endingIn(0)).toContain('صقور الرياض اليوم، بتاريخ 2026-11-22');
    const english = reminderMail(claimed({ end_date: '2026-11-23' }), 'https://x', '2026-11-22').text;
    expect(english).toContain('ends on 2026-11-23 (in 1 day)');
  });

  it('counts the sessions left by Arabic plural rules', () => {
    const left = (n: number) => /^(.*?) في /.exec(arabicPart(claimed({ stage: 'low_sessions', sessions_left: n, end_date: null })))?.[1];
    expect([0, 1, 2, 3, 11, 100].map(left)).toEqual([
      'لم تتبقَّ لـفيصل العتيبي أي حصة',
      'تبقّى لـفيصل العتيبي حصة واحدة',
      'تبقّى لـفيصل العتيبي حصتان',
      'تبقّى لـفيصل العتيبي 3 حصص',
      'تبقّى لـفيصل العتيبي 11 حصة',
      'تبقّى لـفيصل العتيبي 100 حصة',
    ]);
  });

  it('names the player, package and academy in Arabic, and the package once ("باقة شهرية", never "باقة باقة شهرية")', async () => {
    const a = await registerAndLogin(t.app);
    await withTenant(t.deps.db, a.id, (tx) => tx.update(academies).set({ nameArabic: 'أكاديمية الصقور' }).where(eq(academies.id, a.id)));
    const s = seeder(a);
    const monthly = await s.pkg('TIME_BASED', { nameArabic: 'باقة شهرية' });
    const quarterly = await s.pkg('TIME_BASED', { name: 'Quarterly', nameArabic: 'ربع سنوية' });
    await s.sub(await s.player('Saad Al-Harbi', { nameArabic: 'سعد الحربي', parentEmail: 'saad.parent@x.sa' }), monthly, 'ACTIVE', {
      endDate: '2026-11-25',
    });
    await s.sub(await s.player('Omar', { parentEmail: 'omar.parent@x.sa' }), quarterly, 'ACTIVE', { endDate: '2026-11-24' });
    await sendDueReminders(t.app.deps, a.id, t.clock.now());
    const outbox = await t.deps.mailer.outbox(10_000);
    const saad = outbox.find((m) => m.to === 'saad.parent@x.sa')?.text.split('\n')[3];
    expect(saad).toBe(
      'ينتهي اشتراك سعد الحربي في باقة شهرية لدى أكاديمية الصقور بعد 3 أيام، بتاريخ 2026-11-25. جدّد الاشتراك ليستمر التدريب دون انقطاع:',
    );
    // A package whose Arabic name does not say "باقة" is called one; a player without an Arabic name keeps his name.
    expect(outbox.find((m) => m.to === 'omar.parent@x.sa')?.text.split('\n')[3]).toContain('ينتهي اشتراك Omar في باقة ربع سنوية لدى');
  });
});

describe('the hourly reminder timer', () => {
  it('runs once at start, then on its interval, and stops cleanly', async () => {
    const a = await registerAndLogin(t.app);
    const s = seeder(a);
    const sub = await s.sub(await s.player('Timer Player', { parentEmail: 'timer@x.sa' }), await s.pkg('SESSION_BASED'), 'ACTIVE', {
      sessionsLeft: 1,
    });
    const reminders = startReminders(t.app.deps, { info() {}, error() {} }, 3600_000);
    const mails = async () => (await t.deps.mailer.outbox(10_000)).filter((m) => m.to === 'timer@x.sa');
    // The run at start mails by itself, without being asked.
    await vi.waitFor(async () => expect(await mails()).toHaveLength(1), { timeout: 10_000, interval: 20 });
    await reminders.run(); // joins the first run if it is still going, else runs again (and finds nothing new)
    await reminders.stop();
    expect((await mails()).map((m) => m.text.includes(`/renew-subscription/${sub}`))).toEqual([true]);
  });
});
