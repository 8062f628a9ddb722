import { describe, expect, it } from 'vitest';
import { isOneOf, keysOf, mapValues, recordOf } from './records.js';

describe('typed record builders', () => {
  it('recordOf sets one entry per key, in order', () => {
    const record = recordOf(['a', 'b'], (key) => key.toUpperCase());
    expect(record).toEqual({ a: 'A', b: 'B' });
    expect(Object.keys(record)).toEqual(['a', 'b']);
  });

  it('keysOf lists own keys only', () => {
    const base = { inherited: 1 };
    const object = Object.assign(Object.create(base), { own: 2 });
    expect(keysOf<{ own: number }>(object)).toEqual(['own']);
  });

  it('mapValues keeps the keys and maps the values', () => {
    expect(mapValues({ x: 1, y: 2 }, (value, key) => `${key}${value * 10}`)).toEqual({ x: 'x10', y: 'y20' });
  });

  it('isOneOf narrows to the listed values', () => {
    const values = ['red', 'green'] as const;
    expect(isOneOf(values, 'red')).toBe(true);
    expect(isOneOf(values, 'blue')).toBe(false);
  });
});
