import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** Whether any string in a parsed value (walked without recursion, however deep) contains a NUL character. */
export function hasNulByte(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(inner);
      }
    }
  }
  return false;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request's params, query or JSON body
 * answers 400 before any handler or query runs. Multipart fields are checked where they are read
 * (http/multipart.ts), and a NUL escaped inside one that carries JSON where it is parsed (the
 * contracts' `jsonText`), with the same code.
 */
export function refuseNulBytes(app: FastifyInstance) {
  // A callback hook: the check is synchronous, so no promise per request.
  app.addHook('preValidation', (req, _reply, done) => {
    if (hasNulByte(req.params) || hasNulByte(req.query) || hasNulByte(req.body)) return done(badRequest('request.invalid_characters'));
    done();
  });
}
