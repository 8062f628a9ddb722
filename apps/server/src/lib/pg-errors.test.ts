import { describe, expect, it } from 'vitest';
import { ConnectionFailed, isDatabaseUnavailable } from './pg-errors.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
// How Drizzle reports a failed statement: its own error with the driver's as the cause.
const failedQuery = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a connection cut by the server (57P01)', failedQuery(pgError('57P01'))],
    ['the server starting up (57P03)', pgError('57P03')],
    ['the database dropped (57P04)', pgError('57P04')],
    ['too many connections (53300)', pgError('53300')],
    ['any connection exception of class 08', failedQuery(pgError('08P01'))],
    ['a refused socket', pgError('ECONNREFUSED')],
    ['a reset socket', pgError('ECONNRESET')],
    ['a connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    [
      'a database closed to connections at connect (55000)',
      failedQuery(new ConnectionFailed(pgError('55000', 'database "kora" is not currently accepting connections'))),
    ],
  ])('is true for %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', failedQuery(pgError('23505'))],
    ['55000 from a statement (not at connect): a bug, not an outage', failedQuery(pgError('55000'))],
    ['a deadlock', pgError('40P01')],
    ['a plain error', new Error('boom')],
  ])('is false for %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
