// The refund journey: an admin cancels a paid subscription with a refund in the cancel
// dialog; the server issues a credit note in the same numbering as invoices (and, for a card, refunds
// through the sandbox provider); the payments history shows it as a negative row naming its invoice.
// In English on a desktop (card, partial refund) and in Arabic on a 390 px phone (cash, full refund).
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, port, signInWithToken, useBrowser } from './browser';
import { apiAs, subscribedChild, uniqueSuffix } from './data';

const base = () => `http://127.0.0.1:${port()}`;

/** A PENDING subscription of the demo academy's first package, made through the public registration. */
async function pendingSubscription(playerName: string) {
  const admin = await apiAs();
  // A package without a trial: one with a trial starts TRIAL at registration, with nothing to pay yet.
  const packages = await admin.call<{ id: string; price: number; hasTrial: boolean }[]>('GET', '/api/packages');
  const pkg = packages.find((p) => !p.hasTrial) ?? packages[0];
  return { admin, packageId: pkg.id, subscriptionId: (await subscribedChild(pkg.id, playerName)).id };
}

/** Pays a PENDING subscription by card on the sandbox provider's page, as the payer's browser posts it. */
async function payByCard(subscriptionId: string) {
  const started = await fetch(`${base()}/api/subscriptions/paytabs/payment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ subscriptionId, lang: 'en' }),
  });
  expect(started.status).toBe(200);
  const { paymentUrl } = (await started.json()) as { paymentUrl: string };
  const paid = await fetch(`${base()}${new URL(paymentUrl).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: '4111 1111 1111 1111', expiry: '12/30', cvc: '123', holder: 'Payer', action: 'pay' }),
  });
  expect(paid.status).toBe(200);
}

