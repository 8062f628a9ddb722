// Payments that tell the truth, as a parent meets them in English and Arabic, on a desktop and at
// 390 px: a declined, an expired and a cancelled sandbox card each bring the payer back with their own message;
// /payment/success?ref=FAKE123 never says "successful"; a paid one shows the amount, the period and the invoice
// number, whose viewer is the academy's document and downloads under the server's file name; the refund policy
// is one link away. Screenshots of every screen go to e2e/artifacts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, useBrowser } from './browser';
import { pendingSubscription, uniqueSuffix } from './data';

const CARDS = { paid: '4111 1111 1111 1111', declined: '4000 0000 0000 0002', expired: '4000 0000 0000 0069' };

const TEXT = {
  en: {
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    pay: /^Pay /,
    cancel: 'Cancel',
    declined: 'Your card was declined and nothing was charged.',
    expired: 'The card has expired or the payment timed out, and nothing was charged.',
    cancelled: 'The payment was cancelled on the card page and nothing was charged.',
    notFound: 'We could not find this payment',
    success: 'Payment successful',
    vatIncluded: 'VAT included',
    policy: 'Refund and cancellation policy',
    amount: '1,200.00',
  },
  ar: {
    cardNumber: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر/سنة)',
    cvc: 'رمز التحقق',
    pay: /^ادفع /,
    cancel: 'إلغاء',
    declined: 'رُفضت بطاقتك ولم يُخصم أي مبلغ.',
    expired: 'البطاقة منتهية الصلاحية أو انتهت مهلة الدفع، ولم يُخصم أي مبلغ.',
    cancelled: 'أُلغيت عملية الدفع في صفحة البطاقة ولم يُخصم أي مبلغ.',
    notFound: 'لم نعثر على هذه الدفعة',
    success: 'تم الدفع بنجاح',
    vatIncluded: 'شامل ضريبة القيمة المضافة',
    policy: 'سياسة الاسترداد والإلغاء',
    amount: '1,200.00',
  },
} as const;
type Lang = keyof typeof TEXT;

