import { canReadSensitive, MAX_IMPORT_FILE_BYTES } from '@kora/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { authOf } from '../../http/access.js';
import { noteAudit } from '../../http/audit.js';
import { badRequest, forbidden, HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { auditSensitive } from '../players/sensitive.js';
import { readSheet } from './file.js';
import { checkSheet, exportPlayers, importPlayers, previewImport, templateFile } from './service.js';

const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** A file answer: Fastify sends the Buffer as it is. */
function sendFile(reply: FastifyReply, file: Buffer, format: 'csv' | 'xlsx', name: string) {
  reply
    .type(TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'private, no-store');
  return file;
}

const MB = 1024 * 1024;
const fileTooLarge = () =>
  new HttpError(
    413,
    'import.file_too_large',
    [
      {
        path: 'file',
        message: new HttpError(413, 'import.file_too_large', undefined, { max: MAX_IMPORT_FILE_BYTES / MB }).message,
        code: 'import.file_too_large',
      },
    ],
    {
      max: MAX_IMPORT_FILE_BYTES / MB,
    },
  );
/** What a form adds to its file: the boundaries, part headers and the mapping field. */
const FORM_OVERHEAD = 64 * 1024;

/**
 * Players → Import and Export: a file of players in, checked row by row, and the same columns out.
 * A file is read (sheet-worker.ts) and its rows checked before any transaction opens; the academy's
 * transaction only resolves teams and players and writes the checked rows.
 */
export async function playerImportRoutes(app: FastifyInstance) {
  const now = () => app.deps.clock.now();
  const writePlayers = { access: { anyOf: ['canWritePlayers' as const] } };

  // After the caller's rights (the access hook comes first), before the form is read: an upload
  // that says it is larger than a players file may be is refused unread.
  app.addHook('preValidation', async (req) => {
    if (req.method !== 'POST') return;
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > MAX_IMPORT_FILE_BYTES + FORM_OVERHEAD) throw fileTooLarge();
  });
  /** The form's file, read to its limit, checked as rows outside any transaction. */
  const checkedFile = async (file: Buffer | null | undefined, mapping: Parameters<typeof checkSheet>[1]) => {
    if (!file) throw badRequest('import.file_required', 'file');
    if (file.length > MAX_IMPORT_FILE_BYTES) throw fileTooLarge();
    return checkSheet(await readSheet(file), mapping, now());
  };

  route(app, 'playerImportTemplate', writePlayers, async (req, reply) => {
    const { format, lang } = req.query;
    return sendFile(reply, await templateFile(format, lang), format, `players-template-${lang}`);
  });

  route(app, 'previewPlayerImport', writePlayers, async (req) => {
    const { fields, files } = req.form;
    const checked = await checkedFile(files.file, fields.mapping);
    return req.tenant((tx) => previewImport(tx, checked, fields.medicalConsent));
  });

  route(app, 'importPlayers', { ...writePlayers, audit: true }, async (req) => {
    const { fields, files } = req.form;
    const checked = await checkedFile(files.file, fields.mapping);
    const result = await req.tenant((tx) => importPlayers(tx, checked, now(), fields.medicalConsent, authOf(req).user.id));
    noteAudit(req, { imported: result });
    return result;
  });

  // The national ids and medical conditions only when asked, by a member with medical and identity (audited).
  route(app, 'exportPlayers', { access: { anyOf: ['canReadPlayers'] } }, async (req, reply) => {
    const { format, lang, includeSensitive } = req.query;
    if (includeSensitive && !canReadSensitive(authOf(req).user.accountType)) throw forbidden('player.sensitive_forbidden');
    const { file, sensitive } = await req.tenant((tx) => exportPlayers(tx, format, lang, includeSensitive));
    auditSensitive(req, sensitive);
    return sendFile(reply, file, format, 'players');
  });
}
