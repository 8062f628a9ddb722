import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Deepest nesting of arrays and objects a JSON body may have. Kora's deepest body is three levels
 * (a registration's `playerInfo`, a sync's `marks[i]`); `[[[[…]]]]` a megabyte deep cost a second
 * and more of CPU to parse and validate, before any rate limit counted it.
 */
export const MAX_JSON_DEPTH = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = new Set([0x5b, 0x7b]); // [ {
const CLOSE = new Set([0x5d, 0x7d]); // ] }

/**
 * Scans a JSON body's bytes as they arrive, before anything parses them: the nesting depth (brackets
 * outside strings; a UTF-8 byte of a multi-byte character is never one of these) and whether the
 * bytes are UTF-8 (a fatal decoder: an invalid sequence is refused, not stored as U+FFFD). Fails the
 * stream with a 400 and its code, which the body reader hands to the error handler.
 */
export class JsonGuard extends Transform {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  constructor(private readonly maxDepth = MAX_JSON_DEPTH) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
      } else if (c === QUOTE) this.inString = true;
      else if (OPEN.has(c)) {
        if (++this.depth > this.maxDepth) return callback(badRequest('request.too_deep'));
      } else if (CLOSE.has(c)) this.depth--;
    }
    try {
      this.decoder.decode(bytes, { stream: true });
    } catch {
      return callback(badRequest('request.invalid_characters'));
    }
    callback(null, bytes);
  }

  override _flush(callback: TransformCallback) {
    try {
      // A multi-byte character cut off by the end of the body.
      this.decoder.decode();
    } catch {
      return callback(badRequest('request.invalid_characters'));
    }
    callback();
  }
}

/** application/json and the +json types, with or without parameters. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * Every JSON body (the route's own parser too: the payment callback keeps its raw bytes) passes the
 * guard on its way to the parser, so a body nested too deep answers 400 `request.too_deep` and one
 * that is not UTF-8 400 `request.invalid_characters` before JSON.parse runs. The route's body limit
 * (http/route.ts) is checked by Fastify's reader around it; the rate limit counted before (onRequest).
 */
export function guardJsonBodies(app: FastifyInstance) {
  // A callback hook: no promise per request; bodiless requests and other types pass untouched.
  app.addHook('preParsing', (req, _reply, payload, done) => {
    const type = req.headers['content-type'];
    if (typeof type !== 'string' || !JSON_TYPE.test(type)) return done(null, payload);
    const guard = new JsonGuard();
    // The body reader compares what it read with Content-Length; the guard passes every byte on unchanged.
    payload.on('error', (err) => guard.destroy(err));
    done(null, payload.pipe(guard));
  });
}
