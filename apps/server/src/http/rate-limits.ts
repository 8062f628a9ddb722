import type { RateLimitOptions } from '@fastify/rate-limit';
import type { RouteKey } from '@kora/contracts';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Access } from './access.js';

/**
 * Per-route limits (docs/domain.md, "Signing in safely"); RATE_LIMIT_SCALE multiplies every max so tests and benchmarks can raise them.
 * Each is counted when the request arrives (`onRequest`, app.ts), before its body is read or validated: a
 * request refused for its body still counts. Login's key needs the body's e-mail, so it counts after
 * validation, and route() puts `beforeBody` in front of it.
 */
export function limits(config: Config) {
  const scaled = (max: number) => Math.max(1, Math.round(max * config.rateLimitScale));
  const bodyField = (req: FastifyRequest, field: string) => {
    const v: unknown = typeof req.body === 'object' && req.body ? Reflect.get(req.body, field) : undefined;
    return typeof v === 'string' ? v.trim().toLowerCase().slice(0, 254) : '';
  };
  return {
    /** Login: per (IP, e-mail), once the body is read. */
    login: {
      max: scaled(10),
      timeWindow: '1 minute',
      hook: 'preHandler',
      keyGenerator: (req: FastifyRequest) => `${req.ip}|${bodyField(req, 'email')}`,
    } satisfies RateLimitOptions,
    /** Registration, password mails and other public writes: per IP. */
    publicWrite: { max: scaled(10), timeWindow: '1 minute' } satisfies RateLimitOptions,
    /** Public reads (handle checks, public packages): per IP. */
    publicRead: { max: scaled(120), timeWindow: '1 minute' } satisfies RateLimitOptions,
    /** In front of a limit counted after the body (login): per IP and route, when the request arrives. */
    beforeBody: { max: scaled(60), timeWindow: '1 minute' } satisfies RateLimitOptions,
  };
}

/** The named limits a route declares (`rateLimit: 'publicRead'`). */
export type RateLimitPreset = keyof ReturnType<typeof limits>;

const KB = 1024;

/**
 * The largest request body of a route, by what it takes (Fastify answers 413 `request.too_large`
 * beyond, from Content-Length before reading a byte, or as soon as the bytes pass it). Multipart
 * forms are not read this way: their files and fields have their own limits (UPLOAD_MAX_BYTES, app.ts).
 * Each route's limit is in its OpenAPI description; docs/architecture.md lists them.
 */
export const BODY_LIMITS = {
  /** A route whose contract takes no body. */
  none: 1 * KB,
  /** A public route's JSON (sign-in, password mails, an academy's registration: under 2 KB when full). */
  public: 4 * KB,
  /** A member's JSON (the largest valid ones: 200 attendance marks, about 30 KB; a team of 500 player ids, 20 KB). */
  member: 64 * KB,
} as const;

/** Routes whose bodies are larger than their kind's, and why. */
export const BODY_LIMIT_EXCEPTIONS: Partial<Record<RouteKey, number>> = {
  /** A parent and a child with Arabic names and a medical note of 1000 characters (escaped, up to 6 bytes a character). */
  registerParent: 16 * KB,
  /** The payment provider's callback and the browser's return: the provider's fields, as the form parser already allowed. */
  paymentCallback: 16 * KB,
  paymentReturn: 16 * KB,
  /** WhatsApp's status callbacks: a batch of statuses with their metadata. */
  whatsappWebhook: 64 * KB,
};

/** A route's body limit: its own, else its exception, else by whether it takes a body and who may call it. */
export function bodyLimitOf(key: RouteKey, takesBody: boolean, access: Access, own?: number): number {
  if (own !== undefined) return own;
  const exception = BODY_LIMIT_EXCEPTIONS[key];
  if (exception !== undefined) return exception;
  if (!takesBody) return BODY_LIMITS.none;
  return access === 'public' ? BODY_LIMITS.public : BODY_LIMITS.member;
}
