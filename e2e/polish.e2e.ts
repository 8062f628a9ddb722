// Review findings kept fixed: logout without errors, phone layouts without sideways scrolling,
// Arabic navigation without English, refused screens explained, payment links not yet built.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, port, rootUrl, signInWithToken, useBrowser } from './browser';

/** A session token from the API, so a page can start signed in (and in any language). */
async function tokenOf(who: { email: string; password: string }) {
  const res = await fetch(`http://127.0.0.1:${port()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: 'demo', ...who }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Every page of the context starts signed in as `who`, in `locale`. */
async function signedIn(context: BrowserContext, locale: 'en' | 'ar', who = DEMO.admin) {
  const token = await tokenOf(who);
  await signInWithToken(context, token);
  await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
}

const pageErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
};

describe('desktop', () => {
  const b = useBrowser();

  it('logs out without a page error', async () => {
    const { page } = b;
    const errors = pageErrors(page);
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(academyUrl('demo', '/auth/login'));
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // Whatever the logout still had in flight has settled (a condition, not a fixed sleep).
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(await page.getByTestId('avatar-menu').count()).toBe(0);
  });

  it('shows no English in the Arabic navigation and top bar', async () => {
    const { page, context } = b;
    await signedIn(context, 'ar');
    for (const path of ['/', '/players']) {
      await page.goto(academyUrl('demo', path));
      await page.getByTestId('avatar-menu').waitFor();
      const nav = page.getByRole('navigation', { name: 'الأقسام' });
      await nav.getByRole('link').first().waitFor();
      // biome-ignore lint/performance/useDomNodeTextContent: what is shown is what is checked
      expect(await nav.innerText()).not.toMatch(/[A-Za-z]{3,}/);
      // The top bar without the brand (the logo link).
      const topBar = await page
        .locator('header')
        .first()
        .evaluate((el) => {
          const copy = el.cloneNode(true) as HTMLElement;
          for (const brand of copy.querySelectorAll('a[aria-label="Kora"]')) brand.remove();
          document.body.append(copy);
          // biome-ignore lint/performance/useDomNodeTextContent: what is shown is what is checked
          const text = copy.innerText;
          copy.remove();
          return text;
        });
      expect(topBar).not.toMatch(/[A-Za-z]{3,}/);
    }
    // The account menu opens right to left.
    await page.getByTestId('avatar-menu').click();
    expect(await page.getByRole('menu').getAttribute('dir')).toBe('rtl');
    await page.screenshot({ path: `${artifacts}polish-shell-ar.png` });
  });

  it('tells a user why a screen without permission sent them to the dashboard', async () => {
    const { page, context } = b;
    await signedIn(context, 'en', DEMO.coach);
    await page.goto(academyUrl('demo', '/coaches'));
    await page.waitForURL(academyUrl('demo', '/'));
    await page.getByText('You do not have access to Coaches').waitFor();
    // Once: the next page does not repeat it.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Players' }).click();
    await page.waitForURL(academyUrl('demo', '/players'));
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('You do not have access to Coaches').count()).toBeLessThanOrEqual(1);
  });

  it('answers a broken or unknown payment, renewal or invoice link with its clear message, on both host kinds', async () => {
    const { page } = b;
    const unknown = '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f';
    for (const [url, text] of [
      [rootUrl('/initial-subscription/123'), 'Subscription ID is missing.'],
      [academyUrl('demo', '/initial-subscription/123'), 'Subscription ID is missing.'],
      [rootUrl('/renew-subscription/123'), 'Subscription ID is missing. The renewal cannot start.'],
      [rootUrl(`/initial-subscription/${unknown}`), 'Subscription not found'],
      [rootUrl('/subscription-invoice/123'), 'No PDF available'],
      [rootUrl(`/subscription-invoice/${unknown}`), 'No PDF available'],
    ] as const) {
      await page.goto(url);
      await page.getByText(text, { exact: true }).waitFor();
    }
    // A result page without a payment the server knows never says "successful".
    await page.goto(academyUrl('demo', '/payment/success'));
    await page.getByText('We could not find this payment').first().waitFor();
    expect(await page.getByText('Payment successful').count()).toBe(0);
  });

  it('gives every pricing plan a sign-up link and the contact page mailto:/tel: links', async () => {
    const { page } = b;
    await page.goto(rootUrl('/pricing'));
    const cards = page.getByTestId('pricing-card');
    expect(await cards.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      expect(await cards.nth(i).getByRole('link').last().getAttribute('href')).toBe('/auth/register/academy');
    }
    await page.goto(rootUrl('/contact'));
    expect(await page.locator('main a[href^="mailto:"]').count()).toBeGreaterThan(0);
    expect(await page.locator('main a[href^="tel:+966"]').count()).toBeGreaterThan(0);
    expect(await page.locator('footer a[href^="tel:+966"]').getAttribute('dir')).toBe('ltr');
  });
});

describe('phone, 390 px', () => {
  const m = useBrowser({ mobile: true });

  /** Nothing scrolls sideways and every visible row action lies within the 390 px viewport. */
  async function expectRowsFit(page: Page, rowTestId: string) {
    const rows = page.locator(`[data-testid="${rowTestId}"]:visible`);
    await rows.first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const actions = page.locator(`[data-testid="${rowTestId}"]:visible [data-testid="row-action"]`);
    const count = await actions.count();
    expect(count).toBe(await rows.count());
    for (let i = 0; i < count; i++) {
      const box = await actions.nth(i).boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
  }

  for (const locale of ['en', 'ar'] as const) {
    it(`fits the players, coaches and a player's events to 390 px (${locale})`, async () => {
      const { page, context } = m;
      await signedIn(context, locale);
      await page.goto(academyUrl('demo', '/players'));
      await expectRowsFit(page, 'player-row');
      await page.screenshot({ path: `${artifacts}polish-players-${locale}-phone.png` });
      await page.goto(academyUrl('demo', '/coaches'));
      await expectRowsFit(page, 'coach-row');
      // A player's page: its events as cards with the attendance selector on screen.
      await page.goto(academyUrl('demo', '/players'));
      await page.locator('[data-testid="player-row"]:visible [data-testid="row-action"]').first().click();
      await page.waitForURL(/\/players\/[0-9a-f-]{36}/);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (await page.getByTestId('event-row').count()) await expectRowsFit(page, 'event-row');
      else expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }

  it('keeps the language buttons clear of the academy sign-up card', async () => {
    const { page } = m;
    for (const locale of ['en', 'ar']) {
      await page.goto(rootUrl('/auth/register/academy'));
      await page.evaluate((l) => localStorage.setItem('locale', l), locale);
      await page.reload();
      const card = await page.getByTestId('auth-card').boundingBox();
      const language = await page.getByTestId('auth-language').boundingBox();
      expect(card && language).toBeTruthy();
      expect(language!.y + language!.height).toBeLessThanOrEqual(card!.y);
      await page.screenshot({ path: `${artifacts}register-academy-390-${locale}.png` });
    }
  });

  it('marks the navigation strip as scrollable and keeps the active entry in view', async () => {
    const { page, context } = m;
    await signedIn(context, 'en');
    await page.goto(academyUrl('demo', '/settings'));
    const active = page.getByRole('navigation', { name: 'Sections' }).locator('[aria-current="page"]');
    await active.waitFor();
    // The strip scrolls the active entry into view smoothly: wait (bounded) until it is inside.
    const inView = async () => {
      const b = await active.boundingBox();
      return !!b && b.x >= -0.5 && b.x + b.width <= 390.5;
    };
    await expect.poll(inView, { timeout: 5000 }).toBe(true);
    const box = await active.boundingBox();
    // Sub-pixel text widths: within half a pixel.
    expect(box!.x).toBeGreaterThanOrEqual(-0.5);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390.5);
    // Scrolled to the end: more entries wait at the start.
    await page.getByTestId('nav-more-start').waitFor();
    await page.goto(academyUrl('demo', '/'));
    await page.getByTestId('nav-more-end').waitFor();
    expect(await page.getByTestId('nav-more-start').count()).toBe(0);
  });
});
