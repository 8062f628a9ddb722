import type { Counters } from '../../http/counters.js';

/**
 * Login throttling that an attacker cannot turn against the owner (OWASP ASVS 2.2.1):
 * - per address, across e-mails: at most `perAddressMax` attempts a window, so one address cannot
 *   spray passwords over many accounts (or burn the CPU on argon2);
 * - per account (academy + e-mail): after `max` failures within the window the account refuses
 *   further tries — except from an address that has logged into it before (or reset its password),
 *   so failures from elsewhere never lock the owner out of their usual place.
 * An attempt is counted before its password is verified, in one atomic statement, so attempts
 * arriving together cannot all read the same count: no more than the limit is ever verified.
 * The counts live in `counters` (in the database: shared by every process, kept across restarts).
 */
export function createLoginGuard(counters: Counters, opts: { max: number; perAddressMax: number; windowMs: number }) {
  const KNOWN_FOR_MS = 180 * 24 * 3600_000;
  const byAddress = (address: string) => `login:address:${address}`;
  /** The account's attempts not (yet) proven right: counted up front, forgotten by a success. */
  const failuresOf = (account: string) => `login:failures:${account}`;
  const knownKey = (account: string, address: string) => `login:known:${account}|${address}`;
  // The count includes this attempt: the one past the limit waits.
  const wait = ({ count, ttlMs }: { count: number; ttlMs: number }, max: number) => (count > max ? Math.ceil(ttlMs / 1000) : 0);

  return {
    /** Counts the attempt; answers the seconds until this address may try this account again (0: verify the password). */
    async admit(account: string, address: string) {
      const [attempts, failures] = await counters.hitAll([byAddress(address), failuresOf(account)], opts.windowMs);
      const byThisAddress = wait(attempts, opts.perAddressMax);
      if (byThisAddress > 0) return byThisAddress;
      const onThisAccount = wait(failures, opts.max);
      // Only a locked account asks whether the address is known (the usual login runs one statement here).
      if (onThisAccount === 0) return 0;
      const [known] = await counters.peekAll([knownKey(account, address)]);
      return known.count > 0 ? 0 : onThisAccount;
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
