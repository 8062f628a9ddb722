import { describe, expect, it, vi } from 'vitest';
import { selectAcademy } from './academy-selection';
import { safeRedirect } from './redirect';

describe('current academy selection order', () => {
  it("prefers the response's id, then the stored one, then the first", () => {
    expect(selectAcademy(['a', 'b', 'c'], 'b', 'c')).toBe('b');
    expect(selectAcademy(['a', 'b', 'c'], null, 'c')).toBe('c');
    expect(selectAcademy(['a', 'b', 'c'], undefined, null)).toBe('a');
    expect(selectAcademy([], 'a', 'b')).toBeNull();
  });

  it('falls back to the first academy with a console warning for an unknown id', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(selectAcademy(['a', 'b'], 'zzz', null)).toBe('a');
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});

describe('login redirect', () => {
  it('accepts only relative paths', () => {
    expect(safeRedirect('/players?x=1')).toBe('/players?x=1');
    for (const bad of ['https://evil.com', '//evil.com', '/\\evil.com', 'players', undefined, 42]) expect(safeRedirect(bad)).toBe('/');
  });
});
