import { randomUUID } from 'node:crypto';
import {
  birthdateBounds,
  CONSENT_TEXTS,
  columnOfHeader,
  ERRORS,
  type ErrorCode,
  GENDER_WORDS,
  IMPORT_COLUMNS,
  IMPORT_HEADERS,
  type ImportColumn,
  type ImportError,
  type ImportMapping,
  type ImportPreview,
  type ImportRow,
  importIdentity,
  importRowSchema,
  issueCode,
  isWithin,
  keysOf,
  MAX_IMPORT_ROWS,
  type MedicalConsentGiven,
  REQUIRED_IMPORT_COLUMNS,
  riyadhToday,
  splitTeamNames,
  templateHeader,
} from '@kora/contracts';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { consents, parentPlayers, teamPlayers, teams, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { HttpError } from '../../http/errors.js';
import { after, latestMedicalAt, medicalConsentStands } from '../consents/service.js';
import { syncPlayerTeamEvents } from '../events/roster.js';
import { type Sheet, writeSheet } from './file.js';

type Lang = 'en' | 'ar';
type Format = 'csv' | 'xlsx';

/** The mapping read off the headers: each field to the first column whose header names it (English or Arabic). */
export function mappingOfHeaders(headers: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  headers.forEach((header, index) => {
    const column = columnOfHeader(header);
    if (column && mapping[column] === undefined) mapping[column] = index;
  });
  return mapping;
}

/** An import error whose code is a catalogued one (the contract answers it as a string). */
type RowError = ImportError & { code: ErrorCode };

/**
 * An error with what it is about: the cell as written (or an unknown team's name), as `value` and
 * in the message: "Write the date as dd/mm/yyyy (e.g. 14/03/2015); found “31/31/2015”".
 */
const withValue = (error: RowError, value: string | undefined): RowError =>
  value ? { ...error, message: `${error.message}; found “${value}”`, value } : error;

const fail = (row: number, column: ImportColumn | null, code: keyof typeof ERRORS, value?: string): RowError =>
  withValue({ row, column, code, message: ERRORS[code] }, value);

interface ValidRow {
  row: number;
  data: ImportRow;
  teamIds: string[];
  /** The player this row updates, or null for a new one. */
  existingId: string | null;
  /** It brings a new or changed condition the child's consent does not cover: the paper consent is recorded with it. */
  recordsMedicalConsent: boolean;
  /** When the child's latest medical answer was given (the recorded consent comes after it). */
  medicalAt: Date | undefined;
}

/** Teams of the academy by name and Arabic name, compared without case or outer spaces. */
async function teamsByName(tx: TenantTx) {
  const all = await tx.select({ id: teams.id, name: teams.name, nameArabic: teams.nameArabic }).from(teams);
  const byName = new Map<string, string>();
  for (const t of all) for (const n of [t.name, t.nameArabic]) if (n) byName.set(n.trim().toLowerCase(), t.id);
  return byName;
}

/** The academy's players by national id and by name + birthdate + parent phone (a player's phone is its parent's). */
async function existingPlayers(tx: TenantTx) {
  const all = await tx
    .select({
      id: users.id,
      name: users.name,
      birthdate: users.birthdate,
      nationalId: users.nationalId,
      phone: users.phoneNumber,
      condition: users.condition,
      // Qualified: without a join drizzle writes a bare "id", which the subquery would read as the consent's own.
      medicalConsent: medicalConsentStands(sql`${users}."id"`),
      medicalAt: latestMedicalAt(sql`${users}."id"`),
    })
    .from(users)
    .where(eq(users.role, 'PLAYER'));
  const byNationalId = new Map<string, string>();
  const byPerson = new Map<string, string>();
  const medical = new Map<string, { condition: string | null; consented: boolean; at: Date | undefined }>();
  for (const p of all) {
    const key = importIdentity({ nationalId: p.nationalId, name: p.name, birthdate: p.birthdate ?? '', parentPhone: p.phone ?? '' });
    if (key.nationalId) byNationalId.set(key.nationalId, p.id);
    byPerson.set(key.person, p.id);
    medical.set(p.id, { condition: p.condition, consented: p.medicalConsent, at: p.medicalAt ? new Date(p.medicalAt) : undefined });
  }
  return { byNationalId, byPerson, medical };
}

/** One row checked on its own (no database): its schema errors, its data when valid, its team names and identity. */
interface CheckedRow {
  row: number;
  schemaErrors: RowError[];
  birthdateError: RowError | null;
  data: ImportRow | null;
  names: string[];
  identity: ReturnType<typeof importIdentity> | null;
}

/** How long (ms) the rows are checked before other requests get a turn of the event loop. */
const TURN_MS = 10;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Checks a file's mapping and every row by the Add Player rules, outside any transaction (the
 * CPU-heavy part: the schema, phone numbers), giving the event loop back every TURN_MS.
 */
