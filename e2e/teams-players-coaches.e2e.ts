import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, useBrowser } from './browser';
import { apiAs, uniqueSuffix } from './data';

const b = useBrowser();
// A data tag (e2e…) other journeys know as such: the Arabic screens journey leaves it out of the words it checks.
const unique = uniqueSuffix();

describe('teams, players and coaches', () => {
  it('creates a team with a coach', async () => {
    const { page } = b;
    const coach = `Coach Team ${unique}`;
    await (await apiAs()).createCoach({ name: coach });
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.goto(academyUrl('demo', '/teams'));
    await page.getByRole('button', { name: 'Create team' }).first().click();
    await page.getByLabel('Team name').fill(`U9 Stars ${unique}`);
    await page.getByRole('button', { name: 'Yellow' }).click();
    await page.getByLabel('Coaches').selectOption({ label: coach });
    await page.getByRole('button', { name: `Remove ${coach}` }).waitFor();
    await page.getByRole('button', { name: 'Create team' }).last().click();
    await page.getByText(`U9 Stars ${unique} created`).waitFor();
    await page.getByRole('button', { name: new RegExp(`U9 Stars ${unique}`) }).waitFor();
    await page.screenshot({ path: `${artifacts}teams-en.png`, fullPage: true });
  });

  it('adds a player with a photo, assigns a team, filters, opens, edits and deletes', async () => {
    const { page } = b;
    const name = `Turki Test ${unique}`;
    // Two teams of its own: one to join, one whose filter must show nobody.
    const api = await apiAs();
    const joined = (await api.createTeam({ name: `Joined ${unique}`, color: 'GREEN' })).name;
    const other = (await api.createTeam({ name: `Other ${unique}`, color: 'ORANGE' })).name;
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.goto(academyUrl('demo', '/players'));
    await page.getByRole('button', { name: 'Add player' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Please enter a valid Parent Name').waitFor();
    await page.getByLabel('Parent name', { exact: true }).fill('Saud Test');
    await page.getByLabel('Phone number', { exact: true }).fill('505556677');
    await page.getByRole('button', { name: 'Next' }).click();
    const png = await sharp({ create: { width: 80, height: 80, channels: 3, background: '#f97316' } })
      .png()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles({ name: 'turki.png', mimeType: 'image/png', buffer: png });
    await page.getByLabel('Player name', { exact: true }).fill(name);
    await page.getByLabel('Birthdate').fill('2015/06/01');
    await page.getByLabel('Birthdate').press('Tab');
    // The guardian's consents on paper: the photo is kept and shown.
    await page.getByTestId('consent-terms_privacy').check();
    await page.getByTestId('consent-photos').check();
    await page.getByRole('button', { name: 'FINISH' }).click();
    await page.getByText(`${name} added`).waitFor();

    await page.getByLabel('Search by name, ID or phone').fill(name);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('button', { name: '+ Team' }).click();
    await page.getByRole('checkbox', { name: joined }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(`Teams of ${name} saved`).waitFor();
    await page.locator('tbody tr').getByText(joined).waitFor();
    const teamFilter = page.getByLabel('Team', { exact: true });
    if (!(await teamFilter.isVisible())) await page.getByRole('button', { name: /Filters/ }).click();
    await teamFilter.selectOption({ label: other });
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    await teamFilter.selectOption({ label: joined });
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    expect(await page.locator('tbody tr img').getAttribute('src')).toMatch(/^\/uploads\/.+\.webp$/);
    await page.screenshot({ path: `${artifacts}players-en.png`, fullPage: true });

    await page.getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { name }).waitFor();
    await page.getByText('Saud Test').waitFor();
    await page.getByRole('button', { name: 'Manage' }).click();
    await page.getByLabel('Player name', { exact: true }).fill(`${name} Edited`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `${name} Edited` }).waitFor();
    await page.screenshot({ path: `${artifacts}player-detail-en.png`, fullPage: true });

    await page.getByRole('button', { name: 'Delete player' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete player' }).click();
    await page.waitForURL(academyUrl('demo', '/players'));
    await page.getByLabel('Search by name, ID or phone').fill(name);
    await page.getByText('No players match your search and filters.').waitFor();
  });

  it('adds a coach with a login and edits the position', async () => {
    const { page } = b;
    const team = (await (await apiAs()).createTeam({ name: `Coached ${unique}`, color: 'RED' })).name;
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    await page.goto(academyUrl('demo', '/coaches'));
    await page.getByRole('button', { name: 'Add coach' }).click();
    const save = page.getByRole('dialog').getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByRole('dialog').getByLabel('Name', { exact: true }).fill(`Coach Nasser ${unique}`);
    await page.getByRole('dialog').getByLabel('Position').selectOption('HEAD_COACH');
    await page.getByLabel('Email (optional)').fill(`nasser.${unique}@demo.kora.sa`);
    await page.getByRole('dialog').getByLabel('Teams').selectOption({ label: team });
    await page
      .getByRole('dialog')
      .getByRole('button', { name: `Remove ${team}` })
      .waitFor();
    await save.click();
    expect(await page.getByTestId('coach-password').textContent()).toMatch(/^[A-Za-z0-9]{14}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByLabel('Search coaches').fill(`Nasser ${unique}`);
    const row = page.locator('tbody tr', { hasText: `Coach Nasser ${unique}` });
    await row.getByText('Head coach').waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByLabel('Position').selectOption('ASSISTANT_COACH');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await row.getByText('Assistant coach').waitFor();
  });

  it('shows a read-only account no write controls', async () => {
    const { page } = b;
    await login(page, 'demo', DEMO.coach.email, DEMO.coach.password);
    await page.goto(academyUrl('demo', '/players'));
    await page.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('button', { name: 'Add player' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '+ Team' }).count()).toBe(0);
    await page.getByRole('link', { name: 'View' }).first().click();
    await page.getByText('Membership').waitFor();
    expect(await page.getByRole('button', { name: 'Manage' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete player' }).count()).toBe(0);
  });
});

describe('players on a phone, in Arabic', () => {
  const m = useBrowser({ mobile: true });
  it('lays the players list and filters out for 390 px, right to left', async () => {
    const { page } = m;
    // Arabic screens may show the team's Arabic name: look the button up by what both names share.
    const tag = uniqueSuffix();
    await (await apiAs()).createTeam({ name: `Phone team ${tag}`, nameArabic: `فريق الهاتف ${tag}`, color: 'BLUE' });
    await page.goto(academyUrl('demo', '/auth/login'));
    await page.evaluate(() => localStorage.setItem('locale', 'ar'));
    await page.reload();
    await page.getByLabel('البريد الإلكتروني').fill(DEMO.admin.email);
    await page.getByLabel('كلمة المرور').fill(DEMO.admin.password);
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await page.getByTestId('avatar-menu').waitFor();
    await page.goto(academyUrl('demo', '/players'));
    // Phones list players as cards (the table is for wider screens).
    await page.getByTestId('player-row').first().waitFor();
    expect(await page.locator('table').isVisible()).toBe(false);
    expect(await page.getByLabel('الفريق', { exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: /التصفية/ }).click();
    expect(await page.getByLabel('الفريق', { exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: `${artifacts}players-ar-phone.png`, fullPage: false });
    await page.goto(academyUrl('demo', '/teams'));
    await page.getByRole('button', { name: new RegExp(tag) }).click();
    await page.getByLabel('اسم الفريق').waitFor();
    await page.screenshot({ path: `${artifacts}team-editor-ar-phone.png` });
  });
});
