import { hash, verify } from '@node-rs/argon2';
import { loadConfig } from '../config.js';

// argon2id (the library's default algorithm) with OWASP's minimum parameters: 19 MiB, 2 passes.
// Test suites set PASSWORD_HASH_COST=test (1 MiB, 1 pass): same algorithm and code path, a fraction
// of the CPU; production refuses it (config.ts startupRefusals). A hash keeps its own parameters,
// so verifying works whichever cost made it.
const COSTS = {
  owasp: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  test: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;
const options = COSTS[loadConfig().passwordHashCost];

export const hashPassword = (password: string) => hash(password, options);

/** A fixed hash to verify against when the account does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export async function verifyPassword(passwordHash: string | null | undefined, password: string) {
  if (!passwordHash) {
    dummy ??= hashPassword('kora-dummy-password');
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