export async function checkSheet(sheet: Sheet, sent: ImportMapping | undefined, now: Date) {
  const mapping = sent ?? mappingOfHeaders(sheet.headers);
  const mappingErrors: RowError[] = [];
  if (sheet.rows.length > MAX_IMPORT_ROWS)
    throw new HttpError(
      400,
      'import.too_many_rows',
      [{ path: 'file', message: ERRORS['import.too_many_rows'], code: 'import.too_many_rows' }],
      {
        max: MAX_IMPORT_ROWS,
      },
    );
  // Mapping problems are the header row's (row 1).
  const used = new Map<number, ImportColumn>();
  for (const column of IMPORT_COLUMNS) {
    const index = mapping[column];
    if (index === undefined) continue;
    if (index >= sheet.headers.length) mappingErrors.push(fail(1, column, 'import.column_missing'));
    else if (used.has(index)) mappingErrors.push(fail(1, column, 'import.column_twice'));
    else used.set(index, column);
  }
  for (const column of REQUIRED_IMPORT_COLUMNS)
    if (mapping[column] === undefined) mappingErrors.push(fail(1, column, 'import.column_missing'));
  const rows: CheckedRow[] = [];
  // Rows cannot be read by a broken mapping: it is fixed first (each row would repeat its errors).
  if (mappingErrors.length > 0) return { sheet, mapping, mappingErrors, rows };

  const bounds = birthdateBounds(riyadhToday(now));
  let turn = performance.now();
  for (const { row, cells } of sheet.rows) {
    if (performance.now() - turn > TURN_MS) {
      await nextTurn();
      turn = performance.now();
    }
    const input: Record<string, string | undefined> = {};
    for (const column of IMPORT_COLUMNS) {
      const index = mapping[column];
      input[column] = index === undefined ? undefined : (cells[index] ?? '');
    }
    const parsed = importRowSchema.safeParse(input);
    const schemaErrors: RowError[] = [];
    for (const issue of parsed.error?.issues ?? []) {
      const column = IMPORT_COLUMNS.find((c) => c === issue.path[0]) ?? null;
      schemaErrors.push(withValue({ row, column, code: issueCode(issue), message: issue.message }, column ? input[column] : undefined));
    }
    const data = parsed.data ?? null;
    rows.push({
      row,
      schemaErrors,
      birthdateError:
        data && !isWithin(data.birthdate, bounds) ? fail(row, 'birthdate', 'player.birthdate_out_of_range', input.birthdate) : null,
      data,
      // Team names are checked even on a row with other errors, so one upload shows all of them.
      names: data?.teams ?? splitTeamNames(input.teams ?? ''),
      identity: data ? importIdentity(data) : null,
    });
  }
  return { sheet, mapping, mappingErrors, rows };
}
type CheckedSheet = Awaited<ReturnType<typeof checkSheet>>;

/**
 * The checked rows against this academy (in its transaction): team names resolved among its teams
 * and the player each row updates found. Map look-ups only: the rows were checked before.
 */
