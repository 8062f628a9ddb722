// A signed-in cold load is drawn from the server's document (apps/server/src/web/app-document.ts): the frame
// (header and the member's navigation) is in its HTML, and a screen of the first-paint table (contracts
// FIRST_PAINT) has its first rows in it too. Every API request is held here until the page has shown what
// the document carried, so the journey proves the order, not a time.
import http from 'node:http';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, DEMO, port, signInWithToken, useBrowser } from './browser';

async function tokenOf(who: { email: string; password: string }) {
  const res = await fetch(`http://127.0.0.1:${port()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: 'demo', ...who }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** A page load's document as Chromium asks for it (node:http: fetch leaves the Host header out). */
function documentOf(path: string, token: string) {
  return new Promise<string>((resolve, reject) => {
    const headers = { host: `demo.localhost:${port()}`, cookie: `kora_session=${token}`, 'sec-fetch-dest': 'document' };
    http
      .get({ host: '127.0.0.1', port: port(), path, headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${path}: ${res.statusCode}`))));
      })
      .on('error', reject);
  });
}

/** Holds every API request of the page until `release()`; `asked` lists their paths. */
async function holdApi(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  await page.route(/\/api\//, async (route) => {
    asked.push(new URL(route.request().url()).pathname);
    await released;
    await route.continue().catch(() => undefined);
  });
  return { asked, release };
}

describe('a cold load of a signed-in screen', () => {
  for (const mobile of [false, true]) {
    const b = useBrowser({ mobile });

    it(`shows the navigation and the players' first rows with every API request held (${mobile ? '390 px' : '1280 px'})`, async () => {
      const { page, context } = b;
      const token = await tokenOf(DEMO.admin);
      await signInWithToken(context, token);
      // The document itself: the frame in its HTML, the session and the list in its JSON.
      const html = await documentOf('/players', token);
      expect(html).toMatch(/<nav [^>]*aria-label="Sections"/);
      expect(html).toContain('href="/players"');
      const boot = JSON.parse(/<script type="application\/json" id="kora-boot">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
      const players = boot.answers['/api/users?role=PLAYER'] as { name: string }[];
      expect(players.length).toBeGreaterThan(0);

      const api = await holdApi(page);
      try {
        await page.goto(academyUrl('demo', '/players'), { waitUntil: 'commit' });
        await page.getByRole('navigation', { name: 'Sections' }).waitFor({ timeout: 20_000 });
        await page.getByTestId('avatar-menu').waitFor({ timeout: 5_000 });
        // The rows come from the document: neither the session nor the list was asked for.
        await page.getByText(players[0].name).first().waitFor({ timeout: 20_000 });
        expect(api.asked).not.toContain('/api/auth/me');
        expect(api.asked).not.toContain('/api/users');
      } finally {
        api.release();
      }
    });

    it(`draws the frame of a screen whose data is not carried, before its data (${mobile ? '390 px' : '1280 px'})`, async () => {
      const { page, context } = b;
      await signInWithToken(context, await tokenOf(DEMO.admin));
      const api = await holdApi(page);
      const asked = page.waitForRequest(/\/api\/users\?role=COACH/, { timeout: 60_000 });
      const coaches = page.waitForResponse(/\/api\/users\?role=COACH/, { timeout: 60_000 });
      try {
        await page.goto(academyUrl('demo', '/coaches'), { waitUntil: 'commit' });
        // The list is asked for and held: the navigation is on screen before it.
        await asked;
        await page.getByRole('navigation', { name: 'Sections' }).waitFor({ timeout: 20_000 });
        expect(api.asked).not.toContain('/api/auth/me');
      } finally {
        api.release();
      }
      const list = (await (await coaches).json()) as { name: string }[];
      expect(list.length).toBeGreaterThan(0);
      await page.getByText(list[0].name).first().waitFor({ timeout: 20_000 });
    });
  }
});
