import type { FastifyInstance, FastifyReply } from 'fastify';
import { noteAudit } from '../../http/audit.js';
import { badRequest } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { exportPlayers, importPlayers, previewImport, templateFile } from './service.js';

const TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** A file answer: Fastify sends the Buffer as it is. */
function sendFile(reply: FastifyReply, file: Buffer, format: 'csv' | 'xlsx', name: string) {
  reply
    .type(TYPES[format])
    .header('content-disposition', `attachment; filename="${name}.${format}"`)
    .header('cache-control', 'private, no-store');
  return file;
}

/** Players → Import and Export: a file of players in, checked row by row, and the same columns out. */
export async function playerImportRoutes(app: FastifyInstance) {
  const now = () => app.deps.clock.now();
  const writePlayers = { access: { anyOf: ['canWritePlayers' as const] } };

  route(app, 'playerImportTemplate', writePlayers, async (req, reply) => {
    const { format, lang } = req.query;
    return sendFile(reply, await templateFile(format, lang), format, `players-template-${lang}`);
  });

  route(app, 'previewPlayerImport', writePlayers, async (req) => {
    const { fields, files } = req.form;
    if (!files.file) throw badRequest('import.file_required', 'file');
    const file = files.file;
    return req.tenant((tx) => previewImport(tx, file, fields.mapping, now()));
  });

  route(app, 'importPlayers', writePlayers, async (req) => {
    const { fields, files } = req.form;
    if (!files.file) throw badRequest('import.file_required', 'file');
    const file = files.file;
    const result = await req.tenant((tx) => importPlayers(tx, file, fields.mapping, now()));
    noteAudit(req, { imported: result });
    return result;
  });

  route(app, 'exportPlayers', { access: { anyOf: ['canReadPlayers'] } }, async (req, reply) => {
    const { format, lang } = req.query;
    const file = await req.tenant((tx) => exportPlayers(tx, format, lang));
    return sendFile(reply, file, format, 'players');
  });
}
