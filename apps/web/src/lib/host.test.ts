import { describe, expect, it } from 'vitest';
import { baseDomainOf, parseHostname, subdomainUrl } from './host';

describe('host model', () => {
  it('treats localhost, a 2-label production root and a 3-label staging root as the root', () => {
    expect(parseHostname('localhost')).toEqual({ kind: 'root' });
    expect(parseHostname('kora.sa')).toEqual({ kind: 'root' });
    expect(parseHostname('staging.kora.sa')).toEqual({ kind: 'root' });
    expect(parseHostname('www.kora.sa')).toEqual({ kind: 'root' });
  });

  it('reads the first extra label as the academy handle', () => {
    expect(parseHostname('demo.localhost')).toEqual({ kind: 'academy', handle: 'demo' });
    expect(parseHostname('Falcons.kora.sa')).toEqual({ kind: 'academy', handle: 'falcons' });
    expect(parseHostname('falcons.staging.kora.sa')).toEqual({ kind: 'academy', handle: 'falcons' });
  });

  it('reads the address with the shared parser: a port, reserved labels, deeper subdomains and addresses', () => {
    expect(parseHostname('demo.localhost', '3000')).toEqual({ kind: 'academy', handle: 'demo' });
    expect(parseHostname('localhost', '3000')).toEqual({ kind: 'root' });
    expect(parseHostname('api.kora.sa')).toEqual({ kind: 'reserved', label: 'api' });
    expect(parseHostname('app.staging.kora.sa')).toEqual({ kind: 'reserved', label: 'app' });
    expect(parseHostname('a.b.kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHostname('127.0.0.1', '3000')).toEqual({ kind: 'root' });
    expect(parseHostname('[::1]', '3000')).toEqual({ kind: 'root' });
  });

  it('builds subdomain addresses keeping protocol and port', () => {
    const loc = { protocol: 'http:', hostname: 'demo.localhost', port: '3000' };
    expect(baseDomainOf(loc)).toBe('localhost:3000');
    expect(baseDomainOf({ hostname: 'falcons.staging.kora.sa', port: '' })).toBe('staging.kora.sa');
    expect(baseDomainOf({ hostname: '127.0.0.1', port: '3000' })).toBe('127.0.0.1:3000');
    expect(subdomainUrl('other', '/auth/login', loc)).toBe('http://other.localhost:3000/auth/login');
    expect(subdomainUrl(null, undefined, { protocol: 'https:', hostname: 'demo.kora.sa', port: '' })).toBe('https://kora.sa/');
  });
});
