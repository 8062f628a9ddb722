/**
 * A family's data on request (docs/domain.md, "Privacy requests"): a job reads every tenant table by
 * EXPORT_TABLES into one JSON file each, writes a readable PDF in the parent's language (the invoice
 * PDF's fonts and text engine), zips them under DATA_DIR/exports, and the request becomes `ready`
 * with its progress shown meanwhile. The link is the token answered when asking: it works once
 * (the file is deleted as it is sent) and for 24 hours (the sweep deletes what was not fetched).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { riyadhWallClock } from '@kora/contracts';
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { rowsOf } from '../../db/client.js';
import { academies, parentPlayers, privacyRequests, users } from '../../db/schema.js';
import type { DataAccess, TenantTx } from '../../db/tenant.js';
import { notFound } from '../../http/errors.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { block, fonts, printable, registerFonts, visualLigatures } from '../invoices/formats/pdf-text.js';
import { EXPORT_TABLES, type Family, idList, isExported } from './export-map.js';
import { zip } from './zip.js';

/** How long a ready export waits for its one download. */
export const EXPORT_LIFETIME_MS = 24 * 3600_000;

type Row = Record<string, unknown>;
export type Language = 'en' | 'ar';

export interface ExportDeps {
  data: DataAccess;
  dataDir: string;
  now: () => Date;
}

const exportsDir = (dataDir: string) => join(dataDir, 'exports');

/** The family of a parent's rows: those parents and every child of theirs. */
export async function familyOfParents(tx: TenantTx, parentIds: readonly string[]): Promise<Family> {
  if (parentIds.length === 0) return { parentIds: [], childIds: [] };
  const rows = await tx
    .select({ playerId: parentPlayers.playerId })
    .from(parentPlayers)
    .where(inArray(parentPlayers.parentId, [...parentIds]));
  return { parentIds: [...parentIds], childIds: [...new Set(rows.map((r) => r.playerId))] };
}

/** The family of a child (a request on paper): the child's parents, and all their children. */
export async function familyOfChild(tx: TenantTx, playerId: string): Promise<Family> {
  const [player] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, playerId), eq(users.role, 'PLAYER')));
  if (!player) throw notFound('player.not_found');
  const parents = await tx.select({ parentId: parentPlayers.parentId }).from(parentPlayers).where(eq(parentPlayers.playerId, playerId));
  const family = await familyOfParents(
    tx,
    parents.map((p) => p.parentId),
  );
  return family.childIds.includes(playerId) ? family : { ...family, childIds: [...family.childIds, playerId] };
}

/** Every table's rows of the family, by table name (tables with nothing of a family are absent). */
export async function familyRows(tx: TenantTx, family: Family, onTable?: (done: number, of: number) => Promise<void>) {
  const tables = Object.entries(EXPORT_TABLES).filter(([, entry]) => isExported(entry));
  const out: Record<string, Row[]> = {};
  let done = 0;
  for (const [table, entry] of tables) {
    if (!isExported(entry)) continue;
    const rows = rowsOf<Row>(await tx.execute(sql`select * from ${sql.identifier(table)} where ${entry.where(family)}`));
    out[table] = rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !entry.omit?.includes(column))));
    done++;
    if (onTable) await onTable(done, tables.length);
  }
  return out;
}

/** Starts an export: the request row (`building`) and its token; the job runs in `background`. */
export async function requestExport(
  deps: ExportDeps,
  academyId: string,
  ask: { via: 'portal' | 'staff'; parentId?: string; memberId?: string; playerId?: string; language: Language },
  family: Family,
  background: (work: () => Promise<unknown>) => void,
) {
  const token = newToken();
  const [row] = await deps.data.tenant(academyId, (tx) =>
    tx
      .insert(privacyRequests)
      .values({
        academyId,
        kind: 'export',
        via: ask.via,
        parentId: ask.parentId ?? null,
        memberId: ask.memberId ?? null,
        playerId: ask.playerId ?? null,
        state: 'building',
        language: ask.language,
        tokenHash: hashToken(token),
        createdAt: deps.now(),
      })
      .returning({ id: privacyRequests.id }),
  );
  background(() => buildExport(deps, academyId, row.id, family, ask.language));
  return { id: row.id, token };
}

