import type { FastifyReply } from 'fastify';

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
