import type { RateLimitOptions } from '@fastify/rate-limit';
import { type Endpoint, type Endpoints, endpoints, errorSchema, ROUTE_KEYS, ROUTES, type RouteKey } from '@kora/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Access, type Need, needsOf } from './access.js';
import { MAX_JSON_DEPTH } from './json-guard.js';
import { readMultipart } from './multipart.js';
import { bodyLimitOf, limits, type RateLimitPreset } from './rate-limits.js';

type Ep<K extends RouteKey> = Endpoints[K];
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type SuccessStatus<K extends RouteKey> = Extract<keyof Ep<K>['responses'], 200 | 201 | 202 | 204>;
/** What a handler returns: the input of its success answer (serialised through the same schema), nothing for 204. */
// biome-ignore lint/suspicious/noConfusingVoidType: a 204 handler returns its service's Promise<void>
type Answer<K extends RouteKey> = Ep<K>['responses'][SuccessStatus<K>] extends infer S ? (S extends z.ZodType ? z.input<S> : void) : never;
/** A file answer (`produces`: PDF, CSV, XLSX…) may be its bytes, which Fastify sends as they are. */
type FileAnswer<K extends RouteKey> = Ep<K> extends { produces: string } ? Buffer : never;

type FilesOf<M> = M extends { files: readonly (infer N extends string)[] } ? { [file in N]: Buffer | null } : never;
/** A multipart request: its fields parsed by the contract and its files. */
type FormOf<M> = M extends { fields: infer F } ? { fields: Out<F>; files: FilesOf<M> } : never;
type BodyOf<K extends RouteKey> =
  Ep<K> extends { body: infer B; multipart: infer M }
    ? { body: Out<B>; form: null } | { body: null; form: FormOf<M> }
    : Ep<K> extends { body: infer B }
      ? { body: Out<B> }
      : Ep<K> extends { multipart: infer M }
        ? { form: FormOf<M> }
        : unknown;

/** The request a handler sees: params, query and body already validated by the endpoint's contract. */
export type RouteRequest<K extends RouteKey> = FastifyRequest & {
  params: Ep<K> extends { params: infer P } ? Out<P> : unknown;
  query: Ep<K> extends { query: infer Q } ? Out<Q> : unknown;
} & BodyOf<K>;

/** A rate limit: one of the named presets (http/rate-limits.ts), or its own options (a provider's page). */
export type RateLimit = RateLimitPreset | RateLimitOptions;

/** An endpoint's rules, declared with its handler: who may call it, whether it leaves an audit row, how often. */
export interface RouteOptions {
  access: Access;
  /** Its successful answers leave an audit row (docs/domain.md, "Audit trail"): money, attendance, permissions, parents' changes. */
  audit?: true;
  /** Counted when the request arrives, before its body is read (a limit whose key reads the body says `hook: 'preHandler'`). */
  rateLimit?: RateLimit;
  /** Largest JSON body in bytes, when not the one its kind has (http/rate-limits.ts, BODY_LIMITS). */
  bodyLimit?: number;
}

const kb = (bytes: number) => `${Math.round((bytes / 1024) * 10) / 10} KB`;

/** The query keys that choose between two operations of one method and path (the endpoint map's `discriminator`). */
const DISCRIMINATING_KEYS = [
  ...new Set(
    ROUTE_KEYS.flatMap((key) => {
      const ep: Endpoint = endpoints[key];
      return ep.discriminator ? [ep.discriminator.query] : [];
    }),
  ),
];

/**
 * Two operations may share a method and path when one declares a `discriminator` (the public
 * `listPublicPackages` and the members' `listPackages` on `GET /api/packages`). Fastify registers
 * a method and path once, so the declaring one is a route constrained by this strategy: the router
 * takes it when the query carries the key, the other (unconstrained) route otherwise. Both stay
 * whole routes, each with its own access, rate limit, validation, answer schema and OpenAPI entry,
 * which a dispatcher inside one handler would have to redo by hand. Registered by app.ts.
 */
export const queryDiscriminator: Parameters<FastifyInstance['addConstraintStrategy']>[0] = {
  name: 'queryKey',
  storage: <Handler>() => {
    const byKey = new Map<unknown, Handler>();
    return {
      get: (key: unknown) => byKey.get(key) ?? null,
      set: (key: unknown, handler: Handler) => {
        byKey.set(key, handler);
      },
    };
  },
  // Runs for every request the router matches: a query-less address costs one indexOf.
  deriveConstraint(req) {
    const url = req.url ?? '';
    const at = url.indexOf('?');
    if (at < 0) return undefined;
    const query = new URLSearchParams(url.slice(at + 1));
    return DISCRIMINATING_KEYS.find((key) => query.has(key));
  },
  // A request carrying a key may still reach an unconstrained route (`/api/teams?handle=x`).
  mustMatchWhenDerived: false,
};

