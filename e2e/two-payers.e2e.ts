// Two payers, one subscription, in Arabic at 390 px: a parent opens the payment page in two tabs
// (or mother and father each open it), and both pay with the good sandbox card. The first charge is applied;
// the second is refunded automatically and its payer reads "charged, and it is being refunded", never
// "declined and nothing was charged"; the academy finds it in the bell. Screenshots go to e2e/artifacts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, untilLive, useBrowser } from './browser';
import { apiAs, pendingSubscription, uniqueSuffix } from './data';

const PAID_CARD = '4111 1111 1111 1111';

/** Opens the provider's page in the payment page's frame (Arabic). */
async function openFrame(page: Page, subscriptionId: string) {
  await page.goto(academyUrl('demo', `/initial-subscription/${subscriptionId}`));
  await page.getByTestId('payment-proceed').click();
  await page.getByTestId('payment-frame').waitFor();
  const frame = page.frameLocator('[data-testid="payment-frame"]');
  await frame.getByLabel('رقم البطاقة').waitFor();
  return frame;
}

async function pay(frame: ReturnType<Page['frameLocator']>) {
  await frame.getByLabel('رقم البطاقة').fill(PAID_CARD);
  await frame.getByLabel('تاريخ الانتهاء (شهر/سنة)').fill('12/30');
  await frame.getByLabel('رمز التحقق').fill('123');
  await frame.getByRole('button', { name: /^ادفع / }).click();
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('two payers, one subscription (phone, ar)', () => {
  const b = useBrowser({ mobile: true, locale: 'ar-SA' });

  it('both pay: the first is applied, the second is told it was charged and is being refunded, and the academy sees it', async () => {
    const id = await pendingSubscription(`Two Payers ${uniqueSuffix()}`);
    const first = b.page;
    const second = await b.context.newPage();
    untilLive(second);
    const firstFrame = await openFrame(first, id);
    const secondFrame = await openFrame(second, id);

    await pay(firstFrame);
    await first.waitForURL(/\/payment\/success\?ref=[0-9a-f-]{36}$/);
    await first.getByTestId('payment-success').waitFor();

    await pay(secondFrame);
    await second.waitForURL(/\/payment\/success\?ref=[0-9a-f-]{36}$/);
    const banner = second.getByTestId('payment-outcome');
    await banner.waitFor();
    expect(await banner.getAttribute('data-outcome')).toBe('unapplied');
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain('خُصم المبلغ وتجري إعادته إليك');
    expect(text).toContain('تجري إعادة المبلغ إلى بطاقتك تلقائياً');
    expect(text).not.toContain('لم يُخصم أي مبلغ');
    expect(await second.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await fitsWidth(second)).toBe(true);
    await second.screenshot({ path: `${artifacts}two-payers-refunded-ar-phone.png`, fullPage: true });

    // The academy's bell lists the charge, refunded.
    const admin = await apiAs();
    const bell = await admin.call<{ items: { kind: string; subscriptionId?: string; refundState?: string }[] }>('GET', '/api/attention');
    expect(bell.items).toContainEqual(expect.objectContaining({ kind: 'unapplied_payment', subscriptionId: id, refundState: 'refunded' }));
  });
});
