import type { ApiError as ApiErrorBody } from '@kora/contracts';
import { storage } from './storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues: ApiErrorBody['issues'] = [],
  ) {
    super(message);
  }
  /** The message of the first issue on a field, for showing under that input. */
  fieldMessage(path: string) {
    return this.issues?.find((i) => i.path === path)?.message;
  }
}

/** What happens on a 401 of an authenticated call (spec part 1 §4); the auth provider replaces it. */
let onUnauthorized = () => {
  storage.clearToken();
  window.location.assign('/auth/login');
};
export const setUnauthorizedHandler = (handler: () => void) => {
  onUnauthorized = handler;
};

interface Options {
  method?: string;
  body?: unknown;
  /** Send the stored bearer token (default true when one is stored). */
  auth?: boolean;
  signal?: AbortSignal;
}

/** JSON API call: bearer token, `{message, issues}` errors as ApiError, 401 handling on authenticated calls. */
export async function api<T>(path: string, opts: Options = {}): Promise<T> {
  const token = opts.auth === false ? null : storage.token();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const res = await fetch(path, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers,
    body: opts.body === undefined ? undefined : isForm ? (opts.body as FormData) : JSON.stringify(opts.body),
    signal: opts.signal,
  });
  if (res.status === 204 || res.status === 202) return (await res.text().then((t) => (t ? JSON.parse(t) : undefined))) as T;
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 401 && token) {
      onUnauthorized();
      throw new ApiError(401, 'Unauthorized');
    }
    throw new ApiError(res.status, data?.message ?? res.statusText, data?.issues);
  }
  return data as T;
}

/** The message to show for a failed call: the server's, else the screen's fallback. */
export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiError && err.message ? err.message : fallback);
