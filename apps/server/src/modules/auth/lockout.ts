import type { Counters } from '../../http/counters.js';

/**
 * Login throttling that an attacker cannot turn against the owner (OWASP ASVS 2.2.1):
 * - per address, across e-mails: at most `perAddressMax` attempts a window, so one address cannot
 *   spray passwords over many accounts (or burn the CPU on argon2);
 * - per account (academy + e-mail): after `max` failures within the window the account refuses
 *   further tries — except from an address that has logged into it before (or reset its password),
 *   so failures from elsewhere never lock the owner out of their usual place.
 * The counts live in `counters` (shared by every process on PostgreSQL).
 */
export function createLoginGuard(counters: Counters, opts: { max: number; perAddressMax: number; windowMs: number }) {
  const KNOWN_FOR_MS = 180 * 24 * 3600_000;
  const byAddress = (address: string) => `login:address:${address}`;
  const failuresOf = (account: string) => `login:failures:${account}`;
  const knownKey = (account: string, address: string) => `login:known:${account}|${address}`;
  const wait = ({ count, ttlMs }: { count: number; ttlMs: number }, max: number) => (count >= max ? Math.ceil(ttlMs / 1000) : 0);

  return {
    /** Seconds until this address may try this account again (0: go ahead); counts the attempt when allowed. */
    async admit(account: string, address: string) {
      const [attempts, known, failures] = await counters.peekAll([byAddress(address), knownKey(account, address), failuresOf(account)]);
      const seconds = Math.max(wait(attempts, opts.perAddressMax), known.count > 0 ? 0 : wait(failures, opts.max));
      if (seconds === 0) await counters.hit(byAddress(address), opts.windowMs);
      return seconds;
    },
    async fail(account: string) {
      await counters.hit(failuresOf(account), opts.windowMs);
    },
    async succeed(account: string, address: string) {
      await counters.clear(failuresOf(account));
      await counters.hit(knownKey(account, address), KNOWN_FOR_MS);
    },
    /** A password reset proves the mailbox: its address becomes known and the account's failures are forgotten. */
    async trust(account: string, address: string) {
      await this.succeed(account, address);
    },
  };
}
