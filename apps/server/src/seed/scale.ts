/**
 * `npm run bench:seed`: scale data for the benchmark (README "Benchmarks"). Fills
 * PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/kora_bench, created when
 * missing) and, smaller, PGlite (DATA_DIR/pglite, default data/bench) with N academies, each like a
 * real one: 300 players with a parent each, 12 teams, 10 coaches, a year of weekly trainings per
 * team (and a match every fourth week) with participants and attendance, a history of
 * subscriptions with their payments and invoices, monthly growth records.
 *
 * The rows are made by the database itself (multi-row INSERT … SELECT over generate_series, a few
 * academies per statement) after the migrations ran (openDatabase), as the database superuser that
 * owns the tables: row-level security does not apply to it, and `session_replication_role =
 * replica` skips the foreign-key triggers (the rows are consistent by construction). The indexes no
 * foreign key needs are dropped for the load and rebuilt at the end exactly as the migrations made
 * them (their statements are kept in the database's seed marker until then, so a run cut short
 * restores them next time), then VACUUM ANALYZE. Everything is
 * deterministic: ids are RFC 4122 v4-shaped hashes of (kind, academy, number) and every "random"
 * choice a hash of the same, so two runs on the same day (BENCH_TODAY pins it) give the same data.
 *
 * Academy 0 is `bench` (admin: BENCH_LOGIN), academy 1 `bench-small` (10 players: statements per
 * request with 10 rows vs 300), the others `academy-0002`… A database already seeded with the same
 * parameters is kept (BENCH_RESEED=1 redoes it); one holding other data is refused, never emptied.
 *
 * Knobs: BENCH_ACADEMIES (200), BENCH_PGLITE_ACADEMIES (10), BENCH_DB ("postgres,pglite"),
 * BENCH_COMPARE_ACADEMIES ("10,1000": also seeds <database>_10 and <database>_1000 on PostgreSQL),
 * BENCH_SMOKE=1 (2 academies in kora_bench_smoke and data/bench-smoke), BENCH_TODAY (yyyy-MM-dd).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { ADMIN_FLAGS, COACH_FLAGS, COLORS, PERMISSION_FLAGS, riyadhToday } from '@kora/contracts';
import pg from 'pg';
import { z } from 'zod';
import { openDatabase } from '../db/client.js';
import { accountTypes } from '../db/schema.js';
import { TENANT_TABLES } from '../db/tenant-tables.js';
import { hashPassword } from '../lib/passwords.js';
import { BOY_NAMES, CONDITIONS, FAMILY_NAMES, FIELDS, GIRL_NAMES, NATIONALITIES, NEIGHBORHOODS } from './names.js';

/** The benchmark academy and its admin (academy 0 of every benchmark database). */
export const BENCH_LOGIN = { handle: 'bench', email: 'admin@bench.kora.sa', password: 'bench12345' };
/** Academy 1: the same shape with 10 players, to compare statements per request for 10 and 300 rows. */
export const BENCH_SMALL_LOGIN = { handle: 'bench-small', email: 'admin@bench-small.kora.sa', password: 'bench12345' };
/** Bumped whenever the generated data changes, so older seeds are redone. */
export const SCALE_VERSION = 1;
export const PLAYERS = 300;
export const SMALL_PLAYERS = 10;
const TEAMS = 12;
const COACHES = 10;
const WEEKS = 52;
/** Weeks of the year that lie before the seeding day's week (the rest is the coming season). */
const PAST_WEEKS = 39;

const seedMarkerSchema = z.object({
  version: z.number(),
  academies: z.number(),
  today: z.string(),
  state: z.enum(['seeding', 'done']),
  seededAt: z.string().optional(),
  seconds: z.number().optional(),
  rows: z.number().optional(),
  /** While seeding: the statements that recreate the indexes dropped for the load. */
  restore: z.array(z.string()).optional(),
});
/** What a seeded database says of itself (its comment): read back through the schema, written by `writeMarker`. */
export type SeedMarker = z.infer<typeof seedMarkerSchema>;

// ── SQL fragments ────────────────────────────────────────────────────────────
// Every value below is ours (numbers, dates, constant names), inlined as literals.

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (list: readonly (string | null)[]) => `(array[${list.map((x) => (x === null ? 'null' : lit(x))).join(',')}]::text[])`;
const key = (parts: string[]) => parts.map((p) => `(${p})::text`).join(` || '/' || `);
/** A deterministic UUID (version 4 and RFC variant bits set, as `z.uuid()` requires) for a kind and its numbers. */
const id = (kind: string, ...parts: string[]) =>
  `overlay(overlay(md5(${lit(`kb/${kind}/`)} || ${key(parts)}) placing '4' from 13) placing '8' from 17)::uuid`;
/** A deterministic 64-bit hash of a salt and some integers (PostgreSQL's hash functions are the same on every platform). */
const hashOf = (salt: number | string, ...parts: string[]) =>
  parts.reduce((h, p) => `hashint8extended((${p})::bigint, ${h})`, String(salt));
/** A number in [0, 1) drawn from a hash. */
const unit = (hash: string) => `((${hash} & 2147483647)::float8 / 2147483648)`;
/** A deterministic number in [0, 1) for a salt and some integers. */
const rnd = (salt: number, ...parts: string[]) => unit(hashOf(salt, ...parts));
/** 1-based index into a list of `length` entries, drawn by `r`. */
const index = (r: string, length: number) => `(1 + floor(${r} * ${length})::int)`;
const pick = (list: readonly (string | null)[], r: string) => `${arr(list)}[${index(r, list.length)}]`;