/** The job: rows, PDF, ZIP, file; progress moves per table. A failure marks the request `failed`. */
export async function buildExport(deps: ExportDeps, academyId: string, id: string, family: Family, language: Language) {
  const setState = (values: Partial<typeof privacyRequests.$inferInsert>) =>
    deps.data.tenant(academyId, (tx) => tx.update(privacyRequests).set(values).where(eq(privacyRequests.id, id)));
  try {
    const { rows, academy } = await deps.data.tenant(academyId, async (tx) => {
      const [academy] = await tx
        .select({ name: academies.name, nameArabic: academies.nameArabic })
        .from(academies)
        .where(eq(academies.id, academyId));
      return { academy, rows: await familyRows(tx, family) };
    });
    await setState({ progress: 60 });
    const at = deps.now();
    const pdf = await familyPdf(rows, academy, language, at);
    await setState({ progress: 90 });
    const entries = [
      { name: language === 'ar' ? 'ملخص-البيانات.pdf' : 'our-data.pdf', bytes: pdf },
      ...Object.entries(rows).map(([table, tableRows]) => ({
        name: `data/${table}.json`,
        bytes: Buffer.from(JSON.stringify(tableRows, null, 2)),
      })),
    ];
    const dir = exportsDir(deps.dataDir);
    await mkdir(dir, { recursive: true });
    const file = `${id}.zip`;
    await writeFile(join(dir, file), zip(entries, at));
    const outcome = Object.fromEntries(Object.entries(rows).map(([table, r]) => [table, r.length]));
    await setState({
      state: 'ready',
      progress: 100,
      file,
      outcome,
      completedAt: at,
      expiresAt: new Date(at.getTime() + EXPORT_LIFETIME_MS),
    });
  } catch (err) {
    await setState({ state: 'failed', tokenHash: null, completedAt: deps.now() });
    throw err;
  }
}

/** An export's state for the one who asked (the parent's family or the academy's members). */
export async function exportStatus(tx: TenantTx, id: string, parentIds?: readonly string[]) {
  const [row] = await tx
    .select()
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.id, id),
        eq(privacyRequests.kind, 'export'),
        parentIds ? sql`${privacyRequests.parentId} in ${idList(parentIds)}` : undefined,
      ),
    );
  if (!row) throw notFound('privacy.export_not_found');
  return {
    id: row.id,
    state: row.state,
    progress: row.progress,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * The one download: found by its token's hash (its academy by `privacy_export_academy`, migration
 * 0045), only while `ready` and unexpired; the row becomes `downloaded` and the file is deleted.
 */
export async function takeExport(deps: ExportDeps, token: string): Promise<Buffer> {
  const hash = hashToken(token);
  const academy = await deps.data.system((tx) => tx.execute(sql`select privacy_export_academy(${hash}) as id`));
  const academyId = rowsOf<{ id: string | null }>(academy)[0]?.id;
  if (!academyId) throw notFound('privacy.export_not_found');
  const now = deps.now();
  const taken = await deps.data.tenant(academyId, (tx) =>
    tx
      .update(privacyRequests)
      .set({ state: 'downloaded', tokenHash: null, file: null })
      .where(and(eq(privacyRequests.tokenHash, hash), eq(privacyRequests.state, 'ready'), sql`${privacyRequests.expiresAt} > ${now}`))
      .returning({ file: privacyRequests.file, id: privacyRequests.id }),
  );
  if (taken.length === 0) throw notFound('privacy.export_not_found');
  const path = join(exportsDir(deps.dataDir), `${taken[0].id}.zip`);
  const bytes = await readFile(path);
  await rm(path, { force: true });
  return bytes;
}

/** The sweep (retention.ts's job): ready exports past their time become `expired` and their files go. */
export async function expireExports(deps: ExportDeps, academyId: string) {
  const now = deps.now();
  const expired = await deps.data.tenant(academyId, (tx) =>
    tx
      .update(privacyRequests)
      .set({ state: 'expired', tokenHash: null, file: null })
      .where(and(eq(privacyRequests.state, 'ready'), isNotNull(privacyRequests.expiresAt), lt(privacyRequests.expiresAt, now)))
      .returning({ id: privacyRequests.id }),
  );
  for (const { id } of expired) await rm(join(exportsDir(deps.dataDir), `${id}.zip`), { force: true });
  return expired.length;
}

// ── the readable PDF ───────────────────────────────────────────────────────────

