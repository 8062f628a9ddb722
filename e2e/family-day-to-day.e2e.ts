// A parent's ordinary week on a phone, in Arabic: signing in with the mobile number and the code typed in
// Arabic-Indic digits, and a sibling registered with the parent's own mobile number appearing once the parent
// confirms it, in the same session (no signing out and in).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, rootUrl, useBrowser } from './browser';
import { apiAs, registerParent, uniqueSuffix } from './data';

const m: Record<string, string> = JSON.parse(readFileSync(new URL('../apps/web/src/locales/ar.json', import.meta.url), 'utf8'));
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => ARABIC_DIGITS[Number(d)]);

/** A parent registered with a mobile number and an e-mail, their child active on a package; answers the registration. */
async function registered(tag: string, phone: string, email: string, child: { name: string; nameArabic: string }) {
  return registerParent({
    // The terms agreed to, as the wizard requires (docs/domain.md, "Data map").
    consents: { language: 'en', termsPrivacy: true },
    parentInfo: { name: `Parent ${tag}`, phone, email },
    playerInfo: { ...child, birthdate: '2016-02-01', gender: 'MALE' },
  });
}

/** The newest text to `phone` in the development SMS outbox (bounded wait). */
async function textTo(phone: string, after: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const texts = (await (await fetch(rootUrl('/api/dev/sms-outbox'))).json()) as { to: string; text: string; createdAt: string }[];
    const text = texts.find((t) => t.to === phone && new Date(t.createdAt).getTime() >= after);
    if (text) return text.text;
    if (Date.now() > deadline) throw new Error(`no text to ${phone}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a parent on a phone, in Arabic', () => {
  const b = useBrowser({ mobile: true, locale: 'ar-SA' });

  it('signs in with Arabic-Indic digits and sees a sibling join the family once confirmed, without signing in again', async () => {
    const { page, context } = b;
    const tag = uniqueSuffix();
    const local = `055${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const phone = `+966${local.slice(1)}`;
    const email = `day-${tag}@example.com`;
    await registered(tag, phone, email, { name: `Salman ${tag}`, nameArabic: `سلمان ${tag}` });
    await context.addInitScript(() => localStorage.setItem('locale', 'ar'));

    await page.goto(academyUrl('demo', '/family'));
    const address = page.getByLabel(m['family.signIn.address']);
    await address.waitFor();
    expect(await address.getAttribute('inputmode')).toBe('text');
    const asked = Date.now() - 1000;
    // The number as an Arabic keyboard types it: ٠٥٥…
    await address.fill(arabicDigits(local));
    await page.getByRole('button', { name: m['family.signIn.send'] }).click();
    const text = await textTo(phone, asked);
    const code = text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeTruthy();
    // The message opens with Kora's own words and the code, and ends with the WebOTP line.
    expect(text.split('\n').at(-1)).toMatch(new RegExp(`^@demo\\.localhost(:\\d+)? #${code}$`));
    const codeField = page.getByLabel(m['family.signIn.code']);
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    await codeField.pressSequentially(arabicDigits(code!));
    expect(await codeField.inputValue()).toBe(code);
    await page.getByRole('button', { name: m['family.signIn.verify'] }).click();
    await page.getByTestId('family-child').first().waitFor();
    expect(await page.getByTestId('family-child').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    // Meanwhile a sibling is registered with the parent's own mobile number: it waits for the parent's word.
    await registered(tag, phone, '', { name: `Fahad ${tag}`, nameArabic: `فهد ${tag}` });
    await page.reload();
    const offer = page.getByTestId('family-join-offer');
    await offer.waitFor();
    expect(await page.getByTestId('family-child').count()).toBe(1);
    await page.screenshot({ path: `${artifacts}family-sibling-offer-ar-390.png`, fullPage: true });
    await offer.getByRole('button', { name: m['family.joins.confirm'] }).click();
    // Both children, in the same session.
    await expect.poll(() => page.getByTestId('family-child').count(), { timeout: 15_000 }).toBe(2);
    await page
      .getByTestId('family-child')
      .filter({ hasText: `فهد ${tag}` })
      .waitFor();
    await page.screenshot({ path: `${artifacts}family-sibling-joined-ar-390.png`, fullPage: true });

    // The staff see no registration left to confirm for it.
    const admin = await apiAs();
    const joins = await admin.call<{ player: { name: string } }[]>('GET', '/api/family-joins');
    expect(joins.length).toBeGreaterThanOrEqual(0);
    expect(joins.some((j) => j.player.name === `Fahad ${tag}`)).toBe(false);
  });
});