/** OpenAPI's security of a route (app.ts names the schemes): none when public, the staff's or the parent's session (bearer or cookie). */
const securityOf = (needs: Need[]): Record<string, string[]>[] =>
  needs.includes('public')
    ? []
    : needs.includes('parent')
      ? [{ parentSession: [] }, { parentCookie: [] }]
      : [{ bearer: [] }, { sessionCookie: [] }];

/**
 * Registers the handler of one endpoint of the contract map: method, path, validation, OpenAPI
 * (with the operation id) and the success status all come from the map, so a handler whose input
 * or answer does not match its contract does not compile.
 */
export function route<K extends RouteKey>(
  app: FastifyInstance,
  key: K,
  options: RouteOptions,
  /** Answers its success answer, or the reply when it answered by itself (a redirect, another status). */
  handler: (req: RouteRequest<K>, reply: FastifyReply) => Promise<Answer<K> | FileAnswer<K> | FastifyReply>,
) {
  const [method, url] = ROUTES[key];
  const ep: Endpoint = endpoints[key];
  const statuses = Object.keys(ep.responses).map(Number);
  const success = statuses.find((s) => s >= 200 && s < 300) ?? 200;
  const response: Record<number, z.ZodType> = {};
  for (const status of statuses) {
    const schema = ep.responses[status];
    if (schema) response[status] = schema;
  }
  const rateLimit: RateLimitOptions | undefined =
    typeof options.rateLimit === 'string' ? limits(app.deps.config)[options.rateLimit] : options.rateLimit;
  const needs = needsOf(options.access);
  // Every answer may be an error of the one shape; document the ones this route can give.
  const refusals = needs.flatMap((need) => (need === 'public' ? [] : need === 'parent' ? [401] : [401, 403]));
  for (const status of [400, ...refusals, ...(rateLimit ? [429] : [])]) response[status] ??= errorSchema;
  const multipart = ep.multipart;
  const bodyLimit = bodyLimitOf(key, Boolean(ep.body || multipart), options.access, options.bodyLimit);
  response[413] ??= errorSchema;
  // A limit keyed by the body counts after validation; one per address counts in front of it, before the body is read.
  const beforeBody =
    rateLimit?.hook === 'preHandler'
      ? app.rateLimit({ ...limits(app.deps.config).beforeBody, hook: 'onRequest', keyGenerator: (req) => `${key}|${req.ip}` })
      : undefined;

  app.route({
    method,
    url,
    ...(ep.discriminator ? { constraints: { [queryDiscriminator.name]: ep.discriminator.query } } : {}),
    config: { access: options.access, operation: key, audit: options.audit === true, ...(rateLimit ? { rateLimit } : {}) },
    bodyLimit,
    ...(beforeBody ? { onRequest: beforeBody } : {}),
    schema: {
      operationId: key,
      summary: ep.summary,
      description: `Request body: at most ${kb(bodyLimit)}${multipart ? ' as JSON (a form: its own upload limits)' : ''}, nested at most ${MAX_JSON_DEPTH} deep (413 \`request.too_large\` / 400 \`request.too_deep\` beyond).`,
      tags: [...ep.tags],
      security: securityOf(needs),
      ...(ep.params ? { params: ep.params } : {}),
      ...(ep.query ? { querystring: ep.query } : {}),
      // A body that may also come as a form is parsed below, where the content type is known.
      ...(ep.body && !multipart ? { body: ep.body } : {}),
      response,
    },
    handler: async (req, reply) => {
      if (multipart) {
        const isForm = req.isMultipart();
        if (isForm || !ep.body) {
          const { fields, files } = await readMultipart(req, multipart.files);
          const form = { fields: multipart.fields.parse(fields), files };
          Object.assign(req, { form, body: null });
        } else {
          Object.assign(req, { body: ep.body.parse(req.body), form: null });
        }
      }
      // Fastify validated params, query and body against the same schemas the type reads.
      const result = await handler(req as RouteRequest<K>, reply);
      if (reply.sent) return reply;
      return reply.status(success).send(success === 204 ? undefined : result);
    },
  });
}