async function analyse(tx: TenantTx, checked: CheckedSheet, paperConsent: boolean) {
  const { mapping, mappingErrors } = checked;
  if (mappingErrors.length > 0) {
    const noRows: ValidRow[] = [];
    return { mapping, errors: mappingErrors, valid: noRows };
  }
  const errors: RowError[] = [];
  const [teamIds, players] = await Promise.all([teamsByName(tx), existingPlayers(tx)]);
  const seen = new Map<string, number>();
  const valid: ValidRow[] = [];
  for (const { row, schemaErrors, birthdateError, data, names, identity } of checked.rows) {
    const rowErrors = [...schemaErrors];
    const rowTeams = names.flatMap((name) => teamIds.get(name.toLowerCase()) ?? []);
    const unknownTeams = names.filter((name) => !teamIds.has(name.toLowerCase()));
    if (unknownTeams.length > 0) rowErrors.push(fail(row, 'teams', 'import.team_not_found', unknownTeams.join('; ')));
    if (birthdateError) rowErrors.push(birthdateError);
    errors.push(...rowErrors);
    if (!data || !identity) continue;
    let ok = rowErrors.length === 0;
    const key = identity;
    const existingId = (key.nationalId ? players.byNationalId.get(key.nationalId) : undefined) ?? players.byPerson.get(key.person) ?? null;
    // Two rows of one player (by identity, or both updating the same one) would write it twice.
    const keys = [key.nationalId && `n:${key.nationalId}`, `p:${key.person}`, existingId && `e:${existingId}`].filter(
      (k): k is string => !!k,
    );
    if (keys.some((k) => seen.has(k))) {
      errors.push(fail(row, key.nationalId ? 'nationalId' : 'name', 'import.duplicate_row'));
      ok = false;
    }
    for (const k of keys) seen.set(k, row);
    // A new or changed condition is kept only with the medical consent (consents/service.ts): the child's, or the
    // guardians' on paper that the member confirms for the file.
    const condition = mapping.medicalCondition === undefined ? null : data.medicalCondition;
    const known = existingId ? players.medical.get(existingId) : undefined;
    const needsConsent = !!condition && condition !== known?.condition && !known?.consented;
    if (needsConsent && !paperConsent) {
      errors.push(fail(row, 'medicalCondition', 'consent.medical_required'));
      ok = false;
    }
    if (ok)
      valid.push({ row, data, teamIds: [...new Set(rowTeams)], existingId, recordsMedicalConsent: needsConsent, medicalAt: known?.at });
  }
  errors.sort((a, b) => a.row - b.row || IMPORT_COLUMNS.indexOf(a.column ?? 'name') - IMPORT_COLUMNS.indexOf(b.column ?? 'name'));
  return { mapping, errors, valid };
}

/** The preview of a checked file in this academy: what an import would add and update, and every error. Changes nothing. */
export async function previewImport(
  tx: TenantTx,
  checked: CheckedSheet,
  paperConsent: MedicalConsentGiven | undefined,
): Promise<ImportPreview> {
  const { sheet } = checked;
  const { mapping, errors, valid } = await analyse(tx, checked, !!paperConsent);
  const updates = valid.filter((r) => r.existingId).length;
  return {
    headers: sheet.headers,
    mapping,
    rowCount: sheet.rows.length,
    creates: valid.length - updates,
    updates,
    errors,
    sample: sheet.rows.slice(0, 5).map((r) => sheet.headers.map((_, i) => r.cells[i] ?? '')),
  };
}

/**
 * Rows per multi-row INSERT or UPDATE: building a statement (drizzle) and, on PGlite, running it
 * holds the event loop, so a 5,000-row import writes in statements of 100 rows with a turn for
 * other requests between them (PostgreSQL's limit is 65,535 parameters).
 */
const CHUNK = 100;
async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    if (i > 0) await nextTurn();
    await insert(rows.slice(i, i + CHUNK));
  }
}

