import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { ERRORS } from '@kora/contracts';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { dataAccess } from './db/tenant.js';
import type { Deps } from './deps.js';
import { registerAccess } from './http/access.js';
import { registerAudit } from './http/audit.js';
import { registerBackground } from './http/background.js';
import { registerApiCaching } from './http/caching.js';
import { limitConnections } from './http/connections.js';
import { databaseCounters, rateLimitStore } from './http/counters.js';
import { registerErrorHandler } from './http/errors.js';
import { registerHealth } from './http/health.js';
import { registerHostCheck } from './http/host.js';
import { guardJsonBodies } from './http/json-guard.js';
import { registerListCache } from './http/list-cache.js';
import { refuseNulBytes } from './http/nul-bytes.js';
import { documentedUrl, documentMediaTypes, documentMultipartBodies } from './http/openapi.js';
import { requestForLog } from './http/request-log.js';
import { queryDiscriminator } from './http/route.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSessionCache } from './http/session-cache.js';
import { CSRF_HEADER, sessionCookieName } from './http/session-cookie.js';
import { countStatementsPerRequest } from './http/statement-count.js';
import { academyRoutes } from './modules/academies/routes.js';
import { accountTypeRoutes } from './modules/account-types/routes.js';
import { attendanceRoutes } from './modules/attendance/routes.js';
import { attendanceReportRoutes } from './modules/attendance-reports/routes.js';
import { attentionRoutes } from './modules/attention/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { registerParentRoutes } from './modules/auth/register-parent.routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { collectionsRoutes } from './modules/collections/routes.js';
import { isPhotoWithheld } from './modules/consents/service.js';
import { sealingKeyFor } from './modules/e-invoicing/keys.js';
import { createReporter, type Reporter } from './modules/e-invoicing/reporting.js';
import { eInvoicingRoutes } from './modules/e-invoicing/routes.js';
import { eventRoutes } from './modules/events/routes.js';
import { familyRoutes } from './modules/family/routes.js';
import { growthRoutes } from './modules/growth/routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { createMessenger, type Messenger } from './modules/messages/queue.js';
import { messageRoutes } from './modules/messages/routes.js';
import { packageRoutes } from './modules/packages/routes.js';
import { familyPaymentLinkRoutes } from './modules/payments/family-links.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { playerImportRoutes } from './modules/player-import/routes.js';
import { playerRoutes } from './modules/players/routes.js';
import { privacyRoutes } from './modules/privacy/routes.js';
import { statsRoutes } from './modules/stats/routes.js';
import { subscriptionRoutes } from './modules/subscriptions/routes.js';
import { teamRoutes } from './modules/teams/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { loadAppDocument, sendSignedInDocument } from './web/app-document.js';
import { registerPublicSite } from './web/public-site.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The ZATCA reporting queue's worker (modules/e-invoicing/reporting.ts). */
    reporter: Reporter;
    /** The messages queue's worker and its channels (modules/messages/queue.ts). */
    messenger: Messenger;
  }
}