const ACADEMY = (a = 'a') => id('academy', a);
const HANDLE = (a = 'a') =>
  `(case when ${a} = 0 then ${lit(BENCH_LOGIN.handle)} when ${a} = 1 then ${lit(BENCH_SMALL_LOGIN.handle)} else 'academy-' || lpad((${a})::text, 4, '0') end)`;
const VAT = (a = 'a') => `'3' || lpad((${a})::text, 13, '0') || '3'`;
const PLAYERS_OF = (a = 'a') => `(case when ${a} = 1 then ${SMALL_PLAYERS} else ${PLAYERS} end)`;

const CITIES: [string, string][] = [
  ['Riyadh', 'الرياض'],
  ['Jeddah', 'جدة'],
  ['Dammam', 'الدمام'],
  ['Mecca', 'مكة المكرمة'],
  ['Medina', 'المدينة المنورة'],
  ['Abha', 'أبها'],
  ['Tabuk', 'تبوك'],
];
const NICKNAMES: [string, string][] = [
  ['Falcons', 'الصقور'],
  ['Eagles', 'النسور'],
  ['Hawks', 'الشواهين'],
  ['Lions', 'الأسود'],
  ['Panthers', 'الفهود'],
  ['Stars', 'النجوم'],
  ['Knights', 'الفرسان'],
  ['Waves', 'الأمواج'],
  ['Arrows', 'السهام'],
  ['Comets', 'الشهب'],
  ['Wolves', 'الذئاب'],
  ['Tigers', 'النمور'],
];
const en = (pairs: [string, string][]) => pairs.map((p) => p[0]);
const ar = (pairs: [string, string][]) => pairs.map((p) => p[1]);
/** The five packages of every academy: name, Arabic name, price (halalas), type, months, sessions, trial days, pause. */
const PACKAGES = [
  ['Monthly', 'باقة شهرية', 45000, 'TIME_BASED', 1, null, 7, false],
  ['Quarterly', 'باقة ربع سنوية', 120000, 'TIME_BASED', 3, null, 0, true],
  ['Season (10 months)', 'باقة الموسم (10 أشهر)', 380000, 'TIME_BASED', 10, null, 0, true],
  ['12 sessions', 'باقة 12 حصة', 60000, 'SESSION_BASED', null, 12, 0, false],
  ['24 sessions', 'باقة 24 حصة', 110000, 'SESSION_BASED', null, 24, 0, false],
] as const;
/** How long one subscription of each package runs (months) and at most how many a player had in the year. */
const PACKAGE_SPAN = [
  [1, 12],
  [3, 4],
  [10, 2],
  [2, 6],
  [3, 4],
] as const;

/**
 * The statements that fill academies a0..a1 (inclusive). Later statements read what earlier ones
 * wrote in the same batch (participants from rosters, payments from subscriptions), so each
 * relation stays consistent whatever the numbers.
 */
