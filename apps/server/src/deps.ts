import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { DataAccess } from './db/tenant.js';
import type { Counters } from './http/counters.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './mail/mailer.js';
import type { ZatcaApi } from './modules/e-invoicing/zatca/provider.js';
import type { PaymentProvider } from './modules/payments/providers/provider.js';
import type { Storage } from './storage/storage.js';

/** What the application is built from; made once by main.ts (or a test) and passed to buildApp. */
export interface Deps {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  /** The card payment provider: PayTabs, or the built-in sandbox when PayTabs is not configured. */
  payments: PaymentProvider;
  /** ZATCA's e-invoicing API: one of its environments, or the built-in simulator (ZATCA_ENV). */
  zatca: ZatcaApi;
}

/** What modules see: the database only through a tenant or a system transaction, never the pool. */
export interface AppDeps extends Omit<Deps, 'db'> {
  data: DataAccess;
  /** Rate-limit and login counters: in the database with PostgreSQL (shared by processes), else in memory. */
  counters: Counters;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
