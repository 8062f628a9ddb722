import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './mail/mailer.js';
import type { Storage } from './storage/storage.js';

/** What every module may use; built once by main.ts (or a test) and passed to buildApp. */
export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