export function batchStatements(
  a0: number,
  a1: number,
  today: string,
  passwordHash: string,
): { name: string; sql: string; counts?: boolean }[] {
  const T = `${lit(today)}::date`;
  const academies = `generate_series(${a0}, ${a1}) a`;
  /** The Sunday that starts the seeding day's week (Riyadh's week runs Sunday to Thursday). */
  const SUNDAY = `(${T} - extract(dow from ${T})::int)`;
  const EVENTS = `${academies} cross join generate_series(0, ${TEAMS - 1}) t cross join generate_series(0, ${WEEKS - 1}) w
    cross join generate_series(0, 1) k`;
  const IS_EVENT = '(k = 0 or w % 4 = t % 4)';
  const EVENT = id('event', 'a', 't', 'w', 'k');
  const EVENT_DATE = `(${SUNDAY} + (w - ${PAST_WEEKS}) * 7 + case when k = 0 then t % 5 else 6 end)`;
  /** Player n is 6 + n % 12 years old (the age of team n % 12) and some days. */
  const BIRTHDATE = `(${T} - make_interval(years => 6 + n % ${TEAMS}) - make_interval(days => floor(${rnd(24, 'a', 'n')} * 364)::int))::date`;
  const flagColumns = PERMISSION_FLAGS.map((f) => accountTypes[f].name);
  const flagValues = PERMISSION_FLAGS.map((f) => `(k = 0 and ${ADMIN_FLAGS[f]}) or (k = 1 and ${COACH_FLAGS[f]})`);
  const staffNames = `cross join lateral (select ${index(rnd(11, 'a', 'k'), BOY_NAMES.length)} as fi, ${index(rnd(12, 'a', 'k'), FAMILY_NAMES.length)} as li) x`;

  return [
    {
      name: 'academies',
      sql: `insert into academies (id, name, name_arabic, handle, phone, email, owner_email, vat_number, address, city, created_at)
        select ${ACADEMY()},
          ${arr(en(CITIES))}[1 + a % ${CITIES.length}] || ' ' || ${arr(en(NICKNAMES))}[1 + a % ${NICKNAMES.length}] || ' Football Academy' || case when a > 1 then ' ' || a else '' end,
          'أكاديمية ' || ${arr(ar(NICKNAMES))}[1 + a % ${NICKNAMES.length}] || ' لكرة القدم - ' || ${arr(ar(CITIES))}[1 + a % ${CITIES.length}],
          ${HANDLE()}, '+9665' || lpad(((a * 7919) % 100000000)::text, 8, '0'),
          'admin@' || ${HANDLE()} || '.kora.sa', 'admin@' || ${HANDLE()} || '.kora.sa',
          ${VAT()}, 'طريق الملك فهد ' || (12000 + a % 1000), ${arr(ar(CITIES))}[1 + a % ${CITIES.length}],
          (${T} - 400)::timestamptz
        from ${academies}`,
    },
    {
      name: 'account_types',
      sql: `insert into account_types (id, academy_id, name, name_arabic, is_default, ${flagColumns.join(', ')}, created_at)
        select ${id('account-type', 'a', 'k')}, ${ACADEMY()}, ${arr(['Admin', 'Coach'])}[k + 1], ${arr(['مدير', 'مدرب'])}[k + 1], true,
          ${flagValues.join(', ')}, (${T} - 400)::timestamptz
        from ${academies} cross join generate_series(0, 1) k`,
    },
    {
      // k = 0 the admin, k = 1..10 the coaches (the first with a login).
      name: 'staff',
      sql: `insert into users (id, academy_id, role, name, name_arabic, email, password_hash, phone_number, coach_type, account_type_id, created_at, updated_at)
        select case when k = 0 then ${id('admin', 'a')} else ${id('coach', 'a', 'k - 1')} end, ${ACADEMY()},
          case when k = 0 then 'ADMIN' else 'COACH' end,
          ${arr(en(BOY_NAMES))}[x.fi] || ' ' || ${arr(en(FAMILY_NAMES))}[x.li], ${arr(ar(BOY_NAMES))}[x.fi] || ' ' || ${arr(ar(FAMILY_NAMES))}[x.li],
          case when k = 0 then 'admin@' || ${HANDLE()} || '.kora.sa' when k = 1 then 'coach@' || ${HANDLE()} || '.kora.sa' end,
          case when k <= 1 then ${lit(passwordHash)} end,
          '+9665' || lpad(floor(${rnd(13, 'a', 'k')} * 100000000)::int::text, 8, '0'),
          case when k = 0 then null when k = 1 then 'HEAD_COACH' when k <= 4 then 'LEAD_COACH' else 'ASSISTANT_COACH' end,
          case when k = 0 then ${id('account-type', 'a', '0')} else ${id('account-type', 'a', '1')} end,
          (${T} - 400)::timestamptz, (${T} - 400)::timestamptz
        from ${academies} cross join generate_series(0, ${COACHES}) k ${staffNames}`,
    },
    {
      name: 'academy_users',
      sql: `insert into academy_users (academy_id, user_id, created_at)
        select ${ACADEMY()}, case when k = 0 then ${id('admin', 'a')} else ${id('coach', 'a', '0')} end, (${T} - 400)::timestamptz
        from ${academies} cross join generate_series(0, 1) k`,
    },
    {
      // k = 0 the parent, k = 1 the player (same family name); player n plays in team n % 12 (age 6 + team).
      name: 'players and parents',
      sql: `insert into users (id, academy_id, role, name, name_arabic, email, phone_number, national_id, nationality, residential_neighborhood,
          birthdate, gender, condition, created_at, updated_at)
        select case when k = 0 then ${id('parent', 'a', 'n')} else ${id('player', 'a', 'n')} end, ${ACADEMY()},
          case when k = 0 then 'PARENT' else 'PLAYER' end,
          case when k = 0 then ${arr(en(BOY_NAMES))}[x.father] when x.girl then ${arr(en(GIRL_NAMES))}[x.girlName] else ${arr(en(BOY_NAMES))}[x.boyName] end
            || ' ' || ${arr(en(FAMILY_NAMES))}[x.family],
          case when k = 0 then ${arr(ar(BOY_NAMES))}[x.father] when x.girl then ${arr(ar(GIRL_NAMES))}[x.girlName] else ${arr(ar(BOY_NAMES))}[x.boyName] end
            || ' ' || ${arr(ar(FAMILY_NAMES))}[x.family],
          case when k = 0 then lower(${arr(en(BOY_NAMES))}[x.father]) || '.' || a || '.' || n || '@example.sa' end,
          x.phone,
          case when k = 1 then '1' || lpad(floor(${rnd(21, 'a', 'n')} * 1000000000)::int::text, 9, '0') end,
          case when k = 1 then ${pick(NATIONALITIES, rnd(22, 'a', 'n'))} end,
          case when k = 1 then ${pick(NEIGHBORHOODS, rnd(23, 'a', 'n'))} end,
          case when k = 1 then ${BIRTHDATE} end,
          case when k = 0 then null when x.girl then 'FEMALE' else 'MALE' end,
          case when k = 1 then ${pick(CONDITIONS, rnd(25, 'a', 'n'))} end,
          x.joined, x.joined
        from ${academies} cross join lateral generate_series(0, ${PLAYERS_OF()} - 1) n
          cross join lateral (select n % 8 = 7 as girl, ${index(rnd(26, 'a', 'n'), FAMILY_NAMES.length)} as family,
            ${index(rnd(27, 'a', 'n'), BOY_NAMES.length)} as father, ${index(rnd(28, 'a', 'n'), BOY_NAMES.length)} as boyName,
            ${index(rnd(29, 'a', 'n'), GIRL_NAMES.length)} as girlName,
            '+9665' || lpad(floor(${rnd(30, 'a', 'n')} * 100000000)::int::text, 8, '0') as phone,
            (${T} - floor(${rnd(31, 'a', 'n')} * 365)::int)::timestamptz + make_interval(mins => 480 + floor(${rnd(32, 'a', 'n')} * 720)::int) as joined) x
          cross join generate_series(0, 1) k`,
    },
    {
      name: 'parent_players',
      sql: `insert into parent_players (academy_id, parent_id, player_id, created_at)
        select ${ACADEMY()}, ${id('parent', 'a', 'n')}, ${id('player', 'a', 'n')}, (${T} - 365)::timestamptz
        from ${academies} cross join lateral generate_series(0, ${PLAYERS_OF()} - 1) n`,
    },
    {
      name: 'teams',
      sql: `insert into teams (id, academy_id, name, name_arabic, color, created_at)
        select ${id('team', 'a', 't')}, ${ACADEMY()}, 'U' || (7 + t) || ' ' || ${arr(en(NICKNAMES))}[1 + t],
          ${arr(ar(NICKNAMES))}[1 + t] || ' تحت ' || (7 + t), ${arr(COLORS)}[1 + t % ${COLORS.length}], (${T} - 400)::timestamptz
        from ${academies} cross join generate_series(0, ${TEAMS - 1}) t`,
    },
    {
      name: 'team_coaches',
      sql: `insert into team_coaches (academy_id, team_id, coach_id)
        select ${ACADEMY()}, ${id('team', 'a', 't')}, ${id('coach', 'a', `(t + 3 * c) % ${COACHES}`)}
        from ${academies} cross join generate_series(0, ${TEAMS - 1}) t cross join generate_series(0, 1) c`,
    },
    {
      // One player in thirteen has no team yet.
      name: 'team_players',
      sql: `insert into team_players (academy_id, team_id, player_id)
        select ${ACADEMY()}, ${id('team', 'a', `n % ${TEAMS}`)}, ${id('player', 'a', 'n')}
        from ${academies} cross join lateral generate_series(0, ${PLAYERS_OF()} - 1) n where n % 13 <> 12`,
    },
    {
      name: 'packages',
      sql: `insert into packages (id, academy_id, name, name_arabic, price_halalas, package_type, months_number, sessions_count, has_trial,
          trial_days, allow_pause, skip_limit, description, description_arabic, created_at)
        select ${id('package', 'a', 'p.k')}, ${ACADEMY()}, p.name, p.name_ar, p.price, p.type, p.months, p.sessions, p.trial > 0, p.trial, p.pause,
          p.k % 3, 'The ' || p.name || ' package.', 'الاشتراك في ' || p.name_ar || '.', (${T} - 400)::timestamptz
        from ${academies} cross join (values ${PACKAGES.map(
          ([name, nameAr, price, type, months, sessions, trial, pause], k) =>
            `(${k}, ${lit(name)}, ${lit(nameAr)}, ${price}, ${lit(type)}, ${months ?? 'null::int'}, ${sessions ?? 'null::int'}, ${trial}, ${pause})`,
        ).join(', ')}) as p(k, name, name_ar, price, type, months, sessions, trial, pause)`,
    },
    {
      // Week w of the year: 0..38 before the seeding day's week, 39 this week, 40..51 to come.
      name: 'events',
      sql: `insert into events (id, academy_id, type, date, time, end_time, field, series_id, created_at)
        select ${EVENT}, ${ACADEMY()}, case when k = 0 then 'TRAINING_SESSION' else 'MATCH' end,
          ${EVENT_DATE},
          case when k = 0 then ${arr(['16:00', '17:30', '19:00'])}[1 + t % 3] else '17:00' end,
          case when k = 0 then ${arr(['17:15', '19:00', '20:30'])}[1 + t % 3] else '18:30' end,
          ${arr(FIELDS)}[1 + t % ${FIELDS.length}], case when k = 0 then ${id('series', 'a', 't')} end, (${T} - 280)::timestamptz
        from ${EVENTS} where ${IS_EVENT}`,
    },
    {
      name: 'event_teams',
      sql: `insert into event_teams (academy_id, event_id, team_id)
        select ${ACADEMY()}, ${EVENT}, ${id('team', 'a', 't')} from ${EVENTS} where ${IS_EVENT}`,
    },
    {
      // Trainings have the team's two coaches, matches the first.
      name: 'event_coaches',
      sql: `insert into event_coaches (academy_id, event_id, coach_id)
        select ${ACADEMY()}, ${EVENT}, ${id('coach', 'a', `(t + 3 * c) % ${COACHES}`)}
        from ${EVENTS} cross join generate_series(0, 1) c where ${IS_EVENT} and (k = 0 or c = 0)`,
    },
    {
      // The team's players (player n plays in team n % 12); past events marked (mostly ATTENDED), the coming ones PENDING.
      name: 'participants',
      sql: `with e as materialized (
          select a, t, ${ACADEMY()} as academy_id, ${EVENT} as event_id, ${id('team', 'a', 't')} as team_id, ${EVENT_DATE} as date,
            ${hashOf(41, 'a', 't', 'w', 'k')} as h
          from ${EVENTS} where ${IS_EVENT}
        ),
        p as materialized (
          select a, n, ${id('player', 'a', 'n')} as player_id
          from ${academies} cross join lateral generate_series(0, ${PLAYERS_OF()} - 1) n where n % 13 <> 12
        )
        insert into participants (id, academy_id, event_id, user_id, team_id, status, updated_at)
        select overlay(overlay(md5(e.event_id::text || '/' || p.n) placing '4' from 13) placing '8' from 17)::uuid,
          e.academy_id, e.event_id, p.player_id, e.team_id,
          case when e.date >= ${T} then 'PENDING' when ${unit('hashint8extended(p.n, e.h)')} < 0.86 then 'ATTENDED' else 'ABSENT' end,
          e.date::timestamptz + interval '18 hours'
        from e join p on p.a = e.a and p.n % ${TEAMS} = e.t`,
    },
    {
      // Each player (but one in twelve) a package and a history of subscriptions back to back, the latest (j = 0)
      // running today: ACTIVE mostly, some TRIAL (monthly, started in the last days), PENDING, PAUSED or CANCELLED.
      // Every one but PENDING was paid on its first day, by card (two in three) or cash, and invoiced: numbered 1, 2, 3…
      // per academy in the order paid, VAT included (15%), as the activation numbers them. One statement for the four tables.
      name: 'subscriptions, payments, invoices',
      counts: true,
      sql: `with s as (
          select ${id('subscription', 'a', 'n', 'j')} as id, ${id('payment', 'a', 'n', 'j')} as payment_id, ${id('invoice', 'a', 'n', 'j')} as invoice_id,
            a, ${ACADEMY()} as academy_id, ${id('player', 'a', 'n')} as player_id, ${id('package', 'a', 'x.k')} as package_id, x.price, x.name,
            y.status, y.start_date, case when x.sessions is null then (y.start_date + make_interval(months => x.months))::date end as end_date,
            case when x.sessions is null then null when j > 0 or y.status = 'CANCELLED' then 0 else 1 + floor(${rnd(51, 'a', 'n')} * x.sessions)::int end as sessions_left,
            x.sessions as total_sessions, case when y.status = 'PAUSED' then (${T} - 3)::timestamptz end as paused_at,
            y.start_date::timestamptz + interval '6 hours' as created_at,
            case when ${rnd(61, 'a', 'n', 'j')} < 0.67 then 'Card' else 'Cash' end as method,
            y.start_date::timestamptz + make_interval(mins => 360 + floor(${rnd(62, 'a', 'n', 'j')} * 600)::int) as paid_at
          from ${academies} cross join lateral generate_series(0, ${PLAYERS_OF()} - 1) n
            cross join lateral (select p.*, n % 12 as roll from (values ${PACKAGE_SPAN.map(
              ([months, most], k) =>
                `(${k}, ${months}, ${most}, ${PACKAGES[k][5] ?? 'null::int'}, ${PACKAGES[k][2]}, ${lit(PACKAGES[k][0])})`,
            ).join(', ')}) as p(k, months, most, sessions, price, name) where p.k = floor(${rnd(52, 'a', 'n')} * ${PACKAGES.length})::int) x
            cross join lateral generate_series(0, case when x.roll = 11 then -1 else floor(${rnd(53, 'a', 'n')} * x.most)::int end) j
            cross join lateral (select
              case when j > 0 then 'INACTIVE' when x.roll = 7 and x.k = 0 then 'TRIAL' when x.roll = 8 then 'PENDING'
                when x.roll = 9 and x.k in (1, 2) then 'PAUSED' when x.roll = 10 then 'CANCELLED' else 'ACTIVE' end as status,
              ((case when x.roll = 7 and x.k = 0 then ${T} - floor(${rnd(54, 'a', 'n')} * 5)::int when x.roll = 8 then ${T}
                else ${T} - floor(${rnd(54, 'a', 'n')} * 27 * x.months)::int end) - make_interval(months => j * x.months))::date as start_date) y
        ),
        paid as (
          select s.*, round((s.price * 15)::numeric / 115)::int as vat,
            row_number() over (partition by s.academy_id order by s.paid_at, s.payment_id) as number
          from s where s.status <> 'PENDING'
        ),
        subscription_rows as (
          insert into subscriptions (id, academy_id, player_id, package_id, status, start_date, end_date, sessions_left, total_sessions,
            paused_at, created_at, updated_at)
          select id, academy_id, player_id, package_id, status, start_date, end_date, sessions_left, total_sessions, paused_at, created_at, created_at
          from s returning 1
        ),
        payment_rows as (
          insert into payments (id, academy_id, subscription_id, amount_halalas, method, provider, provider_ref, status, paid_at, created_at)
          select payment_id, academy_id, id, price, method, case when method = 'Card' then 'sandbox' end,
            case when method = 'Card' then 'bench-' || payment_id end, 'PAID', paid_at, paid_at
          from paid returning 1
        ),
        invoice_rows as (
          -- The seller and buyer as issued (migration 0019). No signed e-invoice documents: the benchmark reads lists,
          -- and signing hundreds of thousands would be most of the load (their PDFs print the phase-1 QR).
          insert into invoices (id, academy_id, invoice_number, payment_id, subscription_id, user_id, package_name, subtotal_halalas,
            vat_halalas, total_halalas, vat_number, payment_method, paid_at, created_at, seller, buyer)
          select paid.invoice_id, paid.academy_id, paid.number, paid.payment_id, paid.id, paid.player_id, paid.name, paid.price - paid.vat,
            paid.vat, paid.price, ${VAT('paid.a')}, paid.method, paid.paid_at, paid.paid_at,
            jsonb_build_object('name', ac.name, 'nameArabic', ac.name_arabic, 'crNumber', ac.cr_number, 'street', ac.address,
              'buildingNumber', ac.building_number, 'district', ac.district, 'city', ac.city, 'postalCode', ac.postal_code),
            jsonb_build_object('name', u.name, 'nameArabic', u.name_arabic)
          from paid join academies ac on ac.id = paid.academy_id join users u on u.academy_id = paid.academy_id and u.id = paid.player_id
          returning 1
        ),
        counter_rows as (
          insert into invoice_counters (academy_id, last_number)
          select ${ACADEMY()}, coalesce((select max(number) from paid where paid.a = a.a), 0) from ${academies}
          returning 1
        )
        select (select count(*) from subscription_rows) + (select count(*) from payment_rows) + (select count(*) from invoice_rows)
          + (select count(*) from counter_rows) as n`,
    },
    {
      // Nine players in ten measured monthly for a year: growing with their age, each with their own build and fitness.
      name: 'growth_metrics',
      sql: `with p as materialized (
          select ${ACADEMY()} as academy_id, ${id('player', 'a', 'n')} as player_id, n % 8 = 7 as girl, ${BIRTHDATE} as birthdate,
            0.94 + ${rnd(81, 'a', 'n')} * 0.12 as build, 0.9 + ${rnd(82, 'a', 'n')} * 0.2 as fitness,
            ${pick(['Home', 'Home', 'Home', 'School', null], rnd(83, 'a', 'n'))} as breakfast, ${hashOf(70, 'a', 'n')} as h
          from ${academies} cross join lateral generate_series(0, ${PLAYERS_OF()} - 1) n
          where ${rnd(85, 'a', 'n')} < 0.9
        ),
        months as materialized (select m, (date_trunc('month', ${T}) - make_interval(months => m))::date as first from generate_series(0, 11) m)
        insert into growth_metrics (id, academy_id, player_id, date, height, weight, arm_span, hand_grip, sprint10m, sprint20m,
          standing_long_jump, vertical_jump, breakfast_source, sleeping_hours, created_at)
        select overlay(overlay(md5(p.player_id::text || '/' || m) placing '4' from 13) placing '8' from 17)::uuid, p.academy_id, p.player_id, d.date,
          round(h.height::numeric, 1), round(((13 + d.age + 0.12 * d.age * d.age) * p.build * p.build * (0.99 + ${unit(`hashint8extended(m * 16 + 1, p.h)`)} * 0.02))::numeric, 1),
          round((h.height * (1 + (${unit(`hashint8extended(m * 16 + 2, p.h)`)} - 0.3) * 0.03))::numeric, 1),
          round((greatest(4, 2.4 * d.age - 4) * p.fitness * (0.99 + ${unit(`hashint8extended(m * 16 + 3, p.h)`)} * 0.02))::numeric, 1),
          round(((2.9 - 0.07 * d.age) / p.fitness * (0.99 + ${unit(`hashint8extended(m * 16 + 4, p.h)`)} * 0.02))::numeric, 2),
          round(((4.9 - 0.12 * d.age) / p.fitness * (0.99 + ${unit(`hashint8extended(m * 16 + 5, p.h)`)} * 0.02))::numeric, 2),
          round(((70 + 9 * d.age) * p.fitness * (0.99 + ${unit(`hashint8extended(m * 16 + 6, p.h)`)} * 0.02))::numeric, 1),
          round(((10 + 2 * d.age) * p.fitness * (0.99 + ${unit(`hashint8extended(m * 16 + 7, p.h)`)} * 0.02))::numeric, 1),
          case when ${unit(`hashint8extended(m * 16 + 8, p.h)`)} < 0.85 then p.breakfast else ${arr(['Home', 'School', null])}[1 + floor(${unit(`hashint8extended(m * 16 + 9, p.h)`)} * 3)::int] end,
          least(11, greatest(6, round((10.5 - 0.2 * d.age + (${unit(`hashint8extended(m * 16 + 10, p.h)`)} - 0.5) * 1.5) * 2) / 2)),
          d.date::timestamptz + interval '7 hours'
        from p cross join months
          -- offset 0 keeps each step a subquery computed once per row (not inlined into every use).
          cross join lateral (select least(${T}, months.first + floor(${unit(`hashint8extended(m * 16 + 11, p.h)`)} * 27)::int) as date offset 0) dd
          cross join lateral (select dd.date, (dd.date - p.birthdate) / 365.25::float8 as age offset 0) d
          cross join lateral (select (75 + 7.2 * d.age - 0.08 * d.age * d.age) * p.build * (case when p.girl and d.age > 12 then 0.97 else 1 end) as height offset 0) h`,
    },
  ];
}

