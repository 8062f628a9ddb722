// Day one and the month after: an admin imports players from a CSV — a file with mistakes
// is refused with each error at its row and column, the corrected file imports — and reads the
// attendance report of their team, exported as Excel; in English on a desktop and Arabic on a phone.
import { readFileSync } from 'node:fs';
import { riyadhToday } from '@kora/contracts';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, useBrowser } from './browser';
import { apiAs, uniqueSuffix } from './data';

type Locale = 'en' | 'ar';
const messages = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'));
/** Arabic-Indic digits read as Latin ones, marks of direction dropped. */
const plain = (text: string) => text.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))).replace(/[\u200e\u200f\u061c]/g, '');

const HEADERS = {
  en: ['Player name', 'Birthdate', 'Gender', 'Teams', 'Parent name', 'Parent phone'],
  ar: ['اسم اللاعب', 'تاريخ الميلاد', 'الجنس', 'الفرق', 'اسم ولي الأمر', 'جوال ولي الأمر'],
};
const MALE = { en: 'Male', ar: 'ذكر' };
const csv = (rows: string[][]) =>
  Buffer.from(`\ufeff${rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\r\n')}\r\n`);

async function upload(page: Page, name: string, body: Buffer, m: Record<string, string>) {
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: body });
  // The columns are matched by their headers (English or Arabic); the preview checks every row.
  await dialog.getByRole('button', { name: m['common.next'], exact: true }).click();
  await dialog.getByTestId('import-summary').waitFor();
  return dialog;
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function journey(page: Page, locale: Locale) {
  const m = messages(locale);
  const tag = uniqueSuffix();
  const admin = await apiAs();
  const team = await admin.call<{ id: string; name: string }>('POST', '/api/teams', {
    name: `Import ${tag}`,
    nameArabic: `استيراد ${tag}`,
    color: 'GREEN',
  });
  const teamInFile = locale === 'ar' ? `استيراد ${tag}` : team.name;
  const players = [`Hamad Import ${tag}`, `Yousef Import ${tag}`];

  await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
  if (locale === 'ar') await page.evaluate(() => localStorage.setItem('locale', 'ar'));
  await page.goto(academyUrl('demo', '/players'));
  await page.getByRole('button', { name: m['playerImport.open'], exact: true }).click();

  // A file with two mistakes on its third row: nothing is imported, each error is shown at its row and column.
  const header = HEADERS[locale];
  const wrong = csv([
    header,
    [players[0], '2014-03-14', MALE[locale], teamInFile, `Parent ${tag}`, '0501234567'],
    [players[1], '40/13/2014', MALE[locale], teamInFile, `Parent ${tag}`, '12345'],
  ]);
  let dialog = await upload(page, `players-${locale}-wrong.csv`, wrong, m);
  const errors = dialog.getByTestId('import-errors').locator('tbody tr');
  await expect.poll(() => errors.count()).toBe(2);
  const cells = (
    await errors.evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent ?? '')))
  ).map((row) => row.map(plain));
  expect(cells.map((c) => [c[0], c[1]]).sort()).toEqual(
    [
      ['3', header[1]],
      ['3', header[5]],
    ].sort(),
  );
  expect(cells.every((c) => c[2].length > 0)).toBe(true);
  // The date's error says the format and the value as written.
  const dateError = cells.find((c) => c[1] === header[1])?.[2] ?? '';
  expect(dateError).toContain('40/13/2014');
  expect(dateError).toMatch(locale === 'en' ? /dd\/mm\/yyyy/ : /يوم\/شهر\/سنة|dd\/mm\/yyyy/);
  expect(await noSideScroll(page)).toBe(0);
  await page.screenshot({ path: `${artifacts}import-errors-${locale}.png` });
  const before = await admin.call<{ name: string }[]>('GET', '/api/users?role=PLAYER');
  expect(before.filter((p) => players.includes(p.name))).toHaveLength(0);

  // The corrected file: both players, in the team named in the file.
  await dialog.getByRole('button', { name: m['playerImport.another'], exact: true }).click();
  const right = csv([
    header,
    // Day first, as dates are typed in Saudi Arabia (in Arabic-Indic digits on the Arabic file).
    [players[0], locale === 'ar' ? '١٤/٠٣/٢٠١٤' : '14/03/2014', MALE[locale], teamInFile, `Parent ${tag}`, '0501234567'],
    [players[1], '4/12/2013', MALE[locale], teamInFile, `Parent ${tag}`, '+966551234567'],
  ]);
  dialog = await upload(page, `players-${locale}.csv`, right, m);
  expect(await dialog.getByTestId('import-errors').count()).toBe(0);
  await dialog.locator('div.mt-6 button').last().click();
  await dialog.getByTestId('import-done').waitFor();
  // '2 players added' in English; Arabic says it with the dual (لاعبان): the server's state is checked below.
  if (locale === 'en') expect(await dialog.getByTestId('import-done').textContent()).toContain('2 players added');
  await page.screenshot({ path: `${artifacts}import-done-${locale}.png` });
  await dialog.getByRole('button', { name: m['common.close'], exact: true }).first().click();

  const imported = (await admin.call<{ id: string; name: string; birthdate: string | null }[]>('GET', '/api/users?role=PLAYER')).filter(
    (p) => players.includes(p.name),
  );
  expect(imported.map((p) => p.name).sort()).toEqual([...players].sort());
  expect(Object.fromEntries(imported.map((p) => [p.name, p.birthdate]))).toEqual({
    [players[0]]: '2014-03-14',
    [players[1]]: '2013-12-04',
  });
  const teamNow = await admin.call<{ players: { id: string }[] }>('GET', `/api/teams/${team.id}`);
  expect(teamNow.players.map((p) => p.id).sort()).toEqual(imported.map((p) => p.id).sort());

  // A training today for the team, one present and one absent: the report of this month shows 50 %.
  const today = riyadhToday();
  const event = await admin.call<{ id: string }>('POST', '/api/events', {
    type: 'TRAINING_SESSION',
    date: today,
    time: '04:00',
    endTime: '05:00',
    field: `Import ${tag}`,
    teamIds: [team.id],
  });
  const [present, absent] = [...imported].sort((a, b) => a.name.localeCompare(b.name));
  await admin.call('PATCH', `/api/events/${event.id}/participants/${present.id}`, { status: 'ATTENDED' });
  await admin.call('PATCH', `/api/events/${event.id}/participants/${absent.id}`, { status: 'ABSENT' });

  await page.goto(academyUrl('demo', '/schedule/attendance'));
  await page.getByLabel(m['attendanceReport.team'], { exact: true }).selectOption(team.id);
  const teamRow = page.locator('[data-testid="report-team-row"]:visible');
  // Other journeys' teams also stand at 50 %: wait for the filter to leave this team alone, then read its row.
  await expect.poll(() => teamRow.count()).toBe(1);
  expect(await teamRow.first().textContent()).toContain(tag);
  await expect.poll(async () => plain((await teamRow.first().textContent()) ?? '')).toMatch(/50\s*[%٪]/);
  await expect.poll(() => page.locator('[data-testid="report-player-row"]:visible').count()).toBe(2);
  expect(await noSideScroll(page)).toBe(0);
  await page.screenshot({ path: `${artifacts}attendance-report-${locale}.png`, fullPage: true });

  // Export Excel: the same figures, a sheet per table, in the screen's language.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export-xlsx').click()]);
  expect(download.suggestedFilename()).toMatch(/^attendance-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ExcelJS.Buffer);
  expect(workbook.worksheets.map((s) => s.name)).toEqual(
    locale === 'ar' ? ['الفرق', 'اللاعبون', 'الغياب المتتالي'] : ['Teams', 'Players', 'Missed in a row'],
  );
  const teamCells = (workbook.worksheets[0].getRow(2).values as unknown[]).slice(1);
  expect(teamCells).toEqual([locale === 'ar' ? `استيراد ${tag}` : team.name, 1, 1, 1, 50]);
}

describe('players import and the attendance report', () => {
  describe('in English on a desktop', () => {
    const b = useBrowser();
    it('refuses a file with errors at their row and column, imports the corrected one, and reports and exports the team', async () => {
      await journey(b.page, 'en');
    });
  });
  describe('in Arabic on a phone', () => {
    const b = useBrowser({ mobile: true });
    it('does the same with Arabic headers at 390 px', async () => {
      await journey(b.page, 'ar');
    });
  });
});
