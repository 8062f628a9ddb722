/**
 * The benchmark's floor (README, "Benchmarks"): for each key call, the raw data the endpoint
 * answers, fetched by plain SQL through the same driver as the server (node-postgres, or the same
 * PGlite instance) and answered by a bare Fastify route as JSON: `{ <relation>: rows, … }`, one flat
 * statement per relation (the list, then each related list for all its rows at once), run one
 * after another on the pool like a request's statements. No authentication, no transaction, no
 * row-level security (each statement filters by academy itself, as the database superuser), no
 * mapping: what is left is the database's work, the driver and JSON — the least the endpoint could
 * cost. The lists come in the database's order (by name, date…); only the endpoint ranks players.
 */
import type { FastifyInstance } from 'fastify';

/** The values the floor statements are run with (the benchmark academy, the days and instants of the calls). */
export interface FloorContext {
  academyId: string;
  handle: string;
  email: string;
  /** The week of events: the seeding day ± 3 days. */
  weekStart: string;
  weekEnd: string;
  /** The payments history: the month before the seeding day's, as instants (Riyadh days). */
  invoicesFrom: Date;
  invoicesTo: Date;
  /** Monthly stats: this month and the last in Riyadh, as days, and this month's instants. */
  monthStart: string;
  monthEnd: string;
  lastStart: string;
  lastEnd: string;
  monthFrom: Date;
  monthTo: Date;
}

export interface FloorQuery {
  /** Relation name → SQL; every statement of a call takes the same parameters. */
  statements: Record<string, string>;
  params(ctx: FloorContext): unknown[];
}

