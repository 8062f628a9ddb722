// One checkout per family at 390 px in Arabic (docs/domain.md, "One checkout per family" and "Sibling prices"):
// a parent registers two children in the public wizard with the same e-mail and mobile (the second waits apart
// until the academy confirms it joins the family), each on a new 300 SAR monthly package that renews itself; the
// academy prices a family's 2nd child 10 % lower and its 3rd 15 %. Signed in to the portal, the parent finds on
// the payments page both children to pay together — 300 and 270 SAR, 570 in all — ticks "save this card" and
// pays once on the sandbox provider's page; the result page lists each child with the amount and its invoice,
// and the total. Back in the portal the saved card renews both children on each period's last day for what each
// was asked, and nothing is left to pay together. Nothing scrolls sideways on Kora's pages (the provider's page
// is not ours); screenshots go to e2e/artifacts. The academy's collection settings are restored afterwards.
import { readFileSync } from 'node:fs';
import { CARD_CONSENT } from '@kora/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyUrl, artifacts, payWithTestCard, port, SANDBOX_CARD_AR, signInToPortal, useBrowser } from './browser';
import { apiAs, registerParent, uniqueSuffix } from './data';

const m: Record<string, string> = JSON.parse(readFileSync(new URL('../apps/web/src/locales/ar.json', import.meta.url), 'utf8'));
const TIERS = [
  { fromChild: 2, percent: 10 },
  { fromChild: 3, percent: 15 },
];

type Settings = {
  retryDays: number[];
  graceDays: number;
  siblingDiscounts: { fromChild: number; percent: number }[];
  packages: { id: string; autoRenew: boolean }[];
};
type Registered = { player: { id: string }; subscription: { id: string; status: string } };

