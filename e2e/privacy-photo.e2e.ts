// A parent at 390 px in Arabic withdraws the consent to photos for their child (docs/domain.md, "Data map"): the
// photo the academy uploaded stops being served at its address, the staff player page and the portal show the
// child's initials instead, and the staff read the refusal among the child's consents; given again, it is back.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { CONSENT_TEXTS } from '@kora/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, codeFor, DEMO, port, signInWithToken, untilLive, useBrowser } from './browser';
import { registerParent, uniqueSuffix } from './data';

const m: Record<string, string> = JSON.parse(readFileSync(new URL('../apps/web/src/locales/ar.json', import.meta.url), 'utf8'));
/** A message's words before its first placeholder. */
const lead = (id: string) => m[id].split('{')[0].trim();

/** A child registered in the public wizard with every consent given (the photos one too), without a photo yet. */
async function family(tag: string) {
  const email = `photo-${tag}@example.com`;
  const phone = `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const { player } = await registerParent({
    parentInfo: { name: `Parent ${tag}`, phone, email },
    playerInfo: { name: `Reem ${tag}`, nameArabic: `ريم ${tag}`, birthdate: '2015-05-05', gender: 'FEMALE' },
    consents: { language: 'ar', termsPrivacy: true, photos: true, messagesSms: true, messagesEmail: true },
  });
  return { email, playerId: player.id, childName: `ريم ${tag}` };
}

/** The admin's session token, as the login page gets it. */
async function adminToken() {
  const res = await fetch(`http://127.0.0.1:${port()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: 'demo', ...DEMO.admin }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The status and type of a file address as the page's browser gets it now (never from its cache). */
const fetchedByPage = (page: Page, path: string) =>
  page.evaluate((p) => fetch(p, { cache: 'no-store' }).then((r) => ({ status: r.status, type: r.headers.get('content-type') })), path);

/** The status and type of a file address asked outside any browser, on the academy's host (node:http: fetch leaves Host out). */
function fetchedByNode(path: string) {
  return new Promise<{ status: number; type: string | null }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: port(), path, headers: { host: `demo.localhost:${port()}` } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? null }));
      })
      .on('error', reject);
  });
}

/** The staff player page's head: the child's photo or initials beside their name. */
function playerHead(page: Page, childName: string) {
  return page.locator('section').filter({ has: page.getByRole('heading', { level: 1, name: childName }) });
}

/** The admin's own phone, in Arabic, on the child's player page. */
async function staffPage(context: BrowserContext, playerId: string, childName: string) {
  const page = await context.newPage();
  untilLive(page);
  await page.goto(academyUrl('demo', `/players/${playerId}`));
  await playerHead(page, childName).waitFor();
  return page;
}

