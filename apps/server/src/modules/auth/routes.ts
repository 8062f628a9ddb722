import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/access.js';
import { noteAudit } from '../../http/audit.js';
import { HttpError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie.js';
import { confirmOwner, mailOwnerConfirmation } from '../academies/owner.js';
import { createLoginGuard } from './lockout.js';
import { changePassword, forgotPassword, login, registerAcademy, resetPassword } from './service.js';
import { revokeSession } from './sessions.js';

export async function authRoutes(app: FastifyInstance) {
  const { deps } = app;
  const guard = createLoginGuard(deps.counters, {
    max: 10,
    perAddressMax: Math.max(1, Math.round(30 * deps.config.rateLimitScale)),
    windowMs: 15 * 60_000,
  });
  const accountOf = (handle: string, email: string) => `${handle.trim().toLowerCase()}|${email.trim().toLowerCase()}`;

  route(app, 'registerAcademy', { access: 'public', rateLimit: 'publicWrite' }, async (req) => {
    const registered = await registerAcademy(deps, req.body);
    // The owner confirms their e-mail before the academy may send text messages (docs/domain.md, "Text messages").
    await mailOwnerConfirmation(deps, registered.academy.id);
    return registered;
  });
  route(app, 'confirmOwner', { access: 'public', rateLimit: 'publicWrite' }, (req) => confirmOwner(deps, req.body.token));

  route(app, 'login', { access: 'public', rateLimit: 'login' }, async (req, reply) => {
    const key = accountOf(req.body.handle, req.body.email);
    const wait = await guard.admit(key, req.ip);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new HttpError(429, 'request.too_many');
    }
    // The attempt was counted by `admit`; a wrong password leaves it counted.
    const { token, user } = await login(deps, req.body);
    await guard.succeed(key, req.ip);
    // On the academy's own host the session is also its HttpOnly cookie there (host-only: no other academy gets it).
    if (req.site.kind === 'academy' && req.site.handle === req.body.handle.trim().toLowerCase())
      setSessionCookie(reply, deps.config, 'member', token);
    return { token, user };
  });

  route(app, 'me', { access: 'member' }, async (req) => {
    const auth = authOf(req);
    return { user: auth.user, currentAcademyId: auth.academyId };
  });

  route(app, 'logout', { access: 'member' }, async (req, reply) => {
    const auth = authOf(req);
    await deps.data.system((tx) => revokeSession(tx, auth.sessionId, deps.clock.now()));
    clearSessionCookie(reply, deps.config, 'member');
  });

  route(app, 'forgotPassword', { access: 'public', rateLimit: 'publicWrite' }, async (req) => {
    // Looked up after answering: the time of the answer never tells whether the e-mail exists.
    const { handle, email } = req.body;
    app.background.run(() => forgotPassword(deps, handle, email), req.log);
    return { message: 'If this e-mail has an account, a reset link is on its way.' };
  });

  route(app, 'resetPassword', { access: 'public', rateLimit: 'publicWrite' }, async (req) => {
    const account = await resetPassword(deps, req.body.token, req.body.newPassword, req.site);
    await guard.trust(accountOf(account.handle, account.email), req.ip);
  });

  // Like a login (docs/domain.md, "Signing in safely"): the same per-route limit, and each try of the
  // current password counts against the account, so a stolen session cannot guess it faster than a login could.
  route(app, 'changePassword', { access: 'member', rateLimit: 'login', audit: true }, async (req, reply) => {
    const auth = authOf(req);
    const key = accountOf(auth.handle, auth.user.email ?? auth.user.id);
    const wait = await guard.admit(key, req.ip);
    if (wait > 0) {
      reply.header('Retry-After', String(wait));
      throw new HttpError(429, 'request.too_many');
    }
    const { sessionsEnded } = await changePassword(deps, auth, req.body);
    await guard.succeed(key, req.ip);
    noteAudit(req, { sessionsEnded }, auth.user.id);
  });

  if (deps.config.exposeOutbox) {
    app.get('/api/dev/outbox', { config: { access: 'public' }, schema: { hide: true } }, async () => deps.mailer.outbox());
  }
}
