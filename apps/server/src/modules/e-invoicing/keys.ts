import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../../config.js';
import { sealingKey } from '../invoices/formats/credentials.js';

const ENV = 'ZATCA_KEY_ENCRYPTION_KEY';

/**
 * The key that seals academies' private keys and API secrets (AES-256-GCM, invoices/formats/credentials.ts):
 * ZATCA_KEY_ENCRYPTION_KEY (32 bytes, base64). Without it, development keeps one generated key in
 * `DATA_DIR/zatca-key-encryption.key` (so a restart still opens what was sealed) and puts it in the
 * environment, where signing reads it; production has none, and onboarding refuses (409).
 */
export function sealingKeyFor(config: Pick<Config, 'production' | 'dataDir'>): Buffer | null {
  const configured = sealingKey();
  if (configured) return configured;
  if (config.production) return null;
  const file = join(config.dataDir, 'zatca-key-encryption.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process of the server wrote it first: use theirs.
      if (!(err instanceof Error && 'code' in err && err.code === 'EEXIST')) throw err;
    }
  }
  const text = readFileSync(file, 'utf8').trim();
  process.env[ENV] = text;
  return sealingKey();
}
