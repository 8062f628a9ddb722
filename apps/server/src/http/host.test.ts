import { describe, expect, it } from 'vitest';
import { parseHost } from './host.js';

describe('parseHost', () => {
  it('treats the base domain, with or without port or www, as the root', () => {
    expect(parseHost('localhost:3000', 'localhost:3000')).toEqual({ kind: 'root' });
    expect(parseHost('localhost:4123', 'localhost:3000')).toEqual({ kind: 'root' });
    expect(parseHost('kora.sa', 'kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost('www.kora.sa', 'kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost(undefined, 'kora.sa')).toEqual({ kind: 'root' });
  });

  it('reads one label before the base as the academy handle, in lower case', () => {
    expect(parseHost('demo.localhost:3000', 'localhost:3000')).toEqual({ kind: 'academy', handle: 'demo' });
    expect(parseHost('Falcons.Kora.SA', 'kora.sa')).toEqual({ kind: 'academy', handle: 'falcons' });
    expect(parseHost('demo.staging.kora.sa', 'staging.kora.sa')).toEqual({ kind: 'academy', handle: 'demo' });
  });

  it('refuses reserved handles, deeper subdomains and other domains', () => {
    expect(parseHost('api.kora.sa', 'kora.sa')).toEqual({ kind: 'reserved', label: 'api' });
    expect(parseHost('a.b.kora.sa', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('evil.com', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('notkora.sa', 'kora.sa')).toEqual({ kind: 'foreign' });
  });
});
