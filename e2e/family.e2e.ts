// The parents' Kora on a phone, in English and in Arabic: a parent registered at the academy
// signs in on /family with the code from the mail outbox, sees the child's next training, says the child
// can't come (with a reason); the coach sees it with the reason in My Trainings; the parent opens an
// invoice and renews the subscription with the sandbox card. Every portal screen is photographed at
// 390 px and 1280 px (e2e/artifacts/family/).
import { mkdirSync, readFileSync } from 'node:fs';
import { addDaysIso, riyadhToday } from '@kora/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, codeFor, DEMO, login, outbox, port, untilLive, useBrowser } from './browser';
import { apiAs, registerParent, uniqueSuffix } from './data';

const shots = `${artifacts}family/`;
mkdirSync(shots, { recursive: true });

const messages = (locale: 'en' | 'ar'): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'));
const CARD = {
  en: { cardNumber: 'Card number', expiry: 'Expiry (MM/YY)', cvc: 'CVC', pay: /^Pay / },
  ar: { cardNumber: 'رقم البطاقة', expiry: 'تاريخ الانتهاء (شهر/سنة)', cvc: 'رمز التحقق', pay: /^ادفع / },
} as const;

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A child registered by a parent with their own e-mail, paid in cash, on a new team of the demo coach with a training tomorrow. */
async function family(tag: string, lang: 'en' | 'ar') {
  const admin = await apiAs();
  const coach = await apiAs(DEMO.coach);
  const { user: coachUser } = await coach.call<{ user: { id: string } }>('GET', '/api/auth/me');
  const packages = await admin.call<{ id: string; name: string }[]>('GET', '/api/packages');
  const quarterly = packages.find((p) => p.name === 'Quarterly') ?? packages[0];
  const email = `family-${tag}@example.com`;
  const phone = `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const child = lang === 'ar' ? { name: `Yousef ${tag}`, nameArabic: `يوسف ${tag}` } : { name: `Yousef ${tag}` };
  const { subscription, player } = await registerParent({
    // The terms agreed to, as the wizard requires (docs/domain.md, "Data map").
    consents: { language: 'en', termsPrivacy: true },
    selectedPackage: quarterly.id,
    parentInfo: { name: `Parent ${tag}`, phone, email },
    playerInfo: { ...child, birthdate: '2015-03-14', gender: 'MALE' },
  });
  await admin.call('PATCH', `/api/subscriptions/${quarterly.id}/${subscription.id}`, { status: 'ACTIVE', sendInvoice: false });
  const team = await admin.call<{ id: string }>('POST', '/api/teams', {
    name: `Family ${tag}`,
    nameArabic: `الأسرة ${tag}`,
    color: 'GREEN',
    coachIds: [coachUser.id],
    playerIds: [player.id],
  });
  const event = await admin.call<{ id: string; date: string; participants: unknown[] }>('POST', '/api/events', {
    type: 'TRAINING_SESSION',
    date: addDaysIso(riyadhToday(), 1),
    time: '17:00',
    endTime: '18:30',
    field: `Pitch ${tag}`,
    teamIds: [team.id],
    coachIds: [coachUser.id],
  });
  expect(event.participants).toHaveLength(1);
  return { email, subscriptionId: subscription.id, event, playerId: player.id };
}

/**
 * Staff write to this child's family (W:Players), in both languages: once the parent has entered the
 * sign-in code, which checks the guardian (docs/domain.md, "Privacy requests"); no announcement reaches them before.
 */
async function announce(tag: string, playerId: string) {
  const admin = await apiAs();
  const announcement = await admin.call<{ id: string; recipients: number }>('POST', '/api/announcements', {
    audience: 'family',
    playerId,
    title: `Kit day ${tag}`,
    titleArabic: `يوم الزي ${tag}`,
    body: 'Bring your boots and shin pads on Thursday.',
    bodyArabic: 'أحضر الحذاء وواقي الساق يوم الخميس.',
  });
  expect(announcement.recipients).toBe(1);
}

const endDateOf = async (id: string) =>
  ((await (await fetch(`http://127.0.0.1:${port()}/api/subscriptions/${id}/payment-details`)).json()).subscription as { endDate: string })
    .endDate;

/** Each portal screen at the phone's width and at 1280 px (the page is left at the phone's). */
async function photograph(page: Page, lang: string, name: string) {
  await page.screenshot({ path: `${shots}${name}-${lang}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${shots}${name}-${lang}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

describe.each(['en', 'ar'] as const)('the family portal on a phone (%s)', (lang) => {
  const b = useBrowser({ mobile: true, locale: lang === 'ar' ? 'ar-SA' : 'en-US' });
  const m = messages(lang);
  const nav = (page: Page, id: string) => page.getByTestId('family-bottom-nav').getByRole('link', { name: m[id] }).click();

  it("signs in with the mailed code, says the child can't come, the coach sees it; opens an invoice and renews with the card", async () => {
    const { page } = b;
    const tag = uniqueSuffix();
    const { email, subscriptionId, event, playerId } = await family(tag, lang);

    // Sign in: /family asks for the address, then the code from the outbox.
    await page.goto(academyUrl('demo', '/family'));
    await page.getByLabel(m['family.signIn.address']).waitFor();
    expect(new URL(page.url()).pathname).toBe('/family/sign-in');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    // Installable: the portal's own manifest, in the page's language.
    const manifest = await page.evaluate(async () => {
      const href = document.head.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? '';
      return { href, body: await (await fetch(href)).json() };
    });
    expect(manifest.href).toBe(`/family-${lang}.webmanifest`);
    expect(manifest.body).toMatchObject({ start_url: '/family', display: 'standalone', lang });
    await photograph(page, lang, 'sign-in');
    await page.getByLabel(m['family.signIn.address']).fill(email);
    await page.getByRole('button', { name: m['family.signIn.send'] }).click();
    const code = await codeFor(email);
    await page.getByLabel(m['family.signIn.code']).fill(code);
    await photograph(page, lang, 'sign-in-code');
    await page.getByRole('button', { name: m['family.signIn.verify'] }).click();
    await page.getByTestId('family-bottom-nav').waitFor();
    expect(new URL(page.url()).pathname).toBe('/family');
    await announce(tag, playerId);

    // Home: the next training with its field.
    const upcoming = page.getByTestId('family-upcoming').filter({ hasText: `Pitch ${tag}` });
    await upcoming.waitFor();
    expect(await page.getByTestId('family-subscription').count()).toBe(1);
    expect(await noSideScroll(page)).toBe(0);
    await photograph(page, lang, 'home');

    // Can't come, with a reason.
    await nav(page, 'family.nav.availability');
    const item = page.getByTestId('family-availability-event').filter({ hasText: `Pitch ${tag}` });
    await item.getByTestId('family-cant-come').click();
    const reason = lang === 'ar' ? 'رحلة مدرسية' : 'School trip';
    await item.getByLabel(m['family.cantCome.reason']).fill(reason);
    await item.getByTestId('family-cant-come-confirm').click();
    await item.getByTestId('family-undo').waitFor();
    expect(await item.getByTestId('family-cant-come').textContent()).toContain(reason);
    expect(await noSideScroll(page)).toBe(0);
    await photograph(page, lang, 'availability');

    // The announcement: listed unread, opened by reading it.
    await nav(page, 'family.nav.announcements');
    const title = lang === 'ar' ? `يوم الزي ${tag}` : `Kit day ${tag}`;
    await page.getByRole('button', { name: new RegExp(title) }).click();
    await page
      .getByText(lang === 'ar' ? 'أحضر الحذاء وواقي الساق يوم الخميس.' : 'Bring your boots and shin pads on Thursday.')
      .first()
      .waitFor();
    await photograph(page, lang, 'announcements');

    // The coach, on their own phone: My Trainings shows it beside the player, with the reason; the
    // announcements screen (Players) says the family opened the announcement.
    const coachContext = await b.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
    try {
      const coachPage = await coachContext.newPage();
      untilLive(coachPage);
      await login(coachPage, 'demo', DEMO.coach.email, DEMO.coach.password);
      await coachPage.goto(academyUrl('demo', `/trainings?week=${event.date}&eventId=${event.id}`));
      const note = coachPage.getByTestId('participant-cant-come');
      await note.waitFor();
      expect(await note.textContent()).toContain(reason);
      expect(await coachPage.getByTestId('event-expected').textContent()).toContain('0 of 1 expected');
      await coachPage.screenshot({ path: `${shots}coach-trainings-${lang}-390.png`, fullPage: true });
      // The dashboard's upcoming events count the players to expect too.
      await coachPage.goto(academyUrl('demo', '/'));
      const upcoming = coachPage.getByTestId('upcoming-event').filter({ hasText: `Family ${tag}` });
      expect(await upcoming.getByTestId('event-expected').textContent()).toBe('0 of 1 expected');
      await coachPage.goto(academyUrl('demo', '/players/announcements'));
      const row = coachPage.getByTestId('announcement-row').filter({ hasText: `Kit day ${tag}` });
      await expect.poll(() => row.getByTestId('announcement-opened').textContent(), { timeout: 15_000 }).toBe('Opened by 1 of 1');
      await coachPage.screenshot({ path: `${shots}staff-announcements-${lang}-390.png`, fullPage: true });
    } finally {
      await coachContext.close();
    }

    // Progress, announcements and details: each shows.
    await nav(page, 'family.nav.progress');
    await page.getByTestId('family-attendance').waitFor();
    await photograph(page, lang, 'progress');
    await nav(page, 'family.nav.details');
    await page.getByTestId('family-child-form').waitFor();
    expect(await noSideScroll(page)).toBe(0);
    await photograph(page, lang, 'details');

    // Money: the cash invoice of the first period opens; then the renewal is paid with the sandbox card.
    await nav(page, 'family.nav.money');
    const invoice = page.getByTestId('family-invoice').first();
    await invoice.waitFor();
    await photograph(page, lang, 'money');
    await invoice.getByTestId('family-invoice-open').click();
    await page.getByTestId('invoice-viewer').waitFor();
    await page.goBack();
    await page.getByTestId('family-invoice').first().waitFor();
    const before = await endDateOf(subscriptionId);
    await page.getByTestId('family-pay').click();
    await page.waitForURL(new RegExp(`/renew-subscription/${subscriptionId}`));
    await page
      .getByTestId('payment-proceed')
      .click()
      .catch(async (err) => {
        await page.screenshot({ path: `${shots}renewal-failed-${lang}.png`, fullPage: true });
        throw err;
      });
    const frame = page.frameLocator('[data-testid="payment-frame"]');
    const t = CARD[lang];
    await frame.getByLabel(t.cardNumber).waitFor();
    await frame.getByLabel(t.cardNumber).fill('4111 1111 1111 1111');
    await frame.getByLabel(t.expiry).fill('12/30');
    await frame.getByLabel(t.cvc).fill('123');
    await frame.getByRole('button', { name: t.pay }).click();
    await page.waitForURL(/\/payment\/success\?ref=[0-9a-f-]{36}$/, { timeout: 60_000 }).catch(async (err) => {
      await page.screenshot({ path: `${shots}payment-failed-${lang}.png`, fullPage: true });
      throw new Error(`the payment did not succeed (${page.url()}): ${err}`);
    });
    await page.getByTestId('payment-success').waitFor();
    const after = await endDateOf(subscriptionId);
    expect(after > before).toBe(true);

    // Back in the portal: the renewal's invoice is listed beside the first.
    await page.goto(academyUrl('demo', '/family/money'));
    await expect.poll(() => page.getByTestId('family-invoice').count(), { timeout: 15_000 }).toBe(2);
  }, 180_000);

  it("a demo parent sees the child's attendance by month and growth on the staff Growth chart", async () => {
    const { page } = b;
    // The demo child's two parents (README): the mother reads English, the father Arabic.
    const email = lang === 'ar' ? 'parent@demo.kora.sa' : 'mother@demo.kora.sa';
    const sentBefore = (await outbox()).filter((mail) => mail.to === email).length;
    await page.goto(academyUrl('demo', '/family/sign-in'));
    await page.getByLabel(m['family.signIn.address']).fill(email);
    await page.getByRole('button', { name: m['family.signIn.send'] }).click();
    await expect
      .poll(async () => (await outbox()).filter((mail) => mail.to === email).length, { timeout: 15_000 })
      .toBeGreaterThan(sentBefore);
    await page.getByLabel(m['family.signIn.code']).fill(await codeFor(email));
    await page.getByRole('button', { name: m['family.signIn.verify'] }).click();
    await page.getByTestId('family-child').first().waitFor();
    await photograph(page, lang, 'home-demo');
    await nav(page, 'family.nav.progress');
    expect(await page.getByTestId('family-attendance-rate').textContent()).toMatch(/^\d+\s?[%٪]$/);
    await page.getByTestId('growth-chart').waitFor();
    expect(await noSideScroll(page)).toBe(0);
    await photograph(page, lang, 'progress-demo');
    await nav(page, 'family.nav.announcements');
    await page.getByTestId('family-announcement').first().waitFor();
    await photograph(page, lang, 'announcements-demo');
  }, 120_000);
});
