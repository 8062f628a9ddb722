/**
 * One line of set-up for a test file: the app on its own database, the academies and coaches the
 * file names signed in before its first test, and everything closed after its last.
 *
 *   const t = useTestApp({ academies: 2, coaches: 1 });
 *   const [a, b] = t.academies;
 *   const [coach] = t.coaches;
 *
 * Call it at the top of the file (or of a describe): it registers vitest's beforeAll and afterAll.
 * The academies and coaches are the same objects before and after beforeAll (filled in there), so
 * a file may take them apart at once; the app, deps and clock are read once beforeAll has run.
 * A later beforeAll of the file runs after this one (vitest runs before-hooks in order).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppOptions } from '../src/app.js';
import type { Deps } from '../src/deps.js';
import { api } from './api.js';
import { coachLogin } from './fixtures.js';
import { type Academy, createTestApp, registerAndLogin, type TestContext } from './harness.js';

/** One academy to sign up (harness.ts `registerAndLogin`). */
export interface AcademyOptions {
  handle?: string;
  ownerConfirmed?: boolean;
}

export interface FixtureOptions {
  /** Academies to sign up, each with its owner signed in: how many, or each one's options. */
  academies?: number | AcademyOptions[];
  /** Coaches of the default Coach account type, signed in, of the first academy: how many, or their names. */
  coaches?: number | string[];
  /** Environment of the app (config.ts) beside the test defaults. */
  env?: Record<string, string>;
  app?: AppOptions;
  overrides?: Parameters<typeof createTestApp>[2];
}

export type Coach = Awaited<ReturnType<typeof coachLogin>>;

export interface TestApp {
  readonly app: FastifyInstance;
  readonly deps: Deps;
  readonly clock: TestContext['clock'];
  /** The whole harness context (`secondProcess`, `close`). */
  readonly context: TestContext;
  readonly academies: readonly Academy[];
  readonly coaches: readonly Coach[];
  /** Calls by operation id as the given academy member (api.ts), the first academy's owner by default. */
  api(who?: { handle: string; token?: string }): ReturnType<typeof api>;
}

export function useTestApp(options: FixtureOptions = {}): TestApp {
  const wanted: AcademyOptions[] =
    typeof options.academies === 'number' ? Array.from({ length: options.academies }, () => ({})) : (options.academies ?? []);
  const academies = wanted.map(() => ({}) as Academy);
  const coachNames =
    typeof options.coaches === 'number' ? Array.from({ length: options.coaches }, () => undefined) : (options.coaches ?? []);
  const coaches = coachNames.map(() => ({}) as Coach);
  if (coaches.length && !academies.length) throw new Error('coaches belong to the first academy: name at least one');
  let context: TestContext | undefined;
  const ready = () => {
    if (!context) throw new Error('useTestApp: read the app inside a test or a later hook, once beforeAll has run');
    return context;
  };

  beforeAll(async () => {
    context = await createTestApp(options.env, options.app, options.overrides);
    for (const [i, { handle, ownerConfirmed }] of wanted.entries())
      Object.assign(academies[i], await registerAndLogin(context.app, handle, { ownerConfirmed }));
    for (const [i, name] of coachNames.entries()) Object.assign(coaches[i], await coachLogin(context.app, academies[0], name));
  });
  afterAll(() => context?.close());

  return {
    get app() {
      return ready().app;
    },
    get deps() {
      return ready().deps;
    },
    get clock() {
      return ready().clock;
    },
    get context() {
      return ready();
    },
    academies,
    coaches,
    api: (who = academies[0]) => api(ready().app, who),
  };
}
