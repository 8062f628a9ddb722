import type { MessageCode, PermissionFlag, RouteKey } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TenantTx } from '../db/tenant.js';
import { type AuthContext, authenticate } from '../modules/auth/sessions.js';
import { HttpError } from './errors.js';
import { parseHost } from './host.js';

/**
 * What a route needs: `public`, any `member` of the academy, or a member whose account type
 * has at least one of the listed flags. Every /api route must declare it (checked at start-up).
 * `forbidden` names the code of the 403 when the spec words that refusal (cancelling a subscription).
 */
export type Access = 'public' | 'member' | { anyOf: PermissionFlag[]; forbidden?: MessageCode };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The endpoint's operation id (set by `route`). */
    operation?: RouteKey;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Runs work in this member's academy (RLS transaction); only on member routes. */
    tenant<T>(work: (tx: TenantTx) => Promise<T>): Promise<T>;
  }
}

export const authOf = (request: FastifyRequest): AuthContext => {
  if (!request.auth) throw new HttpError(401, 'auth.unauthorized');
  return request.auth;
};

export function registerAccess(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('tenant', function <T>(this: FastifyRequest, work: (tx: TenantTx) => Promise<T>) {
    return app.deps.data.tenant(authOf(this).academyId, work);
  });

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    }
  });

  // Before validation: a caller without the right learns nothing from how its input would be judged.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const auth = await requireMember(app, request);
    if (access !== 'member') requireAnyFlag(auth, access.anyOf, access.forbidden);
  });
}

/** Authenticates the bearer token of a request (401 otherwise) and remembers the result on it. */
export async function requireMember(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext> {
  if (request.auth) return request.auth;
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const auth = token ? await authenticate(app.deps, token, parseHost(request.headers.host, app.deps.config.baseDomain)) : null;
  if (!auth) throw new HttpError(401, 'auth.unauthorized');
  request.auth = auth;
  return auth;
}

/** 403 unless the member's account type has at least one of the flags. */
export function requireAnyFlag(auth: AuthContext, anyOf: PermissionFlag[], code: MessageCode = 'auth.forbidden') {
  const flags = auth.user.accountType;
  if (!flags || !anyOf.some((f) => flags[f])) throw new HttpError(403, code);
}
