/**
 * The host model (docs/domain.md, "The host model"). The browser is not told BASE_DOMAIN, so it
 * infers the base from its own address; what the address names (root, academy, reserved…) is then
 * read by the parser the server uses too (packages/contracts/src/host.ts).
 */
import { type HostInfo, parseHost } from '@kora/contracts';

export type HostKind = HostInfo;

type Address = Pick<Location, 'hostname' | 'port'>;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * How many labels the root has: `localhost` 1, a staging root 3 (`staging.kora.sa`), production 2
 * (`kora.sa`); an address (IPv4, or IPv6 in brackets) is a root of its own.
 */
const rootLabelCount = (hostname: string) => {
  const labels = hostname.toLowerCase().split('.');
  if (IPV4.test(hostname) || hostname.startsWith('[')) return labels.length;
  if (labels.at(-1) === 'localhost') return 1;
  return labels.includes('staging') ? 3 : 2;
};

/** The root domain of a hostname with its port, e.g. `demo.localhost:3000` → `localhost:3000`. */
export function baseDomainOf(location: Address) {
  const labels = location.hostname.toLowerCase().split('.');
  const base = labels.slice(-rootLabelCount(location.hostname)).join('.');
  return location.port ? `${base}:${location.port}` : base;
}

/** What the address names, against the base inferred from it. */
export function parseHostname(hostname: string, port = ''): HostKind {
  return parseHost(port ? `${hostname}:${port}` : hostname, baseDomainOf({ hostname, port }));
}

/** Address of a path on an academy's subdomain (or the root with no handle), keeping protocol and port. */
export function subdomainUrl(
  handle: string | null,
  path = '/',
  location: Pick<Location, 'protocol' | 'hostname' | 'port'> = window.location,
) {
  const base = baseDomainOf(location);
  return `${location.protocol}//${handle ? `${handle}.` : ''}${base}${path}`;
}

export const currentHost = (): HostKind => parseHostname(window.location.hostname, window.location.port);
