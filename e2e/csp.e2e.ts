// The app runs under its Content-Security-Policy with a clean console: no blocked script, style,
// image or connection on the public site or the signed-in screens, in both languages.
import { describe, expect, it } from 'vitest';
import { academyUrl, DEMO, login, rootUrl, useBrowser } from './browser';

const b = useBrowser();

describe('content security policy', () => {
  it('is sent and nothing of the app is blocked by it', async () => {
    const { page } = b;
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));

    const res = await page.goto(rootUrl('/'));
    expect(res?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByRole('link', { name: 'Start Free Trial' }).first().waitFor();
    await page.goto(rootUrl('/pricing'));
    await page.goto(rootUrl('/auth/register/academy'));
    await page.getByLabel('Academy name').waitFor();

    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    for (const path of ['/', '/players', '/teams', '/coaches', '/schedule', '/trainings']) {
      await page.goto(academyUrl('demo', path));
      await page.getByTestId('avatar-menu').waitFor();
      await page.waitForLoadState('networkidle');
    }
    await page.getByRole('button', { name: 'العربية' }).first().click();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
