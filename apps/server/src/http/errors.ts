import { ERRORS, type ErrorCode, issueCode, type MessageCode } from '@kora/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../lib/pg-errors.js';

export interface Issue {
  path: string;
  message: string;
  code: ErrorCode;
}

/** An expected failure: a status and a catalogued message, answered as `{message, code, issues?, params?}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    readonly issues?: Issue[],
    /** Values the message refers to (a count), answered as `params` for the web's translation. */
    readonly params?: Record<string, string | number>,
  ) {
    super(ERRORS[code].replace(/\{(\w+)\}/g, (whole, name: string) => String(params?.[name] ?? whole)));
  }
}

export const notFound = (code: MessageCode = 'request.not_found') => new HttpError(404, code);
export const conflict = (code: MessageCode, params?: Record<string, string | number>) => new HttpError(409, code, undefined, params);
export const forbidden = (code: MessageCode = 'auth.forbidden') => new HttpError(403, code);
/** 400 for one field (its path as the form names it). */
export const badRequest = (code: MessageCode, path?: string) =>
  new HttpError(400, code, path ? [{ path, message: ERRORS[code], code }] : undefined);

const issuePath = (p: readonly PropertyKey[] | string | undefined) =>
  Array.isArray(p)
    ? p.map(String).join('.')
    : String(p ?? '')
        .replace(/^\//, '')
        .replaceAll('/', '.');

const toIssue = (path: string, i: { message?: string; code?: string }): Issue => ({
  path,
  message: i.message ?? ERRORS['request.invalid'],
  code: issueCode(i),
});

function invalid(issues: Issue[]) {
  const first = issues[0];
  return { message: first?.message ?? ERRORS['request.invalid'], code: first?.code ?? 'request.invalid', issues };
}

const answer = (code: MessageCode) => ({ message: ERRORS[code], code });

/**
 * What of an unexpected error may be logged: a failed query's wrapper carries the SQL and its
 * parameters (names, phones, e-mails), so only its database code, constraint and message (which
 * name no values) and the stack are kept.
 */
export function loggable(error: Error): object {
  const cause: unknown = Reflect.get(error, 'cause');
  if (!error.message.startsWith('Failed query:') || !cause || typeof cause !== 'object') return error;
  const field = (name: string) => {
    const value: unknown = Reflect.get(cause, name);
    return typeof value === 'string' ? value : undefined;
  };
  return {
    type: 'DatabaseError',
    code: field('code'),
    constraint: field('constraint'),
    message: field('message'),
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}

/** One error handler producing the API's shape `{message, code, issues?}`; never a stack trace or SQL. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        ...answer(error.code),
        message: error.message,
        ...(error.issues ? { issues: error.issues } : {}),
        ...(error.params ? { params: error.params } : {}),
      });
    }
    if (error instanceof ZodError) {
      return reply.status(400).send(invalid(error.issues.map((i) => toIssue(issuePath(i.path), i))));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) =>
        // Body issues are named by field alone (the form's field names); query and params keep their prefix.
        toIssue([error.validationContext === 'body' ? '' : error.validationContext, issuePath(v.instancePath)].filter(Boolean).join('.'), {
          message: v.message,
          code: v.keyword, // zod's issue code
        }),
      );
      return reply.status(400).send(invalid(issues));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its contract');
      return reply.status(500).send(answer('request.failed'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: Reflect.get(error, 'code') }, 'database unavailable');
      return reply.status(503).header('Retry-After', '1').send(answer('request.unavailable'));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(answer('request.too_many'));
    // A body over its route's limit (http/rate-limits.ts, BODY_LIMITS); an upload over UPLOAD_MAX_BYTES is the upload's.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(answer('request.too_large'));
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') return reply.status(413).send(answer('upload.too_large'));
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, …): their messages are safe and plain.
      return reply.status(status).send({ message: error.message || ERRORS['request.invalid'], code: 'request.invalid' });
    }
    request.log.error({ err: loggable(error) }, 'unhandled error');
    return reply.status(500).send(answer('request.failed'));
  });
}
