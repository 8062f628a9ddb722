import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.js';

/** Pages that land inside the payment page's frame: the sandbox's card page, the return and the pages it sends the browser to. */
const FRAMED_BY_SELF =
  /^\/(sandbox\/|payment\/success(?:[/?]|$)|initial-subscription\/|renew-subscription\/|api\/payments\/return(?:\?|$))/;

/** Headers of the answer itself, not of the protections. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Browser protections on every answer. The bearer token lives in localStorage (docs/domain.md, "Shared controls and waits"),
 * so the Content-Security-Policy — scripts only from this origin, no framing of Kora — is its
 * main guard; HSTS once the site is served over https.
 *
 * The headers are the same for every answer (two sets: framed pages and the rest), so they are
 * computed once at start-up — by helmet itself, on a throwaway instance, so they are exactly what
 * helmet writes — and each request only copies them (docs/performance.md, "The hook chain": helmet
 * per request was a third of /healthz's CPU time). A route may still set its own (the API docs page
 * sets its own policy).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const common: Record<string, string> = {
    ...(await helmetHeaders(config)),
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  };
  // The payment page frames the provider's page; what comes back into that frame from Kora (the
  // sandbox's card page, the return's landing pages) may be framed by Kora's own pages, nobody else's.
  const framed = {
    ...common,
    'content-security-policy': common['content-security-policy'].replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
    'x-frame-options': 'SAMEORIGIN',
  };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(FRAMED_BY_SELF.test(req.url) ? framed : common);
    done();
  });
}

/** What helmet sets with Kora's options, read once from an answer of a throwaway instance. */
async function helmetHeaders(config: Config): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  const paymentFrames = config.paytabs ? [new URL(config.paytabs.baseUrl).origin] : [];
  await probe.register(fastifyHelmet, {
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
  probe.get('/', async () => '');
  const answer = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (!OWN_HEADERS.has(name) && value !== undefined) headers[name] = String(value);
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}
