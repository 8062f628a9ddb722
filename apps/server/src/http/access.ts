import type { MessageCode, PermissionFlag, RouteKey } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { finishHeld, type HeldSlot, heldOfRequest, park, runHeld, takeHeld } from '../db/held.js';
import { enteredBySession, type TenantTx } from '../db/tenant.js';
import { hashToken } from '../lib/tokens.js';
import { type AuthContext, authenticate, authenticateHolding } from '../modules/auth/sessions.js';
import { authenticateFamily, type FamilyAuth } from '../modules/family/session.js';
import { HttpError } from './errors.js';
import { sessionToken } from './session-cookie.js';

/**
 * What a route needs: `public`, any `member` of the academy, a member whose account type has at
 * least one of the listed flags, or a `parent` signed in to the family portal (a session of its own
 * kind: a staff token is no parent session, and a parent's is unknown to the staff's routes).
 * Every /api route must declare it (checked at start-up). `forbidden` names the code of the 403
 * when docs/domain.md words that refusal (cancelling a subscription, "Subscription lifecycle").
 */
export type Need = 'public' | 'member' | 'parent' | { anyOf: PermissionFlag[]; forbidden?: MessageCode };
/**
 * A rule that reads the request's JSON body or query (as sent: it is checked before validation, so a
 * caller without the right learns nothing of how its input would be judged), declared with the route
 * with every need it may answer (OpenAPI's refusals).
 */
export interface InputRule {
  of: 'body' | 'query';
  need(input: unknown): Need;
  needs: Need[];
}
/** A route that takes a form or a JSON body may need other rights for each (`PUT /api/users/{id}`), or need by its input. */
export type Access = Need | { form: Need; json: Need } | InputRule;

/** Every need a route may answer: its own, each body kind's, or each its input rule may give. */
export const needsOf = (access: Access): Need[] =>
  typeof access !== 'object' || 'anyOf' in access ? [access] : 'form' in access ? [access.form, access.json] : access.needs;

/** What this request needs: by its body's kind when the route tells them apart, or by its input. */
const needOf = (access: Access, request: FastifyRequest): Need =>
  typeof access !== 'object' || 'anyOf' in access
    ? access
    : 'form' in access
      ? request.isMultipart()
        ? access.form
        : access.json
      : access.need(access.of === 'body' ? request.body : request.query);

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The endpoint's operation id (set by `route`). */
    operation?: RouteKey;
    /** Its successful answers leave an audit row (declared with the route: http/route.ts, http/audit.ts). */
    audit?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** The transaction authentication left open for this request's first tenant work (db/held.ts). */
    heldSlot: HeldSlot | null;
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
  app.decorateRequest('family', null);
  app.decorateRequest('heldSlot', null);
  app.decorateRequest('tenant', function <T>(this: FastifyRequest, work: (tx: TenantTx) => Promise<T>) {
    const academyId = authOf(this).academyId;
    const held = takeHeld(this.heldSlot ?? undefined);
    // Held transactions come from authenticateHolding: already in this academy, as kora_app.
    if (held) return runHeld(held, (tx) => work(enteredBySession(tx, academyId)));
    return app.deps.data.tenant(academyId, work);
  });

  // Every request carries a slot for a held transaction, reachable from its async context too.
  app.addHook('onRequest', (request, _reply, done) => {
    request.heldSlot = { held: null, reading: holdsTransaction(request) };
    heldOfRequest.run(request.heldSlot, done);
  });
  // A transaction the handler did not take ends before the answer leaves (it may hold the
  // session's touch, which the client's next request must see), or with an aborted request.
  // Hooks with a callback, not async: most requests hold nothing and go on at once, without a promise.
  const release = (request: FastifyRequest, done: (err?: Error) => void) => {
    if (!request.heldSlot?.held) return done();
    finishHeld(request.heldSlot).then(() => done(), done);
  };
  app.addHook('onSend', (request, _reply, payload, done) => {
    // A member's write: this process reads its academy's sessions again (the data version moved),
    // so the member's next read sees it even before the notification (http/session-cache.ts).
    if (request.auth && !holdsTransaction(request)) app.sessionCache.forgetAcademy(request.auth.academyId);
    release(request, (err) => (err ? done(err) : done(null, payload)));
  });
  app.addHook('onResponse', (request, _reply, done) => release(request, done));
  app.addHook('onRequestAbort', (request, done) => release(request, done));

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} does not declare its access`);
    }
  });

  // Before validation, and before a form is read (http/route.ts): a caller without the right
  // learns nothing from how its input would be judged.
  app.addHook('preValidation', (request, _reply, done) => {
    const declared = request.routeOptions.config?.access;
    const need = declared && needOf(declared, request);
    if (!need || need === 'public') return done();
    // A callback hook: it must not also return the promise (Fastify would go on twice, running the handler twice).
    if (need === 'parent') {
      requireParent(app, request).then(() => done(), done);
      return;
    }
    requireMember(app, request)
      .then((auth) => {
        if (need !== 'member') requireAnyFlag(auth, need.anyOf, need.forbidden);
        done();
      })
      .catch(done);
  });
}

/** Authenticates the session of a request, its bearer token or its cookie (401 otherwise), and remembers the result on it. */
export async function requireMember(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext> {
  if (request.auth) return request.auth;
  const token = sessionToken(request, app.deps.config, 'member');
  const host = request.site;
  let auth: AuthContext | null = null;
  // A read is answered for a session this process checked and still trusts (http/session-cache.ts),
  // or goes on in the transaction its authentication opened; writes may first take a while (an
  // upload, a password hash) and always authenticate in the database, in a transaction of their own.
  if (token && holdsTransaction(request)) {
    const { sessionCache } = app;
    const tokenHash = token.length <= 200 ? hashToken(token) : null;
    const now = app.deps.clock.now().getTime();
    const kept = tokenHash ? sessionCache.get(tokenHash, now) : null;
    if (kept && (host.kind !== 'academy' || host.handle === kept.handle)) {
      auth = kept.auth;
    } else {
      const ticket = sessionCache.begin();
      const found = await authenticateHolding(app.deps, token, host);
      const expired = () =>
        request.log.warn({ route: request.routeOptions.url }, 'held transaction not taken in time: ended by its watchdog');
      if (found && request.heldSlot) park(request.heldSlot, found.held, expired);
      else await found?.held.finish(true);
      auth = found?.auth ?? null;
      if (auth && tokenHash) sessionCache.keep(ticket, tokenHash, auth, now);
    }
  } else if (token) {
    auth = await authenticate(app.deps, token, host);
  }
  if (!auth) throw new HttpError(401, 'auth.unauthorized');
  request.auth = auth;
  return auth;
}

/** Authenticates the bearer token of a parent's request on its academy's host (401 otherwise) and remembers it. */
async function requireParent(app: FastifyInstance, request: FastifyRequest): Promise<FamilyAuth> {
  if (request.family) return request.family;
  const token = sessionToken(request, app.deps.config, 'parent');
  const family = await authenticateFamily(app.deps, token, request.site);
  if (!family) throw new HttpError(401, 'auth.unauthorized');
  request.family = family;
  return family;
}

const holdsTransaction = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

/** 403 unless the member's account type has at least one of the flags. */
export function requireAnyFlag(auth: AuthContext, anyOf: PermissionFlag[], code: MessageCode = 'auth.forbidden') {
  const flags = auth.user.accountType;
  if (!flags || !anyOf.some((f) => flags[f])) throw new HttpError(403, code);
}
