/**
 * Dates in requests: every date field of every route, found by walking
 * the contract map, is of the one bounded date type; no date, however odd, gets a 5xx or keeps the
 * server busy; the probe's findings each have a regression test.
 */
import {
  addDaysIso,
  type Endpoint,
  ERRORS,
  endpoints,
  MAX_DATE_YEAR,
  MAX_REPEAT_WEEKS,
  MIN_DATE_TIME_YEAR,
  MIN_DATE_YEAR,
} from '@kora/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { events, users } from '../src/db/schema.js';
import { withTenant } from '../src/db/tenant.js';
import { useTestApp } from './fixture.js';
import { addPlayer, multipart, paperConsents, parentInfo, playerInfo } from './fixtures.js';
import { asMember } from './harness.js';

const t = useTestApp({ academies: 1 });
const [a] = t.academies;
const ids = { player: '', team: '', pkg: '', subscription: '', event: '', growth: '' };
const api = () => asMember(t.app, a);
const TODAY = '2026-11-22'; // the harness clock's day

// ── the date fields of the contract map ────────────────────────────────────────

type Schema = z.ZodType;
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && '_zod' in v;

/** The schemas right inside one: what it wraps, pipes, unites or lists (not its checks, not an object's fields). */
const inner = (s: Schema) =>
  Object.entries(defOf(s)).flatMap(([k, v]) =>
    k === 'checks' || k === 'shape' ? [] : isSchema(v) ? [v] : Array.isArray(v) ? v.filter(isSchema) : [],
  );

/** The object schemas a schema is made of, looking through optionals, pipes (JSON text fields too) and unions. */
function objectsOf(s: Schema, seen = new Set<Schema>()): Schema[] {
  if (seen.has(s)) return [];
  seen.add(s);
  return defOf(s).type === 'object' ? [s] : inner(s).flatMap((c) => objectsOf(c, seen));
}

/** Whether a schema holds a string schema that passes `test`. */
function hasString(s: Schema, test: (def: Record<string, unknown>) => boolean, seen = new Set<Schema>()): boolean {
  if (seen.has(s)) return false;
  seen.add(s);
  return (defOf(s).type === 'string' && test(defOf(s))) || inner(s).some((c) => hasString(c, test, seen));
}

/** A field is a date by its type, or by a text field's name that says it is one (so a plain string date cannot slip in unseen). */
const DATE_NAME = /date|until|month|birth|day$/i;
const isDateField = (name: string, field: Schema) =>
  hasString(field, (def) => def.format === 'date') || (DATE_NAME.test(name) && hasString(field, () => true));
/** A field is a date-time (an instant) by its type, or by a name such as `sentAt`, `markedAt`, `startsAt`. */
const DATE_TIME_NAME = /[a-z]At$|[dD]ate[tT]ime|[tT]imestamp/;
const isDateTimeField = (name: string, field: Schema) =>
  hasString(field, (def) => def.format === 'datetime') || (DATE_TIME_NAME.test(name) && hasString(field, () => true));

/** Every field of a request schema that `is` one, by its path, with its schema. */
function fieldsOf(s: Schema, is: (name: string, field: Schema) => boolean, path: string[] = []): [string, Schema][] {
  return objectsOf(s).flatMap((object) =>
    Object.entries(defOf(object).shape as Record<string, Schema>).flatMap(([name, field]): [string, Schema][] => {
      if (objectsOf(field).length) return fieldsOf(field, is, [...path, name]);
      return is(name, field) ? [[[...path, name].join('.'), field]] : [];
    }),
  );
}

/** `<route> <where>.<path>` of every field of the contract map that `is` one. */
const contractFields = (is: (name: string, field: Schema) => boolean) =>
  new Map(
    Object.entries(endpoints).flatMap(([key, ep]: [string, Endpoint]) =>
      (
        [
          ['params', ep.params],
          ['query', ep.query],
          ['body', ep.body],
          ['form', ep.multipart?.fields],
        ] as const
      ).flatMap(([where, schema]) => (schema ? fieldsOf(schema, is).map(([path, s]) => [`${key} ${where}.${path}`, s] as const) : [])),
    ),
  );

/** Every date field in the contract map. */
const CONTRACT_DATE_FIELDS = contractFields(isDateField);
/** Every date-time field in the contract map (`sentAt: 9999-12-31T23:59:59Z` was a 500). */
/**
 * Named like an instant but none: WhatsApp's status `timestamp` is Meta's Unix seconds as text, which no code reads
 * (modules/messages/routes.ts takes the status and the message id only).
 */