describe('a parent withdraws the consent to photos on a phone, in Arabic', () => {
  const b = useBrowser({ mobile: true, locale: 'ar-SA' });

  it('stops the photo at its address and on every screen, shows staff the refusal, and serves it again when given back', async () => {
    const { page, context, browser } = b;
    const tag = uniqueSuffix();
    const { email, playerId, childName } = await family(tag);
    const photoBox = page.getByRole('checkbox', { name: CONSENT_TEXTS.photos.ar });

    const staff = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ar-SA' });
    try {
      await signInWithToken(staff, await adminToken());
      await staff.addInitScript(() => localStorage.setItem('locale', 'ar'));

      // The admin uploads the child's photo from the player page (Manage): it is shown and served, an image.
      let admin = await staffPage(staff, playerId, childName);
      const head = playerHead(admin, childName);
      await head.getByTestId('avatar-initials').waitFor();
      await admin.getByRole('button', { name: m['players.manage'] }).click();
      const png = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#0ea5e9' } })
        .png()
        .toBuffer();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel(m['players.photo']).setInputFiles({ name: 'reem.png', mimeType: 'image/png', buffer: png });
      await dialog.getByRole('button', { name: m['common.save'] }).click();
      await admin.getByText(m['players.saved'].replace('{name}', childName)).first().waitFor();
      const photo = head.locator('img');
      await photo.waitFor();
      const address = (await photo.getAttribute('src')) ?? '';
      expect(address).toMatch(/^\/uploads\/.+\.webp$/);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      expect(await head.getByTestId('avatar-initials').count()).toBe(0);
      expect(await fetchedByPage(admin, address)).toEqual({ status: 200, type: 'image/webp' });
      expect(await fetchedByNode(address)).toEqual({ status: 200, type: 'image/webp' });
      const photosConsent = admin.getByTestId('player-consent-photos');
      await expect.poll(() => photosConsent.getByTestId('player-consent-state').textContent()).toBe(m['privacy.consents.granted']);
      await admin.screenshot({ path: `${artifacts}privacy-photo-staff-shown-ar-390.png`, fullPage: true });

      // The parent signs in to the portal: the child's card shows the photo.
      await context.addInitScript(() => localStorage.setItem('locale', 'ar'));
      await page.goto(academyUrl('demo', '/family'));
      await page.getByLabel(m['family.signIn.address']).fill(email);
      await page.getByRole('button', { name: m['family.signIn.send'] }).click();
      await page.getByLabel(m['family.signIn.code']).fill(await codeFor(email));
      await page.getByRole('button', { name: m['family.signIn.verify'] }).click();
      const card = page.getByTestId('family-child').filter({ hasText: childName });
      await card.locator(`img[src="${address}"]`).waitFor();

      // Details: the photo consent, given at registration, is withdrawn; the portal says it is saved.
      await page.goto(academyUrl('demo', '/family/details'));
      await page.getByRole('heading', { name: m['family.consents.title'].replace('{name}', childName) }).waitFor();
      await expect.poll(() => photoBox.isChecked()).toBe(true);
      await photoBox.click();
      await page.getByRole('status').filter({ hasText: m['family.consents.saved'] }).waitFor();
      await expect.poll(() => photoBox.isChecked()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await page.screenshot({ path: `${artifacts}privacy-photo-withdrawn-ar-390.png`, fullPage: true });
      // It stays withdrawn when Details is opened again.
      await page.reload();
      await page.getByRole('heading', { name: m['family.consents.title'].replace('{name}', childName) }).waitFor();
      await expect.poll(() => photoBox.isChecked()).toBe(false);

      // The address is refused to a browser and to anyone outside one; the portal's card shows initials.
      expect((await fetchedByPage(page, address)).status).toBe(404);
      expect((await fetchedByNode(address)).status).toBe(404);
      await page.goto(academyUrl('demo', '/family'));
      await card.getByTestId('avatar-initials').waitFor();
      expect(await card.locator('img').count()).toBe(0);

      // The staff player page, opened again: initials instead of the photo, and the refusal by the parent among the consents.
      await admin.close();
      admin = await staffPage(staff, playerId, childName);
      await playerHead(admin, childName).getByTestId('avatar-initials').waitFor();
      expect(await playerHead(admin, childName).locator('img').count()).toBe(0);
      expect(await admin.locator(`img[src="${address}"]`).count()).toBe(0);
      expect((await fetchedByPage(admin, address)).status).toBe(404);
      const refused = admin.getByTestId('player-consent-photos');
      await expect.poll(() => refused.getByTestId('player-consent-state').textContent()).toBe(m['privacy.consents.notGranted']);
      expect(await refused.textContent()).toContain(m['privacy.consents.photos']);
      expect(await refused.textContent()).toContain(lead('privacy.consents.byParent'));
      await admin.screenshot({ path: `${artifacts}privacy-photo-staff-withdrawn-ar-390.png`, fullPage: true });

      // The parent gives it back: the same address is served again and the staff see the photo once more.
      await page.goto(academyUrl('demo', '/family/details'));
      await expect.poll(() => photoBox.isChecked()).toBe(false);
      await photoBox.click();
      await page.getByRole('status').filter({ hasText: m['family.consents.saved'] }).waitFor();
      await expect.poll(() => photoBox.isChecked()).toBe(true);
      expect(await fetchedByPage(page, address)).toEqual({ status: 200, type: 'image/webp' });
      expect(await fetchedByNode(address)).toEqual({ status: 200, type: 'image/webp' });
      await admin.reload();
      await playerHead(admin, childName).locator(`img[src="${address}"]`).waitFor();
      const given = admin.getByTestId('player-consent-photos');
      await expect.poll(() => given.getByTestId('player-consent-state').textContent()).toBe(m['privacy.consents.granted']);
    } finally {
      await staff.close();
    }
  });
});
