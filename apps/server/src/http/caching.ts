import { hash } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Both sides of an If-None-Match comparison without the weak prefix (RFC 9110 §13.1.2 compares weakly). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-None-Match header names this entity tag (or `*`). */
export function matchesEtag(header: string | string[] | undefined, etag: string) {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(',') : header).split(',');
  return tags.some((t) => t.trim() === '*' || opaque(t) === opaque(etag));
}

/**
 * API answers: JSON above 1 KB compressed (brotli, gzip) for clients that accept it, and every
 * successful JSON GET given a weak ETag (of its body, or its data version) with `Cache-Control: private, no-cache`, so
 * the browser keeps it, revalidates it each time and gets `304 Not Modified` without a body while
 * the data is unchanged. The tag hashes the uncompressed body (registered before compression), so
 * every encoding shares it. The web build's files carry their own compression and tags.
 */
export async function registerApiCaching(app: FastifyInstance) {
  // A callback hook: synchronous work, no promise per request.
  app.addHook('onSend', (req, reply, payload, done) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || reply.statusCode !== 200 || typeof payload !== 'string')
      return done(null, payload);
    if (!req.url.startsWith('/api/') || !String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
      return done(null, payload);
    // A cached list tags itself by its data version (http/list-cache.ts); the rest by their body.
    const etag = String(reply.getHeader('etag') ?? '') || `W/"${hash('sha1', payload, 'base64url')}"`;
    reply.header('ETag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'private, no-cache');
    if (!matchesEtag(req.headers['if-none-match'], etag)) return done(null, payload);
    reply.code(304).removeHeader('content-type');
    done(null, '');
  });
  await app.register(fastifyCompress, {
    // Answers only: request bodies are never accepted compressed.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
  });
}