const T = {
  title: { en: 'The data the academy holds about your family', ar: 'البيانات التي تحفظها الأكاديمية عن عائلتك' },
  made: { en: 'Prepared on', ar: 'أُعدّ في' },
  note: {
    en: 'This summary lists what Kora holds for the academy. Every record, field by field, is in the JSON files of this ZIP (data/…).',
    ar: 'يلخّص هذا المستند ما يحفظه نظام كورة للأكاديمية. وكل سجل بحقوله كاملة موجود في ملفات JSON داخل هذا الملف المضغوط (data/…).',
  },
  parent: { en: 'Parent', ar: 'وليّ الأمر' },
  child: { en: 'Child', ar: 'الطفل' },
  email: { en: 'E-mail', ar: 'البريد الإلكتروني' },
  phone: { en: 'Phone', ar: 'الجوال' },
  birthdate: { en: 'Birth date', ar: 'تاريخ الميلاد' },
  nationalId: { en: 'National id', ar: 'رقم الهوية' },
  condition: { en: 'Medical condition', ar: 'الحالة الصحية' },
  consents: { en: 'Consents', ar: 'الموافقات' },
  granted: { en: 'given', ar: 'ممنوحة' },
  withdrawn: { en: 'not given', ar: 'غير ممنوحة' },
  subscriptions: { en: 'Subscriptions', ar: 'الاشتراكات' },
  payments: { en: 'Payments', ar: 'المدفوعات' },
  invoices: { en: 'Invoices', ar: 'الفواتير' },
  attendance: { en: 'Sessions recorded', ar: 'الحصص المسجّلة' },
  growth: { en: 'Growth records', ar: 'سجلات النمو' },
  messages: { en: 'Messages sent to the family', ar: 'الرسائل المرسلة إلى العائلة' },
  tables: { en: 'Records by table', ar: 'عدد السجلات في كل جدول' },
} as const;

const text = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

async function familyPdf(rows: Record<string, Row[]>, academy: { name: string; nameArabic: string | null }, lang: Language, at: Date) {
  const t = (key: keyof typeof T) => T[key][lang];
  const rtl = lang === 'ar';
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: T.title.en, Creator: 'Kora', CreationDate: at } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc, fonts());
  const x = 48;
  const width = 595.28 - 96;
  const bottom = 841.89 - 60;
  let y = 48;
  const write = (lines: string[], size = 10, bold = false) => {
    const clean = printable(lines);
    if (y > bottom) {
      doc.addPage();
      y = 48;
    }
    y += block(doc, clean, y, { x, width, align: rtl ? 'right' : 'left', size, bold }) + 4;
  };
  write([lang === 'ar' ? (academy.nameArabic ?? academy.name) : academy.name], 14, true);
  write([t('title')], 16, true);
  write([`${t('made')}: ${riyadhWallClock(at).slice(0, 16).replace('T', ' ')}`]);
  write([t('note')], 9);
  const people = rows.users ?? [];
  const byRole = (role: string) => people.filter((p) => p.role === role);
  for (const parent of byRole('PARENT')) {
    y += 6;
    write([`${t('parent')}: ${text(parent.name)}`], 12, true);
    write([`${t('email')}: ${text(parent.email)}`, `${t('phone')}: ${text(parent.phone_number)}`]);
  }
  const ofChild = (table: string, column: string, id: unknown) => (rows[table] ?? []).filter((r) => r[column] === id);
  for (const child of byRole('PLAYER')) {
    y += 6;
    write([`${t('child')}: ${text(child.name)}`], 12, true);
    write([
      `${t('birthdate')}: ${text(child.birthdate)}`,
      `${t('nationalId')}: ${text(child.national_id)}`,
      `${t('condition')}: ${text(child.condition)}`,
    ]);
    const consents = ofChild('consents', 'player_id', child.id);
    const latest = new Map<unknown, Row>();
    for (const c of consents) latest.set(c.purpose, c);
    write([
      `${t('consents')}: ${[...latest.values()].map((c) => `${text(c.purpose)} (${c.granted ? t('granted') : t('withdrawn')})`).join('، ')}`,
    ]);
    const subs = ofChild('subscriptions', 'player_id', child.id);
    write([
      `${t('subscriptions')}: ${subs.map((s) => `${text(s.status)} ${text(s.start_date)} → ${text(s.end_date)}`).join(' · ') || '—'}`,
    ]);
    const invoices = ofChild('invoices', 'user_id', child.id);
    write([`${t('invoices')}: ${invoices.map((i) => `#${text(i.invoice_number)}`).join(' · ') || '—'}`]);
    write([
      `${t('attendance')}: ${ofChild('participants', 'user_id', child.id).length}`,
      `${t('growth')}: ${ofChild('growth_metrics', 'player_id', child.id).length}`,
    ]);
  }
  y += 6;
  write([`${t('payments')}: ${(rows.payments ?? []).length}`, `${t('messages')}: ${(rows.messages ?? []).length}`]);
  write([t('tables')], 11, true);
  write(
    Object.entries(rows).map(([table, r]) => `${table}: ${r.length}`),
    9,
  );
  visualLigatures(doc);
  doc.end();
  return done;
}
