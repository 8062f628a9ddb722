import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { statementCounter } from '../db/client.js';

/**
 * Work a request starts but does not wait for, so its answer takes the same time whether there
 * was work or not (forgot-password must not tell which e-mails exist). Failures are logged;
 * closing the app waits for what is still running; tests wait with `idle()`.
 */
export interface Background {
  run(work: () => Promise<unknown>, log: FastifyBaseLogger): void;
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    background: Background;
  }
}

export function registerBackground(app: FastifyInstance) {
  const pending = new Set<Promise<unknown>>();
  const background: Background = {
    run(work, log) {
      // Outside the request's statement count: the request did not wait for this work.
      const task = statementCounter
        .exit(work)
        .catch((err) => log.error({ err }, 'background work failed'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
  app.decorate('background', background);
  app.addHook('onClose', () => background.idle());
}
