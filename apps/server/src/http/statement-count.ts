import type { FastifyInstance } from 'fastify';
import { statementCounter } from '../db/client.js';

declare module 'fastify' {
  interface FastifyRequest {
    sqlStatements: { count: number } | null;
  }
}

/**
 * Counts the SQL statements each request runs (the async context carries the counter into
 * every query). With EXPOSE_SQL_COUNT the count is answered in `x-sql-statements`, so tests can
 * assert that a list does not run more statements for more rows.
 */
export function countStatementsPerRequest(app: FastifyInstance, expose: boolean) {
  app.decorateRequest('sqlStatements', null);
  app.addHook('onRequest', (req, _reply, done) => {
    req.sqlStatements = { count: 0 };
    statementCounter.run(req.sqlStatements, done);
  });
  if (expose) {
    app.addHook('onSend', (req, reply, payload, done) => {
      reply.header('x-sql-statements', String(req.sqlStatements?.count ?? 0));
      done(null, payload);
    });
  }
}
