import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/**
 * Browser protections on every answer. The bearer token lives in localStorage (as the spec has
 * it), so the Content-Security-Policy — scripts only from this origin, no framing of Kora — is its
 * main guard; HSTS once the site is served over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const paymentFrames = config.paytabs ? [new URL(config.paytabs.baseUrl).origin] : [];
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        // Style attributes set by the UI libraries; no script can run from a style.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        // Only the payment provider's hosted page may be framed inside Kora; nobody may frame Kora.
        frameSrc: ["'self'", ...paymentFrames],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.publicProtocol === 'https' ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  });
}
