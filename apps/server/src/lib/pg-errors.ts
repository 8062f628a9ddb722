/** True when a database error (possibly wrapped by Drizzle) is a unique-constraint violation. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if (typeof e !== 'object' || e === null) return false;
    if (Reflect.get(e, 'code') === '23505') return true;
    e = Reflect.get(e, 'cause');
  }
  return false;
}
