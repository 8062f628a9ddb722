import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** Pages that land inside the payment page's frame: the sandbox's card page, the return and the pages it sends the browser to. */
const FRAMED_BY_SELF =
  /^\/(sandbox\/|payment\/success(?:[/?]|$)|initial-subscription\/|renew-subscription\/|api\/payments\/return(?:\?|$))/;

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
        // The installable app: its service worker (/sw.js) and web app manifest, from this origin only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        // Only the payment provider's hosted page may be framed inside Kora; nobody may frame Kora.
        // blob: is the invoice viewer's PDF, fetched by the page itself and shown from memory.
        frameSrc: ["'self'", 'blob:', ...paymentFrames],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: config.publicProtocol === 'https' ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
    // The payment page frames the provider's page; what comes back into that frame from Kora (the
    // sandbox's card page, the return's landing pages) may be framed by Kora's own pages, nobody else's.
    if (FRAMED_BY_SELF.test(req.url)) {
      const csp = reply.getHeader('content-security-policy') ?? reply.raw.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
  });
}