const playerFields = (d: ImportRow) => ({
  name: d.name,
  nameArabic: d.nameArabic,
  nationalId: d.nationalId,
  nationality: d.nationality,
  residentialNeighborhood: d.residentialNeighborhood,
  birthdate: d.birthdate,
  gender: d.gender,
  condition: d.medicalCondition,
  // The child's contact numbers are the parent's, as Add Player stores them (users/parent-player.ts).
  phoneNumber: d.parentPhone,
  emergencyPhone1: d.emergencyPhone1,
  emergencyPhone2: d.emergencyPhone2,
});
const parentFields = (d: ImportRow) => ({
  name: d.parentName,
  nameArabic: d.parentNameArabic,
  email: d.parentEmail,
  phoneNumber: d.parentPhone,
  emergencyPhone1: d.emergencyPhone1,
  emergencyPhone2: d.emergencyPhone2,
});
/** On an update only the mapped columns are written: a file without a column leaves that field as it was. */
function onlyMapped<T extends Record<string, unknown>>(values: T, mapping: ImportMapping, columnOf: Record<keyof T, ImportColumn>) {
  const mapped: Partial<T> = {};
  for (const field of keysOf(values)) if (mapping[columnOf[field]] !== undefined) mapped[field] = values[field];
  return mapped;
}
const PLAYER_COLUMN: Record<keyof ReturnType<typeof playerFields>, ImportColumn> = {
  name: 'name',
  nameArabic: 'nameArabic',
  nationalId: 'nationalId',
  nationality: 'nationality',
  residentialNeighborhood: 'residentialNeighborhood',
  birthdate: 'birthdate',
  gender: 'gender',
  condition: 'medicalCondition',
  phoneNumber: 'parentPhone',
  emergencyPhone1: 'emergencyPhone1',
  emergencyPhone2: 'emergencyPhone2',
};
const PARENT_COLUMN: Record<keyof ReturnType<typeof parentFields>, ImportColumn> = {
  name: 'parentName',
  nameArabic: 'parentNameArabic',
  email: 'parentEmail',
  phoneNumber: 'parentPhone',
  emergencyPhone1: 'emergencyPhone1',
  emergencyPhone2: 'emergencyPhone2',
};

/** The users' columns an import writes. */
type UserField = keyof ReturnType<typeof playerFields> | keyof ReturnType<typeof parentFields>;

/**
 * Updates many users of one role in one statement (`UPDATE … FROM (VALUES …)`): every row sets
 * the same columns (those the file maps), each to its own value.
 */
async function updateMany(
  tx: TenantTx,
  role: 'PLAYER' | 'PARENT',
  rows: { id: string; values: Partial<Record<UserField, string | null>> }[],
  now: Date,
) {
  const fields = rows.length === 0 ? [] : keysOf(rows[0].values);
  if (fields.length === 0) return;
  const column = (f: UserField | 'updatedAt') => sql.identifier(getTableColumns(users)[f].name);
  const typeOf = (f: (typeof fields)[number]) => sql.raw(f === 'birthdate' ? 'date' : 'text');
  const values = rows.map(
    (r) =>
      sql`(${r.id}::uuid, ${sql.join(
        fields.map((f) => sql`${r.values[f] ?? null}::${typeOf(f)}`),
        sql`, `,
      )})`,
  );
  await tx.execute(sql`
    update ${users} set ${sql.join(
      fields.map((f) => sql`${column(f)} = v.${column(f)}`),
      sql`, `,
    )}, ${column('updatedAt')} = ${now.toISOString()}::timestamptz
    from (values ${sql.join(values, sql`, `)}) as v(id, ${sql.join(fields.map(column), sql`, `)})
    where ${users.id} = v.id and ${users.role} = ${role}`);
}

/**
 * Imports a checked file (checkSheet) in the caller's transaction: every row or none. Any error (a row, a column, an
 * unknown team) answers 400 with each at its row and column before anything is written. A row of a
 * player already there (same national id, or same name, birthdate and parent phone) updates them.
 */
/**
 * Writes a checked file. `paperConsent`: the guardians' medical consent on paper, confirmed by the member
 * `memberId` for the rows bringing a condition the child's consent does not cover (recorded for each of them).
 */
