import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chosenEncoding, ListCache } from '../src/http/list-cache.js';
import { api } from './api.js';
import { useTestApp } from './fixture.js';
import { addPlayer, coachLogin } from './fixtures.js';
import { type Academy, countStatements, eventually } from './harness.js';

const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;

const players = (who: Academy, headers: Record<string, string> = {}) =>
  countStatements(() => api(t.app, who)('listUsers', { query: { role: 'PLAYER' }, headers }));
/** The harness builds on PostgreSQL when TEST_DATABASE_URL is set (read at collection, to skip visibly). */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const names = (res: { json(): unknown }) => (res.json() as { name: string }[]).map((p) => p.name).sort();

beforeAll(async () => {
  await addPlayer(t.app, a, { name: 'Faisal Alharbi' });
  await addPlayer(t.app, b, { name: 'Omar Alqahtani' });
});

describe('lists answered again while the academy is unchanged', () => {
  it('answers a repeated list from memory, without its query, with the same body', async () => {
    const built = await players(a);
    const again = await players(a);
    expect(again.result.statusCode).toBe(200);
    expect(again.result.body).toBe(built.result.body);
    // Neither the list statement nor authentication: the session is one this process checked and
    // still trusts (http/session-cache.ts), the list one it keeps for that data version.
    expect(built.statements).toBeGreaterThan(0);
    expect(again.statements).toBe(0);
  });

  it('builds the list again after any change in the academy, however it came', async () => {
    await players(a);
    await addPlayer(t.app, a, { name: 'Khalid Alotaibi' });
    const afterAdd = await players(a);
    expect(names(afterAdd.result)).toEqual(['Faisal Alharbi', 'Khalid Alotaibi']);

    // A team's name shows in its players' rows: renaming the team moves the version on too.
    const call = api(t.app, a);
    const [first] = afterAdd.result.json() as { id: string }[];
    const team = await call('createTeam', { body: { name: 'U12 Falcons', playerIds: [first.id] } });
    expect(team.statusCode, team.body).toBe(201);
    const withTeam = (await players(a)).result.json() as { id: string; teamsPlaying: { name: string }[] }[];
    expect(withTeam.find((p) => p.id === first.id)?.teamsPlaying.map((x) => x.name)).toEqual(['U12 Falcons']);
    expect(
      (await call('updateTeam', { params: { id: team.json().id }, body: { name: 'U12 Hawks', playerIds: [first.id] } })).statusCode,
    ).toBe(200);
    const renamed = (await players(a)).result.json() as { id: string; teamsPlaying: { name: string }[] }[];
    expect(renamed.find((p) => p.id === first.id)?.teamsPlaying.map((x) => x.name)).toEqual(['U12 Hawks']);
  });

  it('answers a repeated list compressed once, the same bytes each time, decoding to the same JSON', async () => {
    const plain = await players(a);
    const br1 = await players(a, { 'accept-encoding': 'gzip, deflate, br' });
    const br2 = await players(a, { 'accept-encoding': 'br' });
    expect(br1.result.headers['content-encoding']).toBe('br');
    expect(br2.result.rawPayload.equals(br1.result.rawPayload)).toBe(true);
    expect(br2.statements).toBe((await players(a)).statements); // no list statement either
    expect(JSON.parse(brotliDecompressSync(br2.result.rawPayload).toString())).toEqual(plain.result.json());
    const gz = await players(a, { 'accept-encoding': 'gzip' });
    expect(gz.result.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.result.rawPayload).toString())).toEqual(plain.result.json());
    expect(gz.result.headers.etag).toBe(plain.result.headers.etag);
  });

  it('keeps academies apart: one academy never gets the other one’s list', async () => {
    await players(a);
    const other = await players(b);
    expect(names(other.result)).toEqual(['Omar Alqahtani']);
    expect(names((await players(b)).result)).toEqual(['Omar Alqahtani']);
    expect(names((await players(a)).result)).not.toContain('Omar Alqahtani');
  });

  it('answers 304 from the version alone while unchanged, and the new list after a change', async () => {
    await players(a);
    const cached = await players(a);
    const etag = String(cached.result.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const unchanged = await players(a, { 'if-none-match': etag });
    expect(unchanged.result.statusCode).toBe(304);
    expect(unchanged.result.body).toBe('');
    expect(unchanged.statements).toBe(cached.statements);
    // Another academy's tag does not match this academy's list.
    const theirs = String((await players(b)).result.headers.etag);
    expect((await players(a, { 'if-none-match': theirs })).result.statusCode).toBe(200);

    await addPlayer(t.app, a, { name: 'Saad Alshehri' });
    const changed = await players(a, { 'if-none-match': etag });
    expect(changed.result.statusCode).toBe(200);
    expect(names(changed.result)).toContain('Saad Alshehri');
    expect(changed.result.headers.etag).not.toBe(etag);
  });

  it('builds the list again on a new day in Riyadh (ages and statuses move with the date)', async () => {
    await players(a);
    const cached = await players(a);
    expect(cached.statements).toBe(0);
    t.clock.advance(24 * 3600_000);
    const nextDay = await players(a);
    expect(nextDay.statements).toBeGreaterThan(0);
    expect(nextDay.result.body).toBe(cached.result.body);
    expect((await players(a)).statements).toBe(0);
  });

  it('keeps each variant of a list apart (a week of events, all of them or one coach’s)', async () => {
    const coach = await coachLogin(t.app, a, 'Coach Nasser');
    const admin = api(t.app, a);
    const week = { startDate: '2026-11-22', endDate: '2026-11-28' };
    const teams = (await admin('listTeams')).json() as { id: string }[];
    const event = await admin('createEvent', {
      body: { type: 'TRAINING_SESSION', date: '2026-11-24', time: '17:00', endTime: '18:30', teamIds: [teams[0].id], coachIds: [] },
    });
    expect(event.statusCode, event.body).toBe(201);
    for (let round = 0; round < 2; round++) {
      expect((await admin('listEvents', { query: week })).json()).toHaveLength(1);
      expect((await admin('listEvents', { query: { ...week, coachId: coach.id } })).json()).toEqual([]);
    }
  });

  // Reported as skipped, not passed, where it cannot run: PGlite opens in one process only.
  it.runIf(onPostgres)('sees a change another process made (PostgreSQL: processes share only the database)', async () => {
    const second = await t.context.secondProcess();
    await players(a);
    await players(a);
    await addPlayer(second, a, { name: 'Yousef Alghamdi' });
    // This process hears of the other's write by notification (http/session-cache.ts): within a second.
    const { answer } = await eventually(
      async () => names((await players(a)).result),
      (seen) => seen.includes('Yousef Alghamdi'),
      1000,
    );
    expect(answer).toContain('Yousef Alghamdi');
  });

  // Skipped on PostgreSQL: the test login there is not a superuser.
  it.runIf(!onPostgres)(
    'moves every academy on when data changes outside any academy (a superuser script on the embedded database)',
    async () => {
      await players(a);
      const before = await players(a);
      await t.deps.db.execute(sql`update users set name = 'Faisal Alharbi (renamed)' where name = 'Faisal Alharbi'`);
      const after = await players(a);
      expect(before.statements).toBe(0);
      expect(after.statements).toBeGreaterThan(0);
      expect(names(after.result)).toContain('Faisal Alharbi (renamed)');
    },
  );
});

