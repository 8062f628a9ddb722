import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Reads a multipart form: its text fields and the named files (each at most once; empty counts as
 * none). Over the upload limit, `toBuffer()` throws Fastify's 413 error, which the error handler
 * answers as such.
 */
export async function readMultipart(
  req: FastifyRequest,
  fileNames: readonly string[],
): Promise<{ fields: Record<string, string>; files: Record<string, Buffer | null> }> {
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer | null> = Object.fromEntries(fileNames.map((n) => [n, null]));
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (!fileNames.includes(part.fieldname)) throw badRequest('form.unexpected_file', part.fieldname);
        const bytes = await part.toBuffer();
        files[part.fieldname] = bytes.length > 0 ? bytes : null;
      } else {
        const value = String(part.value ?? '');
        if (value.includes('\u0000')) throw badRequest('request.invalid_characters', part.fieldname);
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    // Our own errors and Fastify's (413 too large, 406 not multipart) keep their status; a broken form is the client's.
    if (err instanceof Error && 'statusCode' in err) throw err;
    throw badRequest('form.unreadable');
  }
  return { fields, files };
}
