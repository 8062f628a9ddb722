// Debian's Chromium driven by playwright-core; one browser per test file, a fresh context per test.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type FrameLocator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { serverLog } from './global-setup';

const workerId = () => Number(process.env.VITEST_POOL_ID ?? 1);
/** The port of this worker's own server (global-setup.ts): files running side by side each have theirs. */
export const port = () => {
  const ports = inject('ports');
  return ports[(workerId() - 1) % ports.length];
};
export const rootUrl = (path = '/') => `http://localhost:${port()}${path}`;
export const academyUrl = (handle: string, path = '/') => `http://${handle}.localhost:${port()}${path}`;
export const DEMO = {
  admin: { email: 'admin@demo.kora.sa', password: 'demo12345' },
  coach: { email: 'coach@demo.kora.sa', password: 'demo12345' },
};

export const artifacts = new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(artifacts, { recursive: true });

/** Sets up `ctx.page` for every test of the file; phone-sized when `mobile`. */
export function useBrowser(opts: { mobile?: boolean; locale?: string } = {}) {
  const ctx = {} as { browser: Browser; context: BrowserContext; page: Page };
  beforeAll(async () => {
    ctx.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    });
  });
  beforeEach(async () => {
    ctx.context = await ctx.browser.newContext({
      viewport: opts.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
      locale: opts.locale ?? 'en-US',
    });
    ctx.page = await ctx.context.newPage();
    untilLive(ctx.page);
  });
  // A failed journey leaves what its page showed, and where each frame was, beside the screenshots (CI keeps no browser).
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && ctx.page) {
      const name = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      await ctx.page.screenshot({ path: `${artifacts}FAILED-${name}.png`, fullPage: true }).catch(() => {});
      const frames = ctx.page.frames().map((f) => f.url());
      const log = existsSync(serverLog(workerId()))
        ? readFileSync(serverLog(workerId()), 'utf8').trim().split('\n').slice(-30).join('\n')
        : '';
      console.error(`failed at ${ctx.page.url()}; frames: ${frames.join(' | ')}\nthe server's last log lines:\n${log}`);
    }
    await ctx.context?.close();
  });
  afterAll(async () => ctx.browser?.close());
  return ctx;
}

/**
 * A signed-in document first shows the server's frame, static markup whose buttons do nothing until the app has
 * drawn over it (`#root[data-frame]`, docs/architecture.md "First paint from the server"): after each `goto` and
 * `reload` the page waits for that, so a journey's first click is never lost on a loaded machine. A journey that
 * looks at the frame itself goes with `waitUntil: 'commit'` and waits for what it checks.
 */
export function untilLive(page: Page) {
  const live = () => page.waitForFunction(() => !document.querySelector('#root[data-frame]'), undefined, { timeout: 30_000 });
  const { goto, reload } = { goto: page.goto.bind(page), reload: page.reload.bind(page) };
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    if (options?.waitUntil !== 'commit') await live();
    return res;
  };
  page.reload = async (options) => {
    const res = await reload(options);
    await live();
    return res;
  };
}

/**
 * Every page of the context starts signed in with a session token from the API, as a browser that signed in
 * keeps it: the HttpOnly session cookie on the academy's host (plain `kora_session` over http) and the web's
 * signed-in marker, never the token in storage (docs/architecture.md, "Sessions in cookies").
 */
export async function signInWithToken(context: BrowserContext, token: string, handle = 'demo') {
  // By `url`, host-only like the server's (no Domain), so the logout's clearing of the cookie matches it.
  await context.addCookies([{ name: 'kora_session', value: token, url: academyUrl(handle), httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(() => localStorage.setItem('signedIn', '1'));
}

/** Logs in on an academy's login page and waits for the shell. */
export async function login(page: Page, handle: string, email: string, password: string) {
  await page.goto(academyUrl(handle, '/auth/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('avatar-menu').waitFor();
}

export async function outbox(): Promise<{ to: string; subject: string; text: string }[]> {
  return (await fetch(rootUrl('/api/dev/outbox'))).json();
}

/** The code of the newest sign-in mail to `email`, polled from the development outbox (bounded). */
export async function codeFor(email: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const code = (await outbox()).find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no sign-in code for ${email} in the outbox`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The sandbox provider's card page in Arabic (payments/providers/sandbox.ts): its labels and its pay button. */
export const SANDBOX_CARD_AR = { cardNumber: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (شهر/سنة)', cvc: 'رمز التحقق', pay: /^ادفع / } as const;

/** Pays on the sandbox's Arabic card page (the whole window, or the payment page's frame) with its good test card. */
export async function payWithTestCard(on: Page | FrameLocator) {
  await on.getByLabel(SANDBOX_CARD_AR.cardNumber).fill('4111 1111 1111 1111');
  await on.getByLabel(SANDBOX_CARD_AR.expiry).fill('12/30');
  await on.getByLabel(SANDBOX_CARD_AR.cvc).fill('123');
  await on.getByRole('button', { name: SANDBOX_CARD_AR.pay }).click();
}

/** Signs a parent in to the family portal with the code mailed to `email`, in the catalog `m`'s language. */
export async function signInToPortal(page: Page, email: string, m: Record<string, string>) {
  await page.goto(academyUrl('demo', '/family'));
  await page.getByLabel(m['family.signIn.address']).fill(email);
  await page.getByRole('button', { name: m['family.signIn.send'] }).click();
  await page.getByLabel(m['family.signIn.code']).fill(await codeFor(email));
  await page.getByRole('button', { name: m['family.signIn.verify'] }).click();
  await page.getByTestId('family-child').first().waitFor();
}