/** Any client with `query(text, params) → { rows }`: a pg.Pool or a PGlite instance. */
export interface QueryClient {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

const PLAYER_COLUMNS = `u.id, u.role, u.name, u.name_arabic, u.national_id, u.nationality, u.residential_neighborhood,
  u.birthdate::text as birthdate, u.gender, u.avatar, u.condition, u.phone_number, u.emergency_phone1, u.emergency_phone2, u.email,
  u.account_type_id, u.created_at`;
/** The teams of every player of the academy (player id and the team), by team name. */
const PLAYER_TEAMS = `select tp.player_id, t.id, t.name, t.name_arabic, t.color
  from team_players tp join teams t on t.academy_id = tp.academy_id and t.id = tp.team_id
  where tp.academy_id = $1 order by t.name`;
const PACKAGE_COLUMNS = 'k.id as package_id, k.name as package_name, k.name_arabic as package_name_arabic, k.package_type, k.price_halalas';
const SUBSCRIPTION_COLUMNS = `s.id, s.status, s.start_date::text as start_date, s.end_date::text as end_date, s.sessions_left,
  s.total_sessions, s.player_id`;
const LATEST_FIRST = 'coalesce(s.end_date, s.start_date) desc, s.created_at desc';
/** The events of the week: the filter every statement of the events call shares. */
const WEEK = 'e.academy_id = $1 and e.date between $2::date and $3::date';

export const FLOOR: Record<string, FloorQuery> = {
  /** GET /api/users?role=PLAYER: players with their teams, parents and subscriptions. */
  players: {
    statements: {
      players: `select ${PLAYER_COLUMNS} from users u where u.academy_id = $1 and u.role = 'PLAYER' order by u.name`,
      teams: PLAYER_TEAMS,
      parents: `select l.player_id, p.id, p.name, p.name_arabic, p.phone_number, p.emergency_phone1, p.emergency_phone2
        from parent_players l join users p on p.academy_id = l.academy_id and p.id = l.parent_id
        where l.academy_id = $1 order by l.created_at`,
      subscriptions: `select ${SUBSCRIPTION_COLUMNS}, ${PACKAGE_COLUMNS}
        from subscriptions s join packages k on k.academy_id = s.academy_id and k.id = s.package_id
        where s.academy_id = $1 order by ${LATEST_FIRST}`,
    },
    params: (c) => [c.academyId],
  },

  /** GET /api/teams: teams with their coaches and players. */
  teams: {
    statements: {
      teams: 'select t.id, t.name, t.name_arabic, t.color from teams t where t.academy_id = $1 order by t.name',
      coaches: `select tc.team_id, u.id, u.name, u.name_arabic, u.avatar
        from team_coaches tc join users u on u.academy_id = tc.academy_id and u.id = tc.coach_id
        where tc.academy_id = $1 order by u.name`,
      players: `select tp.team_id, u.id, u.name, u.name_arabic, u.avatar
        from team_players tp join users u on u.academy_id = tp.academy_id and u.id = tp.player_id
        where tp.academy_id = $1 order by u.name`,
    },
    params: (c) => [c.academyId],
  },

  /** GET /api/events?startDate&endDate (a week): events with their teams, coaches and participants. */
  events: {
    statements: {
      events: `select e.id, e.type, e.date::text as date, e.time, e.end_time, e.field, e.series_id from events e
        where ${WEEK} order by e.date, e.time, e.created_at, e.id`,
      teams: `select et.event_id, t.id, t.name, t.name_arabic, t.color
        from events e join event_teams et on et.academy_id = e.academy_id and et.event_id = e.id
          join teams t on t.academy_id = et.academy_id and t.id = et.team_id
        where ${WEEK} order by t.name`,
      coaches: `select ec.event_id, u.id, u.name, u.name_arabic, u.avatar
        from events e join event_coaches ec on ec.academy_id = e.academy_id and ec.event_id = e.id
          join users u on u.academy_id = ec.academy_id and u.id = ec.coach_id
        where ${WEEK} order by u.name`,
      participants: `select p.event_id, p.id, p.user_id, u.name, u.name_arabic, u.avatar, u.condition, p.status, p.team_id
        from events e join participants p on p.academy_id = e.academy_id and p.event_id = e.id
          join users u on u.academy_id = p.academy_id and u.id = p.user_id
        where ${WEEK} order by u.name, p.id`,
    },
    params: (c) => [c.academyId, c.weekStart, c.weekEnd],
  },

  /** GET /api/stats/monthly: active, previous and retained players, new players and coach minutes of the month. */
  stats: {
    statements: {
      stats: `select count(*) filter (where cur)::int as active, count(*) filter (where prev)::int as previous,
          count(*) filter (where cur and prev)::int as retained,
          (select count(*)::int from users where academy_id = $1 and role = 'PLAYER' and created_at >= $6 and created_at < $7) as new_players,
          (select coalesce(sum(extract(epoch from (e.end_time::time - e.time::time)) / 60), 0)::float8
            from events e join event_coaches ec on ec.academy_id = e.academy_id and ec.event_id = e.id
            where e.academy_id = $1 and e.date between $2::date and $3::date) as coach_minutes
        from (select player_id,
            bool_or((start_date is null or start_date <= $3::date) and (end_date is null or end_date >= $2::date)) as cur,
            bool_or((start_date is null or start_date <= $5::date) and (end_date is null or end_date >= $4::date)) as prev
          from subscriptions where academy_id = $1 and status in ('ACTIVE', 'TRIAL') group by player_id) p`,
    },
    params: (c) => [c.academyId, c.monthStart, c.monthEnd, c.lastStart, c.lastEnd, c.monthFrom, c.monthTo],
  },

  /** GET /api/subscriptions: every player with their teams and latest subscription. */
  subscriptions: {
    statements: {
      players: `select u.id, u.name, u.name_arabic, u.avatar, u.birthdate::text as birthdate, u.condition
        from users u where u.academy_id = $1 and u.role = 'PLAYER' order by u.name`,
      teams: PLAYER_TEAMS,
      latest: `select distinct on (s.player_id) ${SUBSCRIPTION_COLUMNS}, ${PACKAGE_COLUMNS}, k.allow_pause
        from subscriptions s join packages k on k.academy_id = s.academy_id and k.id = s.package_id
        where s.academy_id = $1 order by s.player_id, ${LATEST_FIRST}`,
    },
    params: (c) => [c.academyId],
  },

  /** GET /api/growth-metrics/players: every player with their teams and latest growth record. */
  growth: {
    statements: {
      players: `select u.id, u.name, u.name_arabic, u.avatar, u.birthdate::text as birthdate
        from users u where u.academy_id = $1 and u.role = 'PLAYER' order by u.name`,
      teams: PLAYER_TEAMS,
      latest: `select distinct on (g.player_id) g.id, g.player_id, g.date::text as date, g.height, g.weight, g.arm_span, g.hand_grip,
          g.sprint10m, g.sprint20m, g.standing_long_jump, g.vertical_jump, g.breakfast_source, g.sleeping_hours
        from growth_metrics g where g.academy_id = $1 order by g.player_id, g.date desc, g.created_at desc`,
    },
    params: (c) => [c.academyId],
  },

  /** GET /api/invoices/all?startDate&endDate (a month): the invoices paid in the month, by number. */
  invoices: {
    statements: {
      invoices: `select i.id, i.invoice_number, u.name, u.name_arabic, i.package_name, i.paid_at, i.total_halalas, i.vat_halalas,
          i.payment_method
        from invoices i join users u on u.academy_id = i.academy_id and u.id = i.user_id
        where i.academy_id = $1 and i.paid_at >= $2 and i.paid_at < $3 order by i.invoice_number`,
    },
    params: (c) => [c.academyId, c.invoicesFrom, c.invoicesTo],
  },

  /** POST /api/auth/login: the login user with their account type and academy (no password check, no session written). */
  login: {
    statements: {
      user: `select u.id, u.name, u.name_arabic, u.email, u.avatar, u.role, u.password_hash, a.id as academy_id, a.name as academy_name,
          a.name_arabic as academy_name_arabic, a.handle, a.logo, t.*
        from academies a
          join users u on u.academy_id = a.id and u.email = $2 and u.password_hash is not null
          left join account_types t on t.academy_id = u.academy_id and t.id = u.account_type_id
        where a.handle = $1`,
    },
    params: (c) => [c.handle, c.email],
  },
};

/** Registers `GET|POST /floor/<key>` for every call: its statements in turn, with fixed parameters, answered as `{ name: rows }`. */
export function registerFloor(app: FastifyInstance, client: QueryClient, ctx: FloorContext) {
  for (const [key, floor] of Object.entries(FLOOR)) {
    const params = floor.params(ctx);
    const statements = Object.entries(floor.statements);
    app.route({
      method: ['GET', 'POST'],
      url: `/floor/${key}`,
      handler: async () => {
        const answer: Record<string, unknown[]> = {};
        for (const [name, sql] of statements) answer[name] = (await client.query(sql, params)).rows;
        return answer;
      },
    });
  }
}
