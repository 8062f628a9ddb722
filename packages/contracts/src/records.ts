/**
 * Typed builders for records keyed by a known list (permission flags, growth metrics, reporting
 * states…), used by both sides instead of `Object.fromEntries(…) as Record<…>`. No zod here, so
 * the web's first bundle stays small.
 */

/** Whether `value` is one of `values`, narrowing it to their type. */
export const isOneOf = <T extends string>(values: readonly T[], value: string): value is T => values.some((v) => v === value);

/** Whether every key of `keys` is set on `record`. */
const hasEvery = <K extends string, V>(record: Partial<Record<K, V>>, keys: readonly K[]): record is Record<K, V> =>
  keys.every((k) => Object.hasOwn(record, k));

/** A record with one entry per key of `keys`, each valued by `value(key)`. */
export function recordOf<const K extends string, V>(keys: readonly K[], value: (key: K) => V): Record<K, V> {
  const record: Partial<Record<K, V>> = {};
  for (const key of keys) record[key] = value(key);
  if (!hasEvery(record, keys)) throw new Error('recordOf: a key was not set');
  return record;
}

/** The own string keys of an object, typed as its keys (for objects whose keys are known, e.g. `as const` maps). */
export const keysOf = <T extends object>(object: T): Extract<keyof T, string>[] =>
  Object.keys(object).filter((key): key is Extract<keyof T, string> => Object.hasOwn(object, key));

/** `record` with each value mapped by `map(value, key)`, keeping its keys. */
export const mapValues = <K extends string, V, W>(record: Record<K, V>, map: (value: V, key: K) => W): Record<K, W> =>
  recordOf<K, W>(keysOf(record), (key) => map(record[key], key));