const NOT_INSTANTS = new Set(['whatsappWebhook body.entry.changes.value.statuses.timestamp']);
const CONTRACT_DATE_TIME_FIELDS = new Map([...contractFields(isDateTimeField)].filter(([field]) => !NOT_INSTANTS.has(field)));
/** The date-time fields, listed so a new one is seen; each must be the contracts' one bounded `dateTimeSchema`. */
const DATE_TIME_FIELDS = ['syncAttendance body.sentAt', 'syncAttendance body.marks.markedAt'];

// ── one valid request per date field, with the date to try in it ───────────────

const q = encodeURIComponent;
const parentRegistration = (over: { playerInfo?: object; [k: string]: unknown }) => ({
  handle: a.handle,
  selectedPackage: ids.pkg,
  subscriptionStartDate: TODAY,
  parentInfo: { ...parentInfo, phone: '+966501112299' },
  consents: paperConsents,
  ...over,
  playerInfo: { ...playerInfo({ gender: 'MALE' }), ...over.playerInfo },
});
const wizard = (fields: Record<string, string>) =>
  multipart({ parentInfo: JSON.stringify(parentInfo), playerInfo: JSON.stringify(playerInfo()), ...fields });
const training = (over: object) => ({
  type: 'TRAINING_SESSION',
  date: '2026-11-24',
  time: '17:00',
  endTime: '18:00',
  teamIds: [ids.team],
  ...over,
});
const growth = (date: string) => ({ date, height: 140, weight: 35 });

/** How to send each date field (the rest of the request valid); `public` requests go without a session. */
const REQUESTS: Record<string, (date: string) => InjectOptions & { public?: true }> = {
  'registerParent body.subscriptionStartDate': (d) => ({
    public: true,
    method: 'POST',
    url: '/api/auth/register/parent',
    payload: parentRegistration({ subscriptionStartDate: d }),
  }),
  'registerParent body.playerInfo.birthdate': (d) => ({
    public: true,
    method: 'POST',
    url: '/api/auth/register/parent',
    payload: parentRegistration({ playerInfo: { birthdate: d } }),
  }),
  'updateUser form.birthdate': (d) => ({ method: 'PUT', url: `/api/users/${ids.player}`, ...multipart({ name: 'Faisal', birthdate: d }) }),
  'createParentPlayer form.playerInfo.birthdate': (d) => ({
    method: 'POST',
    url: '/api/users/parent-player',
    ...wizard({ playerInfo: JSON.stringify(playerInfo({ birthdate: d })) }),
  }),
  'createParentPlayer form.subscriptionStartDate': (d) => ({
    method: 'POST',
    url: '/api/users/parent-player',
    ...wizard({ selectedPackage: ids.pkg, subscriptionStartDate: d }),
  }),
  'listAuditEvents query.startDate': (d) => ({ method: 'GET', url: `/api/audit-events?startDate=${q(d)}&endDate=${TODAY}` }),
  'listAuditEvents query.endDate': (d) => ({ method: 'GET', url: `/api/audit-events?startDate=${TODAY}&endDate=${q(d)}` }),
  'createGrowthMetric body.date': (d) => ({ method: 'POST', url: '/api/growth-metrics', payload: { playerId: ids.player, ...growth(d) } }),
  'updateGrowthMetric body.date': (d) => ({ method: 'PUT', url: `/api/growth-metrics/${ids.growth}`, payload: growth(d) }),
  'listEvents query.startDate': (d) => ({ method: 'GET', url: `/api/events?startDate=${q(d)}&endDate=${TODAY}` }),
  'listEvents query.endDate': (d) => ({ method: 'GET', url: `/api/events?startDate=${TODAY}&endDate=${q(d)}` }),
  // The first date repeats until itself: one event, or on the old string loop past 9999-12-24, for ever.
  'createEvent body.date': (d) => ({ method: 'POST', url: '/api/events', payload: training({ date: d, repeat: { until: d } }) }),
  'createEvent body.repeat.until': (d) => ({ method: 'POST', url: '/api/events', payload: training({ repeat: { until: d } }) }),
  // A series event with the later ones: they move by as many days.
  'updateEvent body.date': (d) => ({ method: 'PUT', url: `/api/events/${ids.event}?scope=following`, payload: training({ date: d }) }),
  'activateSubscription body.startDate': (d) => ({
    method: 'PATCH',
    url: `/api/subscriptions/${ids.pkg}/${ids.subscription}`,
    payload: { status: 'ACTIVE', startDate: d, sendInvoice: false },
  }),
  'listInvoices query.startDate': (d) => ({ method: 'GET', url: `/api/invoices/all?startDate=${q(d)}&endDate=${TODAY}` }),
  'listInvoices query.endDate': (d) => ({ method: 'GET', url: `/api/invoices/all?startDate=${TODAY}&endDate=${q(d)}` }),
  'exportInvoices query.month': (d) => ({ method: 'GET', url: `/api/invoices/export?month=${q(d)}` }),
  'attendanceReport query.startDate': (d) => ({ method: 'GET', url: `/api/attendance-reports?startDate=${q(d)}&endDate=${TODAY}` }),
  'attendanceReport query.endDate': (d) => ({ method: 'GET', url: `/api/attendance-reports?startDate=${TODAY}&endDate=${q(d)}` }),
  'listMessages query.startDate': (d) => ({ method: 'GET', url: `/api/messages?startDate=${q(d)}&endDate=${TODAY}` }),
  'listMessages query.endDate': (d) => ({ method: 'GET', url: `/api/messages?startDate=${TODAY}&endDate=${q(d)}` }),
  // A parent that is not there: a valid date is answered 404, an odd one 400 before it is looked for.
  'recordParentWhatsappOptIn body.signedOn': (d) => ({
    method: 'PUT',
    url: '/api/parents/3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f/whatsapp-opt-in',
    payload: { signedOn: d, note: 'Registration form' },
  }),
  'exportAttendanceReport query.startDate': (d) => ({
    method: 'GET',
    url: `/api/attendance-reports/export?startDate=${q(d)}&endDate=${TODAY}`,
  }),
  'exportAttendanceReport query.endDate': (d) => ({
    method: 'GET',
    url: `/api/attendance-reports/export?startDate=${TODAY}&endDate=${q(d)}`,
  }),
};
const FIELDS = Object.keys(REQUESTS);
/**
 * Date fields of the parents' portal: a staff token never reaches them (401 before validation), so
 * they are held by the schema check below (one bounded date type) and by family.test.ts, not by requests here.
 */
