import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, outbox, rootUrl, useBrowser } from './browser';

const b = useBrowser();

describe('public site and sign-in', () => {
  it('registers an academy and lands on its login page with the welcome toast', async () => {
    const { page } = b;
    const handle = `e2e-${Date.now().toString(36)}`;
    await page.goto(rootUrl('/'));
    // The hero's call to action (the pricing cards below offer the same link).
    await page.getByRole('link', { name: 'Start Free Trial' }).first().click();
    await page.waitForURL('**/auth/register/academy');
    await page.getByLabel('Academy name').fill('Dammam Dolphins');
    await page.getByLabel('Phone number', { exact: true }).fill('501234567');
    await page.getByLabel('Email').fill(`owner@${handle}.sa`);
    await page.getByLabel('Password').fill('dolphins-2026');
    await page.getByLabel('Academy link').fill(`${handle}.localhost`);
    await page.getByRole('button', { name: 'Create academy' }).click();
    await page.waitForURL(academyUrl(handle, '/auth/login?**'));
    await page.getByText('Welcome to your new academy! Please log in to continue setup.').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(`owner@${handle}.sa`);
    await page.getByLabel('Password').fill('dolphins-2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByTestId('avatar-menu').waitFor();
  });

  it('shows the registration errors and keeps the form', async () => {
    const { page } = b;
    await page.goto(rootUrl('/auth/register/academy'));
    await page.getByRole('button', { name: 'Create academy' }).click();
    await page.getByText('The academy link is required').waitFor();
    await page.getByLabel('Academy link').fill('demo');
    await page.getByLabel('Academy name').fill('Another');
    await page.getByLabel('Phone number', { exact: true }).fill('501234567');
    await page.getByLabel('Email').fill('someone@x.sa');
    await page.getByLabel('Password').fill('long-enough');
    await page.getByRole('button', { name: 'Create academy' }).click();
    await page.getByText('This academy link is already taken').first().waitFor();
    expect(await page.getByLabel('Academy name').inputValue()).toBe('Another');
  });

  it('root-mode login: empty, unknown and known academy', async () => {
    const { page } = b;
    await page.goto(rootUrl('/auth/login'));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Academy URL is required').waitFor();
    await page.getByLabel('Academy URL').fill('no-such-academy');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Academy not found').waitFor();
    await page.getByLabel('Academy URL').fill('demo');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(academyUrl('demo', '/auth/login'));
    await page.getByRole('button', { name: 'Log in' }).waitFor();
  });

  it('sends a signed-out visitor to login and back, navigates, and logs out', async () => {
    const { page } = b;
    await page.goto(academyUrl('demo', '/players?tab=all'));
    await page.waitForURL(/\/auth\/login\?redirect=/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/players?tab=all');
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(academyUrl('demo', '/players?tab=all'));
    // The session is the HttpOnly cookie: no script of the page reads it, and no token is kept in storage.
    const session = (await b.context.cookies(academyUrl('demo'))).find((c) => c.name === 'kora_session');
    expect(session?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('kora_session');
    const kept = await page.evaluate(() => ({ ...localStorage }));
    expect(kept.token).toBeUndefined();
    expect(Object.values(kept)).not.toContain(session?.value);
    expect(kept.signedIn).toBe('1');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Settings' }).waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Dashboard',
      'My Trainings',
      'Manage Teams',
      'Players',
      'Growth Tracking',
      'Coaches',
      'Schedule',
      'Settings',
    ]);
    expect(await nav.getByRole('link', { name: 'Players' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Schedule' }).click();
    await page.waitForURL(academyUrl('demo', '/schedule'));
    expect(await nav.getByRole('link', { name: 'Schedule' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    await page.screenshot({ path: `${artifacts}shell-en.png` });

    await page.goto(academyUrl('demo', '/auth/login'));
    await page.waitForURL(academyUrl('demo', '/'));
    await page.getByTestId('avatar-menu').click();
    await page.getByText(DEMO.admin.email).waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(academyUrl('demo', '/auth/login'));
    expect(await page.evaluate(() => localStorage.getItem('signedIn'))).toBeNull();
    expect((await b.context.cookies(academyUrl('demo'))).some((c) => c.name === 'kora_session')).toBe(false);
    await page.goto(academyUrl('demo', '/settings'));
    await page.waitForURL(/\/auth\/login\?redirect=%2Fsettings/);
  });

  it('shows the server message under both fields for a wrong password', async () => {
    const { page } = b;
    await page.goto(academyUrl('demo', '/auth/login'));
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByText('Invalid email or password').count()).toBe(2);
    expect(page.url()).toContain('/auth/login');
  });

  it('switches to Arabic, right to left, and back', async () => {
    const { page } = b;
    await page.goto(rootUrl('/'));
    await page.screenshot({ path: `${artifacts}landing-en.png`, fullPage: true });
    await page.getByTestId('lang-ar').click();
    await page.getByRole('heading', { name: 'إدارة الأكاديمية أصبحت سهلة' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.screenshot({ path: `${artifacts}landing-ar.png`, fullPage: true });
    await page.reload();
    await page.getByRole('heading', { name: 'إدارة الأكاديمية أصبحت سهلة' }).waitFor();
    await page.getByTestId('lang-en').click();
    await page.getByRole('heading', { name: 'Academy Management Made Simple' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
  });

  it('shows Academy Not Found for an unknown subdomain', async () => {
    const { page } = b;
    await page.goto(academyUrl('nowhere-fc', '/'));
    await page.getByRole('heading', { name: 'Academy Not Found' }).waitFor();
    await page.getByText("The academy nowhere-fc doesn't exist or isn't available.").waitFor();
  });

  it('shows 404 with the dashboard link on an academy', async () => {
    const { page } = b;
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.goto(academyUrl('demo', '/no/such/page'));
    await page.getByText('Page not found').waitFor();
    await page.getByRole('link', { name: 'Go back to dashboard' }).waitFor();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const { page } = b;
    const handle = `reset-${Date.now().toString(36)}`;
    const email = `owner@${handle}.sa`;
    await fetch(rootUrl('/api/auth/register/academy'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ academyName: 'Reset FC', handle, email, phone: '+966501234567', password: 'first-password' }),
    });
    await page.goto(academyUrl(handle, '/auth/login'));
    // The empty e-mail field has the focus: leaving it must not move the link away from the click.
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'email');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(academyUrl(handle, '/auth/forgot-password'));
    // The address changes before the new page is drawn, and the login page has an Email field too: fill the new one.
    const send = page.getByRole('button', { name: 'Send reset link' });
    await send.waitFor();
    await page.getByLabel('Email').fill(email);
    await send.click();
    await page.getByTestId('forgot-sent').waitFor();
    // The mail is queued after the answer (its timing must not tell whether the e-mail exists).
    let mail: { text: string } | undefined;
    for (let i = 0; i < 50 && !mail; i++) {
      // The reset mail, not the owner's confirmation link mailed at sign-up.
      mail = (await outbox()).find((m) => m.to === email && m.text.includes('/reset-password/'));
      if (!mail) await page.waitForTimeout(100);
    }
    const link = mail?.text.match(/http\S+reset-password\/\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('Confirm password').fill('other');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('New password').fill('second-password');
    await page.getByLabel('Confirm password').fill('second-password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(academyUrl(handle, '/auth/login'));
    await login(page, handle, email, 'second-password');
  });

  it('gives a limited account type only its entries and sends it home from others', async () => {
    const { page } = b;
    await login(page, 'demo', DEMO.coach.email, DEMO.coach.password);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Schedule' }).waitFor();
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['Dashboard', 'My Trainings', 'Players', 'Growth Tracking', 'Schedule']);
    await page.goto(academyUrl('demo', '/settings'));
    await page.waitForURL(academyUrl('demo', '/'));
    await page.goto(academyUrl('demo', '/coaches'));
    await page.waitForURL(academyUrl('demo', '/'));
  });
});
