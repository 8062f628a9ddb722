import {
  checkHandleParams,
  checkHandleReply,
  errorSchema,
  forgotPasswordBody,
  loginBody,
  loginReply,
  MSG,
  meReply,
  registerAcademyBody,
  registerAcademyReply,
  resetPasswordBody,
} from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withSystem } from '../../db/tenant.js';
import { authOf } from '../../http/access.js';
import { HttpError } from '../../http/errors.js';
import { limits } from '../../http/rate-limits.js';
import { findAcademyByHandle } from '../academies/lookup.js';
import { createLockout } from './lockout.js';
import { forgotPassword, login, registerAcademy, resetPassword } from './service.js';
import { revokeSession } from './sessions.js';

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = limits(app.deps.config);
  const lockout = createLockout({ max: 10, windowMs: 15 * 60_000, now: () => app.deps.clock.now().getTime() });
  const tags = ['access'];

  r.post(
    '/api/auth/register/academy',
    {
      config: { access: 'public', rateLimit: limit.publicWrite },
      schema: { tags, body: registerAcademyBody, response: { 201: registerAcademyReply, 409: errorSchema } },
    },
    async (req, reply) => reply.status(201).send(await registerAcademy(app.deps, req.body)),
  );

  r.get(
    '/api/academies/check/:handle',
    {
      config: { access: 'public', rateLimit: limit.publicRead },
      schema: { tags, params: checkHandleParams, response: { 200: checkHandleReply } },
    },
    async (req) => ({ exists: !!(await findAcademyByHandle(app.deps.db, req.params.handle)) }),
  );

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public', rateLimit: limit.login },
      schema: { tags, body: loginBody, response: { 200: loginReply, 401: errorSchema } },
    },
    async (req, reply) => {
      const key = `${req.body.handle}|${req.body.email}`;
      const wait = lockout.retryAfter(key);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new HttpError(429, MSG.tooManyRequests);
      }
      try {
        const { token, user } = await login(app.deps, req.body);
        lockout.succeed(key);
        return { token, user };
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 401) lockout.fail(key);
        throw err;
      }
    },
  );

  r.get('/api/auth/me', { config: { access: 'member' }, schema: { tags, response: { 200: meReply } } }, async (req) => {
    const auth = authOf(req);
    return { user: auth.user, currentAcademyId: auth.academyId };
  });

  r.post('/api/auth/logout', { config: { access: 'member' }, schema: { tags } }, async (req, reply) => {
    const auth = authOf(req);
    await withSystem(app.deps.db, (tx) => revokeSession(tx, auth.sessionId, app.deps.clock.now()));
    return reply.status(204).send();
  });

  r.post(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', rateLimit: limit.publicWrite },
      schema: { tags, body: forgotPasswordBody, response: { 202: z.object({ message: z.string() }) } },
    },
    async (req, reply) => {
      await forgotPassword(app.deps, req.body.handle, req.body.email);
      return reply.status(202).send({ message: 'If this e-mail has an account, a reset link is on its way.' });
    },
  );

  r.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public', rateLimit: limit.publicWrite },
      schema: { tags, body: resetPasswordBody, response: { 204: z.null(), 400: errorSchema } },
    },
    async (req, reply) => {
      await resetPassword(app.deps, req.body.token, req.body.newPassword);
      return reply.status(204).send(null);
    },
  );

  if (app.deps.config.exposeOutbox) {
    r.get('/api/dev/outbox', { config: { access: 'public' }, schema: { hide: true } }, async () => app.deps.mailer.outbox());
  }
}
