import { ERRORS } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/** For orchestrators: liveness never touches the database; readiness answers 503 while it is unreachable. */
export function registerHealth(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await app.deps.data.system((tx) => tx.execute(sql`select 1`));
      return { status: 'ready' };
    } catch {
      return reply.status(503).header('Retry-After', '1').send({ message: ERRORS['request.unavailable'], code: 'request.unavailable' });
    }
  });
}
