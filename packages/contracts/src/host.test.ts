import { describe, expect, it } from 'vitest';
import { handleSchema } from './common.js';
import { isHostName, parseHost, RESERVED_HANDLES } from './host.js';

describe('parseHost', () => {
  it('treats the base domain, on its port (or the default one), with or without www, as the root', () => {
    expect(parseHost('localhost:3000', 'localhost:3000')).toEqual({ kind: 'root' });
    expect(parseHost('www.localhost:3000', 'localhost:3000')).toEqual({ kind: 'root' });
    expect(parseHost('localhost', 'localhost')).toEqual({ kind: 'root' });
    expect(parseHost('kora.sa', 'kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost('kora.sa:443', 'kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost('kora.sa:80', 'kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost('kora.sa', 'kora.sa:443')).toEqual({ kind: 'root' });
    expect(parseHost('www.kora.sa', 'kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost('staging.kora.sa', 'staging.kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost(undefined, 'kora.sa')).toEqual({ kind: 'root' });
    expect(parseHost('  ', 'kora.sa')).toEqual({ kind: 'root' });
  });

  it('reads one label before the base as the academy handle, in lower case', () => {
    expect(parseHost('demo.localhost:3000', 'localhost:3000')).toEqual({ kind: 'academy', handle: 'demo' });
    expect(parseHost('demo.localhost', 'localhost')).toEqual({ kind: 'academy', handle: 'demo' });
    expect(parseHost('Falcons.Kora.SA', 'kora.sa')).toEqual({ kind: 'academy', handle: 'falcons' });
    expect(parseHost('falcons.kora.sa', 'KORA.SA')).toEqual({ kind: 'academy', handle: 'falcons' });
    expect(parseHost('DEMO.LOCALHOST:3000', 'localhost:3000')).toEqual({ kind: 'academy', handle: 'demo' });
    expect(parseHost('demo.staging.kora.sa', 'staging.kora.sa')).toEqual({ kind: 'academy', handle: 'demo' });
    expect(parseHost('demo.kora.sa:443', 'kora.sa')).toEqual({ kind: 'academy', handle: 'demo' });
  });

  it('names every reserved label reserved, never an academy', () => {
    for (const label of RESERVED_HANDLES.filter((l) => l !== 'www'))
      expect(parseHost(`${label}.kora.sa`, 'kora.sa'), label).toEqual({ kind: 'reserved', label });
    expect(parseHost('API.localhost:3000', 'localhost:3000')).toEqual({ kind: 'reserved', label: 'api' });
    // On staging, `staging` is part of the base, not a label before it.
    expect(parseHost('app.staging.kora.sa', 'staging.kora.sa')).toEqual({ kind: 'reserved', label: 'app' });
  });

  it('keeps the reserved labels the ones handles may not take', () => {
    for (const label of RESERVED_HANDLES) expect(handleSchema.safeParse(label).success, label).toBe(false);
  });

  it('reads deeper subdomains, other domains and addresses as foreign', () => {
    expect(parseHost('a.b.kora.sa', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('www.demo.kora.sa', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('demo.staging.kora.sa', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('evil.com', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('notkora.sa', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('kora.sa.evil.com', 'kora.sa')).toEqual({ kind: 'foreign' });
    // Hosts of no concern to Kora (a health check by address) are not refused, and never an academy.
    expect(parseHost('10.0.0.7:3000', 'kora.sa')).toEqual({ kind: 'foreign' });
    expect(parseHost('127.0.0.1', 'localhost:3000')).toEqual({ kind: 'foreign' });
    expect(parseHost('[::1]:3000', 'kora.sa')).toEqual({ kind: 'foreign' });
  });

  it('treats an address that is the base as the root', () => {
    expect(parseHost('127.0.0.1:3000', '127.0.0.1:3000')).toEqual({ kind: 'root' });
    expect(parseHost('[::1]:3000', '[::1]:3000')).toEqual({ kind: 'root' });
  });

  it('reads a user-info part, a path, other characters or the base domain on another port as invalid', () => {
    for (const bad of [
      'beta.localhost:3103@evil.example',
      'beta.kora.sa@evil.example',
      'evil.example/beta.kora.sa',
      'beta.kora.sa/x',
      'beta.kora.sa\\x',
      'beta kora.sa',
      'beta.kora.sa:',
      'beta.kora.sa:99999x',
      'beta.kora.sa.',
      '-beta.kora.sa',
    ])
      expect(parseHost(bad, 'kora.sa'), bad).toEqual({ kind: 'invalid' });
    expect(parseHost('localhost:4123', 'localhost:3000')).toEqual({ kind: 'invalid' });
    expect(parseHost('demo.localhost:4123', 'localhost:3000')).toEqual({ kind: 'invalid' });
    expect(parseHost('demo.localhost', 'localhost:3000')).toEqual({ kind: 'invalid' });
    expect(parseHost('demo.kora.sa:8443', 'kora.sa')).toEqual({ kind: 'invalid' });
    expect(parseHost('api.kora.sa:8443', 'kora.sa')).toEqual({ kind: 'invalid' });
  });
});

describe('isHostName', () => {
  it('accepts a host name or address with an optional port, nothing else', () => {
    for (const good of ['kora.sa', 'localhost:3000', 'Staging.Kora.SA', '127.0.0.1:8080', '[::1]:3000'])
      expect(isHostName(good), good).toBe(true);
    for (const bad of ['https://kora.sa', 'kora.sa/', 'a@kora.sa', '', 'kora.sa:']) expect(isHostName(bad), bad).toBe(false);
  });
});
