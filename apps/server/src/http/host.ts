import { ERRORS, RESERVED_HANDLES } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { notFound } from './errors.js';

export type HostInfo =
  | { kind: 'root' }
  | { kind: 'academy'; handle: string }
  | { kind: 'reserved'; label: string }
  | { kind: 'foreign' }
  /** Not a host name (`a@b`, `a/b`), or the base domain on another port: answered 400, never read. */
  | { kind: 'invalid' };

declare module 'fastify' {
  interface FastifyRequest {
    /** What the request's Host names (registerHostCheck); an invalid one never reaches a handler. */
    site: HostInfo;
  }
}

/** A DNS name or a bracketed IPv6 address, then an optional port: nothing else is a Host. */
const HOST_SYNTAX = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/;

function split(value: string) {
  const m = HOST_SYNTAX.exec(value);
  return m ? { name: m[1], port: m[2] === undefined ? null : Number(m[2]) } : null;
}

/** BASE_DOMAIN as config.ts accepts it. */
export const isHostName = (value: string) => split(value.toLowerCase()) !== null;

/** A missing port is the scheme's default one. */
const samePort = (a: number | null, b: number | null) =>
  a === b || (a === null && (b === 80 || b === 443)) || (b === null && (a === 80 || a === 443));

/**
 * Root host vs academy subdomain, from the configured base domain (`localhost:3000`,
 * `kora.sa`, `staging.kora.sa`); one label before the base is the handle. A Host naming the base
 * domain must carry its port (none, or the scheme's default, when BASE_DOMAIN has none).
 */
export function parseHost(hostHeader: string | undefined, baseDomain: string): HostInfo {
  const raw = (hostHeader ?? '').trim().toLowerCase();
  if (!raw) return { kind: 'root' };
  const host = split(raw);
  if (!host) return { kind: 'invalid' };
  const base = split(baseDomain.toLowerCase()) ?? { name: baseDomain.toLowerCase(), port: null };
  const ours = (info: HostInfo): HostInfo => (samePort(host.port, base.port) ? info : { kind: 'invalid' });
  if (host.name === base.name || host.name === `www.${base.name}`) return ours({ kind: 'root' });
  if (!host.name.endsWith(`.${base.name}`)) return { kind: 'foreign' };
  const label = host.name.slice(0, -(base.name.length + 1));
  if (label.includes('.')) return { kind: 'foreign' };
  if (RESERVED_HANDLES.some((h) => h === label)) return ours({ kind: 'reserved', label });
  return ours({ kind: 'academy', handle: label });
}

/** On an academy's subdomain, public paths serve only that academy: another one's thing is not found there. */
export const elsewhere = (site: HostInfo, handle: string) => site.kind === 'academy' && site.handle !== handle;

type Origin = Pick<Config, 'publicProtocol' | 'baseDomain'>;

/** Absolute links are built from the configuration alone, never from a request's Host. `path` starts with `/`. */
export const rootUrl = (config: Origin, path = '/') => `${config.publicProtocol}://${config.baseDomain}${path}`;
export const academyUrl = (config: Origin, handle: string, path = '/') =>
  `${config.publicProtocol}://${handle}.${config.baseDomain}${path}`;

/** The handle a public request names (login, parent registration, the public package list, the handle check). */
function namedHandle(req: FastifyRequest): string | undefined {
  for (const part of [req.body, req.query, req.params]) {
    const handle = part && typeof part === 'object' ? Reflect.get(part, 'handle') : undefined;
    if (typeof handle === 'string') return handle;
  }
  return undefined;
}

/**
 * Every request's Host is read once: a malformed one, or the base domain on another port, is
 * refused (400) before anything else. A public request naming an academy by handle is answered
 * only on the root host or that academy's own subdomain (404 elsewhere, as for a member); the
 * sign-up names an academy that does not exist yet and is exempt.
 */
export function registerHostCheck(app: FastifyInstance) {
  app.decorateRequest('site', null as never);
  // Callback hooks, not async: every request passes them, without a promise each.
  app.addHook('onRequest', (request, reply, done) => {
    request.site = parseHost(request.headers.host, app.deps.config.baseDomain);
    // Answered here: the request goes no further (done is not called).
    if (request.site.kind === 'invalid') return reply.status(400).send({ message: ERRORS['request.bad_host'], code: 'request.bad_host' });
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    const config = request.routeOptions.config;
    if (config?.access !== 'public' || config.operation === 'registerAcademy') return done();
    const handle = namedHandle(request);
    done(handle && elsewhere(request.site, handle) ? notFound('academy.not_found') : undefined);
  });
}
