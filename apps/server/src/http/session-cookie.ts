// Why: sessions travel in HttpOnly cookies, so no script of a page can read a session token (docs/architecture.md,
// "Sessions in cookies"). A cookie goes with every request the browser makes to the academy's host, including ones
// another site starts, so a write authenticated by a cookie must prove it comes from Kora's own page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';

/** The staff app's session and the family portal's: two kinds, each accepted only by its own routes. */
export type SessionKind = 'member' | 'parent';

/** The header Kora's web app sends with every API call; a page of another site cannot send it without CORS, which Kora never grants. */
export const CSRF_HEADER = 'x-kora-request';

/** `__Host-` (host-only, Secure, Path=/) where the site is served over HTTPS; browsers refuse that prefix without Secure. */
export const sessionCookieName = (config: Pick<Config, 'publicProtocol'>, kind: SessionKind) =>
  `${config.publicProtocol === 'https' ? '__Host-' : ''}kora_${kind === 'member' ? 'session' : 'family'}`;

type CookieConfig = Pick<Config, 'publicProtocol' | 'sessionIdleMs'>;

/** Sets the session cookie on the request's own host (no Domain: host-only), for as long as a session may stay idle. */
export function setSessionCookie(reply: FastifyReply, config: CookieConfig, kind: SessionKind, token: string) {
  reply.setCookie(sessionCookieName(config, kind), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicProtocol === 'https',
    maxAge: Math.floor(config.sessionIdleMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: CookieConfig, kind: SessionKind) {
  reply.clearCookie(sessionCookieName(config, kind), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicProtocol === 'https',
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the request's page is on this very host: its Origin, else the browser's Sec-Fetch-Site. */
function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (origin) {
    try {
      return new URL(origin).host === req.headers.host;
    } catch {
      return false;
    }
  }
  return req.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * The session token of a request: its `Authorization: Bearer` (API clients, and nothing to defend: a
 * browser never adds it by itself), else its session cookie of `kind`. A write carried by the cookie
 * must come from a page of this host (Origin or Sec-Fetch-Site) and carry CSRF_HEADER: 403 `auth.csrf`.
 */
export function sessionToken(req: FastifyRequest, config: Pick<Config, 'publicProtocol'>, kind: SessionKind): string {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const cookie = req.cookies?.[sessionCookieName(config, kind)];
  if (!cookie) return '';
  if (!SAFE_METHODS.has(req.method) && (req.headers[CSRF_HEADER] !== '1' || !sameOrigin(req))) throw new HttpError(403, 'auth.csrf');
  return cookie;
}
