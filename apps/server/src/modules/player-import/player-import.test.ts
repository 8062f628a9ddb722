import { IMPORT_COLUMNS, IMPORT_HEADERS } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { addPlayer, multipart } from '../../../test/fixtures.js';
import { type Academy, asMember, registerAndLogin } from '../../../test/harness.js';
import { auditEvents, consents, parentPlayers, teamPlayers, teams, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { csvDocument } from '../../lib/csv.js';
import { readSheet } from './file.js';

const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;
beforeAll(async () => {
  await withTenant(t.deps.db, a.id, (tx) =>
    tx.insert(teams).values([
      { academyId: a.id, name: 'U10 Lions', nameArabic: 'أسود تحت ١٠' },
      { academyId: a.id, name: 'U12 Falcons' },
    ]),
  );
  await withTenant(t.deps.db, b.id, (tx) => tx.insert(teams).values({ academyId: b.id, name: 'B Tigers' }));
});

const EN = IMPORT_COLUMNS.map((c) => IMPORT_HEADERS[c].en);
const AR = IMPORT_COLUMNS.map((c) => IMPORT_HEADERS[c].ar);

/** A row in the template's column order from the fields it sets. */
const row = (cells: Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>) => IMPORT_COLUMNS.map((c) => cells[c] ?? '');
const sara = row({
  name: 'Sara Al-Harbi',
  nameArabic: 'سارة الحربي',
  nationalId: '1100000001',
  nationality: 'SA',
  birthdate: '2015-03-04',
  gender: 'Female',
  residentialNeighborhood: 'Al Olaya',
  teams: 'U10 Lions; U12 Falcons',
  parentName: 'Khalid Al-Harbi',
  parentPhone: '+966501112233',
  parentEmail: 'khalid@example.com',
  emergencyPhone1: '+966501112244',
});
const omar = row({ name: 'Omar Saleh', birthdate: '2016-07-01', gender: 'Male', parentName: 'Saleh Omar', parentPhone: '+966502223344' });

const csv = (lines: string[][]) => Buffer.from(csvDocument(lines), 'utf8');
const upload = (who: Academy, path: 'import' | 'import/preview', bytes: Buffer, fields: Record<string, string> = {}) =>
  asMember(
    t.app,
    who,
  )({ method: 'POST', url: `/api/players/${path}`, ...multipart(fields, { name: 'players.csv', bytes, type: 'text/csv', field: 'file' }) });
const download = (who: Academy, url: string) => asMember(t.app, who)({ method: 'GET', url });
const playersOf = (academy: Academy) =>
  withTenant(t.deps.db, academy.id, (tx) => tx.select().from(users).where(eq(users.role, 'PLAYER')).orderBy(users.name));
const byName = (rows: string[][]) => [...rows].sort((x, y) => x[0].localeCompare(y[0]));

async function xlsxOf(headers: string[], rows: string[][]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Players');
  sheet.addRow(headers);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('players import and export', () => {
  it('round-trips the template: download, fill, import, export gives the same rows (CSV and XLSX)', async () => {
    const template = await download(a, '/api/players/import/template?format=csv&lang=en');
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('text/csv');
    // The template is the header row alone, the birthdate's saying how to write the date.
    const templateHeaders = EN.map((h) => (h === 'Birthdate' ? 'Birthdate (dd/mm/yyyy)' : h));
    expect(template.body.replace(/^\uFEFF/, '')).toBe(`${templateHeaders.map((h) => `"${h}"`).join(',')}\r\n`);

    const filled = csv([EN, sara, omar]);
    const preview = await upload(a, 'import/preview', filled);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ rowCount: 2, creates: 2, updates: 0, errors: [], headers: EN });
    expect(preview.json().mapping).toEqual(Object.fromEntries(IMPORT_COLUMNS.map((c, i) => [c, i])));

    const res = await upload(a, 'import', filled);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 2, updated: 0 });

    const exported = await download(a, '/api/players/export?format=csv&lang=en&includeSensitive=true');
    expect(exported.statusCode).toBe(200);
    const back = await readSheet(exported.rawPayload);
    expect(back.headers).toEqual(EN);
    expect(byName(back.rows.map((r) => r.cells))).toEqual(byName([sara, omar]));

    // The player, their parent and teams are stored as Add Player stores them.
    const [stored] = (await playersOf(a)).filter((p) => p.name === 'Sara Al-Harbi');
    expect(stored).toMatchObject({ gender: 'FEMALE', birthdate: '2015-03-04', phoneNumber: '+966501112233', nationalId: '1100000001' });
    const links = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(teamPlayers).where(eq(teamPlayers.playerId, stored.id)));
    expect(links).toHaveLength(2);

    // XLSX with Arabic headers: the export in Arabic reads back to the same cells (gender in Arabic words).
    const xlsx = await download(a, '/api/players/export?format=xlsx&lang=ar&includeSensitive=true');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(xlsx.rawPayload);
    expect(sheet.headers).toEqual(AR);
    const again = await upload(a, 'import', xlsx.rawPayload);
    expect(again.json()).toEqual({ created: 0, updated: 2 });
    const afterXlsx = await readSheet((await download(a, '/api/players/export?format=csv&lang=en&includeSensitive=true')).rawPayload);
    expect(byName(afterXlsx.rows.map((r) => r.cells))).toEqual(byName([sara, omar]));
  });

  it('reports every error of a mixed file at its row and column, and imports nothing', async () => {
    const c = await registerAndLogin(t.app);
    const file = csv([
      EN,
      omar, // row 2: fine
      row({ ...Object.fromEntries(IMPORT_COLUMNS.map((k, i) => [k, omar[i]])), name: 'Bad Phone', parentPhone: '12', teams: 'Ghosts' }), // row 3: and an unknown team
      row({ birthdate: '2015-01-01', gender: 'robot', parentName: 'P', parentPhone: '+966503334455' }), // row 4: no name, gender
      row({ name: 'Team Less', birthdate: '2015-01-01', gender: 'Male', parentName: 'P', parentPhone: '+966503334456', teams: 'Nowhere' }), // row 5
      row({ name: 'Too Old', birthdate: '1950-01-01', gender: 'Male', parentName: 'P', parentPhone: '+966503334457' }), // row 6
      omar, // row 7: the same player as row 2
      row({
        name: 'Bad Mail',
        birthdate: '2014-02-30',
        gender: 'Male',
        parentName: 'P',
        parentPhone: '+966503334458',
        parentEmail: 'nope',
      }), // row 8
    ]);
    const preview = await upload(c, 'import/preview', file);
    expect(preview.statusCode).toBe(200);
    const cells = preview.json().errors.map((e: { row: number; column: string; code: string }) => [e.row, e.column, e.code]);
    expect(cells).toEqual([
      [3, 'teams', 'import.team_not_found'],
      [3, 'parentPhone', 'phone.invalid'],
      [4, 'name', 'player.name_required'],
      [4, 'gender', expect.stringMatching(/^validation\./)],
      [5, 'teams', 'import.team_not_found'],
      [6, 'birthdate', 'player.birthdate_out_of_range'],
      [7, 'name', 'import.duplicate_row'],
      [8, 'birthdate', expect.any(String)],
      [8, 'parentEmail', 'email.invalid'],
    ]);
    const res = await upload(c, 'import', file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'import.invalid_rows' });
    expect(res.json().issues.map((i: { path: string }) => i.path)).toContain('3.parentPhone');
    expect(await playersOf(c)).toEqual([]);
  });

  it('maps Arabic headers, Arabic gender words and Arabic team names', async () => {
    const c = await registerAndLogin(t.app);
    await withTenant(t.deps.db, c.id, (tx) => tx.insert(teams).values({ academyId: c.id, name: 'Eagles', nameArabic: 'النسور' }));
    // Headers in another order, one with a different hamza and spacing.
    const headers = ['الجنس', 'تاريخ الميلاد', 'اسم اللاعب', 'اسم ولي الامر', 'جوال ولي الأمر', 'الفرق'];
    const file = await xlsxOf(headers, [['أنثى', '2015-05-05', 'ليان', 'عبدالله', '0501234567', 'النسور']]);
    const preview = await upload(c, 'import/preview', file);
    expect(preview.json()).toMatchObject({
      errors: [],
      mapping: { gender: 0, birthdate: 1, name: 2, parentName: 3, parentPhone: 4, teams: 5 },
    });
    expect((await upload(c, 'import', file)).json()).toEqual({ created: 1, updated: 0 });
    const [player] = await playersOf(c);
    expect(player).toMatchObject({ name: 'ليان', gender: 'FEMALE', phoneNumber: '0501234567' });
  });

  it('updates on a re-upload instead of duplicating: by national id, or by name, birthdate and parent phone', async () => {
    const c = await registerAndLogin(t.app);
    await withTenant(t.deps.db, c.id, (tx) =>
      tx.insert(teams).values([
        { academyId: c.id, name: 'U10 Lions' },
        { academyId: c.id, name: 'U12 Falcons' },
      ]),
    );
    expect((await upload(c, 'import', csv([EN, sara, omar]))).json()).toEqual({ created: 2, updated: 0 });
    const moved = [...sara];
    moved[IMPORT_COLUMNS.indexOf('residentialNeighborhood')] = 'Al Malqa';
    moved[IMPORT_COLUMNS.indexOf('name')] = 'Sara Al Harbi'; // renamed: found by national id
    moved[IMPORT_COLUMNS.indexOf('teams')] = 'U10 Lions';
    const omarAgain = [...omar];
    omarAgain[IMPORT_COLUMNS.indexOf('parentPhone')] = '0502223344'; // the same number, written nationally
    omarAgain[IMPORT_COLUMNS.indexOf('parentName')] = 'Saleh O.';
    const preview = await upload(c, 'import/preview', csv([EN, moved, omarAgain]));
    expect(preview.json()).toMatchObject({ creates: 0, updates: 2, errors: [] });
    expect((await upload(c, 'import', csv([EN, moved, omarAgain]))).json()).toEqual({ created: 0, updated: 2 });
    const players = await playersOf(c);
    expect(players.map((p) => p.name)).toEqual(['Omar Saleh', 'Sara Al Harbi']);
    expect(players[1].residentialNeighborhood).toBe('Al Malqa');
    const parents = await withTenant(t.deps.db, c.id, (tx) => tx.select().from(users).where(eq(users.role, 'PARENT')));
    expect(parents.map((p) => p.name).sort()).toEqual(['Khalid Al-Harbi', 'Saleh O.']);
    // The teams column is the whole list: Sara left U12 Falcons.
    const links = await withTenant(t.deps.db, c.id, (tx) => tx.select().from(teamPlayers).where(eq(teamPlayers.playerId, players[1].id)));
    expect(links).toHaveLength(1);
  });

  it('a player added by hand is updated, not duplicated, and unmapped columns are left as they were', async () => {
    const c = await registerAndLogin(t.app);
    await addPlayer(t.app, c, { name: 'Hand Made', birthdate: '2014-01-01', gender: 'MALE', residentialNeighborhood: 'Hittin' });
    const [made] = await playersOf(c);
    const file = csv([
      ['Player name', 'Birthdate', 'Gender', 'Parent name', 'Parent phone', 'Nationality'],
      ['Hand Made', '2014-01-01', 'male', 'Khalid Al-Otaibi', made.phoneNumber ?? '', 'EG'],
    ]);
    expect((await upload(c, 'import', file)).json()).toEqual({ created: 0, updated: 1 });
    const [after] = await playersOf(c);
    expect(after).toMatchObject({ id: made.id, nationality: 'EG', residentialNeighborhood: 'Hittin' });
  });

  it('keeps academies apart: team names resolve only in the importing academy, and another academy is never touched', async () => {
    const before = await playersOf(b);
    const tiger = row({ ...Object.fromEntries(IMPORT_COLUMNS.map((k, i) => [k, omar[i]])), teams: 'B Tigers' });
    const preview = await upload(a, 'import/preview', csv([EN, tiger]));
    expect(preview.json().errors).toEqual([expect.objectContaining({ row: 2, column: 'teams', code: 'import.team_not_found' })]);
    // B imports the very players A has: new in B, and A's stay as they were.
    const aBefore = await playersOf(a);
    expect(
      (
        await upload(b, 'import', csv([EN, row({ ...Object.fromEntries(IMPORT_COLUMNS.map((k, i) => [k, sara[i]])), teams: '' }), omar]))
      ).json(),
    ).toEqual({
      created: 2,
      updated: 0,
    });
    expect(await playersOf(a)).toEqual(aBefore);
    expect((await playersOf(b)).length).toBe(before.length + 2);
    const bExport = await readSheet((await download(b, '/api/players/export?format=csv&lang=en&includeSensitive=true')).rawPayload);
    expect(bExport.rows).toHaveLength(2);
    // B's players have B's parents only.
    const crossLinks = await withTenant(t.deps.db, b.id, (tx) => tx.select().from(parentPlayers).where(eq(parentPlayers.academyId, a.id)));
    expect(crossLinks).toEqual([]);
  });

  it('takes a mapping chosen by hand, and names unmapped required columns at the header row', async () => {
    const c = await registerAndLogin(t.app);
    const file = csv([
      ['A', 'B', 'C', 'D', 'E'],
      ['Yousef', '2013-09-09', 'M', 'Ali', '+966504445566'],
    ]);
    const unmapped = await upload(c, 'import/preview', file);
    expect(unmapped.json().errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`)).toEqual([
      '1:name',
      '1:birthdate',
      '1:gender',
      '1:parentName',
      '1:parentPhone',
    ]);
    const mapping = JSON.stringify({ name: 0, birthdate: 1, gender: 2, parentName: 3, parentPhone: 4 });
    // "M" is no gender: the rule of Add Player holds.
    expect((await upload(c, 'import/preview', file, { mapping })).json().errors).toEqual([
      expect.objectContaining({ row: 2, column: 'gender' }),
    ]);
    const fixed = csv([
      ['A', 'B', 'C', 'D', 'E'],
      ['Yousef', '2013-09-09', 'MALE', 'Ali', '+966504445566'],
    ]);
    expect((await upload(c, 'import', fixed, { mapping })).json()).toEqual({ created: 1, updated: 0 });
    const twice = JSON.stringify({ name: 0, nameArabic: 0, birthdate: 1, gender: 2, parentName: 3, parentPhone: 4 });
    expect((await upload(c, 'import/preview', fixed, { mapping: twice })).json().errors).toEqual([
      expect.objectContaining({ row: 1, column: 'nameArabic', code: 'import.column_twice' }),
    ]);
  });

  it('audits an import with its counts', async () => {
    const c = await registerAndLogin(t.app);
    await upload(c, 'import', csv([EN, omar]));
    const rows = await withTenant(t.deps.db, c.id, (tx) =>
      tx
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.academyId, c.id), eq(auditEvents.action, 'importPlayers'))),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].details).toMatchObject({ effect: { imported: { created: 1, updated: 0 } } });
  });

  it('refuses a file that is not a CSV or XLSX, an empty one and a missing one with a clear 400', async () => {
    const garbage = await upload(a, 'import/preview', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x81]));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe('import.file_unreadable');
    const broken = await upload(a, 'import/preview', Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64)]));
    expect(broken.json().code).toBe('import.file_unreadable');
    expect((await upload(a, 'import/preview', csv([EN]))).json().code).toBe('import.empty');
    const none = await api(t.app, a)('importPlayers', { ...multipart({}) });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('import.file_required');
  });

  it("keeps a file's new conditions only with the guardians' medical consent on paper, recorded for each such row", async () => {
    const mona = row({
      name: 'Mona Consent',
      birthdate: '2015-09-09',
      gender: 'Female',
      parentName: 'Hind Consent',
      parentPhone: '+966503334455',
      medicalCondition: 'Asthma',
    });
    const file = csv([EN, mona]);
    const refused = await upload(a, 'import/preview', file);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ row: 2, column: 'medicalCondition', code: 'consent.medical_required' }),
    ]);
    const notWritten = await upload(a, 'import', file);
    expect(notWritten.statusCode).toBe(400);
    expect((await playersOf(a)).some((p) => p.name === 'Mona Consent')).toBe(false);

    const paper = { medicalConsent: JSON.stringify({ language: 'ar' }) };
    expect((await upload(a, 'import/preview', file, paper)).json()).toMatchObject({ creates: 1, errors: [] });
    const done = await upload(a, 'import', file, paper);
    expect(done.statusCode, done.body).toBe(200);
    const player = (await playersOf(a)).find((p) => p.name === 'Mona Consent');
    expect(player?.condition).toBe('Asthma');
    const recorded = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .select()
        .from(consents)
        .where(eq(consents.playerId, player?.id ?? '')),
    );
    const [link] = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .select()
        .from(parentPlayers)
        .where(eq(parentPlayers.playerId, player?.id ?? '')),
    );
    expect(recorded).toEqual([
      expect.objectContaining({ purpose: 'medical', granted: true, language: 'ar', recordedById: a.userId, parentId: link.parentId }),
    ]);

    // Now the consent stands: the same player's condition changes with no paper consent asked, and none recorded.
    const changed = csv([EN, row({ ...Object.fromEntries(IMPORT_COLUMNS.map((k, i) => [k, mona[i]])), medicalCondition: 'Mild asthma' })]);
    expect((await upload(a, 'import/preview', changed)).json()).toMatchObject({ updates: 1, errors: [] });
    expect((await upload(a, 'import', changed)).statusCode).toBe(200);
    expect((await playersOf(a)).find((p) => p.name === 'Mona Consent')?.condition).toBe('Mild asthma');
    expect(
      await withTenant(t.deps.db, a.id, (tx) =>
        tx
          .select()
          .from(consents)
          .where(eq(consents.playerId, player?.id ?? '')),
      ),
    ).toHaveLength(1);
  });
});
