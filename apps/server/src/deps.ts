import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { DataAccess } from './db/tenant.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './mail/mailer.js';
import type { Storage } from './storage/storage.js';

/** What the application is built from; made once by main.ts (or a test) and passed to buildApp. */
export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
}

/** What modules see: the database only through a tenant or a system transaction, never the pool. */
export interface AppDeps extends Omit<Deps, 'db'> {
  data: DataAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
