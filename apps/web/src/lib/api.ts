import { type Endpoints, ROUTES, type RouteKey } from '@kora/contracts';
import type { z } from 'zod';
import { storage } from './storage';

export interface ApiIssue {
  path: string;
  message: string;
  code: string;
}

/** A failed call: its status, the server's English message and stable code, and per-field issues. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = 'request.failed',
    readonly issues: ApiIssue[] = [],
    /** Values the message refers to (a status, a count), for its translation. */
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
  }
}

/** What happens on a 401 of an authenticated call; the auth provider replaces it. */
let onUnauthorized = () => {
  storage.clearToken();
  window.location.assign('/auth/login');
};
export const setUnauthorizedHandler = (handler: () => void) => {
  onUnauthorized = handler;
};

// ── types of a call, read off the endpoint map ────────────────────────────────
type Ep<K extends RouteKey> = Endpoints[K];
type In<S> = S extends z.ZodType ? z.input<S> : never;
type SuccessStatus<K extends RouteKey> = Extract<keyof Ep<K>['responses'], 200 | 201 | 202 | 204>;
type SuccessSchema<K extends RouteKey> = Ep<K>['responses'][SuccessStatus<K>];
/** The answer of a call: the output of its success schema, nothing for 204. */
export type Reply<K extends RouteKey> = SuccessSchema<K> extends z.ZodType ? z.output<SuccessSchema<K>> : undefined;

type ParamsIn<K extends RouteKey> = Ep<K> extends { params: infer P } ? { params: In<P> } : { params?: never };
type QueryIn<K extends RouteKey> = Ep<K> extends { query: infer Q } ? { query: In<Q> } : { query?: never };
/** Multipart text fields as typed by the contract, plus its files (a File, or null for none). */
type FormIn<M> = M extends { fields: infer F; files: readonly (infer N extends string)[] }
  ? { form: In<F> & { [file in N]?: Blob | null } }
  : never;
type BodyIn<K extends RouteKey> =
  Ep<K> extends { body: infer B; multipart: infer M }
    ? { body: In<B>; form?: never } | (FormIn<M> & { body?: never })
    : Ep<K> extends { body: infer B }
      ? { body: In<B> }
      : Ep<K> extends { multipart: infer M }
        ? FormIn<M>
        : { body?: never };
export type CallInput<K extends RouteKey> = ParamsIn<K> &
  QueryIn<K> &
  BodyIn<K> & {
    signal?: AbortSignal;
    /** Another session's bearer token (the family portal's; '' for none) instead of the staff one: its 401 is the caller's to handle. */
    auth?: string;
    /** Reads what a successful answer says in its headers (a 204's count, e.g. of deleted events). */
    onHeaders?(headers: Headers): void;
  };
type Args<K extends RouteKey> = object extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

interface RawInput {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  form?: Record<string, unknown>;
  signal?: AbortSignal;
  auth?: string;
  onHeaders?(headers: Headers): void;
}

/** A multipart form: objects go as JSON text (the contract decodes them), Blobs as files, null and undefined left out. */
function toFormData(fields: Record<string, unknown>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) data.append(name, value);
    else data.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return data;
}

function urlOf(path: string, input: RawInput) {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ''));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  const qs = query.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** An early answer is taken only this soon after it was asked for; later the call asks again. */
const EARLY_FOR_MS = 30_000;
/** GETs sent before the code that will ask for them is loaded (`fetchEarly`), by address; each is taken once. */
const early = new Map<string, { token: string; at: number; answer: Promise<Response> }>();

/**
 * Sends a signed-in GET now, before the screen's code is here to ask for it (router.tsx `loadScreenCode`, a
 * route's `staticData.early`): the screen's first `call` of the same address with the same token takes
 * this answer instead of asking again. An answer nobody takes is dropped.
 */
export function fetchEarly<K extends RouteKey>(key: K, ...[input]: Args<K>) {
  const [method, path] = ROUTES[key];
  const token = storage.token();
  if (method !== 'GET' || !token) return;
  const url = urlOf(path, input ?? {});
  if (early.has(url)) return;
  const answer = fetch(url, { headers: { authorization: `Bearer ${token}` } });
  // A failure is the taker's to see; one nobody takes must not be reported as unhandled.
  answer.catch(() => undefined);
  early.set(url, { token, at: Date.now(), answer });
}

/** The early answer for this address and token, if one was asked for lately (taken once). */
function takeEarly(url: string, token: string | null | undefined) {
  const kept = early.get(url);
  if (!kept) return undefined;
  early.delete(url);
  return kept.token === token && Date.now() - kept.at < EARLY_FOR_MS ? kept.answer : undefined;
}

