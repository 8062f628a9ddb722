import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** Per-route limits (docs/domain.md, "Signing in safely"); RATE_LIMIT_SCALE multiplies every max so tests and benchmarks can raise them. */
export function limits(config: Config) {
  const scaled = (max: number) => Math.max(1, Math.round(max * config.rateLimitScale));
  const bodyField = (req: FastifyRequest, field: string) => {
    const v: unknown = typeof req.body === 'object' && req.body ? Reflect.get(req.body, field) : undefined;
    return typeof v === 'string' ? v.trim().toLowerCase().slice(0, 254) : '';
  };
  return {
    /** Login: per (IP, e-mail). */
    login: { max: scaled(10), timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => `${req.ip}|${bodyField(req, 'email')}` },
    /** Registration, password mails and other public writes: per IP. */
    publicWrite: { max: scaled(10), timeWindow: '1 minute' },
    /** Public reads (handle checks, public packages): per IP. */
    publicRead: { max: scaled(120), timeWindow: '1 minute' },
  };
}