/** An amount as the app writes money in Arabic (lib/money.ts: SAR, two decimals, Latin digits), by the page's own Intl. */
const money = (page: Page, sar: number) =>
  page.evaluate(
    (n) =>
      new Intl.NumberFormat('ar-SA-u-nu-latn', {
        style: 'currency',
        currency: 'SAR',
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(n),
    sar,
  );
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 390);
const shown = (iso: string) => iso.replaceAll('-', '/');
const trimmed = async (within: Page | Locator, testId: string) => (await within.getByTestId(testId).textContent())?.trim();
/** A message's words before its first placeholder ("الخصم القادم {amount} في {date}" → "الخصم القادم"). */
const lead = (id: string) => m[id].split('{')[0].trim();

describe('one checkout for two children, in Arabic at 390 px', () => {
  const b = useBrowser({ mobile: true, locale: 'ar-SA' });
  const tag = uniqueSuffix();
  const email = `checkout-${tag}@example.com`;
  const phone = `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const packageArabic = `شهرية العائلة ${tag}`;
  const children = {
    first: { name: `Faisal ${tag}`, nameArabic: `فيصل ${tag}`, birthdate: '2014-02-10', gender: 'MALE' },
    second: { name: `Noura ${tag}`, nameArabic: `نورة ${tag}`, birthdate: '2016-09-21', gender: 'FEMALE' },
  };
  let admin: Awaited<ReturnType<typeof apiAs>>;
  let before: Settings;
  let pkg: { id: string };
  let first: Registered;
  let second: Registered;

  /** The academy's settings as they were, with `change` applied (PUT takes the whole schedule and the renewing packages). */
  const putSettings = (change: { siblingDiscounts: Settings['siblingDiscounts']; autoRenewPackageIds: string[] }) =>
    admin.call('PUT', '/api/collections/settings', { retryDays: before.retryDays, graceDays: before.graceDays, ...change });
  const restore = () =>
    putSettings({
      siblingDiscounts: before.siblingDiscounts,
      autoRenewPackageIds: before.packages.filter((p) => p.autoRenew).map((p) => p.id),
    });
  const withTiers = () =>
    putSettings({
      siblingDiscounts: TIERS,
      autoRenewPackageIds: [...before.packages.filter((p) => p.autoRenew).map((p) => p.id), pkg.id],
    });

  /** A child registered by the parent in the public wizard, always with the same parent details. */
  function register(child: (typeof children)['first']): Promise<Registered> {
    return registerParent({
      consents: { language: 'ar', termsPrivacy: true },
      selectedPackage: pkg.id,
      parentInfo: { name: `Parent ${tag}`, nameArabic: `ولي الأمر ${tag}`, phone, email },
      playerInfo: child,
    });
  }

  /** A subscription as its public payment details say (status and period). */
  const subscriptionOf = async (id: string) =>
    (
      (await (await fetch(`http://127.0.0.1:${port()}/api/subscriptions/${id}/payment-details`)).json()) as {
        subscription: { status: string; endDate: string };
      }
    ).subscription;

  beforeAll(async () => {
    admin = await apiAs();
    before = await admin.call<Settings>('GET', '/api/collections/settings');
    // A package of this journey's own, so no other journey's prices change.
    pkg = await admin.call<{ id: string }>('POST', '/api/packages', {
      name: `Family monthly ${tag}`,
      nameArabic: packageArabic,
      price: 300,
      packageType: 'TIME_BASED',
      monthsNumber: 1,
    });
    first = await register(children.first);
    second = await register(children.second);
    expect([first.subscription.status, second.subscription.status]).toEqual(['PENDING', 'PENDING']);
    // The same e-mail and mobile: the second registration waits apart until the academy confirms it joins the family.
    const joins = await admin.call<{ id: string; player: { id: string } }[]>('GET', '/api/family-joins');
    const join = joins.find((j) => j.player.id === second.player.id);
    if (!join) throw new Error('the second registration does not wait to join the family');
    await admin.call('POST', `/api/family-joins/${join.id}/decision`, { decision: 'confirm' });
  });

  // The tiers and the renewing packages are academy-wide: the test restores them at its end; this is the safety net.
  afterAll(async () => {
    if (admin && before) await restore();
  });

  it('the parent pays both children in one checkout saving the card; the result lists each child, and the card renews both', async () => {
    const { page, context } = b;
    await context.addInitScript(() => localStorage.setItem('locale', 'ar'));
    await withTiers();
    try {
      // The portal: the parent signs in with the code mailed to the family's address.
      await signInToPortal(page, email, m);
      await expect.poll(() => page.getByTestId('family-child').count()).toBe(2);

      // The payments page: both children's first month to pay together, the second at the sibling price.
      await page.goto(academyUrl('demo', '/family/money'));
      const section = page.getByTestId('family-checkout');
      await section.waitFor();
      expect((await section.getByRole('heading').first().textContent())?.trim()).toBe(m['family.checkout.title']);
      const items = section.getByTestId('family-checkout-item');
      await expect.poll(() => items.count()).toBe(2);
      const line = (nameArabic: string) =>
        items.filter({ has: page.getByTestId('family-checkout-child').getByText(nameArabic, { exact: true }) });
      const firstLine = line(children.first.nameArabic);
      const secondLine = line(children.second.nameArabic);
      expect(await firstLine.count()).toBe(1);
      expect(await secondLine.count()).toBe(1);
      for (const l of [firstLine, secondLine]) {
        expect(await l.textContent()).toContain(packageArabic);
        expect(await l.textContent()).toContain(m['family.checkout.status.PENDING']);
        // Every period starts ticked.
        expect(await l.getByTestId('family-checkout-tick').isChecked()).toBe(true);
      }
      // The first child pays the full price: no sibling line, no struck price.
      expect(await trimmed(firstLine, 'family-checkout-price')).toBe(await money(page, 300));
      expect(await firstLine.getByTestId('family-checkout-sibling').count()).toBe(0);
      expect(await firstLine.getByTestId('family-checkout-list-price').count()).toBe(0);
      // The second: the package's price struck, the sibling discount named as the payment page names it, 270.
      expect(await trimmed(secondLine, 'family-checkout-list-price')).toBe(await money(page, 300));
      const sibling = (await trimmed(secondLine, 'family-checkout-sibling')) ?? '';
      expect(sibling).toContain(m['paymentPage.sibling'].match(/=2 \{([^}]*)\}/)?.[1]);
      expect(sibling).toContain('10%');
      expect(await trimmed(secondLine, 'family-checkout-price')).toBe(await money(page, 270));
      // The total, said twice: beside "the total (two periods)" and on the button.
      const total = await money(page, 570);
      expect(await trimmed(section, 'family-checkout-total')).toBe(total);
      expect(await section.textContent()).toContain(lead('family.checkout.total'));
      const pay = section.getByTestId('family-checkout-pay');
      expect((await pay.textContent())?.trim()).toBe(`${lead('family.checkout.pay')} ${total}`);
      expect(await pay.isEnabled()).toBe(true);
      // The card-save consent: unticked, in the consent's own Arabic words.
      const consent = section.getByTestId('family-checkout-save-card');
      expect(await consent.isChecked()).toBe(false);
      expect((await section.locator('label', { has: page.getByTestId('family-checkout-save-card') }).textContent())?.trim()).toBe(
        CARD_CONSENT.ar,
      );
      expect(await noSideScroll(page)).toBe(true);
      await page.screenshot({ path: `${artifacts}family-checkout-money-ar-390.png`, fullPage: true });

      // One payment on the provider's page (the whole window), for the total.
      await consent.check();
      await pay.click();
      await page.getByLabel(SANDBOX_CARD_AR.cardNumber).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).pathname).toMatch(/^\/sandbox\/pay\//);
      expect((await page.getByRole('button', { name: SANDBOX_CARD_AR.pay }).textContent())?.trim()).toBe(`ادفع ${total}`);
      await payWithTestCard(page);

      // The result page: paid; each child with the package, the amount and its own invoice; the total paid.
      await page.waitForURL(/\/payment\/success\?ref=[0-9a-f-]{36}$/, { timeout: 60_000 });
      await page.getByTestId('payment-success').waitFor();
      // The page is about the children's payment, not one subscription's.
      expect(await page.getByRole('heading', { level: 1, name: m['paymentResult.checkoutTitle'], exact: true }).count()).toBe(1);
      const results = page.getByTestId('payment-result-item');
      await expect.poll(() => results.count()).toBe(2);
      const invoices = new Set<string>();
      for (const [child, sar] of [
        [children.first, 300],
        [children.second, 270],
      ] as const) {
        const row = results.filter({ has: page.getByTestId('payment-result-item-player').getByText(child.nameArabic, { exact: true }) });
        expect(await row.count()).toBe(1);
        expect(await row.textContent()).toContain(packageArabic);
        expect(await trimmed(row, 'payment-result-item-amount')).toBe(await money(page, sar));
        const invoice = row.getByTestId('payment-result-item-invoice');
        expect(await invoice.getAttribute('href')).toMatch(/^\/subscription-invoice\/[0-9a-f-]{36}$/);
        expect((await invoice.textContent())?.trim()).toMatch(new RegExp(`^${lead('paymentResult.itemInvoice')} #\\d+$`));
        invoices.add((await invoice.getAttribute('href')) ?? '');
      }
      // One invoice per child.
      expect(invoices.size).toBe(2);
      const amount = page.getByTestId('payment-result-amount');
      expect(await amount.locator('xpath=preceding-sibling::dt').textContent()).toBe(m['paymentResult.totalPaid']);
      expect((await amount.locator('span.text-lg').textContent())?.trim()).toBe(total);
      expect(await noSideScroll(page)).toBe(true);
      await page.screenshot({ path: `${artifacts}family-checkout-result-ar-390.png`, fullPage: true });
      const paid = { first: await subscriptionOf(first.subscription.id), second: await subscriptionOf(second.subscription.id) };
      expect([paid.first.status, paid.second.status]).toEqual(['ACTIVE', 'ACTIVE']);

      // Back in the portal: one saved card renewing both children, each on its period's last day for what it was
      // asked; and nothing is left to pay together.
      await page.goto(academyUrl('demo', '/family/money'));
      const card = page.getByTestId('saved-card');
      await card.first().waitFor();
      expect(await card.count()).toBe(1);
      expect(await card.locator('bdi[dir="ltr"]').first().textContent()).toMatch(/^4111 11.*1111$/);
      const renewals = card.getByTestId('saved-card-renewal');
      expect(await renewals.count()).toBe(2);
      for (const [child, sub, sar] of [
        [children.first, paid.first, 300],
        [children.second, paid.second, 270],
      ] as const) {
        const renewal = renewals.filter({ hasText: child.nameArabic });
        expect(await renewal.count()).toBe(1);
        const words = (await renewal.textContent()) ?? '';
        expect(words).toContain(packageArabic);
        expect(words).toContain(lead('family.cards.next'));
        expect(await renewal.getByTestId('plan-date').locator('bdi[dir="ltr"]').textContent()).toBe(shown(sub.endDate));
        expect(await renewal.locator('p bdi[dir="ltr"]').first().textContent()).toBe(await money(page, sar));
        expect(await renewal.getByTestId('saved-card-state').textContent()).toBe(m['family.cards.state.scheduled']);
      }
      // The offer is read once the page has the family's children (its loading rows first): then no section.
      await expect.poll(() => page.getByTestId('family-checkout-loading').count()).toBe(0);
      expect(await page.getByTestId('family-checkout').count()).toBe(0);
      expect(await page.getByText(m['family.checkout.title']).count()).toBe(0);
      expect(await noSideScroll(page)).toBe(true);
      await page.screenshot({ path: `${artifacts}family-checkout-after-ar-390.png`, fullPage: true });
    } finally {
      await restore();
    }
  }, 180_000);
});
