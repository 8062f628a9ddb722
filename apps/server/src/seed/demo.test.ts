import { type AttentionReply, type Event, riyadhToday, type SubscriptionRow } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/fixtures.js';
import { createTestApp, loginAs, type TestContext } from '../../test/harness.js';
import { invoiceDocuments, invoices as invoiceTable, users } from '../db/schema.js';
import { withTenant } from '../db/tenant.js';
import { PIH_SEED } from '../modules/invoices/formats/signing.js';
import { DEMO_LOGINS, seedDemo } from './demo.js';

let t: TestContext;
let admin: { handle: string; token: string };
let coach: { handle: string; token: string };
let academyId: string;
beforeAll(async () => {
  t = await createTestApp();
  // Sunday 22 November 2026, noon in Riyadh.
  t.clock.set('2026-11-22T09:00:00Z');
  academyId = await seedDemo(t.deps, { handle: 'demo' });
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
/** Every invoice of the demo: it opened a year ago (the longest range the history answers). */
const YEAR_OF_INVOICES = '/api/invoices/all?startDate=2025-11-22&endDate=2026-11-22';
const riyadhDay = (instant: Date | string) => riyadhToday(new Date(instant));
/** The day (Riyadh) each player joined, by id. */
const joinDays = async () => {
  const rows = await withTenant(t.deps.db, academyId, (tx) =>
    tx.select({ id: users.id, createdAt: users.createdAt }).from(users).where(eq(users.role, 'PLAYER')),
  );
  return new Map(rows.map((r) => [r.id, riyadhDay(r.createdAt)]));
};

describe('the demo academy', () => {
  it('has a weekly timetable per team as series from a year back to eight weeks ahead', async () => {
    const all = await get<Event[]>(admin, '/api/events?startDate=2026-10-01&endDate=2027-02-28');
    expect(all.length).toBeGreaterThan(150);
    // Up to eight weeks ahead (17 January).
    expect(all[all.length - 1].date <= '2027-01-17').toBe(true);
    // The same series ran a year ago (from Sunday 23 November 2025).
    const yearAgo = await get<Event[]>(admin, '/api/events?startDate=2025-11-16&endDate=2025-11-29');
    expect(yearAgo[0].date).toBe('2025-11-23');
    const seriesNow = new Set(all.map((e) => e.seriesId).filter(Boolean));
    const seriesThen = new Set(yearAgo.map((e) => e.seriesId).filter(Boolean));
    expect(seriesThen).toEqual(seriesNow);
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
    // The Coach card counts the one coach who signs in (Privileges lists them), not the three without a login.
    expect(types.find((x) => x.name === 'Coach')).toMatchObject({ usersCount: 1 });
  });

  it('has monthly growth records for most players since they joined, a year at most, growing month by month', async () => {
    type Row = { player: { id: string }; latest: { date: string } | null };
    const rows = await get<Row[]>(admin, '/api/growth-metrics/players');
    const measured = rows.filter((r) => r.latest);
    expect(measured.length / rows.length).toBeGreaterThan(0.8);
    type Record = { date: string; height: number; weight: number; sprint20m: number };
    const histories = await Promise.all(measured.map((r) => get<Record[]>(coach, `/api/growth-metrics/player/${r.player.id}`)));
    const joined = await joinDays();
    for (const [n, h] of histories.entries()) {
      expect(h.length).toBeLessThanOrEqual(12);
      expect(h[0].date >= (joined.get(measured[n].player.id) ?? '')).toBe(true);
      expect(new Set(h.map((r) => r.date.slice(0, 7))).size).toBe(h.length); // one a month
    }
    const history = histories.find((h) => h.length === 12) ?? [];
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
    >(admin, YEAR_OF_INVOICES);
    expect(invoices.length).toBeGreaterThan(60);
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
    const after = await get<{ invoiceNumber: number }[]>(admin, YEAR_OF_INVOICES);
    expect(after.map((i) => i.invoiceNumber).sort((a, b) => a - b)).toEqual([...invoices.map((i) => i.invoiceNumber), invoices.length + 1]);
  });

  it('has a year of history: players joined, paid and attended on days spread over twelve months', async () => {
    const joined = [...(await joinDays()).values()];
    expect(new Set(joined.map((d) => d.slice(0, 7))).size).toBeGreaterThanOrEqual(10);
    expect(new Set(joined).size).toBeGreaterThan(joined.length * 0.7);
    expect(joined.every((d) => d >= '2025-11-22' && d <= '2026-11-22')).toBe(true);

    const invoices = await get<{ paidAt: string }[]>(admin, YEAR_OF_INVOICES);
    const paidDays = invoices.map((i) => riyadhDay(i.paidAt));
    expect(new Set(paidDays.map((d) => d.slice(0, 7))).size).toBeGreaterThanOrEqual(10);
    // Paid on many days of the month, none of them holding more than a tenth of the payments.
    const dayOfMonth = new Map<string, number>();
    for (const d of paidDays) dayOfMonth.set(d.slice(8), (dayOfMonth.get(d.slice(8)) ?? 0) + 1);
    expect(dayOfMonth.size).toBeGreaterThanOrEqual(20);
    expect(Math.max(...dayOfMonth.values())).toBeLessThanOrEqual(invoices.length / 10);
    // And at many hours of the day.
    expect(new Set(invoices.map((i) => new Date(i.paidAt).getUTCHours())).size).toBeGreaterThanOrEqual(8);

    const year = await get<Event[]>(admin, '/api/events?startDate=2025-11-23&endDate=2026-11-21');
    const attendedMonths = new Set(year.filter((e) => e.participants.some((p) => p.status === 'ATTENDED')).map((e) => e.date.slice(0, 7)));
    expect(attendedMonths.size).toBeGreaterThanOrEqual(10);
    // Nobody attended before joining.
    const joinedOn = await joinDays();
    for (const e of year) for (const p of e.participants) expect(e.date >= (joinedOn.get(p.id) ?? '')).toBe(true);
  });

  it('has a player in every subscription state, TRIAL included, and the bell lists every PENDING one', async () => {
    const rows = await get<SubscriptionRow[]>(admin, '/api/subscriptions');
    const statuses = new Set(rows.map((r) => r.subscription?.status ?? 'NONE'));
    expect([...statuses].sort()).toEqual(['ACTIVE', 'CANCELLED', 'INACTIVE', 'NONE', 'PAUSED', 'PENDING', 'TRIAL']);
    const pending = rows.filter((r) => r.subscription?.status === 'PENDING').map((r) => r.subscription?.id);
    expect(pending.length).toBeGreaterThanOrEqual(3);
    const bell = await get<AttentionReply>(admin, '/api/attention');
    const listed = bell.items.filter((i) => i.kind === 'pending_payment').map((i) => i.subscriptionId);
    expect(listed.sort()).toEqual(pending.sort());
    // Trials and players added this week are new players; some renewals are due.
    expect(bell.items.filter((i) => i.kind === 'new_player').length).toBeGreaterThanOrEqual(statuses.has('TRIAL') ? 1 : 0);
    expect(bell.items.some((i) => i.kind === 'ending_soon' || i.kind === 'low_sessions')).toBe(true);
  });

  it("counts each session-based subscription's used sessions as the sessions attended since it started", async () => {
    const rows = await get<SubscriptionRow[]>(admin, '/api/subscriptions');
    let checked = 0;
    for (const row of rows) {
      const stats = await get<{ sessionsLeft: number; totalSessions: number; attendedSessionsCount: number } | null>(
        admin,
        `/api/players/${row.player.id}/sessions`,
      );
      if (!stats) continue;
      checked++;
      expect(stats.totalSessions - stats.sessionsLeft, row.player.name).toBe(stats.attendedSessionsCount);
      expect(stats.sessionsLeft).toBeGreaterThanOrEqual(0);
      if (row.subscription?.status === 'ACTIVE') expect(stats.sessionsLeft).toBeGreaterThan(0);
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("chains every invoice's signed document in the order paid (numbers, ICV and previous hash)", async () => {
    const docs = await withTenant(t.deps.db, academyId, (tx) =>
      tx
        .select({
          number: invoiceTable.invoiceNumber,
          paidAt: invoiceTable.paidAt,
          icv: invoiceDocuments.icv,
          pih: invoiceDocuments.pih,
          hash: invoiceDocuments.hash,
        })
        .from(invoiceDocuments)
        .innerJoin(invoiceTable, eq(invoiceTable.id, invoiceDocuments.invoiceId))
        .orderBy(invoiceDocuments.icv),
    );
    expect(docs.length).toBeGreaterThan(60);
    expect(docs.map((d) => d.icv)).toEqual(docs.map((_, n) => n + 1));
    expect(docs.map((d) => d.number)).toEqual(docs.map((_, n) => n + 1));
    expect(docs[0].pih).toBe(PIH_SEED);
    for (let n = 1; n < docs.length; n++) {
      expect(docs[n].pih).toBe(docs[n - 1].hash);
      expect(docs[n].paidAt.getTime()).toBeGreaterThanOrEqual(docs[n - 1].paidAt.getTime());
    }
  });

  it("re-imports its own export (CSV and Excel, English and Arabic): every parent's phone is valid, no row has an error", async () => {
    const as = (url: string, opts: { method: 'GET' | 'POST'; payload?: Buffer; headers?: Record<string, string> } = { method: 'GET' }) =>
      t.app.inject({
        url,
        ...opts,
        headers: { ...opts.headers, host: `${admin.handle}.kora.test`, authorization: `Bearer ${admin.token}` },
      });
    for (const [format, lang] of [
      ['csv', 'en'],
      ['xlsx', 'ar'],
    ] as const) {
      // The whole export, national ids too: the ids tell apart the demo's players of the same name, birthdate and parent.
      const exported = await as(`/api/players/export?format=${format}&lang=${lang}&includeSensitive=true`);
      expect(exported.statusCode).toBe(200);
      const upload = multipart(
        {},
        { name: `players.${format}`, bytes: exported.rawPayload, type: 'application/octet-stream', field: 'file' },
      );
      const preview = await as('/api/players/import/preview', { method: 'POST', ...upload });
      expect(preview.statusCode, preview.body).toBe(200);
      const { errors, rowCount, creates, updates } = preview.json();
      expect(errors).toEqual([]);
      expect(rowCount).toBeGreaterThan(40);
      // Every row is a player already there: the import would change nothing.
      expect({ creates, updates }).toEqual({ creates: 0, updates: rowCount });
    }
  });
});