export async function importPlayers(
  tx: TenantTx,
  checked: CheckedSheet,
  now: Date,
  paperConsent: MedicalConsentGiven | undefined,
  memberId: string,
) {
  const { mapping, errors, valid } = await analyse(tx, checked, !!paperConsent);
  if (errors.length > 0)
    throw new HttpError(
      400,
      'import.invalid_rows',
      errors.map((e) => ({ path: `${e.row}.${e.column ?? ''}`, message: e.message, code: e.code })),
    );
  const { academyId } = tx;
  const fresh = valid.filter((r) => !r.existingId).map((r) => ({ ...r, playerId: randomUUID(), parentId: randomUUID() }));
  await insertChunks(fresh, (chunk) =>
    tx.insert(users).values(chunk.map((r) => ({ id: r.parentId, academyId, role: 'PARENT' as const, ...parentFields(r.data) }))),
  );
  await insertChunks(fresh, (chunk) =>
    tx.insert(users).values(chunk.map((r) => ({ id: r.playerId, academyId, role: 'PLAYER' as const, ...playerFields(r.data) }))),
  );
  await insertChunks(fresh, (chunk) =>
    tx.insert(parentPlayers).values(chunk.map((r) => ({ academyId, parentId: r.parentId, playerId: r.playerId }))),
  );

  const updated = valid.filter((r): r is ValidRow & { existingId: string } => !!r.existingId);
  if (updated.length > 0) {
    const ids = updated.map((r) => r.existingId);
    // Each player's first parent (Add Player gives one) takes the parent columns.
    const links = await tx
      .select({ playerId: parentPlayers.playerId, parentId: parentPlayers.parentId })
      .from(parentPlayers)
      .where(inArray(parentPlayers.playerId, ids))
      .orderBy(asc(parentPlayers.createdAt));
    const parentOf = new Map<string, string>();
    for (const l of links) if (!parentOf.has(l.playerId)) parentOf.set(l.playerId, l.parentId);
    const orphans: { playerId: string; parentId: string; data: ImportRow }[] = [];
    const parentUpdates: { id: string; values: Partial<ReturnType<typeof parentFields>> }[] = [];
    for (const r of updated) {
      const parentId = parentOf.get(r.existingId);
      if (parentId) parentUpdates.push({ id: parentId, values: onlyMapped(parentFields(r.data), mapping, PARENT_COLUMN) });
      else orphans.push({ playerId: r.existingId, parentId: randomUUID(), data: r.data });
    }
    const playerUpdates = updated.map((r) => ({ id: r.existingId, values: onlyMapped(playerFields(r.data), mapping, PLAYER_COLUMN) }));
    await insertChunks(playerUpdates, (chunk) => updateMany(tx, 'PLAYER', chunk, now));
    await insertChunks(parentUpdates, (chunk) => updateMany(tx, 'PARENT', chunk, now));
    await insertChunks(orphans, (chunk) =>
      tx.insert(users).values(chunk.map((o) => ({ id: o.parentId, academyId, role: 'PARENT' as const, ...parentFields(o.data) }))),
    );
    await insertChunks(orphans, (chunk) =>
      tx.insert(parentPlayers).values(chunk.map((o) => ({ academyId, parentId: o.parentId, playerId: o.playerId }))),
    );
    // The teams column, when mapped, is the player's whole list of teams.
    if (mapping.teams !== undefined) await tx.delete(teamPlayers).where(inArray(teamPlayers.playerId, ids));
  }
  const memberships = [...fresh.map((r) => ({ ...r, id: r.playerId })), ...updated.map((r) => ({ ...r, id: r.existingId }))].flatMap((r) =>
    mapping.teams === undefined ? [] : r.teamIds.map((teamId) => ({ academyId, teamId, playerId: r.id })),
  );
  await insertChunks(memberships, (chunk) => tx.insert(teamPlayers).values(chunk));
  if (paperConsent) {
    const guardianOf = new Map<string, string>();
    for (const r of fresh) guardianOf.set(r.playerId, r.parentId);
    const consented = [...fresh.map((r) => ({ ...r, id: r.playerId })), ...updated.map((r) => ({ ...r, id: r.existingId }))].filter(
      (r) => r.recordsMedicalConsent,
    );
    const links = await tx
      .select({ playerId: parentPlayers.playerId, parentId: parentPlayers.parentId })
      .from(parentPlayers)
      .where(
        inArray(
          parentPlayers.playerId,
          consented.map((r) => r.id),
        ),
      )
      .orderBy(asc(parentPlayers.createdAt));
    for (const l of links) if (!guardianOf.has(l.playerId)) guardianOf.set(l.playerId, l.parentId);
    await insertChunks(consented, (chunk) =>
      tx.insert(consents).values(
        chunk.map((r) => ({
          academyId,
          playerId: r.id,
          purpose: 'medical' as const,
          granted: true,
          version: CONSENT_TEXTS.medical.version,
          language: paperConsent.language,
          parentId: guardianOf.get(r.id) ?? null,
          recordedById: memberId,
          createdAt: after(r.medicalAt, now),
        })),
      ),
    );
  }
  // Joined or left teams: the teams' events that have not started follow (events/roster.ts).
  if (mapping.teams !== undefined)
    await syncPlayerTeamEvents(tx, [...fresh.map((r) => r.playerId), ...updated.map((r) => r.existingId)], now);
  return { created: fresh.length, updated: updated.length };
}

