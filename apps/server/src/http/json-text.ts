import { type Endpoint, endpoints, type RouteKey } from '@kora/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Sends a list the database built as JSON text (db/json.ts) as it is: Fastify sends a string
 * with a JSON content type unchanged, so the response schema's serializer (a zod parse and a
 * JSON.stringify of every row) is skipped. The statement builds exactly the contract's shape;
 * test/list-contract.test.ts holds each such list to its response schema. A handler returns the
 * reply (http/route.ts: an answer it sent itself).
 */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
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
