// The billing journey: an admin creates a package in Settings → Packages, a parent registers a child
// with it on the public wizard, follows 'Pay now' and pays with the sandbox provider's success card
// inside the payment page's frame; the admin then sees the subscription ACTIVE, its invoice as a PDF
// and the payment in the history. A declined card leaves a subscription PENDING with a clear message.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, outbox, port, untilLive, useBrowser } from './browser';
import { apiAs, subscribedChild, uniqueSuffix } from './data';

const SUCCESS_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 0000 0000 0002';

/** A PENDING subscription made through the public registration API, of a package found by name (else one without a trial, which would start TRIAL). */
async function pendingSubscription(packageName: string, playerName: string) {
  const admin = await apiAs();
  const packages = await admin.call<{ id: string; name: string; hasTrial: boolean }[]>('GET', '/api/packages');
  const pkg = packages.find((p) => p.name === packageName) ?? packages.find((p) => !p.hasTrial) ?? packages[0];
  return (await subscribedChild(pkg.id, playerName)).id;
}

async function paymentDetails(id: string) {
  const res = await fetch(`http://127.0.0.1:${port()}/api/subscriptions/${id}/payment-details`);
  return res.json() as Promise<{ subscription: { status: string } }>;
}

/** Pays on the provider's page inside the payment page's frame. */
async function payInFrame(page: Page, card: string) {
  await page.getByTestId('payment-proceed').click();
  await page.getByTestId('payment-frame').waitFor();
  const frame = page.frameLocator('[data-testid="payment-frame"]');
  await frame.getByLabel('Card number').fill(card);
  await frame.getByLabel('Expiry (MM/YY)').fill('12/30');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByRole('button', { name: /^Pay / }).click();
}

