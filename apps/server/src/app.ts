import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { MSG } from '@kora/contracts';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Deps } from './deps.js';
import { registerAccess } from './http/access.js';
import { registerErrorHandler } from './http/errors.js';
import { countStatementsPerRequest } from './http/statement-count.js';
import { attendanceRoutes } from './modules/attendance/routes.js';
import { registerParentRoutes } from './modules/auth/register-parent.routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { packageRoutes } from './modules/packages/routes.js';
import { playerRoutes } from './modules/players/routes.js';
import { teamRoutes } from './modules/teams/routes.js';
import { userRoutes } from './modules/users/routes.js';

export interface AppOptions {
  /** A pino logger; none means silent (tests). */
  logger?: FastifyBaseLogger;
  /** The built SPA (apps/web/dist); served for every host with index.html as fallback. */
  webDist?: string;
}

/** The whole HTTP application; main.ts and every test build it the same way. */
export async function buildApp(deps: Deps, opts: AppOptions = {}) {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    routerOptions: { maxParamLength: 200 },
  });
  app.decorate('deps', deps);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerAccess(app);
  countStatementsPerRequest(app, deps.config.exposeSqlCount);

  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: MSG.tooManyRequests, retryAfter: ctx.after }),
  });
  await app.register(fastifyMultipart, { limits: { fileSize: deps.config.uploadMaxBytes, files: 1, fields: 30, fieldSize: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kora API', version: '1.0.0', description: 'Football academy management. See API.md.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/docs/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(authRoutes);
  await app.register(registerParentRoutes);
  await app.register(packageRoutes);
  await app.register(teamRoutes);
  await app.register(userRoutes);
  await app.register(playerRoutes);
  await app.register(attendanceRoutes);

  app.get('/uploads/:key', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const file = await deps.storage.get((req.params as { key: string }).key);
    if (!file) return reply.status(404).send({ message: MSG.notFound });
    return reply
      .header('Content-Type', file.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(file.bytes);
  });

  const web = opts.webDist && existsSync(join(opts.webDist, 'index.html')) ? opts.webDist : undefined;
  if (web) await app.register(fastifyStatic, { root: web, wildcard: false, index: false, maxAge: '1h' });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (web && req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/uploads/')) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', web);
    }
    return reply.status(404).send({ message: MSG.notFound });
  });
  return app;
}
