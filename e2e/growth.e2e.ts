// Growth tracking: the list links to a player's growth page, where two records draw the chart and the change between them.
import { readFileSync } from 'node:fs';
import { addDaysIso, riyadhToday } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, useBrowser } from './browser';
import { apiAs } from './data';

const messages = (locale: 'en' | 'ar'): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'));

interface Row {
  player: { id: string; name: string; nameArabic: string | null };
  latest: unknown;
}

describe('growth tracking', () => {
  const b = useBrowser();

  for (const [index, locale] of (['en', 'ar'] as const).entries()) {
    it(`adds two records and shows the chart and the change (${locale})`, async () => {
      const { page } = b;
      const m = messages(locale);
      const api = await apiAs();
      // A player of the demo academy, cleared of growth records so the change compares our two.
      const rows = await api.call<Row[]>('GET', '/api/growth-metrics/players');
      expect(rows.length).toBeGreaterThan(index);
      const { player } = rows[index];
      for (const r of await api.call<{ id: string }[]>('GET', `/api/growth-metrics/player/${player.id}`)) {
        await api.call('DELETE', `/api/growth-metrics/${r.id}`);
      }
      await api.call('POST', '/api/growth-metrics', {
        playerId: player.id,
        date: addDaysIso(riyadhToday(), -60),
        height: 150,
        weight: 40,
        sprint10m: 2,
      });

      await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
      if (locale === 'ar') await page.evaluate(() => localStorage.setItem('locale', 'ar'));
      await page.goto(academyUrl('demo', '/growth'));
      await page.locator('tr[data-testid="growth-row"]').first().waitFor();
      const shownName = locale === 'ar' && player.nameArabic ? player.nameArabic : player.name;
      await page.getByLabel(m['growth.search']).fill(shownName);
      const row = page.locator('tr[data-testid="growth-row"]').filter({ hasText: shownName }).first();
      await row.waitFor();
      await page.screenshot({ path: `${artifacts}growth-list-${locale}.png`, fullPage: true });
      await row.getByTestId('growth-view').click();
      await page.waitForURL(academyUrl('demo', `/growth/${player.id}`));

      // One record: the chart shows, nothing to compare yet.
      await page.getByTestId('growth-chart').locator('svg').first().waitFor();
      expect(await page.getByTestId('growth-change').count()).toBe(0);

      // The second record through the dialog (today by default).
      await page.getByRole('button', { name: m['growth.add'] }).click();
      const dialog = page.getByRole('dialog', { name: m['growth.add'] });
      await dialog.waitFor();
      const label = (metric: string, unit: string) => `${m[`growth.metric.${metric}`]} (${m[`growth.unit.${unit}`]})`;
      expect(await dialog.getByLabel(label('sleepingHours', 'h')).inputValue()).toBe('8');
      // A text field with the decimal keyboard: a number input would drop digits typed in Arabic-Indic.
      expect(await dialog.getByLabel(label('sprint10m', 's')).getAttribute('inputmode')).toBe('decimal');
      // Height and weight are required above zero, checked with the contract's rule before any call.
      await dialog.getByRole('button', { name: m['common.save'] }).click();
      await dialog.getByText(m['errors.growth.height_weight_positive']).first().waitFor();
      // In Arabic, typed as an Arabic keyboard does (١٥٣): read as 153.
      await dialog.getByLabel(label('height', 'cm')).fill(locale === 'ar' ? '١٥٣' : '153');
      await dialog.getByLabel(label('weight', 'kg')).fill('39');
      await dialog.getByLabel(label('sprint10m', 's')).fill('1.9');
      await dialog.getByRole('button', { name: m['common.save'] }).click();
      await page.getByText(m['growth.created']).first().waitFor();
      await dialog.waitFor({ state: 'detached' });

      // The newest record compares with the first: height +2.0% and sprint -5.0% are better, weight -2.5% worse.
      const newest = page.locator('tr[data-testid="growth-record"]').first();
      await newest.getByTestId('growth-change').first().waitFor();
      const changes = await newest
        .getByTestId('growth-change')
        .evaluateAll((els) => els.map((e) => [e.textContent ?? '', e.getAttribute('data-direction') ?? '']));
      expect(changes.map(([, d]) => d)).toEqual(['better', 'worse', 'better']);
      if (locale === 'en') expect(changes.map(([t]) => String(t).split(' ')[0])).toEqual(['+2.0%', '-2.5%', '-5.0%']);
      await page.getByTestId('growth-chart').locator('svg .recharts-line').first().waitFor();
      expect(await page.getByTestId('growth-chart').locator('svg').count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${artifacts}growth-detail-${locale}.png`, fullPage: true });

      // Deleting the newest record asks first, then leaves one record and no change.
      await newest.getByRole('button', { name: m['growth.delete'] }).click();
      const confirm = page.getByRole('dialog', { name: m['growth.deleteTitle'] });
      await confirm.getByRole('button', { name: m['growth.delete'] }).click();
      await page.getByText(m['growth.deleted']).first().waitFor();
      await confirm.waitFor({ state: 'detached' });
      expect(await page.locator('tr[data-testid="growth-record"]').count()).toBe(1);
      expect(await page.getByTestId('growth-change').count()).toBe(0);
    });
  }
});

describe('growth tracking on a phone', () => {
  const b = useBrowser({ mobile: true });

  it('fits the list and a player page to 390 px', async () => {
    const { page } = b;
    const api = await apiAs();
    const [{ player }] = await api.call<Row[]>('GET', '/api/growth-metrics/players');
    await login(page, 'demo', DEMO.admin.email, DEMO.admin.password);
    const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.goto(academyUrl('demo', '/growth'));
    await page.locator('li[data-testid="growth-row"]').first().waitFor();
    expect(await noSideways()).toBe(true);
    await page.screenshot({ path: `${artifacts}growth-list-en-phone.png` });
    await page.goto(academyUrl('demo', `/growth/${player.id}`));
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    if ((await page.locator('li[data-testid="growth-record"]').count()) > 0)
      await page.getByTestId('growth-chart').locator('svg').first().waitFor();
    expect(await noSideways()).toBe(true);
    await page.screenshot({ path: `${artifacts}growth-detail-en-phone.png`, fullPage: true });
  });
});