// ── running the statements ───────────────────────────────────────────────────

/** One connection (so session settings hold) to PostgreSQL or PGlite. */
interface Session {
  run(sql: string): Promise<number>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

const migrationsFolder = new URL('../db/migrations', import.meta.url).pathname;

async function postgresSession(url: string): Promise<Session> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const maintenance = new pg.Client({ connectionString: admin.toString() });
  await maintenance.connect();
  try {
    const { rows } = await maintenance.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length === 0) await maintenance.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await maintenance.end();
  }
  // The server's own migrations, the same way main.ts runs them.
  const database = await openDatabase({ databaseUrl: url, migrationsFolder, poolSize: 1 });
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    run: async (sql) => (await client.query(sql)).rowCount ?? 0,
    rows: async (sql) => (await client.query(sql)).rows,
    close: () => client.end(),
  };
}

async function pgliteSession(dataDir: string): Promise<Session> {
  const database = await openDatabase({ dataDir, migrationsFolder });
  const client: unknown = Reflect.get(database.db, '$client');
  if (!(client instanceof PGlite)) throw new Error('The PGlite database has no PGlite client');
  return {
    run: async (sql) => (await client.query(sql)).affectedRows ?? 0,
    rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
    close: () => database.close(),
  };
}

const MARKER_PREFIX = 'kora-bench ';

