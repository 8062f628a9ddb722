// Instalments at 390 px in Arabic (docs/domain.md, "Instalments"): a parent registers a child on the demo academy's
// Quarterly package (1,200 SAR for three months, payable in three monthly instalments, the whole quarter from the
// first). The payment page offers paying in full or in three instalments of 400 with each day; choosing them asks
// for the card-save consent before Proceed. The parent pays the first 400 on the sandbox's page, the whole quarter
// becomes the child's, and the portal's payments page shows the saved card taking instalment 2 of 3 on its day.
import { readFileSync } from 'node:fs';
import { addMonthsIso, riyadhToday } from '@kora/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, payWithTestCard, port, SANDBOX_CARD_AR, signInToPortal, useBrowser } from './browser';
import { registerParent, uniqueSuffix } from './data';

const m: Record<string, string> = JSON.parse(readFileSync(new URL('../apps/web/src/locales/ar.json', import.meta.url), 'utf8'));

const money = (page: Page, sar: number) =>
  page.evaluate(
    (n) => new Intl.NumberFormat('ar-SA-u-nu-latn', { style: 'currency', currency: 'SAR', minimumFractionDigits: 2 }).format(n),
    sar,
  );
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 390);

describe('a quarter paid in three instalments, in Arabic at 390 px', () => {
  const b = useBrowser({ mobile: true, locale: 'ar-SA' });

  it('offers the instalments with their days, asks for the saved card, takes the first and grants the quarter', async () => {
    const { page, context } = b;
    await context.addInitScript(() => localStorage.setItem('locale', 'ar'));
    const tag = uniqueSuffix();
    const email = `instalments-${tag}@example.com`;
    const packages = (await (await fetch(`http://127.0.0.1:${port()}/api/packages?handle=demo`)).json()) as { id: string; name: string }[];
    const quarterly = packages.find((p) => p.name === 'Quarterly');
    if (!quarterly) throw new Error('the demo academy has no Quarterly package');
    const { subscription } = await registerParent({
      consents: { language: 'ar', termsPrivacy: true },
      selectedPackage: quarterly.id,
      parentInfo: {
        name: `Parent ${tag}`,
        nameArabic: `ولي الأمر ${tag}`,
        phone: `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        email,
      },
      playerInfo: { name: `Hamad ${tag}`, nameArabic: `حمد ${tag}`, birthdate: '2013-05-02', gender: 'MALE' },
    });

    await page.goto(academyUrl('demo', `/initial-subscription/${subscription.id}`));
    const choice = page.getByTestId('payment-instalments');
    await choice.waitFor();
    expect(await choice.textContent()).toContain(m['paymentPage.instalments.legend']);
    await page.getByTestId('payment-pay-instalments').check();
    const schedule = page.getByTestId('payment-instalments-schedule').locator('li');
    await expect.poll(() => schedule.count()).toBe(3);
    const today = riyadhToday();
    for (const [i, line] of (await schedule.allTextContents()).entries()) {
      expect(line).toContain(await money(page, 400));
      expect(line).toContain(addMonthsIso(today, i).replaceAll('-', '/'));
    }
    expect((await page.getByTestId('payment-instalments-grant').textContent())?.trim()).toBe(m['paymentPage.instalments.whole']);
    // The instalments are charged to the saved card: Proceed waits for the consent.
    expect(await page.getByTestId('payment-instalments-needs-card').count()).toBe(1);
    expect(await page.getByTestId('payment-proceed').isDisabled()).toBe(true);
    await page.getByTestId('payment-save-card').check();
    expect(await page.getByTestId('payment-proceed').isEnabled()).toBe(true);
    expect(await noSideScroll(page)).toBe(true);
    await page.screenshot({ path: `${artifacts}instalments-payment-ar-390.png`, fullPage: true });

    await page.getByTestId('payment-proceed').click();
    const frame = page.frameLocator('[data-testid="payment-frame"]');
    await frame.getByLabel(SANDBOX_CARD_AR.cardNumber).waitFor();
    expect((await frame.getByRole('button', { name: SANDBOX_CARD_AR.pay }).textContent())?.trim()).toBe(`ادفع ${await money(page, 400)}`);
    await payWithTestCard(frame);
    await page.waitForURL(/\/payment\/success\?ref=[0-9a-f-]{36}$/, { timeout: 60_000 });
    await page.getByTestId('payment-success').waitFor();
    await page.screenshot({ path: `${artifacts}instalments-success-ar-390.png`, fullPage: true });

    // The whole quarter is the child's from the first instalment.
    const details = (await (await fetch(`http://127.0.0.1:${port()}/api/subscriptions/${subscription.id}/payment-details`)).json()) as {
      subscription: { status: string; startDate: string; endDate: string };
    };
    expect(details.subscription.status).toBe('ACTIVE');
    expect(details.subscription.endDate).toBe(addMonthsIso(details.subscription.startDate, 3));

    // The portal: the saved card takes instalment 2 of 3, 400, a month after the first.
    await signInToPortal(page, email, m);
    await page.goto(academyUrl('demo', '/family/money'));
    const renewal = page.getByTestId('saved-card-renewal');
    await renewal.first().waitFor();
    const line = (await renewal.first().textContent()) ?? '';
    expect(line).toContain(m['family.cards.nextInstalment'].split('{')[0].trim());
    expect(line).toContain(await money(page, 400));
    expect(line).toContain(addMonthsIso(today, 1).replaceAll('-', '/'));
    expect(await noSideScroll(page)).toBe(true);
    await page.screenshot({ path: `${artifacts}instalments-portal-ar-390.png`, fullPage: true });
  });
});