const PARENT_FIELDS = ['familyEvents query.startDate', 'familyEvents query.endDate'];
const isMonth = (field: string) => field.endsWith('.month');

/** Longest a request may take to answer: a date never keeps the server busy. */
const ANSWER_MS = 1000;

/** Sends one field's request with a date; fails if no answer comes within ANSWER_MS. */
async function send(field: string, date: string): Promise<LightMyRequestResponse> {
  const { public: isPublic, ...opts } = REQUESTS[field](date);
  const signal = AbortSignal.timeout(ANSWER_MS);
  const timedOut = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(new Error(`${field} = ${JSON.stringify(date)}: no answer within ${ANSWER_MS} ms`))),
  );
  return Promise.race([isPublic ? t.app.inject(opts) : api()(opts), timedOut]);
}

/** A well-formed date (or month, for a month field) of a year outside MIN_DATE_YEAR–MAX_DATE_YEAR: always 400 date.out_of_range. */
function outOfRange(field: string, value: string) {
  const shaped = isMonth(field) ? /^\d{4}-(0[1-9]|1[0-2])$/.test(value) : z.iso.date().safeParse(value).success;
  const year = Number(value.slice(0, 4));
  return shaped && (year < MIN_DATE_YEAR || year > MAX_DATE_YEAR);
}