export async function readMarker(session: Pick<Session, 'rows'>): Promise<SeedMarker | null> {
  const [row] = await session.rows<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = current_database()`,
  );
  if (!row?.comment?.startsWith(MARKER_PREFIX)) return null;
  try {
    const marker = seedMarkerSchema.safeParse(JSON.parse(row.comment.slice(MARKER_PREFIX.length)));
    return marker.success ? marker.data : null;
  } catch {
    return null;
  }
}

async function writeMarker(session: Session, marker: SeedMarker) {
  const text = lit(MARKER_PREFIX + JSON.stringify(marker));
  await session.run(`do $$ begin execute format('comment on database %I is %L', current_database(), ${text}); end $$`);
}

/**
 * The indexes of the tenant tables that no foreign key depends on (every plain index, and the
 * primary and unique keys nobody references), each with the statement that drops it and the one
 * that recreates it exactly as the migrations made it.
 */
async function deferrableIndexes(session: Session) {
  const tables = TENANT_TABLES.map(lit).join(', ');
  const rows = await session.rows<{ tab: string; idx: string; def: string; con: string | null; condef: string | null }>(
    `select c.relname as tab, ic.relname as idx, pg_get_indexdef(i.indexrelid) as def, con.conname as con, pg_get_constraintdef(con.oid) as condef
     from pg_index i
       join pg_class ic on ic.oid = i.indexrelid
       join pg_class c on c.oid = i.indrelid
       join pg_namespace ns on ns.oid = c.relnamespace
       left join pg_constraint con on con.conindid = i.indexrelid and con.conrelid = i.indrelid and con.contype in ('p', 'u')
     where ns.nspname = 'public' and c.relname in (${tables})
       and not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = i.indexrelid)
     order by c.relname, ic.relname`,
  );
  return rows.map((r) =>
    r.con && r.condef
      ? {
          drop: `alter table ${pg.escapeIdentifier(r.tab)} drop constraint ${pg.escapeIdentifier(r.con)}`,
          restore: `alter table ${pg.escapeIdentifier(r.tab)} add constraint ${pg.escapeIdentifier(r.con)} ${r.condef}`,
        }
      : { drop: `drop index public.${pg.escapeIdentifier(r.idx)}`, restore: r.def },
  );
}

/** Recreates dropped indexes; one that exists already (a run cut short after rebuilding it) is left as it is. */
async function restoreIndexes(session: Session, statements: string[]) {
  for (const statement of statements) {
    try {
      await session.run(statement);
    } catch (err) {
      const code: unknown = Reflect.get(Object(err), 'code');
      // duplicate_table (an index of that name), duplicate_object / invalid_table_definition (the key exists).
      if (code !== '42P07' && code !== '42710' && code !== '42P16') throw err;
    }
  }
}

/** A single updating line on stderr (a line per tenth when stderr is not a terminal). */
function progressBar(label: string, total: number) {
  const started = performance.now();
  let lastTenth = -1;
  return {
    update(done: number, rows: number) {
      const fraction = total === 0 ? 1 : done / total;
      const elapsed = (performance.now() - started) / 1000;
      const eta = fraction > 0 ? (elapsed / fraction) * (1 - fraction) : 0;
      const width = 30;
      const filled = Math.round(fraction * width);
      const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}%  ${done}/${total} academies  ${(rows / 1e6).toFixed(2)}M rows  ${elapsed.toFixed(0)} s  ETA ${eta.toFixed(0)} s`;
      if (process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K`);
      else if (Math.floor(fraction * 10) > lastTenth) {
        lastTenth = Math.floor(fraction * 10);
        process.stderr.write(`${line}\n`);
      }
    },
    done() {
      if (process.stderr.isTTY) process.stderr.write('\n');
    },
  };
}

export interface SeedResult {
  label: string;
  academies: number;
  rows: number;
  seconds: number;
  skipped: boolean;
  today: string;
}

/** Seeds one database (already migrated, empty or bench-seeded) with `academies` academies. */
async function seedSession(
  session: Session,
  opts: { label: string; academies: number; today: string; reseed: boolean; kind: 'postgres' | 'pglite' },
): Promise<SeedResult> {
  const { label, academies, today } = opts;
  const marker = await readMarker(session);
  if (
    !opts.reseed &&
    marker?.state === 'done' &&
    marker.version === SCALE_VERSION &&
    marker.academies === academies &&
    marker.today === today
  ) {
    process.stderr.write(`${label}: already seeded (${academies} academies, ${marker.today}); BENCH_RESEED=1 redoes it\n`);
    return { label, academies, rows: marker.rows ?? 0, seconds: 0, skipped: true, today };
  }
  const [{ n }] = await session.rows<{ n: number }>('select count(*)::int as n from academies');
  if (n > 0 && !marker) {
    throw new Error(`${label} holds ${n} academies that the benchmark did not seed: refusing to empty it (choose another database)`);
  }
  const started = performance.now();
  // A seeding cut short left its indexes dropped: put them back first.
  if (marker?.restore) await restoreIndexes(session, marker.restore);
  if (n > 0) await session.run('truncate academies, counters cascade');
  // Indexes are built once at the end (a sorted build), not row by row: far faster for millions of rows.
  const deferred = await deferrableIndexes(session);
  await writeMarker(session, { version: SCALE_VERSION, academies, today, state: 'seeding', restore: deferred.map((d) => d.restore) });
  for (const d of deferred) await session.run(d.drop);

  // One argon2 hash for every login (admins and head coaches share the benchmark password).
  const passwordHash = await hashPassword(BENCH_LOGIN.password);
  await session.run('set session_replication_role = replica');
  if (opts.kind === 'postgres') {
    await session.run('set synchronous_commit = off');
    await session.run(`set work_mem = '64MB'`);
  }
  const batch = Math.max(1, Math.min(10, Math.ceil(academies / 40)));
  const bar = progressBar(label, academies);
  const timings = new Map<string, number>();
  let rows = 0;
  bar.update(0, 0);
  for (let a0 = 0; a0 < academies; a0 += batch) {
    const a1 = Math.min(academies, a0 + batch) - 1;
    await session.run('begin');
    for (const statement of batchStatements(a0, a1, today, passwordHash)) {
      const t = performance.now();
      rows += statement.counts ? Number((await session.rows<{ n: number }>(statement.sql))[0].n) : await session.run(statement.sql);
      timings.set(statement.name, (timings.get(statement.name) ?? 0) + performance.now() - t);
    }
    await session.run('commit');
    bar.update(a1 + 1, rows);
  }
  bar.done();
  await session.run('set session_replication_role = origin');
  const indexing = performance.now();
  if (opts.kind === 'postgres') await session.run(`set maintenance_work_mem = '512MB'`);
  process.stderr.write(`${label}: building ${deferred.length} indexes…\n`);
  await restoreIndexes(
    session,
    deferred.map((d) => d.restore),
  );
  timings.set('indexes', performance.now() - indexing);
  const analyzing = performance.now();
  await session.run('vacuum analyze');
  timings.set('vacuum analyze', performance.now() - analyzing);
  const seconds = (performance.now() - started) / 1000;
  if (process.env.BENCH_VERBOSE) {
    const spent = [...timings].sort((x, y) => y[1] - x[1]).map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`);
    process.stderr.write(`${label}: ${spent.join(', ')}\n`);
  }
  await writeMarker(session, {
    version: SCALE_VERSION,
    academies,
    today,
    state: 'done',
    seededAt: new Date().toISOString(),
    seconds: Math.round(seconds),
    rows,
  });
  return { label, academies, rows, seconds, skipped: false, today };
}

