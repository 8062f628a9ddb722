// A family payment link (docs/domain.md, "A family payment link"): a parent registers two children in the public
// wizard with one e-mail and mobile (the second confirmed into the family by the academy), each waiting for the
// first month of a new 300 SAR package; the demo academy prices a family's 2nd child 10 % lower. Staff, in
// Settings → Subscriptions, make the family's payment link beside the first child's payment link and copy it
// from the dialog. The parent, in Arabic on a phone and not signed in, opens it: greeted by name, both children
// are offered (300, and 270 at the sibling price, 570 in all) and paid in one payment on the sandbox's page; the
// result page lists each child with the amount and invoice. Opened again, the link says nothing waits.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, payWithTestCard, SANDBOX_CARD_AR, untilLive, useBrowser } from './browser';
import { apiAs, registerParent, uniqueSuffix } from './data';

const ar: Record<string, string> = JSON.parse(readFileSync(new URL('../apps/web/src/locales/ar.json', import.meta.url), 'utf8'));

/** An amount as the app writes money in Arabic (lib/money.ts), by the page's own Intl. */
const money = (page: Page, sar: number) =>
  page.evaluate(
    (n) => new Intl.NumberFormat('ar-SA-u-nu-latn', { style: 'currency', currency: 'SAR', minimumFractionDigits: 2 }).format(n),
    sar,
  );

describe('a family payment link sent by staff', () => {
  const b = useBrowser();
  const tag = uniqueSuffix();
  const email = `link-${tag}@example.com`;
  const phone = `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const children = {
    first: { name: `Faisal ${tag}`, nameArabic: `فيصل ${tag}`, birthdate: '2014-02-10', gender: 'MALE' },
    second: { name: `Noura ${tag}`, nameArabic: `نورة ${tag}`, birthdate: '2016-09-21', gender: 'FEMALE' },
  };

  beforeAll(async () => {
    const admin = await apiAs();
    const settings = await admin.call<{ siblingDiscounts: { fromChild: number; percent: number }[] }>('GET', '/api/collections/settings');
    // The demo academy's sibling prices (seed/demo-family.ts).
    expect(settings.siblingDiscounts[0]).toEqual({ fromChild: 2, percent: 10 });
    const pkg = await admin.call<{ id: string }>('POST', '/api/packages', {
      name: `Link monthly ${tag}`,
      nameArabic: `شهرية الرابط ${tag}`,
      price: 300,
      packageType: 'TIME_BASED',
      monthsNumber: 1,
    });
    const register = (child: (typeof children)['first']) =>
      registerParent({
        consents: { language: 'ar', termsPrivacy: true },
        selectedPackage: pkg.id,
        parentInfo: { name: `Parent ${tag}`, nameArabic: `ولي الأمر ${tag}`, phone, email },
        playerInfo: child,
      });
    await register(children.first);
    const second = await register(children.second);
    const joins = await admin.call<{ id: string; player: { id: string } }[]>('GET', '/api/family-joins');
    const join = joins.find((j) => j.player.id === second.player.id);
    if (!join) throw new Error('the second registration does not wait to join the family');
    await admin.call('POST', `/api/family-joins/${join.id}/decision`, { decision: 'confirm' });
  });

  it('staff copy it from Settings → Subscriptions; the parent pays both children with it in Arabic on a phone', async () => {
    const { page, browser } = b;
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.goto(academyUrl('demo', `/settings?q=${encodeURIComponent(children.first.name)}`));
    const row = page.getByTestId('subscription-row').filter({ hasText: children.first.name });
    await row.getByRole('button', { name: 'Family payment link' }).click();
    const dialog = page.getByTestId('family-link-dialog');
    const field = dialog.getByTestId('family-link-url');
    await field.waitFor();
    const url = await field.inputValue();
    expect(new URL(url).pathname).toMatch(/^\/family-payment\/[A-Za-z0-9_-]{43}$/);
    expect(await dialog.textContent()).toContain(`Parent ${tag} pays every child`);
    await page.screenshot({ path: `${artifacts}family-link-dialog-en-1280.png` });

    // The parent, not signed in, on a phone in Arabic.
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ar-SA' });
    await phoneContext.addInitScript(() => localStorage.setItem('locale', 'ar'));
    const parent = await phoneContext.newPage();
    untilLive(parent);
    try {
      await parent.goto(url);
      await parent.getByTestId('family-link').waitFor();
      expect(await parent.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await parent.getByTestId('family-link-parent').textContent()).toContain(`ولي الأمر ${tag}`);
      const items = parent.getByTestId('family-checkout-item');
      await expect.poll(() => items.count()).toBe(2);
      const second = items.filter({ hasText: children.second.nameArabic });
      expect((await second.getByTestId('family-checkout-price').textContent())?.trim()).toBe(await money(parent, 270));
      const total = await money(parent, 570);
      expect((await parent.getByTestId('family-checkout-total').textContent())?.trim()).toBe(total);
      expect(await parent.evaluate(() => document.documentElement.scrollWidth <= 390)).toBe(true);
      await parent.screenshot({ path: `${artifacts}family-link-ar-390.png`, fullPage: true });

      await parent.getByTestId('family-checkout-pay').click();
      await parent.getByLabel(SANDBOX_CARD_AR.cardNumber).waitFor({ timeout: 30_000 });
      expect((await parent.getByRole('button', { name: SANDBOX_CARD_AR.pay }).textContent())?.trim()).toBe(`ادفع ${total}`);
      await payWithTestCard(parent);
      await parent.waitForURL(/\/payment\/success\?ref=[0-9a-f-]{36}$/, { timeout: 60_000 });
      await parent.getByTestId('payment-success').waitFor();
      const results = parent.getByTestId('payment-result-item');
      await expect.poll(() => results.count()).toBe(2);
      for (const [child, sar] of [
        [children.first, 300],
        [children.second, 270],
      ] as const) {
        const line = results.filter({ hasText: child.nameArabic });
        expect((await line.getByTestId('payment-result-item-amount').textContent())?.trim()).toBe(await money(parent, sar));
        expect(await line.getByTestId('payment-result-item-invoice').getAttribute('href')).toMatch(/^\/subscription-invoice\//);
      }

      // The link again: nothing waits any more.
      await parent.goto(url);
      expect((await parent.getByTestId('family-link-nothing').textContent())?.trim()).toBe(ar['family.link.nothing']);
    } finally {
      await phoneContext.close();
    }
  });
});