/**
 * Calls one endpoint of the map: params, query, body and answer typed from the contract. Sends the
 * stored bearer token; errors arrive as ApiError with the server's code; a 401 of a signed-in call
 * signs out.
 */
export async function call<K extends RouteKey>(key: K, ...[input]: Args<K>): Promise<Reply<K>> {
  const raw: RawInput = input ?? {};
  const [method, path] = ROUTES[key];
  const token = raw.auth ?? storage.token();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (raw.form) body = toFormData(raw.form);
  else if (raw.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(raw.body);
  }
  const url = urlOf(path, raw);
  const sentEarly = method === 'GET' && !raw.signal ? takeEarly(url, token) : undefined;
  const res = await (sentEarly ?? fetch(url, { method, headers, body, signal: raw.signal }));
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    if (res.status === 401 && token && raw.auth === undefined) onUnauthorized();
    throw toApiError(res.status, data, res.statusText);
  }
  raw.onHeaders?.(res.headers);
  return replyOf(key, data);
}

/**
 * An endpoint's answer as the server sent it, typed by the contract: the client's one assertion
 * about answers. The server serialised it through the same contract, so it is not parsed again
 * here (that would put zod's parsing of every answer in the first bundle).
 */
export const replyOf = <K extends RouteKey>(_key: K, data: unknown): Reply<K> => data as Reply<K>;

/**
 * `call` for a multipart form whose upload may take a while (a players file): the same URL, token,
 * answer and errors, and `onProgress` told the share of the body sent (0 to 1). fetch cannot
 * report an upload's progress; XMLHttpRequest can.
 */
export function callWithProgress<K extends RouteKey>(key: K, input: CallInput<K>, onProgress: (sent: number) => void): Promise<Reply<K>> {
  const raw: RawInput = input;
  const [method, path] = ROUTES[key];
  const token = storage.token();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, urlOf(path, raw));
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    // A small body may be sent without a progress event: its end is still reported.
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      const data: unknown = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(replyOf(key, data));
      if (xhr.status === 401 && token) onUnauthorized();
      reject(toApiError(xhr.status, data, xhr.statusText));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    raw.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(raw.form ? toFormData(raw.form) : null);
  });
}

/**
 * Calls an endpoint whose answer is a file (a PDF, a CSV): the same URL, bearer token and errors
 * as `call`, the body as a Blob (to show from memory or to save).
 */
export async function callBlob<K extends RouteKey>(key: K, ...args: Args<K>): Promise<Blob> {
  return (await callFile(key, ...args)).blob;
}

/** The file name an answer suggests (`Content-Disposition: inline; filename="invoice-41.pdf"`), without any path. */
export function suggestedFileName(disposition: string | null): string | null {
  const name = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i)?.[1];
  if (!name) return null;
  try {
    return decodeURIComponent(name).split(/[\\/]/).pop() || null;
  } catch {
    return name.split(/[\\/]/).pop() || null;
  }
}

/** `callBlob` with the file name the server suggests for saving it (null when it names none). */
export async function callFile<K extends RouteKey>(key: K, ...[input]: Args<K>): Promise<{ blob: Blob; fileName: string | null }> {
  const raw: RawInput = input ?? {};
  const [method, path] = ROUTES[key];
  const token = storage.token();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(urlOf(path, raw), { method, headers, signal: raw.signal });
  if (!res.ok) {
    const text = await res.text();
    if (res.status === 401 && token) onUnauthorized();
    throw toApiError(res.status, text ? safeJson(text) : undefined, res.statusText);
  }
  return { blob: await res.blob(), fileName: suggestedFileName(res.headers.get('content-disposition')) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads an error answer `{message, code, issues}` without trusting its shape. */
function toApiError(status: number, data: unknown, statusText: string) {
  const read = (from: unknown, name: string): unknown => (typeof from === 'object' && from !== null ? Reflect.get(from, name) : undefined);
  const text = (from: unknown, name: string) => {
    const value = read(from, name);
    return typeof value === 'string' ? value : undefined;
  };
  const rawIssues = read(data, 'issues');
  const issues = (Array.isArray(rawIssues) ? rawIssues : []).map((i) => ({
    path: text(i, 'path') ?? '',
    message: text(i, 'message') ?? '',
    code: text(i, 'code') ?? 'validation.custom',
  }));
  const rawParams = read(data, 'params');
  const params = Object.fromEntries(
    Object.entries(typeof rawParams === 'object' && rawParams !== null ? rawParams : {}).filter(
      (e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number',
    ),
  );
  return new ApiError(status, text(data, 'message') ?? statusText, text(data, 'code') ?? 'request.failed', issues, params);
}
