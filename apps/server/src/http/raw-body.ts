import { ERRORS } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A provider's signed callback (PayTabs, WhatsApp): the scope's JSON bodies are parsed as usual and their bytes
 * kept, because the signature is over those bytes, not over a re-serialisation. Answers the bytes of a request.
 */
export function keepRawJsonBodies(scope: FastifyInstance): (req: FastifyRequest) => Buffer | undefined {
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(body);
    rawBodies.set(req, bytes);
    try {
      done(null, JSON.parse(bytes.toString('utf8')));
    } catch {
      done(Object.assign(new Error(ERRORS['request.invalid']), { statusCode: 400 }), undefined);
    }
  });
  return (req) => rawBodies.get(req);
}
