/** True when a database error (possibly wrapped by Drizzle) carries this SQLSTATE. */
function hasCode(err: unknown, code: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if (typeof e !== 'object' || e === null) return false;
    if (Reflect.get(e, 'code') === code) return true;
    e = Reflect.get(e, 'cause');
  }
  return false;
}

/** A unique-constraint violation. */
export const isUniqueViolation = (err: unknown) => hasCode(err, '23505');
/** A foreign-key violation: a row still referenced (money records, migration 0018) or a reference to a missing row. */
export const isForeignKeyViolation = (err: unknown) => hasCode(err, '23503');

/**
 * A connection the pool could not give: whatever PostgreSQL answered at connect (closed to
 * connections 55000, no slot left 53300, starting up 57P03, class 08, a refused socket) or the
 * pool's own wait running out, the database is unavailable, not the request wrong (db/client.ts).
 */
export class ConnectionFailed extends Error {
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super('could not get a database connection', { cause });
    const code: unknown = cause && typeof cause === 'object' ? Reflect.get(cause, 'code') : undefined;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** Codes of a connection lost or refused while in use: the server shutting down or restarting, the socket cut. */
const LOST = new Set([
  '53300', // too_many_connections
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '57P04', // database_dropped
  '57P05', // idle_session_timeout
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** True when an error (possibly wrapped) means the database cannot be reached now: the client may simply retry. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = Reflect.get(e, 'cause'), depth++) {
    if (e instanceof ConnectionFailed) return true;
    const code = Reflect.get(e, 'code');
    // Class 08: connection exceptions.
    if (typeof code === 'string' && (LOST.has(code) || code.startsWith('08'))) return true;
    const message = Reflect.get(e, 'message');
    if (typeof message === 'string' && /Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(message))
      return true;
  }
  return false;
}