export interface AppOptions {
  /** A pino logger; none means silent (tests). */
  logger?: FastifyBaseLogger;
  /** The built SPA (apps/web/dist); served for every host with index.html as fallback. */
  webDist?: string;
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest n hops". */
const trustedProxies = (setting: boolean | number | string) =>
  typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;

/** Hashed bundles never change under their name; the app's shell is revalidated every time (a release shows at once); the rest hourly. */
const cacheControlOf = (file: string) => {
  if (/[\\/]assets[\\/]/.test(file)) return 'public, max-age=31536000, immutable';
  // The app's shell, its service worker and manifest are revalidated every time: a release reaches installed apps at once.
  return /(index\.html|sw\.js|manifest\.webmanifest|offline-assets\.json)(\.br|\.gz)?$/.test(file) ? 'no-cache' : 'public, max-age=3600';
};

/** The whole HTTP application; main.ts and every test build it the same way. */
export async function buildApp(deps: Deps, opts: AppOptions = {}) {
  const app = Fastify({
    // Request logs name the route, never the tokens and ids in an address (http/request-log.ts).
    ...(opts.logger ? { loggerInstance: opts.logger.child({}, { serializers: { req: requestForLog } }) } : { logger: false }),
    bodyLimit: 1024 * 1024,
    // Client addresses (rate limits, audit) come from X-Forwarded-For only behind configured proxies.
    trustProxy: trustedProxies(deps.config.trustProxy),
    routerOptions: { maxParamLength: 200 },
  });
  // Idle sockets cannot hold every descriptor: a cap per process and per client address (MAX_CONNECTIONS…).
  limitConnections(app.server, deps.config.connections);
  const { db, ...rest } = deps;
  // Modules reach the database only through tenant or system transactions, never the pool.
  const data = dataAccess(db);
  const now = () => deps.clock.now();
  const counters = databaseCounters(data, now);
  app.decorate('deps', { ...rest, data, counters });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // First of every request's hooks: a bad Host is refused before any other work.
  registerHostCheck(app);
  registerBackground(app);
  registerAudit(app);
  // Mails still being delivered finish before the database closes.
  app.addHook('onClose', () => deps.mailer.stop());
  // The key that opens academies' signing keys, read (or, in development, made) now: an invoice signed
  // with an academy's key may be the first thing to need it after a restart.
  sealingKeyFor(deps.config);
  // Reporting to ZATCA: main.ts starts its timer; a report in flight finishes before the database closes.
  const reporter = createReporter({
    data,
    zatca: deps.zatca,
    clock: deps.clock,
    sealingKey: () => sealingKeyFor(deps.config),
    log: app.log,
  });
  app.decorate('reporter', reporter);
  app.addHook('onClose', () => reporter.stop());
  // Messages to parents and coaches: main.ts starts its timer; a send in flight finishes before the database closes.
  const messenger = createMessenger({ data, config: deps.config, clock: deps.clock, mailer: deps.mailer, counters, log: app.log });
  app.decorate('messenger', messenger);
  app.addHook('onClose', () => messenger.stop());
  // A change that wrote messages wakes the worker once answered (its transaction has committed).
  app.addHook('onResponse', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) messenger.wake();
  });
  await registerSecurityHeaders(app, deps.config);
  registerAccess(app);
  // Before the routes: the public and the members' package lists share GET /api/packages.
  app.addConstraintStrategy(queryDiscriminator);
  registerSessionCache(app, db);
  registerListCache(app);
  refuseNulBytes(app);
  // JSON nested too deep or not UTF-8 is refused as it is read, before JSON.parse.
  guardJsonBodies(app);
  countStatementsPerRequest(app, deps.config.exposeSqlCount);
  // Compressed JSON and ETag/304 for API answers; before the routes, which it hooks as they are added.
  await registerApiCaching(app);

  await app.register(fastifyRateLimit, {
    global: false,
    // Counted when a request arrives, before its body is read or validated: a refused body still counts.
    hook: 'onRequest',
    store: rateLimitStore(counters),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: 429, message: ERRORS['request.too_many'], retryAfter: ctx.after }),
  });
  // Session cookies (http/session-cookie.ts): read on every request, set by the sign-ins.
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, { limits: { fileSize: deps.config.uploadMaxBytes, files: 1, fields: 30, fieldSize: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Kora API', version: '1.0.0', description: 'Football academy management; rules in docs/domain.md.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: "A member's session (POST /api/auth/login's token)" },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(deps.config, 'member'),
            description: `The same session as an HttpOnly cookie, set by a login on the academy's host; a write carried by it needs \`${CSRF_HEADER}: 1\` and the academy's own Origin (403 \`auth.csrf\`)`,
          },
          parentSession: {
            type: 'http',
            scheme: 'bearer',
            description: "A parent's family-portal session (POST /api/family/verify's token)",
          },
          parentCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(deps.config, 'parent'),
            description:
              'The same parent session as an HttpOnly cookie, set by the verification on the academy host; writes as for sessionCookie',
          },
        },
      },
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      return { ...result, url: documentedUrl(input.route.config?.operation, result.url) };
    },
    transformObject: (doc) => ('openapiObject' in doc ? documentMediaTypes(documentMultipartBodies(doc.openapiObject)) : doc.swaggerObject),
  });
  // The docs page sets its own policy, with hashes of its inline parts.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/docs/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  registerHealth(app);
  await app.register(authRoutes);
  await app.register(registerParentRoutes);
  await app.register(packageRoutes);
  await app.register(teamRoutes);
  await app.register(userRoutes);
  await app.register(playerRoutes);
  await app.register(playerImportRoutes);
  await app.register(attendanceRoutes);
  await app.register(attendanceReportRoutes);
  await app.register(eventRoutes);
  await app.register(statsRoutes);
  await app.register(accountTypeRoutes);
  await app.register(eInvoicingRoutes);
  await app.register(academyRoutes);
  await app.register(growthRoutes);
  await app.register(auditRoutes);
  await app.register(attentionRoutes);
  await app.register(subscriptionRoutes);
  await app.register(paymentRoutes);
  await app.register(familyPaymentLinkRoutes);
  await app.register(invoiceRoutes);
  await app.register(familyRoutes);
  await app.register(collectionsRoutes);
  await app.register(messageRoutes);
  await app.register(privacyRoutes);
  // The sandbox provider's own card page (none for PayTabs, whose page is on its domain).
  if (deps.payments.plugin) await app.register(deps.payments.plugin);

  app.get<{ Params: { key: string } }>('/uploads/:key', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const file = await deps.storage.get(req.params.key);
    // A child's photo whose consent was withdrawn is refused at its address too (docs/domain.md, "Data map").
    if (!file || (await isPhotoWithheld(app.deps.data, `/uploads/${req.params.key}`)))
      return reply.status(404).send({ message: ERRORS['request.not_found'], code: 'request.not_found' });
    return (
      reply
        .header('Content-Type', file.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        // Kept by browsers, but never a year: a withdrawn consent must stop the photo soon everywhere.
        .header('Cache-Control', 'private, max-age=300')
        .send(file.bytes)
    );
  });

  const web = opts.webDist && existsSync(join(opts.webDist, 'index.html')) ? opts.webDist : undefined;
  // robots.txt, sitemap.xml and the public site's prerendered pages (apps/web/scripts/prerender.mjs).
  await registerPublicSite(app, { webDist: web, config: deps.config });
  if (web) {
    await app.register(fastifyStatic, {
      root: web,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build's brotli/gzip copies (apps/web/scripts/compress.mjs) for browsers that accept them; the
      // prerendered pages are answered by registerPublicSite only.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'prerendered/**', 'boot/**'],
      setHeaders: (res, file) => res.header('Cache-Control', cacheControlOf(file)),
    });
  }
  // A signed-in member's page load: the app's shell with its frame, session and first data (web/app-document.ts).
  const appDocument = web ? await loadAppDocument(app, web) : null;
  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0];
    const page = req.method === 'GET' || req.method === 'HEAD';
    if (web && page && !path.startsWith('/api/') && !path.startsWith('/uploads/')) {
      const signedIn = await appDocument?.render(req).catch((err: unknown) => {
        // The plain shell still works: the app asks for what the document would have carried.
        req.log.error({ err }, 'the signed-in document could not be drawn');
        return null;
      });
      if (signedIn) return sendSignedInDocument(req, reply, signedIn);
      // Deep links get the app's shell, revalidated every time so a new release is picked up at once.
      return reply.sendFile('index.html', web);
    }
    return reply.status(404).send({ message: ERRORS['request.not_found'], code: 'request.not_found' });
  });
  return app;
}