export async function seedPostgres(url: string, academies: number, opts: { today: string; reseed: boolean }) {
  const session = await postgresSession(url);
  const label = `postgres ${new URL(url).pathname.slice(1)}`;
  try {
    return await seedSession(session, { label, academies, kind: 'postgres', ...opts });
  } finally {
    await session.close();
  }
}

export async function seedPglite(dataDir: string, academies: number, opts: { today: string; reseed: boolean }) {
  const session = await pgliteSession(dataDir);
  try {
    return await seedSession(session, { label: `pglite ${dataDir}`, academies, kind: 'pglite', ...opts });
  } finally {
    await session.close();
  }
}

// ── command line ─────────────────────────────────────────────────────────────

/** The benchmark's settings from the environment, shared by `npm run bench:seed` and `npm run bench` (bench/server.ts). */
export function benchSettings(env: Record<string, string | undefined> = process.env) {
  const smoke = env.BENCH_SMOKE === '1' || env.BENCH_SMOKE === 'true';
  const root = resolve(new URL('../../../..', import.meta.url).pathname);
  const databaseUrl = env.DATABASE_URL || `postgres://postgres@127.0.0.1:5432/${smoke ? 'kora_bench_smoke' : 'kora_bench'}`;
  const dataDir = resolve(root, env.DATA_DIR || (smoke ? 'data/bench-smoke' : 'data/bench'));
  const withDatabase = (url: string, suffix: string) => {
    const u = new URL(url);
    u.pathname = `${u.pathname}_${suffix}`;
    return u.toString();
  };
  return {
    smoke,
    databases: (env.BENCH_DB || 'postgres,pglite')
      .split(',')
      .map((s) => s.trim())
      .filter((s): s is 'postgres' | 'pglite' => s === 'postgres' || s === 'pglite'),
    academies: smoke ? 2 : Number(env.BENCH_ACADEMIES || 200),
    pgliteAcademies: smoke ? 2 : Number(env.BENCH_PGLITE_ACADEMIES || 10),
    databaseUrl,
    pgliteDir: join(dataDir, 'pglite'),
    compare: (env.BENCH_COMPARE_ACADEMIES || '')
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n >= 2)
      .map((n) => ({ academies: n, databaseUrl: withDatabase(databaseUrl, String(n)) })),
    today: env.BENCH_TODAY || riyadhToday(new Date()),
    reseed: env.BENCH_RESEED === '1' || env.BENCH_RESEED === 'true',
  };
}

async function main() {
  const settings = benchSettings();
  const results: SeedResult[] = [];
  const started = performance.now();
  const opts = { today: settings.today, reseed: settings.reseed };
  if (settings.databases.includes('postgres')) results.push(await seedPostgres(settings.databaseUrl, settings.academies, opts));
  if (settings.databases.includes('pglite')) results.push(await seedPglite(settings.pgliteDir, settings.pgliteAcademies, opts));
  for (const c of settings.compare) results.push(await seedPostgres(c.databaseUrl, c.academies, opts));
  for (const r of results) {
    const what = r.skipped ? 'kept (already seeded)' : `${(r.rows / 1e6).toFixed(2)}M rows in ${r.seconds.toFixed(1)} s`;
    console.log(`${r.label}: ${r.academies} academies, ${what}`);
  }
  console.log(`bench:seed done in ${((performance.now() - started) / 1000).toFixed(1)} s (data as of ${settings.today})`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
