import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, untilLive, useBrowser } from './browser';
import { uniqueSuffix } from './data';

describe('settings', () => {
  const b = useBrowser();

  it('creates a read-only Players account type and a login with it, which sees players without write controls', async () => {
    const { page } = b;
    const tag = uniqueSuffix();
    const typeName = `Players reader ${tag}`;
    const email = `reader-${tag}@demo.kora.sa`;
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.goto(academyUrl('demo', '/settings/privileges'));
    await page.getByTestId('account-type').first().waitFor();

    // The default types are read-only: their cards have no Edit or Delete.
    const adminCard = page.getByTestId('account-type').filter({ hasText: 'Default' }).first();
    expect(await adminCard.getByRole('button').count()).toBe(0);

    // A new type: ticking write ticks read, unticking read unticks write; saved with read on Players only.
    await page.getByRole('button', { name: 'Add account type' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(typeName);
    await dialog.getByTestId('flag-canWritePlayers').check();
    expect(await dialog.getByTestId('flag-canReadPlayers').isChecked()).toBe(true);
    await dialog.getByTestId('flag-canReadPlayers').uncheck();
    expect(await dialog.getByTestId('flag-canWritePlayers').isChecked()).toBe(false);
    await dialog.getByTestId('flag-canReadPlayers').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = page.getByTestId('account-type').filter({ hasText: typeName });
    await card.waitFor();
    expect(await card.textContent()).toContain('Players: read');
    expect(await card.textContent()).not.toContain('read and write');

    // A login of that type: its password is shown once.
    await page.getByRole('button', { name: 'Generate account' }).click();
    await dialog.getByLabel('Full name').fill(`Reader ${tag}`);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Account type').selectOption({ label: typeName });
    await dialog.getByRole('button', { name: 'Save' }).click();
    const password = (await page.getByTestId('new-password').textContent())?.trim() ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);
    await page.screenshot({ path: `${artifacts}settings-password.png` });
    await page.getByRole('button', { name: 'Done' }).click();
    await page.locator('tr[data-testid="user-row"]').filter({ hasText: email }).waitFor();
    await page.screenshot({ path: `${artifacts}settings-privileges.png`, fullPage: true });

    // A type still held cannot be deleted: the refusal says by how many users.
    await card.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByText('This account type is held by 1 user;').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The new user sees the players list, with no write control and no refused call.
    const context = await b.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    try {
      const reader = await context.newPage();
      untilLive(reader);
      const refused: string[] = [];
      reader.on('response', (res) => {
        if (res.status() === 403) refused.push(res.url());
      });
      await login(reader, 'demo', email, password);
      await reader.goto(academyUrl('demo', '/players'));
      await reader.locator('tr[data-testid="player-row"]').first().waitFor();
      expect(await reader.getByRole('button', { name: 'Add player' }).count()).toBe(0);
      expect(refused).toEqual([]);
      await reader.screenshot({ path: `${artifacts}settings-reader-players.png` });
    } finally {
      await context.close();
    }
  });

  it('edits the academy name and shows it in the top bar at once', async () => {
    const { page } = b;
    const tag = uniqueSuffix();
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.goto(academyUrl('demo', '/settings/academy'));
    const name = page.getByLabel('Academy name');
    await name.waitFor();
    // The profile's own form: the family portal's settings below it have a Save of their own.
    const profile = page.locator('form').filter({ has: name });
    const before = await name.inputValue();
    expect(await page.getByTestId('academy-handle').textContent()).toContain('demo.localhost');

    await name.fill(`Academy ${tag}`);
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Academy information updated successfully').waitFor();
    await page
      .getByTestId('academy-name')
      .filter({ hasText: `Academy ${tag}` })
      .waitFor();
    await page.screenshot({ path: `${artifacts}settings-academy.png`, fullPage: true });

    // A bad VAT number is refused in the form.
    const vat = page.getByLabel('VAT number');
    const vatBefore = await vat.inputValue();
    await vat.fill('12345');
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A VAT number has 15 digits and starts and ends with 3').waitFor();
    await vat.fill(vatBefore);

    // Back to the demo's name, for the other journeys.
    await name.fill(before);
    await profile.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('academy-name').filter({ hasText: before }).waitFor();
  });
});

describe('settings on a phone, in Arabic', () => {
  const b = useBrowser({ mobile: true });

  it('shows account types and users as cards, every action within the screen', async () => {
    const { page } = b;
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    await page.goto(academyUrl('demo', '/settings/privileges'));
    await page.locator('li[data-testid="user-row"]').first().waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${artifacts}settings-privileges-ar-phone.png`, fullPage: true });
    await page.goto(academyUrl('demo', '/settings/academy'));
    await page.getByTestId('academy-handle').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${artifacts}settings-academy-ar-phone.png`, fullPage: true });
  });
});
