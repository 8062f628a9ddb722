// A signed-in cold load paints the shell (header and navigation) before the screen's data arrives:
// the list's answer is held until the navigation shows, so the journey proves the order, not a time.
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

describe('a cold load of a signed-in screen', () => {
  for (const mobile of [false, true]) {
    const b = useBrowser({ mobile });

    it(`shows the navigation while the players list is still on its way (${mobile ? '390 px' : '1280 px'})`, async () => {
      const { page, context } = b;
      const token = await tokenOf(DEMO.admin);
      await signInWithToken(context, token);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let listAsked = false;
      await page.route(/\/api\/users\?role=PLAYER/, async (route) => {
        listAsked = true;
        await released;
        await route.continue();
      });

      const listAnswer = page.waitForResponse(/\/api\/users\?role=PLAYER/, { timeout: 60_000 });
      await page.goto(academyUrl('demo', '/players'));
      try {
        // The shell's header and navigation, while the list is held back.
        await page.getByRole('navigation', { name: 'Sections' }).waitFor({ timeout: 20_000 });
        await page.getByTestId('avatar-menu').waitFor({ timeout: 5_000 });
        expect(listAsked).toBe(true);
      } finally {
        release();
      }
      const players = (await (await listAnswer).json()) as { name: string }[];
      expect(players.length).toBeGreaterThan(0);
      await page.getByText(players[0].name).first().waitFor({ timeout: 20_000 });
    });
  }
});
