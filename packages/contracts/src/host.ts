/**
 * The host model (docs/domain.md, "The host model"): what a Host names, given the base domain.
 * The one parser of both sides: the server passes BASE_DOMAIN, the browser the base it infers from
 * its own address. No zod here, so the web's first bundle stays small.
 */
import { isOneOf } from './records.js';

/** Labels no academy may take as its handle (handleSchema): the root's `www` and the platform's own subdomains. */
export const RESERVED_HANDLES = ['www', 'api', 'app', 'admin', 'staging', 'mail', 'static', 'assets', 'docs'] as const;

export type HostInfo =
  | { kind: 'root' }
  | { kind: 'academy'; handle: string }
  | { kind: 'reserved'; label: string }
  | { kind: 'foreign' }
  /** Not a host name (`a@b`, `a/b`), or the base domain on another port: the server answers 400. */
  | { kind: 'invalid' };

/** A DNS name or a bracketed IPv6 address, then an optional port: nothing else is a Host. */
const HOST_SYNTAX = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?$/;

function split(value: string) {
  const m = HOST_SYNTAX.exec(value);
  return m ? { name: m[1], port: m[2] === undefined ? null : Number(m[2]) } : null;
}

/** A host name with an optional port (BASE_DOMAIN as the server's configuration accepts it). */
export const isHostName = (value: string) => split(value.toLowerCase()) !== null;

/** A missing port is the scheme's default one. */
const samePort = (a: number | null, b: number | null) =>
  a === b || (a === null && (b === 80 || b === 443)) || (b === null && (a === 80 || a === 443));

/**
 * Root host vs academy subdomain, from the base domain (`localhost:3000`, `kora.sa`,
 * `staging.kora.sa`), in any case: the base or `www.` + base is the root; exactly one label before
 * the base is an academy's handle, unless it is reserved; anything else is foreign. A host naming
 * the base domain must carry its port (none, or the scheme's default, when the base has none).
 */
export function parseHost(host: string | undefined, baseDomain: string): HostInfo {
  const raw = (host ?? '').trim().toLowerCase();
  if (!raw) return { kind: 'root' };
  const parts = split(raw);
  if (!parts) return { kind: 'invalid' };
  const base = split(baseDomain.toLowerCase()) ?? { name: baseDomain.toLowerCase(), port: null };
  const ours = (info: HostInfo): HostInfo => (samePort(parts.port, base.port) ? info : { kind: 'invalid' });
  if (parts.name === base.name || parts.name === `www.${base.name}`) return ours({ kind: 'root' });
  if (!parts.name.endsWith(`.${base.name}`)) return { kind: 'foreign' };
  const label = parts.name.slice(0, -(base.name.length + 1));
  if (label.includes('.')) return { kind: 'foreign' };
  if (isOneOf(RESERVED_HANDLES, label)) return ours({ kind: 'reserved', label });
  return ours({ kind: 'academy', handle: label });
}
