/**
 * Login throttling that an attacker cannot turn against the owner (OWASP ASVS 2.2.1):
 * - per address, across e-mails: at most `perAddressMax` attempts a window, so one address cannot
 *   spray passwords over many accounts (or burn the CPU on argon2);
 * - per account (academy + e-mail): after `max` failures within the window the account refuses
 *   further tries — except from an address that has logged into it before (or reset its password),
 *   so failures from elsewhere never lock the owner out of their usual place.
 * Kept in process memory; with several API processes each keeps its own counts.
 */
export function createLoginGuard(opts: { max: number; perAddressMax: number; windowMs: number; now: () => number }) {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const attempts = new Map<string, { count: number; resetAt: number }>();
  const known = new Map<string, Set<string>>();
  const KNOWN_PER_ACCOUNT = 20;

  const count = (map: Map<string, { count: number; resetAt: number }>, key: string) => {
    const now = opts.now();
    const f = map.get(key);
    if (!f || f.resetAt <= now) map.set(key, { count: 1, resetAt: now + opts.windowMs });
    else f.count++;
    if (map.size > 100_000) for (const [k, v] of map) if (v.resetAt <= now) map.delete(k);
  };
  const wait = (map: Map<string, { count: number; resetAt: number }>, key: string, max: number) => {
    const f = map.get(key);
    if (!f || f.resetAt <= opts.now() || f.count < max) return 0;
    return Math.ceil((f.resetAt - opts.now()) / 1000);
  };
  const remember = (account: string, address: string) => {
    const set = known.get(account) ?? new Set<string>();
    set.delete(address);
    set.add(address);
    if (set.size > KNOWN_PER_ACCOUNT) set.delete(set.values().next().value ?? address);
    known.set(account, set);
  };

  return {
    /** Seconds until this address may try this account again (0: go ahead); counts the attempt when allowed. */
    admit(account: string, address: string) {
      const byAddress = wait(attempts, address, opts.perAddressMax);
      const byAccount = known.get(account)?.has(address) ? 0 : wait(failures, account, opts.max);
      const seconds = Math.max(byAddress, byAccount);
      if (seconds === 0) count(attempts, address);
      return seconds;
    },
    fail(account: string) {
      count(failures, account);
    },
    succeed(account: string, address: string) {
      failures.delete(account);
      remember(account, address);
    },
    /** A password reset proves the mailbox: its address becomes known and the account's failures are forgotten. */
    trust(account: string, address: string) {
      this.succeed(account, address);
    },
  };
}
