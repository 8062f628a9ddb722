import { MSG } from '@kora/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/** An expected failure with a status and a message fit to show the user. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (message: string = MSG.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string, path?: string) => new HttpError(400, message, path ? [{ path, message }] : undefined);
export const forbidden = (message: string = MSG.forbidden) => new HttpError(403, message);

const issuePath = (p: readonly PropertyKey[] | string | undefined) =>
  Array.isArray(p)
    ? p.map(String).join('.')
    : String(p ?? '')
        .replace(/^\//, '')
        .replaceAll('/', '.');

export function fromZodError(err: ZodError): HttpError {
  const issues = err.issues.map((i) => ({ path: issuePath(i.path), message: i.message }));
  return new HttpError(400, issues[0]?.message ?? MSG.invalidInput, issues);
}

/** One error handler producing API.md's shape: `{ message, issues? }`; never a stack trace or SQL. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.issues ? { issues: error.issues } : {}) });
    }
    if (error instanceof ZodError) {
      const e = fromZodError(error);
      return reply.status(400).send({ message: e.message, issues: e.issues });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        // Body issues are named by field alone (the form's field names); query and params keep their prefix.
        path: [error.validationContext === 'body' ? '' : error.validationContext, issuePath(v.instancePath)].filter(Boolean).join('.'),
        message: v.message ?? MSG.invalidInput,
      }));
      return reply.status(400).send({ message: issues[0]?.message ?? MSG.invalidInput, issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply.status(500).send({ message: MSG.somethingWentWrong });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ message: MSG.tooManyRequests });
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') return reply.status(413).send({ message: MSG.payloadTooLarge });
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, …): their messages are safe and plain.
      return reply.status(status).send({ message: error.message || MSG.invalidInput });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MSG.somethingWentWrong });
  });
}