describe('billing journey', () => {
  const b = useBrowser();

  it('package → parent registers → pays by card in the frame → ACTIVE, invoice PDF, payments history', async () => {
    const { page } = b;
    const tag = uniqueSuffix();
    const packageName = `Billing ${tag}`;
    const playerName = `Billing Player ${tag}`;
    const parentEmail = `billing-${tag}@example.sa`;

    // The admin creates the package in Settings → Packages.
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.goto(academyUrl('demo', '/settings/packages'));
    await page.getByRole('button', { name: 'Add package' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(packageName);
    await dialog.getByLabel('Price (SAR)').fill('350');
    await dialog.getByLabel('Package type').selectOption('TIME_BASED');
    await dialog.getByLabel('Months').fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('tr[data-testid="package-row"]').filter({ hasText: packageName }).waitFor();

    // A parent (another browser, not signed in) registers a child with it.
    const parentContext = await b.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    try {
      const parent = await parentContext.newPage();
      untilLive(parent);
      const problems: string[] = [];
      parent.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
      });
      await parent.goto(academyUrl('demo', '/auth/register/parent'));
      const option = parent.getByLabel('Subscription package').locator('option', { hasText: packageName });
      await option.waitFor({ state: 'attached' });
      await parent.getByLabel('Parent name', { exact: true }).fill(`Parent ${tag}`);
      await parent.getByLabel('Phone number', { exact: true }).fill('501112233');
      await parent.getByLabel('Email').fill(parentEmail);
      await parent.getByLabel('Subscription package').selectOption({ value: (await option.getAttribute('value')) ?? '' });
      await parent.getByRole('button', { name: 'Next' }).click();
      await parent.getByLabel('Player name', { exact: true }).fill(playerName);
      await parent.getByLabel('Birthdate').fill('2015/03/14');
      await parent.getByLabel('Birthdate').press('Tab');
      await parent.getByTestId('consent-terms_privacy').check();
      await parent.getByRole('button', { name: 'Checkout' }).click();
      await parent.getByTestId('parent-success').waitFor();
      await parent.screenshot({ path: `${artifacts}billing-wizard-pay-now.png`, fullPage: true });

      // 'Pay now' opens the payment page of the new subscription.
      await parent.getByRole('link', { name: 'Pay now' }).click();
      await parent.waitForURL(/\/initial-subscription\/[0-9a-f-]{36}$/);
      const subscriptionId = parent.url().split('/').pop() ?? '';
      await parent.getByTestId('payment-details').waitFor();
      const detailsText = (await parent.getByTestId('payment-details').textContent()) ?? '';
      expect(detailsText).toContain(playerName);
      expect(detailsText).toContain(packageName);
      expect(detailsText).toContain(`Parent ${tag}`);
      expect(await parent.getByTestId('payment-price').textContent()).toMatch(/350\.00/);
      expect(detailsText).toContain('Pending');

      // Proceed: the provider's page in the frame; pay with the success card.
      await payInFrame(parent, SUCCESS_CARD);
      await parent.screenshot({ path: `${artifacts}billing-frame-submitted.png` });
      // The return lands in the frame and takes over the whole page.
      await parent.waitForURL(/\/payment\/success\?/);
      await parent.getByTestId('payment-success').waitFor();
      expect(await parent.getByTestId('payment-success').textContent()).toContain('Payment successful');
      const invoiceHref = (await parent.getByTestId('payment-invoice-link').getAttribute('href')) ?? '';
      const invoiceId = invoiceHref.split('/').pop() ?? '';
      expect(invoiceId).toMatch(/^[0-9a-f-]{36}$/);
      await parent.screenshot({ path: `${artifacts}billing-success.png`, fullPage: true });
      expect((await paymentDetails(subscriptionId)).subscription.status).toBe('ACTIVE');

      // The invoice opens as a PDF (public by its id), and the receipt mail links it.
      const pdf = await fetch(`http://127.0.0.1:${port()}/api/invoices/${invoiceId}`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      // 'View invoice' opens the invoice viewer with the PDF ready to download.
      await parent.getByTestId('payment-invoice-link').click();
      await parent.waitForURL(new RegExp(`/subscription-invoice/${invoiceId}$`));
      await parent.getByTestId('invoice-download').waitFor();
      await parent.screenshot({ path: `${artifacts}billing-invoice-viewer.png` });
      const mails = (await outbox()).filter((m) => m.to === parentEmail);
      expect(mails.some((m) => m.text.includes(`/subscription-invoice/${invoiceId}`))).toBe(true);

      // Paid: the payment page now says why it cannot start again, with the button disabled.
      await parent.goto(academyUrl('demo', `/initial-subscription/${subscriptionId}`));
      await parent.getByTestId('payment-not-pending').waitFor();
      expect(await parent.getByTestId('payment-not-pending').textContent()).toBe(
        'Subscription is already Active. Payment cannot be initiated.',
      );
      expect(await parent.getByTestId('payment-proceed').isDisabled()).toBe(true);
      await parent.screenshot({ path: `${artifacts}billing-not-pending.png`, fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await parentContext.close();
    }

    // The admin sees the subscription ACTIVE and the payment in the history.
    await page.goto(academyUrl('demo', `/settings?q=${encodeURIComponent(playerName)}`));
    const row = page.locator('tr[data-testid="subscription-row"]').filter({ hasText: playerName });
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('Active');
    await page.screenshot({ path: `${artifacts}billing-admin-subscriptions.png` });
    await page.goto(academyUrl('demo', `/settings/payments-history?q=${encodeURIComponent(playerName)}`));
    const paid = page.locator('tr[data-testid="payments-row"]').filter({ hasText: playerName });
    await paid.waitFor();
    expect(await paid.textContent()).toContain(packageName);
    await page.screenshot({ path: `${artifacts}billing-payments-history.png` });
  });

  it('a declined card leaves the subscription PENDING and says so', async () => {
    const { page } = b;
    const tag = uniqueSuffix();
    const id = await pendingSubscription('', `Declined Player ${tag}`);
    await page.goto(academyUrl('demo', `/initial-subscription/${id}`));
    await page.getByTestId('payment-details').waitFor();
    await payInFrame(page, DECLINED_CARD);
    // The outcome is read from the server's record of the payment the address names.
    await page.waitForURL(/\?payment=[0-9a-f-]{36}$/);
    const declined = page.getByTestId('payment-outcome');
    await declined.waitFor();
    expect(await declined.getAttribute('data-outcome')).toBe('declined');
    expect(await declined.textContent()).toContain('declined');
    expect(await page.getByTestId('payment-proceed').isEnabled()).toBe(true);
    await page.screenshot({ path: `${artifacts}billing-declined.png`, fullPage: true });
    expect((await paymentDetails(id)).subscription.status).toBe('PENDING');
  });
});

describe.each([
  ['desktop', false],
  ['phone', true],
])('payment page screenshots (%s)', (label, mobile) => {
  const b = useBrowser({ mobile });

  it('shows the details and the provider page, in English and Arabic', async () => {
    const { page } = b;
    const id = await pendingSubscription('', `Screenshot Player ${uniqueSuffix()}`);
    await page.goto(academyUrl('demo', `/initial-subscription/${id}`));
    await page.getByTestId('payment-details').waitFor();
    // Nothing of the page is out of reach sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${artifacts}payment-page-en-${label}.png`, fullPage: true });
    await page.getByTestId('payment-proceed').click();
    await page.getByTestId('payment-frame').waitFor();
    await page.frameLocator('[data-testid="payment-frame"]').getByText('Test cards').waitFor();
    await page.screenshot({ path: `${artifacts}payment-frame-en-${label}.png`, fullPage: true });

    await page.goto(academyUrl('demo', `/initial-subscription/${id}`));
    await page.getByRole('button', { name: 'العربية' }).first().click();
    await page.getByText('المتابعة إلى الدفع').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: `${artifacts}payment-page-ar-${label}.png`, fullPage: true });
    await page.getByTestId('payment-proceed').click();
    await page.frameLocator('[data-testid="payment-frame"]').getByText('بطاقات الاختبار').waitFor();
    await page.screenshot({ path: `${artifacts}payment-frame-ar-${label}.png`, fullPage: true });
  });
});
