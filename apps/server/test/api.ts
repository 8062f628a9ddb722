/**
 * Sends one API call by its operation id (packages/contracts/src/routes.ts): the method and the
 * path come from the contract, so a test names what it calls and never spells a URL.
 */
import { type Endpoints, ROUTES, type RouteKey } from '@kora/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { academyHost } from './harness.js';

type Path<K extends RouteKey> = (typeof ROUTES)[K][1];
/** The `:names` of a path ('/api/calendar/:token.ics' names `token`). */
type NamesIn<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? NameOf<Name> | NamesIn<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? NameOf<Name>
    : never;
type NameOf<N extends string> = N extends `${infer Name}.${string}` ? Name : N;
type ParamsIn<K extends RouteKey> = [NamesIn<Path<K>>] extends [never] ? { params?: never } : { params: Record<NamesIn<Path<K>>, string> };

type Query = Record<string, string | number | boolean | readonly string[] | undefined | null>;
/**
 * What a call sends beyond its path: `query` (encoded), `body` (JSON, left loose so a test can send
 * what the contract refuses) and any other inject option (`payload` and `headers` of a multipart form).
 */
export type CallInput<K extends RouteKey> = ParamsIn<K> & { query?: Query; body?: unknown } & Omit<
    InjectOptions,
    'method' | 'url' | 'path' | 'query' | 'body'
  >;
type Args<K extends RouteKey> = object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

type SuccessStatus<K extends RouteKey> = Extract<keyof Endpoints[K]['responses'], 200 | 201 | 202 | 204>;
type SuccessSchema<K extends RouteKey> = Endpoints[K]['responses'][SuccessStatus<K>];
/** The success answer of a call, as its contract types it (nothing for a 204). */
export type Reply<K extends RouteKey> = SuccessSchema<K> extends z.ZodType ? z.output<SuccessSchema<K>> : undefined;
/** The inject response, with its JSON typed as the call's success answer by `reply()`. */
export type CallResponse<K extends RouteKey> = LightMyRequestResponse & { reply(): Reply<K> };

/** The method and URL of a call: `:params` filled in (encoded), the query appended. */
export function urlOf<K extends RouteKey>(key: K, input: { params?: Record<string, string>; query?: Query } = {}) {
  const [method, path] = ROUTES[key];
  const filled = path.replace(/:(\w+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${key}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) query.append(name, String(one));
  }
  const qs = query.toString();
  return { method, url: qs ? `${filled}?${qs}` : filled };
}

/**
 * Calls as someone: the academy's Host and, when there is one, the bearer token, as
 * harness.ts `asMember` sends them. Without `who` the call goes to the base domain, signed out.
 *
 *   const res = await api(t.app, a)('updateTeam', { params: { id }, body: { name: 'U12' } });
 */
export function api(app: FastifyInstance, who?: { handle: string; token?: string }) {
  return async <K extends RouteKey>(key: K, ...[input]: Args<K>): Promise<CallResponse<K>> => {
    const { params, query, body, headers, ...rest } = (input ?? {}) as CallInput<K> & { params?: Record<string, string> };
    const res = await app.inject({
      ...urlOf(key, { params, query }),
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      ...rest,
      headers: {
        ...(who ? { host: academyHost(who.handle) } : {}),
        ...(who?.token ? { authorization: `Bearer ${who.token}` } : {}),
        ...headers,
      },
    });
    return Object.assign(res, { reply: () => res.json() as Reply<K> });
  };
}
