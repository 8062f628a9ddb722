import { ERRORS, type HostInfo, parseHost } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { notFound } from './errors.js';

export type { HostInfo };

declare module 'fastify' {
  interface FastifyRequest {
    /** What the request's Host names (registerHostCheck); an invalid one never reaches a handler. */
    site: HostInfo;
  }
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
  // Declared without a value (an object would be shared by every request): the first hook sets it.
  app.decorateRequest('site');
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
