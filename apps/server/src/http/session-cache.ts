import { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client.js';
import { onTenantCommitted } from '../db/tenant.js';
import { type AuthContext, TOUCH_AFTER_MS } from '../modules/auth/sessions.js';

/**
 * The sessions this process has checked, trusted for a bounded time (docs/performance.md, "Sessions
 * kept in memory"). A member's read finds its session here and runs no statement to authenticate;
 * the entry holds what `session_member` answered (session, academy, user, account type flags, the
 * academy's data version), so a list kept by the list cache costs no statement at all.
 *
 * An entry is trusted only
 * - while the listener has been up since before the entry was read from the database: the triggers
 *   of migration 0029 notify every revocation or removal of a session, change of a member's row or
 *   account type, change of an academy and move of its data version, and a notification leaves only
 *   when its transaction commits, so nothing that changed after the read can go unheard;
 * - for at most 60 s after that read (a net for a notification lost some other way), and never past
 *   the earliest moment the session could expire by idleness.
 * When the listener drops, every entry is dropped at once and requests authenticate in the database
 * until it is back. On PostgreSQL the listener is a connection of its own (LISTEN kora_sessions);
 * on PGlite, one process with one connection, the notifications of a transaction are delivered in
 * process as it commits, before the code that committed goes on.
 *
 * A read that started before a notification about its academy was heard is answered but not kept
 * (it may have read the state before that change). Writes never use an entry: they authenticate in
 * the database, and a tenant transaction this process commits outside a read request (a member's
 * write, a background job; db/tenant.ts `onTenantCommitted`) drops its academy's entries at once, so
 * the next read sees what it did even before the notification arrives.
 */
export interface CachedSession {
  auth: AuthContext;
  /** The academy's handle: a session is refused on another academy's host. */
  handle: string;
  /** The listener's epoch when the entry was read; it is trusted only while the epoch is unchanged. */
  epoch: number;
  /** Clock time (ms) until which the entry may be used without reading the session again. */
  until: number;
}

/** The state of the listener when a read from the database began (`SessionCache.begin`). */
export interface ReadTicket {
  epoch: number;
  seq: number;
}

/** No entry is used longer than this without being read again from the database. */
export const SESSION_TRUST_MS = 60_000;
/** Beyond this many sessions the least recently read are dropped first. */
const MAX_ENTRIES = 100_000;
export const SESSION_CHANNEL = 'kora_sessions';

export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  readonly #byAcademy = new Map<string, Set<string>>();
  /** The notification count at which each academy last changed (reads begun before it are not kept). */
  readonly #changedAt = new Map<string, number>();
  #seq = 0;
  #epoch = 0;
  #up = false;

  constructor(
    /** The longest an entry may be used (SESSION_TRUST_MS, shorter when sessions expire sooner). */
    readonly trustMs: number,
  ) {}

  /** Whether entries can be trusted now: the listener is listening. */
  get listening() {
    return this.#up;
  }

  get size() {
    return this.#entries.size;
  }

  /** The listener is listening (again): entries read from now on may be trusted. */
  listenerUp() {
    this.#epoch++;
    this.#up = true;
  }

  /** The listener dropped: nothing is trusted until it is back, and what was kept is forgotten. */
  listenerDown() {
    if (!this.#up) return;
    this.#epoch++;
    this.#up = false;
    this.#entries.clear();
    this.#byAcademy.clear();
  }

  /** The trusted entry of a token hash, or null (none, listener down or dropped since, too old). */
  get(tokenHash: string, now: number): CachedSession | null {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return null;
    if (!this.#up || entry.epoch !== this.#epoch || now >= entry.until) {
      this.#drop(tokenHash);
      return null;
    }
    return entry;
  }

  /** Taken before reading a session from the database; `keep` stores the result only if nothing was heard meanwhile. */
  begin(): ReadTicket {
    return { epoch: this.#up ? this.#epoch : -1, seq: this.#seq };
  }

  keep(ticket: ReadTicket, tokenHash: string, auth: AuthContext, now: number) {
    if (!this.#up || ticket.epoch !== this.#epoch || this.trustMs <= 0) return;
    if ((this.#changedAt.get(auth.academyId) ?? 0) > ticket.seq) return;
    this.#drop(tokenHash);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#drop(oldest);
    }
    this.#entries.set(tokenHash, { auth, handle: auth.handle, epoch: ticket.epoch, until: now + this.trustMs });
    const tokens = this.#byAcademy.get(auth.academyId) ?? new Set<string>();
    tokens.add(tokenHash);
    this.#byAcademy.set(auth.academyId, tokens);
  }

  /**
   * A notification of migration 0029 (or this process's own write): `s:<academy>:<session>`,
   * `u:<academy>:<user>`, `t:<academy>`, `a:<academy>`, `v:<academy>:<version>`.
   */
  heard(payload: string) {
    const [kind, academyId, detail] = payload.split(':');
    if (!academyId) return;
    this.#changedAt.set(academyId, ++this.#seq);
    const tokens = this.#byAcademy.get(academyId);
    if (!tokens) return;
    for (const token of [...tokens]) {
      const entry = this.#entries.get(token);
      if (!entry) continue;
      if (kind === 'v') {
        // The data version moved on: the session still holds; lists are read at the new version.
        if (detail && BigInt(detail) > BigInt(entry.auth.dataVersion)) entry.auth = { ...entry.auth, dataVersion: detail };
      } else if (kind === 's' ? entry.auth.sessionId === detail : kind === 'u' ? entry.auth.user.id === detail : true) {
        this.#drop(token);
      }
    }
  }

  /** This process changed the academy's data (a member's write): its entries are read again. */
  forgetAcademy(academyId: string) {
    this.heard(`a:${academyId}`);
  }

  #drop(tokenHash: string) {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return;
    this.#entries.delete(tokenHash);
    const tokens = this.#byAcademy.get(entry.auth.academyId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.#byAcademy.delete(entry.auth.academyId);
  }
}

export interface SessionListener {
  /** Resolves once the first attempt to listen has succeeded or failed. */
  started: Promise<void>;
  /** The backend process id of the listening connection (PostgreSQL; null on PGlite or while down). */
  readonly pid: number | null;
  close(): Promise<void>;
}

/**
 * Keeps the cache told of changes: on PostgreSQL a connection of its own that LISTENs and is opened
 * again whenever it drops (the cache trusts nothing meanwhile); on PGlite the database's in-process
 * notifications.
 */
export function listenForSessionChanges(db: Db, cache: SessionCache, log: FastifyBaseLogger): SessionListener {
  const client: unknown = Reflect.get(db, '$client');
  if (client instanceof pg.Pool) return listenOnPostgres(client, cache, log);
  if (client instanceof PGlite) return listenOnPglite(client, cache);
  throw new Error('the session cache listens on PostgreSQL (a pg.Pool) or PGlite only');
}

function listenOnPglite(client: PGlite, cache: SessionCache): SessionListener {
  let unlisten: (() => Promise<void>) | null = null;
  const started = client
    .listen(SESSION_CHANNEL, (payload) => cache.heard(payload))
    .then((stop) => {
      unlisten = stop;
      cache.listenerUp();
    });
  return {
    started,
    pid: null,
    async close() {
      cache.listenerDown();
      await started.catch(() => {});
      await unlisten?.().catch(() => {});
    },
  };
}

function listenOnPostgres(pool: pg.Pool, cache: SessionCache, log: FastifyBaseLogger): SessionListener {
  const { connectionString, host, port, user, password, database, ssl } = pool.options;
  let current: pg.Client | null = null;
  let pid: number | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 50;

  const dropped = (client: pg.Client, err?: Error) => {
    if (current !== client) return;
    current = null;
    pid = null;
    cache.listenerDown();
    client.end().catch(() => {});
    if (closed) return;
    if (err) log.warn({ err }, 'session listener dropped: sessions are checked in the database until it is back');
    retry = setTimeout(connect, delay);
    retry.unref();
    delay = Math.min(delay * 2, 2000);
  };

  async function connect() {
    if (closed) return;
    const client = new pg.Client({
      connectionString,
      host,
      port,
      user,
      password,
      database,
      ssl,
      keepAlive: true,
      connectionTimeoutMillis: 2000,
      application_name: 'kora session listener',
    });
    current = client;
    client.on('error', (err) => dropped(client, err));
    client.on('end', () => dropped(client));
    client.on('notification', (message) => {
      if (current === client && message.channel === SESSION_CHANNEL && message.payload) cache.heard(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SESSION_CHANNEL}`);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (current !== client) return;
      pid = rows[0].pid;
      delay = 50;
      cache.listenerUp();
    } catch (err) {
      dropped(client, err instanceof Error ? err : new Error(String(err)));
    }
  }

  const started = connect();
  return {
    started,
    get pid() {
      return pid;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = null;
      cache.listenerDown();
      await client?.end().catch(() => {});
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The sessions this process checked (http/session-cache.ts). */
    sessionCache: SessionCache;
    sessionListener: SessionListener;
  }
}

/** The cache and its listener: listening before the app is ready, stopped when it closes. */
export function registerSessionCache(app: FastifyInstance, db: Db) {
  const trustMs = Math.min(SESSION_TRUST_MS, app.deps.config.sessionIdleMs - TOUCH_AFTER_MS);
  const cache = new SessionCache(trustMs);
  app.decorate('sessionCache', cache);
  const listener = listenForSessionChanges(db, cache, app.log);
  onTenantCommitted(db, (academyId) => cache.forgetAcademy(academyId));
  app.decorate('sessionListener', listener);
  // Until it listens, sessions are checked in the database as without a cache.
  app.addHook('onReady', () => listener.started.catch(() => {}));
  app.addHook('onClose', () => listener.close());
}
