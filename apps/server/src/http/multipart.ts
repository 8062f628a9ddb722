import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Reads a multipart form: its text fields and at most one file (the `photo`). Over the upload
 * limit, `toBuffer()` throws Fastify's 413 error, which the error handler answers as such.
 */
export async function readMultipart(req: FastifyRequest): Promise<{ fields: Record<string, string>; photo: Buffer | null }> {
  const fields: Record<string, string> = {};
  let photo: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') throw badRequest(`Unexpected file field ${part.fieldname}`, part.fieldname);
        photo = await part.toBuffer();
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (err) {
    // Our own errors and Fastify's (413 too large, 406 not multipart) keep their status; a broken form is the client's.
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw badRequest('The form data could not be read');
  }
  return { fields, photo: photo && photo.length > 0 ? photo : null };
}

/** A JSON-encoded multipart field (the wizard sends parentInfo and playerInfo this way). */
export function jsonField(fields: Record<string, string>, name: string): unknown {
  try {
    return JSON.parse(fields[name] ?? '');
  } catch {
    throw badRequest(`${name} must be JSON`, name);
  }
}
