import type { Event } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestContext } from '../../test/harness.js';
import { DEMO_LOGINS, seedDemo } from './demo.js';

let t: TestContext;
let admin: { handle: string; token: string };
let coach: { handle: string; token: string };
beforeAll(async () => {
  t = await createTestApp();
  // Sunday 22 November 2026, noon in Riyadh.
  t.clock.set('2026-11-22T09:00:00Z');
  await seedDemo(t.deps, { handle: 'demo' });
  admin = { handle: 'demo', token: await loginAs(t.app, 'demo', DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password) };
  coach = { handle: 'demo', token: await loginAs(t.app, 'demo', DEMO_LOGINS.coach.email, DEMO_LOGINS.coach.password) };
});
afterAll(() => t.close());

const get = async <T>(who: { handle: string; token: string }, url: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { host: `${who.handle}.kora.test`, authorization: `Bearer ${who.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('the demo academy', () => {
  it('has a weekly timetable per team as series from four weeks back to eight weeks ahead', async () => {
    const all = await get<Event[]>(admin, '/api/events?startDate=2026-10-01&endDate=2027-02-28');
    expect(all.length).toBeGreaterThan(150);
    // From four weeks back (25 October) to eight weeks ahead (17 January).
    expect(all[0].date).toBe('2026-10-25');
    expect(all[all.length - 1].date <= '2027-01-17').toBe(true);
    const trainings = all.filter((e) => e.type === 'TRAINING_SESSION');
    const series = new Map<string, Event[]>();
    for (const e of trainings) series.set(e.seriesId ?? 'none', [...(series.get(e.seriesId ?? 'none') ?? []), e]);
    expect(series.has('none')).toBe(false);
    expect(series.size).toBe(12); // six teams, two weekly trainings each
    for (const events of series.values()) {
      expect(new Set(events.map((e) => weekday(e.date))).size).toBe(1);
      expect(new Set(events.map((e) => e.time)).size).toBe(1);
      expect(events.length).toBeGreaterThanOrEqual(12);
      expect(events.every((e) => e.teams.length === 1 && e.coaches.length === 2 && e.field)).toBe(true);
      expect(events.every((e) => weekday(e.date) <= 4)).toBe(true); // Sunday to Thursday
    }
    const matches = all.filter((e) => e.type === 'MATCH');
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.every((e) => weekday(e.date) === 6)).toBe(true);
    expect(matches.some((e) => e.teams.length === 2)).toBe(true);
  });

  it('has attendance marked on past events (mostly ATTENDED, some ABSENT) and PENDING from today on', async () => {
    const all = await get<Event[]>(admin, '/api/events?startDate=2026-10-01&endDate=2027-02-28');
    const past = all.filter((e) => e.date < '2026-11-22').flatMap((e) => e.participants);
    const future = all.filter((e) => e.date >= '2026-11-22').flatMap((e) => e.participants);
    expect(past.length).toBeGreaterThan(100);
    const attended = past.filter((p) => p.status === 'ATTENDED').length / past.length;
    expect(attended).toBeGreaterThan(0.7);
    expect(past.some((p) => p.status === 'ABSENT')).toBe(true);
    expect(past.every((p) => p.status === 'ATTENDED' || p.status === 'ABSENT')).toBe(true);
    expect(future.length).toBeGreaterThan(100);
    expect(future.every((p) => p.status === 'PENDING')).toBe(true);
  });

  it('gives the dashboard real figures and the demo coach trainings of their own this week', async () => {
    const stats = await get<Record<string, number>>(admin, '/api/stats/monthly');
    expect(stats.monthlyActivePlayers).toBeGreaterThan(10);
    expect(stats.monthlyCoachHours).toBeGreaterThan(50);
    expect(stats.monthlyRetentionRate).toBeGreaterThan(0);
    const me = await get<{ user: { id: string } }>(coach, '/api/auth/me');
    const week = await get<Event[]>(coach, `/api/events?startDate=2026-11-22&endDate=2026-11-28&coachId=${me.user.id}`);
    expect(week.length).toBeGreaterThanOrEqual(4);
    expect(week.every((e) => e.coaches.some((c) => c.id === me.user.id))).toBe(true);
  });

  it('has three custom account types with one login each', async () => {
    const types = await get<{ name: string; nameArabic: string | null; usersCount: number }[]>(admin, '/api/account-types');
    const custom = types.filter((x) => !['Admin', 'Coach'].includes(x.name));
    expect(custom).toHaveLength(3);
    expect(custom).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Receptionist', nameArabic: 'موظف الاستقبال', usersCount: 1 }),
        expect.objectContaining({ name: 'Fitness coach', nameArabic: 'مدرب اللياقة', usersCount: 1 }),
        expect.objectContaining({ name: 'Accountant', nameArabic: 'المحاسب', usersCount: 1 }),
      ]),
    );
    for (const login of [DEMO_LOGINS.reception, DEMO_LOGINS.fitness, DEMO_LOGINS.accountant])
      expect(await loginAs(t.app, 'demo', login.email, login.password)).toEqual(expect.any(String));
  });

  it('has a year of monthly growth records for most players, growing month by month', async () => {
    type Row = { player: { id: string }; latest: { date: string } | null };
    const rows = await get<Row[]>(admin, '/api/growth-metrics/players');
    const measured = rows.filter((r) => r.latest);
    expect(measured.length / rows.length).toBeGreaterThan(0.8);
    const history = await get<{ date: string; height: number; weight: number; sprint20m: number }[]>(
      coach,
      `/api/growth-metrics/player/${measured[0].player.id}`,
    );
    expect(history).toHaveLength(12);
    expect(history[0].date >= '2025-12-01' && history[11].date <= '2026-11-22').toBe(true);
    expect(history[11].height).toBeGreaterThan(history[0].height);
    expect(history[11].weight).toBeGreaterThan(history[0].weight);
    expect(history[11].sprint20m).toBeLessThan(history[0].sprint20m + 0.1);
  });
  it('has the paid subscriptions invoiced 1, 2, 3… in the order paid, with VAT, so payments history has months to show', async () => {
    const invoices = await get<
      {
        invoiceNumber: number;
        paidAt: string;
        totalAmount: number;
        subscription: { package: { name: string; nameArabic: string | null } };
      }[]
    >(admin, '/api/invoices/all?startDate=2026-08-01&endDate=2026-11-30');
    expect(invoices.length).toBeGreaterThan(20);
    // Every demo package has an Arabic name, and its invoices keep it as issued.
    expect(invoices.filter((i) => !i.subscription.package.nameArabic).map((i) => i.invoiceNumber)).toEqual([]);
    expect(invoices.map((i) => i.invoiceNumber)).toEqual(invoices.map((_, n) => n + 1));
    const paidAt = invoices.map((i) => i.paidAt);
    expect([...paidAt].sort()).toEqual(paidAt);
    // A cash activation today takes the next number.
    const subs = await get<{ subscription: { id: string; status: string; package: { id: string } } | null }[]>(admin, '/api/subscriptions');
    const pending = subs.find((r) => r.subscription?.status === 'PENDING')?.subscription;
    expect(pending).toBeTruthy();
    const activated = await t.app.inject({
      method: 'PATCH',
      url: `/api/subscriptions/${pending?.package.id}/${pending?.id}`,
      headers: { host: 'demo.kora.test', authorization: `Bearer ${admin.token}` },
      payload: { status: 'ACTIVE', startDate: '2026-11-22', sendInvoice: true, paymentMethod: 'Cash' },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const after = await get<{ invoiceNumber: number }[]>(admin, '/api/invoices/all?startDate=2026-08-01&endDate=2026-11-30');
    expect(after.map((i) => i.invoiceNumber).sort((a, b) => a - b)).toEqual([...invoices.map((i) => i.invoiceNumber), invoices.length + 1]);
  });
});
