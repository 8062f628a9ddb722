import { addressOf, type Endpoints, type FirstPaintContext, firstRequestsOf, ROUTES, type RouteKey } from '@kora/contracts';
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

/** What happens on a 401 of a signed-in staff call; the auth provider replaces it. */
let onUnauthorized = () => {
  storage.clearSignedIn();
  window.location.assign('/auth/login');
};

/**
 * The headers of every API call. The session is the HttpOnly cookie the browser sends to its own origin
 * (docs/architecture.md, "Sessions in cookies"): no token is kept or sent. The server takes a write
 * carried by the cookie only with this header, which a page of another site cannot add.
 */
const CSRF_HEADER = 'x-kora-request';
const baseHeaders = (): Record<string, string> => ({ [CSRF_HEADER]: '1' });
/** Same-origin is fetch's default; said explicitly, since the session depends on it. */
const CREDENTIALS: RequestCredentials = 'same-origin';

/** Whether a 401 of this call signs the staff member out: a staff call made while signed in. */
const signsOutOn401 = (raw: RawInput) => raw.session === undefined && storage.signedIn();
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
    /** A call of the family portal's session, or of none (a sign-in), instead of the staff one: its 401 is the caller's to handle. */
    session?: 'family' | 'none';
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
  session?: 'family' | 'none';
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

/** An early answer is taken only this soon after it was asked for; later the call asks again. */
const EARLY_FOR_MS = 30_000;
/** GETs sent before the code that will ask for them is loaded (`fetchEarly`), by address; each is taken once. */
/** Whose session an early answer is of: the staff's, or the family portal's (a document the server drew for a parent). */
type EarlySession = 'staff' | 'family';
const early = new Map<string, { at: number; answer: Promise<Response>; session: EarlySession }>();

/**
 * Sends a signed-in staff GET now, before the screen's code is here to ask for it (router.tsx `loadScreenCode`,
 * a route's `staticData.early`): the screen's first staff `call` of the same address takes this answer instead
 * of asking again. An answer nobody takes is dropped; a sign-out forgets them all (`forgetEarlyAnswers`).
 */
export function fetchEarly<K extends RouteKey>(key: K, ...[input]: Args<K>) {
  if (ROUTES[key][0] === 'GET') sendEarly(addressOf(key, input ?? {}));
}

function sendEarly(url: string) {
  if (!storage.signedIn() || early.has(url)) return;
  const answer = fetch(url, { headers: baseHeaders(), credentials: CREDENTIALS });
  // A failure is the taker's to see; one nobody takes must not be reported as unhandled.
  answer.catch(() => undefined);
  early.set(url, { at: Date.now(), answer, session: 'staff' });
}

/** Sends the first GETs of a screen of the first-paint table (contracts `FIRST_PAINT`), which the server may also have answered in the document. */
export function fetchFirstPaint(pathname: string, context: FirstPaintContext) {
  for (const { key, ...input } of firstRequestsOf(pathname, context)) sendEarly(addressOf(key, input));
}

/**
 * The answers the signed-in document carried (main.tsx, `kora-boot`): kept as early answers, so the screen's first
 * calls of those addresses take them without asking the server.
 */
export function keepBootAnswers(answers: Record<string, unknown>, session: EarlySession = 'staff') {
  const at = Date.now();
  for (const [url, body] of Object.entries(answers))
    early.set(url, {
      at,
      answer: Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })),
      session,
    });
}

/** Drops the early answers not taken yet: they were asked for by the session that just ended. */
export const forgetEarlyAnswers = () => early.clear();

/** The early answer for this address of this session, if one was asked for lately (taken once). */
function takeEarly(url: string, session: EarlySession) {
  const kept = early.get(url);
  if (kept?.session !== session) return undefined;
  early.delete(url);
  return Date.now() - kept.at < EARLY_FOR_MS ? kept.answer : undefined;
}

/**
 * Calls one endpoint of the map: params, query, body and answer typed from the contract. The session
 * goes as its cookie, with the CSRF header; errors arrive as ApiError with the server's code; a 401
 * of a signed-in staff call signs out.
 */
export async function call<K extends RouteKey>(key: K, ...[input]: Args<K>): Promise<Reply<K>> {
  const raw: RawInput = input ?? {};
  const [method] = ROUTES[key];
  const headers = baseHeaders();
  let body: BodyInit | undefined;
  if (raw.form) body = toFormData(raw.form);
  else if (raw.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(raw.body);
  }
  const url = addressOf(key, raw);
  const earlyOf = raw.session === undefined ? 'staff' : raw.session === 'family' ? 'family' : null;
  const sentEarly = method === 'GET' && !raw.signal && earlyOf ? takeEarly(url, earlyOf) : undefined;
  const signedIn = signsOutOn401(raw);
  const res = await (sentEarly ?? fetch(url, { method, headers, body, signal: raw.signal, credentials: CREDENTIALS }));
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    if (res.status === 401 && signedIn) onUnauthorized();
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
 * `call` for a multipart form whose upload may take a while (a players file): the same URL, headers,
 * answer and errors, and `onProgress` told the share of the body sent (0 to 1). fetch cannot
 * report an upload's progress; XMLHttpRequest can.
 */
export function callWithProgress<K extends RouteKey>(key: K, input: CallInput<K>, onProgress: (sent: number) => void): Promise<Reply<K>> {
  const raw: RawInput = input;
  const [method] = ROUTES[key];
  const signedIn = signsOutOn401(raw);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, addressOf(key, raw));
    // A same-origin XMLHttpRequest sends the session cookie without withCredentials.
    for (const [name, value] of Object.entries(baseHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    // A small body may be sent without a progress event: its end is still reported.
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      const data: unknown = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(replyOf(key, data));
      if (xhr.status === 401 && signedIn) onUnauthorized();
      reject(toApiError(xhr.status, data, xhr.statusText));
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    raw.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(raw.form ? toFormData(raw.form) : null);
  });
}

/**
 * Calls an endpoint whose answer is a file (a PDF, a CSV): the same URL, headers and errors
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
  const [method] = ROUTES[key];
  const signedIn = signsOutOn401(raw);
  const res = await fetch(addressOf(key, raw), { method, headers: baseHeaders(), signal: raw.signal, credentials: CREDENTIALS });
  if (!res.ok) {
    const text = await res.text();
    if (res.status === 401 && signedIn) onUnauthorized();
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
