import { SUBSCRIPTION_STATUSES } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import { nameOrder, playerRank, playerRankSql, sortPlayers } from './player-order.js';

describe('players list order', () => {
  it('follows the players list order of docs/domain.md, then the name', () => {
    const p = (name: string, latestStatus: string | null, hasTeam: boolean) => ({ name, latestStatus, hasTeam });
    const sorted = sortPlayers([
      p('Paused', 'PAUSED', true),
      p('None alone', null, false),
      p('Cancelled in team', 'CANCELLED', true),
      p('Active alone', 'ACTIVE', false),
      p('Trial alone', 'TRIAL', false),
      p('Bravo active in team', 'ACTIVE', true),
      p('Alpha active in team', 'ACTIVE', true),
      p('Trial in team', 'TRIAL', true),
      p('Pending', 'PENDING', false),
    ]);
    expect(sorted.map((x) => x.name)).toEqual([
      'Trial in team',
      'Alpha active in team',
      'Bravo active in team',
      'Trial alone',
      'Active alone',
      'Cancelled in team',
      'None alone',
      'Paused',
      'Pending',
    ]);
  });
});

// The database orders the players and subscriptions lists (read.ts, subscriptions/service.ts): it must order as sortPlayers.
describe('players list order in SQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ranks every status, with and without a team, as playerRank does', async () => {
    for (const status of [...SUBSCRIPTION_STATUSES, null]) {
      for (const hasTeam of [true, false]) {
        const rows = rowsOf<{ rank: number }>(
          await t.deps.db.execute(sql`select ${playerRankSql(sql`${status}::text`, sql`${hasTeam}::boolean`)} as rank`),
        );
        expect(rows[0].rank, `${status} ${hasTeam}`).toBe(playerRank(status, hasTeam));
      }
    }
  });

  it('orders names as localeCompare does: case, accents, punctuation, digits and Arabic', async () => {
    const names = ['b', 'A', 'a', 'B', 'Al-Zahrani', 'Alharbi', 'al zahrani', 'Player 10', 'Player 9', 'Éric', 'Eric', "O'Neil", 'Oneil'];
    const arabic = ['عمر', 'عبدالله', 'إبراهيم', 'ابراهيم', 'آمنة', 'Zaid', 'zaid', 'Ömer', 'Omer'];
    const all = [...names, ...arabic];
    const values = sql.join(
      all.map((n) => sql`(${n})`),
      sql`, `,
    );
    const rows = rowsOf<{ name: string }>(
      await t.deps.db.execute(sql`select name from (values ${values}) v(name) order by ${nameOrder(sql`name`)}`),
    );
    expect(rows.map((r) => r.name)).toEqual([...all].sort((x, y) => x.localeCompare(y)));
  });
});
