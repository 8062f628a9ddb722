import { RESERVED_HANDLES } from '@kora/contracts';

export type HostInfo = { kind: 'root' } | { kind: 'academy'; handle: string } | { kind: 'reserved'; label: string } | { kind: 'foreign' };

/**
 * Root host vs academy subdomain, from the configured base domain (`localhost:3000`,
 * `kora.sa`, `staging.kora.sa`). The port is ignored; one label before the base is the handle.
 */
export function parseHost(hostHeader: string | undefined, baseDomain: string): HostInfo {
  const host = stripPort((hostHeader ?? '').trim().toLowerCase());
  const base = stripPort(baseDomain.toLowerCase());
  if (!host || host === base || host === `www.${base}`) return { kind: 'root' };
  if (!host.endsWith(`.${base}`)) return { kind: 'foreign' };
  const label = host.slice(0, -(base.length + 1));
  if (label.includes('.')) return { kind: 'foreign' };
  if (RESERVED_HANDLES.some((h) => h === label)) return { kind: 'reserved', label };
  return { kind: 'academy', handle: label };
}

function stripPort(host: string) {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const i = host.lastIndexOf(':');
  return i === -1 ? host : host.slice(0, i);
}