/** Every page of the context starts signed in as the demo admin, in `locale`. */
async function signedIn(context: BrowserContext, locale: 'en' | 'ar') {
  const res = await fetch(`${base()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: 'demo', ...DEMO.admin }),
  });
  const { token } = (await res.json()) as { token: string };
  await signInWithToken(context, token);
  await context.addInitScript((l) => localStorage.setItem('locale', l), locale);
}

describe('refund journey, desktop, English', () => {
  const b = useBrowser();

  it('cancels a card-paid subscription with a partial refund and sees the credit note in the history', async () => {
    const { page } = b;
    const playerName = `Refund Card ${uniqueSuffix()}`;
    const { subscriptionId } = await pendingSubscription(playerName);
    await payByCard(subscriptionId);

    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.goto(academyUrl('demo', `/settings?q=${encodeURIComponent(playerName)}`));
    const row = page.locator('tr[data-testid="subscription-row"]').filter({ hasText: playerName });
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Active');
    await row.getByRole('button', { name: 'Cancel subscription' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('No refund').waitFor();
    expect(await dialog.getByLabel('No refund').isChecked()).toBe(true);
    await dialog.getByLabel('Partial refund').check();
    expect(await dialog.textContent()).toContain('through the payment provider');
    await dialog.getByLabel('Amount to refund (SAR)').fill('100');
    await dialog.getByLabel('Reason for the refund').fill('Moved to another city');
    await page.screenshot({ path: `${artifacts}refund-dialog-en.png` });
    await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
    await dialog.waitFor({ state: 'detached' });
    const toast = page.getByText(/cancelled; credit note \d+ issued for SAR\s100\.00/);
    await toast.waitFor();
    const creditNumber = Number(/credit note (\d+)/.exec((await toast.textContent()) ?? '')?.[1]);
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Cancelled');

    // The payments history: the card invoice, then the credit note (negative) naming it.
    await page.goto(academyUrl('demo', `/settings/payments-history?q=${encodeURIComponent(playerName)}`));
    const rows = page.locator('tr[data-testid="payments-row"]').filter({ hasText: playerName });
    // A cold page load: the screen's code and list arrive together, which two journeys side by side can slow.
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(2);
    const invoiceRow = rows.nth(0);
    const creditRow = rows.nth(1);
    const invoiceNumber = Number(((await invoiceRow.locator('td').first().textContent()) ?? '').trim());
    expect(await creditRow.getByTestId('payments-credit-note').textContent()).toBe(`Credit notefor invoice no. ${invoiceNumber}`);
    expect(await creditRow.locator('td').first().textContent()).toContain(String(creditNumber));
    expect(await creditRow.textContent()).toMatch(/-SAR\s100\.00/);
    expect(await creditRow.textContent()).toContain('Card');
    await creditRow.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}refund-history-en.png` });

    // It opens in a dialog of the app; its PDF and signed XML are public by its id, like an invoice's.
    await creditRow.getByTestId('payments-pdf').click();
    const viewer = page.getByTestId('invoice-dialog');
    await viewer.getByTestId('invoice-download').waitFor();
    const href = (await viewer.getByRole('link', { name: 'Open in a new tab' }).getAttribute('href')) ?? '';
    const id = href.split('/').pop() ?? '';
    const pdf = await fetch(`${base()}/api/invoices/${id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(`inline; filename="credit-note-${creditNumber}.pdf"`);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });

    // A second credit note from the invoice's own dialog: a part of what is left, the subscription not asked about.
    await invoiceRow.getByTestId('payments-pdf').click();
    await viewer.getByRole('button', { name: `Issue a credit note for invoice ${invoiceNumber}` }).click();
    const credit = page.getByRole('dialog', { name: `Credit note for invoice ${invoiceNumber}` });
    await credit.getByLabel('Part of it').check();
    expect(await credit.getByTestId('credit-subscription').count()).toBe(0);
    await credit.getByLabel('Amount to refund (SAR)').fill('50');
    await credit.getByLabel('Reason for the refund').fill('A week missed');
    await page.screenshot({ path: `${artifacts}credit-note-dialog-en.png` });
    await credit.getByRole('button', { name: 'Issue credit note' }).click();
    await credit.waitFor({ state: 'detached' });
    await page.getByText(/^Credit note \d+ issued for SAR\s50\.00$/).waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(2).textContent()).toMatch(/-SAR\s50\.00/);
  });
});

describe('refund journey, phone, Arabic', () => {
  const b = useBrowser({ mobile: true, locale: 'ar-SA' });

  it('cancels a cash-paid subscription with a full refund and sees the credit note in the history (RTL, 390 px)', async () => {
    const { page, context } = b;
    const playerName = `Refund Cash ${uniqueSuffix()}`;
    const { admin, packageId, subscriptionId } = await pendingSubscription(playerName);
    await admin.call('PATCH', `/api/subscriptions/${packageId}/${subscriptionId}`, { status: 'ACTIVE', sendInvoice: true });
    await signedIn(context, 'ar');

    await page.goto(academyUrl('demo', `/settings?q=${encodeURIComponent(playerName)}`));
    const card = page.locator('li[data-testid="subscription-row"]').filter({ hasText: playerName });
    await card.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await card.getByRole('button', { name: 'إلغاء الاشتراك' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/استرداد كامل/).check();
    expect(await dialog.textContent()).toContain('نقدًا');
    await dialog.getByLabel('سبب الاسترداد').fill('انتقلت العائلة إلى مدينة أخرى');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${artifacts}refund-dialog-ar-phone.png` });
    await dialog.getByRole('button', { name: 'إلغاء الاشتراك' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(/وصدر الإشعار الدائن رقم \d+/).waitFor();

    await page.goto(academyUrl('demo', `/settings/payments-history?q=${encodeURIComponent(playerName)}`));
    const cards = page.locator('li[data-testid="payments-row"]').filter({ hasText: playerName });
    await expect.poll(() => cards.count()).toBe(2);
    const credit = cards.nth(1);
    expect(await credit.getByTestId('payments-credit-note').textContent()).toMatch(/^إشعار دائنللفاتورة رقم \d+$/);
    expect(await credit.textContent()).toContain('إشعار دائن رقم');
    expect(await credit.textContent()).toContain('-');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await credit.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifacts}refund-history-ar-phone.png` });
  });
});