/** Opens the provider's page in the frame and pays with `card`, or cancels there. */
async function payInFrame(page: Page, lang: Lang, card: string | 'cancel') {
  const t = TEXT[lang];
  await page.getByTestId('payment-proceed').click();
  await page.getByTestId('payment-frame').waitFor();
  const frame = page.frameLocator('[data-testid="payment-frame"]');
  await frame.getByLabel(t.cardNumber).waitFor();
  if (card === 'cancel') {
    await frame.getByRole('button', { name: t.cancel, exact: true }).click();
    return;
  }
  await frame.getByLabel(t.cardNumber).fill(card);
  await frame.getByLabel(t.expiry).fill('12/30');
  await frame.getByLabel(t.cvc).fill('123');
  await frame.getByRole('button', { name: t.pay }).click();
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([
  ['desktop', false, 'en'],
  ['desktop', false, 'ar'],
  ['phone', true, 'en'],
  ['phone', true, 'ar'],
] as const)('payment results (%s, %s)', (label, mobile, lang) => {
  const b = useBrowser({ mobile, locale: lang === 'ar' ? 'ar-SA' : 'en-US' });
  const shot = (name: string) => b.page.screenshot({ path: `${artifacts}payment-result-${name}-${lang}-${label}.png`, fullPage: true });

  it('declined, expired and cancelled each say so; a made-up reference is not a payment; a paid one shows amount, period and invoice', async () => {
    const { page } = b;
    const t = TEXT[lang];
    const id = await pendingSubscription(`Result Player ${uniqueSuffix()}`);

    // The page says "VAT included" with the academy's VAT number, and links the refund policy.
    await page.goto(academyUrl('demo', `/initial-subscription/${id}`));
    await page.getByTestId('payment-details').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    expect(await page.getByTestId('payment-vat-included').textContent()).toBe(t.vatIncluded);
    expect(await page.getByTestId('payment-vat-number').textContent()).toBe('310123456700003');
    // The demo's package has its description in both languages: the page shows the one of its language, marked as such.
    const description = page.getByText(
      lang === 'ar' ? 'وفّر 10٪ بالاشتراك ثلاثة أشهر دفعة واحدة.' : 'Save 10% by paying for three months at once.',
    );
    expect(await description.getAttribute('lang')).toBe(lang);
    expect(await description.getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    expect(await fitsWidth(page)).toBe(true);
    await shot('page');

    // Each way of not paying comes back with its own message, read from the server's record.
    for (const [outcome, card] of [
      ['declined', CARDS.declined],
      ['expired', CARDS.expired],
      ['cancelled', 'cancel'],
    ] as const) {
      // The address of the previous way back until this attempt's comes: wait for a new payment id, not just any.
      const before = page.url();
      await payInFrame(page, lang, card);
      await page.waitForURL((u) => /\/initial-subscription\/[0-9a-f-]{36}\?payment=[0-9a-f-]{36}$/.test(u.href) && u.href !== before);
      const banner = page.getByTestId('payment-outcome');
      await banner.waitFor();
      expect(await banner.getAttribute('data-outcome')).toBe(outcome);
      expect(await banner.textContent()).toContain(t[outcome]);
      expect(await page.getByTestId('payment-proceed').isEnabled()).toBe(true);
      expect(await fitsWidth(page)).toBe(true);
      await shot(outcome);
    }

    // The refund policy, one link away (the academy's, or the standard one).
    await page.getByTestId('refund-policy-link').click();
    await page.waitForURL(/\/refund-policy/);
    await page.getByTestId('refund-policy').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain(t.policy);
    expect(await fitsWidth(page)).toBe(true);
    await shot('refund-policy');

    // A reference nobody issued is not a payment.
    await page.goto(academyUrl('demo', '/payment/success?ref=FAKE123'));
    await page.getByTestId('payment-not-found').waitFor();
    expect(await page.locator('body').textContent()).toContain(t.notFound);
    expect(await page.locator('body').textContent()).not.toContain(t.success);
    await shot('not-found');

    // Paid: amount, period and invoice number, from the server.
    await page.goto(academyUrl('demo', `/initial-subscription/${id}`));
    await payInFrame(page, lang, CARDS.paid);
    await page.waitForURL(/\/payment\/success\?ref=[0-9a-f-]{36}$/);
    const paid = page.getByTestId('payment-success');
    await paid.waitFor();
    expect(await paid.textContent()).toContain(t.success);
    expect(await page.getByTestId('payment-result-amount').textContent()).toContain(t.amount);
    // The Gregorian period; the Arabic page has its Umm al-Qura period after it (both calendars until the device chooses).
    expect(await page.getByTestId('payment-result-period').textContent()).toMatch(
      lang === 'ar' ? /^\d{4}\/\d{2}\/\d{2}\u00A0– \d{4}\/\d{2}\/\d{2}\d.+ هـ$/ : /^\d{4}\/\d{2}\/\d{2}\u00A0– \d{4}\/\d{2}\/\d{2}$/,
    );
    const invoiceNumber = ((await page.getByTestId('payment-result-invoice').textContent()) ?? '').replace('#', '');
    expect(invoiceNumber).toMatch(/^\d+$/);
    expect(await fitsWidth(page)).toBe(true);
    await shot('paid');

    // The invoice: the academy's document, no Kora marketing, saved as the server names it.
    await page.getByTestId('payment-invoice-link').click();
    await page.waitForURL(/\/subscription-invoice\/[0-9a-f-]{36}$/);
    await page.getByTestId('invoice-document').waitFor();
    await page.getByTestId('invoice-download').waitFor();
    expect(await page.getByRole('link', { name: /Create Academy|أنشئ أكاديمية/ }).count()).toBe(0);
    expect(await page.locator('footer').count()).toBe(0);
    expect(await page.getByTestId('invoice-download').getAttribute('download')).toBe(`invoice-${invoiceNumber}.pdf`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoice-download').click()]);
    expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);
    expect(await fitsWidth(page)).toBe(true);
    await shot('invoice');
  });
});
