import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
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
 * processes share nothing but the database the version is read from. An entry also keeps its
 * brotli and gzip bytes once a client asked for them, so a repeated list is not compressed again.
 */
interface Entry {
  key: string;
  stamp: string;
  body: string;
  /** The body's bytes as sent: UTF-8 (kept once sent, so it is not encoded again per request), brotli, gzip. */
  encoded: Partial<Record<Encoding | 'identity', Buffer>>;
}
type Encoding = 'br' | 'gzip';

export class ListCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string, stamp: string): Entry | null {
    const entry = this.#entries.get(key);
    if (!entry || entry.stamp !== stamp) return null;
    // Most recently used last: the map's order is the eviction order.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, stamp: string, body: string): Entry {
    const entry: Entry = { key, stamp, body, encoded: {} };
    this.#drop(key);
    if (sizeOf(entry) > this.maxBytes) return entry;
    this.#entries.set(key, entry);
    this.#bytes += sizeOf(entry);
    this.#evict();
    return entry;
  }

  /** The entry's body in `encoding`, compressed once and kept with it (its size counts too). */
  async encoded(entry: Entry, encoding: Encoding): Promise<Buffer> {
    const kept = entry.encoded[encoding];
    if (kept) return kept;
    const bytes = await (encoding === 'br' ? toBrotli(entry.body) : toGzip(entry.body));
    if (entry.encoded[encoding]) return bytes; // another request compressed it meanwhile
    return this.#keep(entry, encoding, bytes);
  }

  /**
   * The entry's body as UTF-8 bytes, encoded once and kept: a string answer is encoded (and its
   * length measured) on every send, which for a 500 KB list is most of what a kept list costs.
   */
  utf8(entry: Entry): Buffer {
    return entry.encoded.identity ?? this.#keep(entry, 'identity', Buffer.from(entry.body, 'utf8'));
  }

  #keep(entry: Entry, encoding: Encoding | 'identity', bytes: Buffer) {
    entry.encoded[encoding] = bytes;
    // Counted only while the entry is still kept (it may have been dropped meanwhile).
    if (this.#entries.get(entry.key) === entry) {
      this.#bytes += bytes.length;
      this.#evict();
    }
    return bytes;
  }

  get size() {
    return this.#entries.size;
  }

  #evict() {
    for (const oldest of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes) break;
      this.#drop(oldest);
    }
  }

  #drop(key: string) {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= sizeOf(entry);
    this.#entries.delete(key);
  }
}

const sizeOf = (entry: Entry) =>
  entry.body.length * 2 + (entry.encoded.br?.length ?? 0) + (entry.encoded.gzip?.length ?? 0) + (entry.encoded.identity?.length ?? 0);

// The same qualities as the answers @fastify/compress compresses on the fly (http/caching.ts).
const toBrotli = (text: string) =>
  promisify(brotliCompress)(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: text.length } });
const toGzip = (text: string) => promisify(gzip)(text);

/** The encoding to answer in from Accept-Encoding (brotli first, as @fastify/compress), or null. */
export function chosenEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set(
    (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^q=0(\.0*)?$/.test(p.trim())))
      .map(([name]) => name.trim()),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') || accepted.has('*') ? 'gzip' : null;
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
 * by (its query, the viewer when it depends on them). It sends the answer itself: the text is
 * the contract's shape already (test/list-contract.test.ts), not a value for the route's serializer.
 * `answered` sees the text each time it is sent (not for a 304): a list that carries players'
 * medical conditions notes whose for the request's audit row (http/audit.ts).
 */
export async function sendCachedList(
  req: FastifyRequest,
  reply: FastifyReply,
  list: string,
  build: (tx: TenantTx) => Promise<string>,
  answered?: (body: string) => void,
): Promise<FastifyReply> {
  const auth = authOf(req);
  const { listCache, deps } = req.server;
  const key = `${auth.academyId}\n${list}`;
  const stamp = `${auth.dataVersion}.${riyadhToday(deps.clock.now())}`;
  const etag = `W/"${stamp}.${hash('sha1', key, 'base64url').slice(0, 16)}"`;
  reply.header('ETag', etag);
  if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send();
  if (listCache.maxBytes === 0) {
    const body = await req.tenant(build);
    answered?.(body);
    return sendJsonText(reply, body);
  }
  const entry = listCache.get(key, stamp) ?? listCache.set(key, stamp, await req.tenant(build));
  answered?.(entry.body);
  const encoding = entry.body.length >= COMPRESS_FROM ? chosenEncoding(req.headers['accept-encoding']) : null;
  reply.type('application/json; charset=utf-8').header('Cache-Control', 'private, no-cache');
  // The client takes none of our encodings (or the list is under 1 KB, which @fastify/compress
  // would not compress either): the kept UTF-8 bytes as they are.
  if (!encoding) return reply.send(listCache.utf8(entry));
  // Compressed here once per entry: @fastify/compress leaves an answer with a Content-Encoding alone.
  const bytes = await listCache.encoded(entry, encoding);
  return reply.header('Content-Encoding', encoding).header('Vary', 'accept-encoding').send(bytes);
}

/** As http/caching.ts: smaller answers are not worth compressing. */
const COMPRESS_FROM = 1024;