function expectOutOfRange(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} → ${res.body}`).toBe(400);
  const codes = [res.json().code, ...(res.json().issues ?? []).map((i: { code: string }) => i.code)];
  expect(codes, what).toContain('date.out_of_range');
}

const countRows = () =>
  withTenant(t.deps.db, a.id, async (tx) => ({
    events: (await tx.select({ id: events.id }).from(events)).length,
    players: (await tx.select({ id: users.id }).from(users).where(eq(users.role, 'PLAYER'))).length,
  }));

beforeAll(async () => {
  ids.player = await addPlayer(t.app, a);
  const team = await api()({ method: 'POST', url: '/api/teams', payload: { name: 'U10', playerIds: [ids.player] } });
  ids.team = team.json().id;
  const pkg = await api()({
    method: 'POST',
    url: '/api/packages',
    payload: { name: 'Monthly', price: 300, packageType: 'TIME_BASED', monthsNumber: 1, skipLimit: 0 },
  });
  ids.pkg = pkg.json().id;
  const sub = await api()({ method: 'POST', url: `/api/subscriptions/${ids.player}`, payload: { packageId: ids.pkg, sendInvoice: false } });
  ids.subscription = sub.json().id;
  const series = await api()({ method: 'POST', url: '/api/events', payload: training({ repeat: { until: '2027-02-23' } }) });
  ids.event = series.json().id;
  const record = await api()({ method: 'POST', url: '/api/growth-metrics', payload: { playerId: ids.player, ...growth('2026-10-01') } });
  ids.growth = record.json().id;
  for (const res of [team, pkg, sub, series, record]) expect(res.statusCode, res.body).toBeLessThan(300);
});

describe('the date fields of the contract map', () => {
  it('are all listed here, so a new one cannot go untested', () => {
    expect([...FIELDS, ...PARENT_FIELDS].sort()).toEqual([...CONTRACT_DATE_FIELDS.keys()].sort());
  });

  it(`are each of the one date type, bounded to the years ${MIN_DATE_YEAR}–${MAX_DATE_YEAR}`, () => {
    for (const [field, schema] of CONTRACT_DATE_FIELDS) {
      const [inside, before, after] = isMonth(field)
        ? ['2026-02', `${MIN_DATE_YEAR - 1}-12`, `${MAX_DATE_YEAR + 1}-01`]
        : ['2026-02-14', `${MIN_DATE_YEAR - 1}-12-31`, `${MAX_DATE_YEAR + 1}-01-01`];
      expect(schema.safeParse(inside).success, `${field} ${inside}`).toBe(true);
      for (const outside of [before, after]) {
        const issues = schema.safeParse(outside).error?.issues.map((i) => i.message);
        expect(issues, `${field} ${outside}`).toContain(ERRORS['date.out_of_range']);
      }
    }
  });
});

describe('the date-time fields of the contract map', () => {
  it('are all listed here, so a new one cannot go unseen', () => {
    expect([...CONTRACT_DATE_TIME_FIELDS.keys()].sort()).toEqual([...DATE_TIME_FIELDS].sort());
  });

  it(`are each bounded to the years ${MIN_DATE_TIME_YEAR}–${MAX_DATE_YEAR}, with or without an offset`, () => {
    for (const [field, schema] of CONTRACT_DATE_TIME_FIELDS) {
      for (const inside of ['2026-11-22T09:00:00Z', '2026-11-22T12:00:00.000+03:00', `${MIN_DATE_TIME_YEAR}-01-01T00:00:00Z`])
        expect(schema.safeParse(inside).success, `${field} ${inside}`).toBe(true);
      for (const outside of [
        '9999-12-31T23:59:59Z',
        `${MAX_DATE_YEAR + 1}-01-01T00:00:00Z`,
        `${MIN_DATE_TIME_YEAR - 1}-12-31T23:59:59Z`,
        '0001-01-01T00:00:00Z',
        // Read in UTC: the first hours of 2101 in Riyadh are still 2100 in UTC, the last of 2100 in UTC−1 already 2101.
        `${MAX_DATE_YEAR}-12-31T23:30:00-01:00`,
      ]) {
        const issues = schema.safeParse(outside).error?.issues.map((i) => i.message);
        expect(issues, `${field} ${outside}`).toContain(ERRORS['date_time.out_of_range']);
      }
      expect(
        schema.safeParse('yesterday').error?.issues.map((i) => i.message),
        field,
      ).not.toContain(ERRORS['date_time.out_of_range']);
    }
  });
});

describe('dates that once took the server down or answered 500', () => {
  it('a series from 9999-12-25 to 9999-12-31 answers 400 at once and creates nothing (it used to loop for ever)', async () => {
    const before = await countRows();
    const res = await send('createEvent body.date', '9999-12-25');
    expectOutOfRange(res, 'POST /api/events 9999-12-25');
    const other = await send('createEvent body.repeat.until', '9999-12-31');
    expectOutOfRange(other, 'repeat.until 9999-12-31');
    expect(await countRows()).toEqual(before);
  });

  it(`a series up to the last day allowed makes its ${MAX_REPEAT_WEEKS + 1} weekly events, counted, not compared`, async () => {
    const first = `${MAX_DATE_YEAR}-01-01`;
    const last = `${MAX_DATE_YEAR}-12-31`; // 364 days later: 52 weeks
    const res = await api()({ method: 'POST', url: '/api/events', payload: training({ date: first, repeat: { until: last } }) });
    expect(res.statusCode, res.body).toBe(201);
    const listed = await api()({ method: 'GET', url: `/api/events?startDate=${first}&endDate=${last}` });
    const dates = listed.json().map((e: { date: string }) => e.date);
    expect(dates).toHaveLength(MAX_REPEAT_WEEKS + 1);
    expect([dates[0], dates.at(-1)]).toEqual([first, last]);

    // Moving the series a day later would take its last event out of the years: 400, nothing moved.
    const moved = await api()({
      method: 'PUT',
      url: `/api/events/${res.json().id}?scope=following`,
      payload: training({ date: `${MAX_DATE_YEAR}-01-02` }),
    });
    expectOutOfRange(moved, 'moving the series past the last year');
    const again = await api()({ method: 'GET', url: `/api/events?startDate=${first}&endDate=${last}` });
    expect(again.json().map((e: { date: string }) => e.date)).toEqual(dates);
  });

  it('the invoices export of month 9999-12 answers 400 (it was a RangeError)', async () => {
    for (const month of ['9999-12', '0000-01']) expectOutOfRange(await send('exportInvoices query.month', month), month);
  });

  it('the audit trail takes at most a year of days, like the other lists by dates', async () => {
    const res = await api()({ method: 'GET', url: `/api/audit-events?startDate=${MIN_DATE_YEAR}-01-01&endDate=${MAX_DATE_YEAR}-12-31` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('event.range_too_long');
    const year = await api()({ method: 'GET', url: '/api/audit-events?startDate=2025-11-22&endDate=2026-11-22' });
    expect(year.statusCode, year.body).toBe(200);
  });

  it('years 0000 and 9999 answer 400 on every date field of every route, and change nothing', async () => {
    const before = await countRows();
    for (const field of FIELDS)
      for (const year of ['0000', '9999']) {
        const date = isMonth(field) ? `${year}-12` : `${year}-12-31`;
        expectOutOfRange(await send(field, date), `${field} = ${date}`);
      }
    expect(await countRows()).toEqual(before);
  });

  it('a NUL escaped inside the JSON of a multipart field answers 400 and stores nothing (it reached PostgreSQL)', async () => {
    const before = await countRows();
    const forms: Record<string, string>[] = [
      { parentInfo: JSON.stringify({ ...parentInfo, name: 'Khalid\u0000' }) },
      { playerInfo: JSON.stringify(playerInfo({ medicalCondition: 'Asthma\u0000' })) },
      { playerInfo: JSON.stringify({ ...playerInfo(), 'odd\u0000key': 1 }) },
    ];
    for (const fields of forms) {
      expect(Object.values(fields)[0]).toContain('\\u0000'); // escaped in the JSON text, no raw NUL in the form
      const res = await api()({ method: 'POST', url: '/api/users/parent-player', ...wizard(fields) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('request.invalid_characters');
      expect(res.json().issues[0].path).toBe(Object.keys(fields)[0]);
    }
    expect(await countRows()).toEqual(before);
  });
});

describe('any date in any date field', () => {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const anyYear = fc.integer({ min: 0, max: 9999 });
  /** Days near today and birthdays of 5 to 50 years ago (the requests these succeed with), any date and month of any four-digit year, the edges of the years allowed, and junk. */
  const dateLike = fc.oneof(
    fc.integer({ min: -400, max: 400 }).map((days) => addDaysIso(TODAY, days)),
    fc.integer({ min: -18_000, max: -1_900 }).map((days) => addDaysIso(TODAY, days)),
    fc.integer({ min: -24, max: 24 }).map((months) => addDaysIso(TODAY, months * 30).slice(0, 7)),
    fc
      .tuple(anyYear, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
      .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
    fc.tuple(anyYear, fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${pad(y, 4)}-${pad(m, 2)}`),
    fc.constantFrom(
      `${MIN_DATE_YEAR - 1}-12-31`,
      `${MIN_DATE_YEAR}-01-01`,
      `${MAX_DATE_YEAR}-12-31`,
      `${MAX_DATE_YEAR + 1}-01-01`,
      '9999-12-25',
      '+010000-01-01',
      '-000001-01-01',
      '2024-02-29',
      '2026-02-29',
      '2026-11-22T00:00:00Z',
      '',
      'null',
    ),
    fc.string({ maxLength: 16 }),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
  );

  it(`never answers 5xx, and always within ${ANSWER_MS} ms`, async () => {
    const serverErrors: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIELDS), dateLike, async (field, value) => {
        const res = await send(field, value);
        if (res.statusCode >= 500) serverErrors.push(`${field} = ${JSON.stringify(value)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (outOfRange(field, value)) expectOutOfRange(res, `${field} = ${value}`);
      }),
      { numRuns: 250 },
    );
    expect(serverErrors).toEqual([]);
  });
});
