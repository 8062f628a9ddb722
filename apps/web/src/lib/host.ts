/**
 * The host model (docs/domain.md, "The host model"): `localhost` is the root when it has no subdomain; a staging
 * root has 3 labels (`staging.kora.sa`), production 2 (`kora.sa`); one more label is the academy.
 */
export type HostKind = { kind: 'root' } | { kind: 'academy'; handle: string };

export const rootLabelCount = (hostname: string) => {
  const labels = hostname.toLowerCase().split('.');
  if (labels.at(-1) === 'localhost') return 1;
  return labels.includes('staging') ? 3 : 2;
};

export function parseHostname(hostname: string): HostKind {
  const labels = hostname.toLowerCase().split('.').filter(Boolean);
  const root = rootLabelCount(hostname);
  if (labels.length <= root || labels[0] === 'www') return { kind: 'root' };
  return { kind: 'academy', handle: labels[0] };
}

/** The root domain of a hostname with its port, e.g. `demo.localhost:3000` → `localhost:3000`. */
export function baseDomainOf(location: Pick<Location, 'hostname' | 'port'>) {
  const labels = location.hostname.toLowerCase().split('.');
  const base = labels.slice(-rootLabelCount(location.hostname)).join('.');
  return location.port ? `${base}:${location.port}` : base;
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

export const currentHost = (): HostKind => parseHostname(window.location.hostname);
