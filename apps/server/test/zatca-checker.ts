/**
 * ZATCA's offline checker (tools/zatca/validate.mjs: the SDK's XSD, EN 16931 and BR-KSA rules,
 * hash, signature, QR and the ICV/PIH chain), run on documents written to a temporary directory.
 * About a second per file with the schematrons; `chainOnly` skips them.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The checker and the SDK data the repository carries (tools/zatca), or where ZATCA_SDK_DIR says. */
// Resolved through symlinks: validate.mjs runs only when started by its real path (it compares
// process.argv[1] with its own URL), so a linked folder would print nothing and exit 0.
export const ZATCA_DIR = realpathSync(process.env.ZATCA_SDK_DIR ?? fileURLToPath(new URL('../../../tools/zatca/', import.meta.url)));

export interface CheckerReport {
  results: { file: string; errors: string[]; warnings: string[]; hash: string; icv: number; pih: string }[];
  chain: string[];
  ok: boolean;
  pihSeed: string;
}

/** Writes the documents as 01.xml, 02.xml… (in the order given: the chain's order) and checks them. */
export async function checkDocuments(xmls: string[], opts: { chainOnly?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'kora-zatca-'));
  const files = xmls.map((xml, i) => {
    const file = join(dir, `${String(i + 1).padStart(2, '0')}.xml`);
    writeFileSync(file, xml);
    return file;
  });
  const args = [join(ZATCA_DIR, 'validate.mjs'), '--json', ...(opts.chainOnly ? ['--chain-only'] : []), ...files];
  try {
    const { stdout } = await promisify(execFile)(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
    return { exitCode: 0, report: JSON.parse(stdout) as CheckerReport };
  } catch (e) {
    const failure = e as { code?: number; stdout?: string; stderr?: string };
    if (typeof failure.code !== 'number' || !failure.stdout) throw e;
    return { exitCode: failure.code, report: JSON.parse(failure.stdout) as CheckerReport };
  }
}

/** Every error the checker reported, by file, for a readable assertion. */
export const checkerErrors = (report: CheckerReport) => [
  ...report.results.flatMap((r) => r.errors.map((e) => `${r.file}: ${e}`)),
  ...report.chain,
];
