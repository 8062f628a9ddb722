// `npm run backup [-- FILE]` and `npm run restore -- FILE [--force]`: see docs/architecture.md, "Backups".
import { loadConfig } from './config.js';
import { backup, restore } from './db/backup.js';

const args = process.argv.slice(2);
// --force restores a backup older than invoices already issued (the restore refuses it otherwise).
const force = args.includes('--force');
const [command, file] = args.filter((a) => a !== '--force');
const config = loadConfig();
// pg_dump/pg_restore need the tables' owner when the server logs in as an ordinary role.
const place = { dataDir: config.dataDir, databaseUrl: config.migrationDatabaseUrl ?? config.databaseUrl };

try {
  if (command === 'backup') {
    const target = file ?? `kora-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    const manifest = await backup(place, target);
    console.log(`Backed up the ${manifest.database} database and uploads to ${target}`);
  } else if (command === 'restore' && file) {
    const manifest = await restore(place, file, { force });
    console.log(`Restored the ${manifest.database} database of ${manifest.createdAt} and its uploads from ${file}`);
  } else {
    console.error('usage: npm run backup [-- FILE] | npm run restore -- FILE [--force]');
    process.exitCode = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
