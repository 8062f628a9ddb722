import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A segment or query name kept as is: a word of the app's own addresses (`reset-password`, `robots.txt`), never a token or an id. */
const WORD = /^[a-z]+(?:[-_.][a-z]+)*$/i;
/** Lets an operator tell two requests for the same token apart from others without ever reading the token. */
const hashed = (value: string) => `#${createHash('sha256').update(value).digest('hex').slice(0, 8)}`;
const shown = (part: string) => (part === '' || WORD.test(part) ? part : hashed(part));

/**
 * The address a request log shows. Paths carry credentials (calendar feed tokens, reset tokens,
 * invoice and subscription ids, provider references), so a matched route shows its pattern
 * (`/api/calendar/:token.ics`), any other path (the app's deep links) its words with every other
 * segment hashed, and a query its names only.
 */
export function loggedUrl(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  const url = request.url;
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const pattern = request.routeOptions?.url;
  const base = pattern && !pattern.includes('*') ? pattern : path.split('/').map(shown).join('/');
  if (at === -1) return base;
  const names = [...new Set(new URLSearchParams(url.slice(at + 1)).keys())].map(shown);
  return names.length > 0 ? `${base}?${names.join('&')}` : base;
}

/** pino's `req` serializer for every request log (Fastify's own, with the address above). */
export const requestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: loggedUrl(request),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
