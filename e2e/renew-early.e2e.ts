// Renewing from the reminder's link, in English on a desktop and in Arabic at 390 px: the reminder
// of a subscription that is running links /renew-subscription/{id} (reminders.ts, paymentLink). A free trial
// (the demo's Monthly package, 7 days) is paid during the trial: the paid month starts when the trial ends and
// the result page says TRIAL with the whole period. A paid Quarterly subscription renewed before its end is
// extended by three months from the day after its end date. Screenshots go to e2e/artifacts.
import { addDaysIso, addMonthsIso } from '@kora/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, port, useBrowser } from './browser';
import { apiAs, subscribedChild, uniqueSuffix } from './data';

const TEXT = {
  en: { cardNumber: 'Card number', expiry: 'Expiry (MM/YY)', cvc: 'CVC', pay: /^Pay /, extends: 'Paying now adds' },
  ar: { cardNumber: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (شهر/سنة)', cvc: 'رمز التحقق', pay: /^ادفع /, extends: 'الدفع الآن يضيف' },
} as const;
type Lang = keyof typeof TEXT;

/** A subscription of one of the demo academy's packages, made through the public registration. */
async function registered(packageName: string, playerName: string) {
  const admin = await apiAs();
  const packages = await admin.call<{ id: string; name: string }[]>('GET', '/api/packages');
  const pkg = packages.find((p) => p.name === packageName);
  if (!pkg) throw new Error(`no package ${packageName}`);
  return subscribedChild(pkg.id, playerName);
}

const subscriptionOf = async (id: string) =>
  (await (await fetch(`http://127.0.0.1:${port()}/api/subscriptions/${id}/payment-details`)).json()).subscription as {
    status: string;
    startDate: string;
    endDate: string;
  };

/** On the renewal page (the reminder's link): says what paying adds, then pays with the good card in the frame. */
async function renewFromLink(page: Page, lang: Lang, id: string) {
  const t = TEXT[lang];
  await page.goto(academyUrl('demo', `/renew-subscription/${id}`));
  const extends_ = page.getByTestId('payment-extends');
  await extends_.waitFor();
  expect(await extends_.textContent()).toContain(t.extends);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.getByTestId('payment-proceed').click();
  const frame = page.frameLocator('[data-testid="payment-frame"]');
  await frame.getByLabel(t.cardNumber).waitFor();
  await frame.getByLabel(t.cardNumber).fill('4111 1111 1111 1111');
  await frame.getByLabel(t.expiry).fill('12/30');
  await frame.getByLabel(t.cvc).fill('123');
  await frame.getByRole('button', { name: t.pay }).click();
  await page.waitForURL(/\/payment\/success\?ref=[0-9a-f-]{36}$/);
  await page.getByTestId('payment-success').waitFor();
}

const shown = (iso: string) => iso.replaceAll('-', '/');

/**
 * The period on the result page: the Gregorian range, and on the Arabic page (both calendars until the
 * device chooses, lib/calendar.ts) the Umm al-Qura range under it.
 */
async function expectPeriod(page: Page, lang: Lang, start: string, end: string) {
  const period = page.getByTestId('payment-result-period');
  const gregorian = `${shown(start)}\u00A0– ${shown(end)}`;
  if (lang === 'en') return expect(await period.textContent()).toBe(gregorian);
  expect(await period.locator('bdi[dir="ltr"]').textContent()).toBe(gregorian);
  expect(await period.getByTestId('hijri-range').textContent()).toMatch(/^\d{1,2} .+ – \d{1,2} .+ \d{4} هـ$/);
}

describe.each([
  ['desktop', false, 'en'],
  ['phone', true, 'ar'],
] as const)('renewing from the reminder (%s, %s)', (label, mobile, lang) => {
  const b = useBrowser({ mobile, locale: lang === 'ar' ? 'ar-SA' : 'en-US' });

  it('a free trial paid during it: the paid month starts when the trial ends, and the result shows that month and when it starts', async () => {
    const trial = await registered('Monthly', `Trial Renewal ${uniqueSuffix()}`);
    expect(trial.status).toBe('TRIAL');
    const before = await subscriptionOf(trial.id);
    expect(before.endDate).toBe(addDaysIso(before.startDate, 6));
    await renewFromLink(b.page, lang, trial.id);
    const after = await subscriptionOf(trial.id);
    expect(after).toMatchObject({ status: 'TRIAL', startDate: before.startDate, endDate: addMonthsIso(addDaysIso(before.endDate, 1), 1) });
    // The result names the period paid for (the invoice's), not the trial's days, and when it starts, not "Trial".
    await expectPeriod(b.page, lang, addDaysIso(before.endDate, 1), after.endDate);
    expect(await b.page.getByTestId('payment-result-status').textContent()).toContain(shown(addDaysIso(before.endDate, 1)));
    await b.page.screenshot({ path: `${artifacts}renew-trial-${lang}-${label}.png`, fullPage: true });
  });

  it('a paid subscription renewed before its end is extended from the day after its end date, as a trial', async () => {
    const admin = await apiAs();
    const packages = await admin.call<{ id: string; name: string }[]>('GET', '/api/packages');
    const quarterly = packages.find((p) => p.name === 'Quarterly');
    const { id } = await registered('Quarterly', `Early Renewal ${uniqueSuffix()}`);
    await admin.call('PATCH', `/api/subscriptions/${quarterly?.id}/${id}`, { status: 'ACTIVE', sendInvoice: false });
    const before = await subscriptionOf(id);
    expect(before.status).toBe('ACTIVE');
    await renewFromLink(b.page, lang, id);
    const after = await subscriptionOf(id);
    expect(after).toMatchObject({ status: 'ACTIVE', startDate: before.startDate, endDate: addMonthsIso(addDaysIso(before.endDate, 1), 3) });
    // The months this payment added, as its invoice names them.
    await expectPeriod(b.page, lang, addDaysIso(before.endDate, 1), after.endDate);
    await b.page.screenshot({ path: `${artifacts}renew-early-${lang}-${label}.png`, fullPage: true });
  });
});