/** The headers of a players file in one language. */
export const headersIn = (lang: Lang, columns: readonly ImportColumn[] = IMPORT_COLUMNS) => columns.map((c) => IMPORT_HEADERS[c][lang]);

/** The template: the header row alone, the birthdate's saying how to write the date ("Birthdate (dd/mm/yyyy)"). */
export const templateFile = (format: Format, lang: Lang) =>
  writeSheet(
    format,
    IMPORT_COLUMNS.map((c) => templateHeader(c, lang)),
    [],
    lang === 'ar',
  );

/** Every player of the academy in the import's columns (teams by name, `;`-separated), oldest first. */
/** The export's columns that are players' sensitive data (docs/domain.md, "Data map"): only with `includeSensitive`. */
const SENSITIVE_COLUMNS: readonly ImportColumn[] = ['nationalId', 'medicalCondition'];

/**
 * The academy's players in the import's columns; without `includeSensitive` (which the route allows
 * only with medical and identity) the national id and medical condition columns are left out, not
 * emptied, so importing the file back changes neither.
 */
export async function exportPlayers(tx: TenantTx, format: Format, lang: Lang, includeSensitive = false) {
  const columns = IMPORT_COLUMNS.filter((c) => includeSensitive || !SENSITIVE_COLUMNS.includes(c));
  const players = await tx.select().from(users).where(eq(users.role, 'PLAYER')).orderBy(asc(users.createdAt), asc(users.id));
  const ids = players.map((p) => p.id);
  const [links, memberships] = await Promise.all([
    ids.length
      ? tx
          .select({ playerId: parentPlayers.playerId, parent: users })
          .from(parentPlayers)
          .innerJoin(users, eq(users.id, parentPlayers.parentId))
          .orderBy(asc(parentPlayers.createdAt))
      : [],
    ids.length
      ? tx
          .select({ playerId: teamPlayers.playerId, name: teams.name })
          .from(teamPlayers)
          .innerJoin(teams, eq(teams.id, teamPlayers.teamId))
          .orderBy(asc(teams.name))
      : [],
  ]);
  const parentOf = new Map<string, typeof users.$inferSelect>();
  for (const l of links) if (!parentOf.has(l.playerId)) parentOf.set(l.playerId, l.parent);
  const teamsOf = new Map<string, string[]>();
  for (const m of memberships) teamsOf.set(m.playerId, [...(teamsOf.get(m.playerId) ?? []), m.name]);
  const rows = players.map((p) => {
    const parent = parentOf.get(p.id);
    const cells: Record<ImportColumn, string> = {
      name: p.name,
      nameArabic: p.nameArabic ?? '',
      nationalId: p.nationalId ?? '',
      nationality: p.nationality ?? '',
      birthdate: p.birthdate ?? '',
      gender: p.gender ? GENDER_WORDS[lang][p.gender] : '',
      residentialNeighborhood: p.residentialNeighborhood ?? '',
      medicalCondition: p.condition ?? '',
      teams: (teamsOf.get(p.id) ?? []).join('; '),
      parentName: parent?.name ?? '',
      parentNameArabic: parent?.nameArabic ?? '',
      parentPhone: parent?.phoneNumber ?? p.phoneNumber ?? '',
      parentEmail: parent?.email ?? '',
      emergencyPhone1: p.emergencyPhone1 ?? '',
      emergencyPhone2: p.emergencyPhone2 ?? '',
    };
    return columns.map((c) => cells[c]);
  });
  const file = await writeSheet(format, headersIn(lang, columns), rows, lang === 'ar');
  return { file, sensitive: includeSensitive ? players.filter((p) => p.condition != null || p.nationalId != null) : [] };
}