describe('the cache itself', () => {
  it('drops the least recently used lists beyond its budget and never keeps one larger than it', () => {
    const cache = new ListCache(100); // bytes: 50 UTF-16 code units
    cache.set('a', '1', 'x'.repeat(20));
    cache.set('b', '1', 'y'.repeat(20));
    expect(cache.get('a', '1')?.body).toBe('x'.repeat(20)); // a is now the most recently used
    cache.set('c', '1', 'z'.repeat(20));
    expect(cache.get('b', '1')).toBeNull();
    expect(cache.get('a', '1')).not.toBeNull();
    expect(cache.get('c', '2')).toBeNull(); // another version or day is a miss
    cache.set('huge', '1', 'w'.repeat(60));
    expect(cache.get('huge', '1')).toBeNull();
    expect(cache.size).toBe(2);
  });

  it('counts the compressed bytes it keeps against the budget', async () => {
    const list = JSON.stringify(Array.from({ length: 60 }, (_, i) => ({ id: i, name: `Player ${i}` })));
    // Room for both texts and nothing more: keeping a's brotli bytes must push the older b out.
    const cache = new ListCache(list.length * 2 + 400);
    cache.set('b', '1', 'y'.repeat(200));
    const entry = cache.set('a', '1', list);
    expect(cache.size).toBe(2);
    const br = await cache.encoded(entry, 'br');
    expect(JSON.parse(brotliDecompressSync(br).toString())).toHaveLength(60);
    expect(await cache.encoded(entry, 'br')).toBe(br); // compressed once
    expect(cache.get('b', '1')).toBeNull();
    expect(cache.get('a', '1')?.encoded.br).toBe(br);
  });

  it('keeps a list’s UTF-8 bytes once sent, counted against the budget', () => {
    const cache = new ListCache(110);
    const entry = cache.set('a', '1', 'ل'.repeat(20)); // 40 bytes as text (UTF-16), 40 in UTF-8
    const bytes = cache.utf8(entry);
    expect(bytes.toString('utf8')).toBe('ل'.repeat(20));
    expect(cache.utf8(entry)).toBe(bytes); // encoded once
    cache.set('b', '1', 'y'.repeat(20)); // 40 + 40 + 40 bytes: beyond 110, a (the least recent) goes
    expect(cache.get('a', '1')).toBeNull();
    expect(cache.get('b', '1')).not.toBeNull();
  });

  it('chooses brotli, then gzip, as the client accepts them', () => {
    expect(chosenEncoding('gzip, deflate, br')).toBe('br');
    expect(chosenEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chosenEncoding('gzip;q=0.5')).toBe('gzip');
    expect(chosenEncoding('*')).toBe('gzip');
    expect(chosenEncoding('identity')).toBeNull();
    expect(chosenEncoding(undefined)).toBeNull();
  });
});
