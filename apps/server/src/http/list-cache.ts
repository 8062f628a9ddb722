import { hash } from 'node:crypto';
import { riyadhToday } from '@kora/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TenantTx } from '../db/tenant.js';
import { authOf } from './access.js';
import { matchesEtag } from './caching.js';
import { sendJsonText } from './json-text.js';

/**
 * The lists an academy opens all day, answered again from memory while its data is unchanged.
 * An entry is the JSON text one list built for one academy (and viewer, where the list depends on
 * them) on one Riyadh day at one data version (migration 0016); the version comes with the session
 * in the request's first statement, so a repeated list costs BEGIN, session, COMMIT and no list
 * query, and its ETag is known without building or hashing it (a 304 costs the same). Every
 * committed change in the academy moves the version on and the next request builds the list again.
 * Each process keeps its own entries and drops the least recently used beyond its memory budget;
 * processes share nothing but the database the version is read from.
 */
export class ListCache {
  readonly #entries = new Map<string, { stamp: string; body: string }>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string, stamp: string): string | null {
    const entry = this.#entries.get(key);
    if (!entry || entry.stamp !== stamp) return null;
    // Most recently used last: the map's order is the eviction order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.body;
  }

  set(key: string, stamp: string, body: string) {
    const size = body.length * 2;
    if (size > this.maxBytes) return;
    this.#drop(key);
    this.#entries.set(key, { stamp, body });
    this.#bytes += size;
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  get size() {
    return this.#entries.size;
  }

  #drop(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= entry.body.length * 2;
    this.#entries.delete(key);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    listCache: ListCache;
  }
}

export function registerListCache(app: FastifyInstance) {
  app.decorate('listCache', new ListCache(app.deps.config.listCacheBytes));
}

/**
 * Answers a list built by `build` as JSON text (db/json.ts), from the cache when the academy's
 * data version and the day are those it was built at. `list` names the list with what it varies
 * by (its query, the viewer when it depends on them).
 */
export async function sendCachedList<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  list: string,
  build: (tx: TenantTx) => Promise<string>,
): Promise<T> {
  const auth = authOf(req);
  const { listCache, deps } = req.server;
  const key = `${auth.academyId}\n${list}`;
  const stamp = `${auth.dataVersion}.${riyadhToday(deps.clock.now())}`;
  const etag = `W/"${stamp}.${hash('sha1', key, 'base64url').slice(0, 16)}"`;
  reply.header('ETag', etag);
  if (matchesEtag(req.headers['if-none-match'], etag)) {
    reply.code(304);
    return '' as unknown as T;
  }
  let body = listCache.maxBytes > 0 ? listCache.get(key, stamp) : null;
  if (body === null) {
    body = await req.tenant(build);
    if (listCache.maxBytes > 0) listCache.set(key, stamp, body);
  }
  return sendJsonText<T>(reply, body);
}
