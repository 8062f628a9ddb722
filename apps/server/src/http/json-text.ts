import { type Endpoint, endpoints, type RouteKey } from '@kora/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Answers a list the database built as JSON text (db/json.ts) as it is: Fastify sends a string
 * with a JSON content type unchanged, so the response schema's serializer (a zod parse and a
 * JSON.stringify of every row) is skipped. The statement builds exactly the contract's shape;
 * test/list-contract.test.ts holds each such list to its response schema.
 *
 * The result is typed as the route's answer (`T` comes from the handler's return type).
 */
export function sendJsonText<T>(reply: FastifyReply, text: string): T {
  reply.type('application/json; charset=utf-8');
  return text as unknown as T;
}

/**
 * An answer as the route's serializer writes it (its 200 schema's `encode`, then JSON), for an
 * answer kept as text (http/list-cache.ts) by a route whose service answers values.
 */
export function serializeAnswer(key: RouteKey, value: unknown): string {
  const ep: Endpoint = endpoints[key];
  const schema = ep.responses[200];
  if (!schema) throw new Error(`${key} has no 200 answer`);
  return JSON.stringify(z.encode(schema, value));
}
