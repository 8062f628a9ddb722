/**
 * Failed logins per account (academy + e-mail), on top of the per-(IP, e-mail) request limit:
 * after MAX failures within the window the account answers 429 until the window passes.
 * Kept in process memory; with several API processes each keeps its own count.
 */
export function createLockout(opts: { max: number; windowMs: number; now: () => number }) {
  const failures = new Map<string, { count: number; resetAt: number }>();
  return {
    /** Seconds until the account may try again, or 0. */
    retryAfter(key: string) {
      const f = failures.get(key);
      if (!f || f.resetAt <= opts.now()) return 0;
      return f.count >= opts.max ? Math.ceil((f.resetAt - opts.now()) / 1000) : 0;
    },
    fail(key: string) {
      const now = opts.now();
      const f = failures.get(key);
      if (!f || f.resetAt <= now) failures.set(key, { count: 1, resetAt: now + opts.windowMs });
      else f.count++;
      if (failures.size > 100_000) for (const [k, v] of failures) if (v.resetAt <= now) failures.delete(k);
    },
    succeed(key: string) {
      failures.delete(key);
    },
  };
}
