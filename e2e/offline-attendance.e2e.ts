// Attendance at the pitch without a network: a coach on a phone goes offline, marks four
// players, reloads the page offline and still sees the marks waiting on the phone, comes back online
// and sees them synced; the server has each mark once and each session charged once.
import { readFileSync } from 'node:fs';
import { riyadhToday } from '@kora/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, DEMO, login, useBrowser } from './browser';
import { apiAs, registerParent, uniqueSuffix } from './data';

const messages = (locale: 'en' | 'ar'): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../apps/web/src/locales/${locale}.json`, import.meta.url), 'utf8'));

interface ApiEvent {
  id: string;
  teams: { id: string }[];
  participants: { id: string; status: string; user: { id: string; name: string; nameArabic: string | null } }[];
}
interface AuditRow {
  action: string;
  details: { body?: { marks?: { id: string; participantId: string }[] }; effect?: Record<string, number> } | null;
}
type Api = Awaited<ReturnType<typeof apiAs>>;

/** A coach's training today for a new team of the given players; answers the event as created. */
async function trainingToday(admin: Api, coachId: string, playerIds: string[], tag: string) {
  const team = await admin.call<{ id: string }>('POST', '/api/teams', {
    name: `Offline ${tag}`,
    color: 'BLUE',
    coachIds: [coachId],
    playerIds,
  });
  return admin.call<ApiEvent>('POST', '/api/events', {
    type: 'TRAINING_SESSION',
    date: riyadhToday(),
    time: '05:00',
    endTime: '06:00',
    field: `Pitch ${tag}`,
    teamIds: [team.id],
    coachIds: [coachId],
  });
}

/** A player of the demo academy on an ACTIVE 12-session subscription, made through the public registration. */
async function sessionPlayer(admin: Api, name: string, nameArabic: string) {
  const packages = await admin.call<{ id: string; name: string }[]>('GET', '/api/packages');
  const pkg = packages.find((p) => p.name === '12 sessions');
  if (!pkg) throw new Error('the demo academy has no "12 sessions" package');
  const reply = await registerParent({
    // The terms agreed to, as the wizard requires (docs/domain.md, "Data map").
    consents: { language: 'en', termsPrivacy: true },
    selectedPackage: pkg.id,
    parentInfo: { name: `Parent of ${name}`, phone: '+966501112233', email: '' },
    playerInfo: { name, nameArabic, birthdate: '2014-05-10', gender: 'MALE' },
  });
  await admin.call('PATCH', `/api/subscriptions/${pkg.id}/${reply.subscription.id}`, { status: 'ACTIVE', sendInvoice: false });
  return reply.player.id;
}

/** The worker controls the page and keeps the files it loaded and the week's events (what a reload offline needs). */
async function offlineReady(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return false;
          const shell = await caches.open('kora-shell-v1');
          const kept = new Set((await shell.keys()).map((r) => new URL(r.url).pathname));
          const files = performance
            .getEntriesByType('resource')
            .map((e) => new URL(e.name))
            .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'));
          if (!kept.has('/') || files.some((u) => !kept.has(u.pathname))) return false;
          const api = await (await caches.open('kora-api-v1')).keys();
          return ['/api/events', '/api/auth/me', '/api/academies/check/'].every((path) =>
            api.some((r) => new URL(r.url).pathname.startsWith(path)),
          );
        }),
      { timeout: 20_000, interval: 200 },
    )
    .toBe(true);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('attendance offline on a phone', () => {
  const b = useBrowser({ mobile: true });

  for (const locale of ['en', 'ar'] as const) {
    it(`keeps four marks on the phone through a reload offline and syncs each once (${locale})`, async () => {
      const { page, context } = b;
      const m = messages(locale);
      const tag = uniqueSuffix();
      const admin = await apiAs();
      const coach = await apiAs(DEMO.coach);
      const { user: me } = await coach.call<{ user: { id: string } }>('GET', '/api/auth/me');
      const names = [
        ['Saad', 'سعد'],
        ['Omar', 'عمر'],
        ['Faisal', 'فيصل'],
        ['Turki', 'تركي'],
      ];
      const playerIds: string[] = [];
      for (const [en, ar] of names) playerIds.push(await sessionPlayer(admin, `${en} Offline ${tag}`, `${ar} أوفلاين ${tag}`));
      const team = await admin.call<{ id: string }>('POST', '/api/teams', {
        name: `Offline ${tag}`,
        nameArabic: `بلا شبكة ${tag}`,
        color: 'BLUE',
        coachIds: [me.id],
        playerIds,
      });
      const today = riyadhToday();
      const event = await admin.call<ApiEvent>('POST', '/api/events', {
        type: 'TRAINING_SESSION',
        date: today,
        time: '05:00',
        endTime: '06:00',
        field: `Pitch ${tag}`,
        teamIds: [team.id],
        coachIds: [me.id],
      });
      expect(event.participants).toHaveLength(4);
      const sessionsLeft = async () =>
        Promise.all(
          playerIds.map(async (id) => (await admin.call<{ sessionsLeft: number }>('GET', `/api/players/${id}/sessions`)).sessionsLeft),
        );
      expect(await sessionsLeft()).toEqual([12, 12, 12, 12]);

      // Online: the coach opens My Trainings and the training (the app is kept for offline use meanwhile).
      await login(page, 'demo', DEMO.coach.email, DEMO.coach.password);
      if (locale === 'ar') await page.evaluate(() => localStorage.setItem('locale', 'ar'));
      await page.goto(academyUrl('demo', '/trainings'));
      await page
        .getByTestId('training')
        .filter({ hasText: `Pitch ${tag}` })
        .click();
      const detail = page.getByTestId('training-detail');
      await detail.getByTestId('participant').nth(3).waitFor();
      const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'));
      expect(manifest).toBe('/manifest.webmanifest');
      await offlineReady(page);

      // Offline: four marks, each waiting on the phone.
      await context.setOffline(true);
      await page.getByTestId('sync-status').getByText(m['trainings.offline.banner']).waitFor();
      const shownName = (p: ApiEvent['participants'][number]) => (locale === 'ar' && p.user.nameArabic ? p.user.nameArabic : p.user.name);
      const label = (p: ApiEvent['participants'][number]) => m['trainings.statusOf'].replace('{name}', shownName(p));
      const wanted: Record<string, string> = {};
      for (const [i, p] of event.participants.entries()) {
        wanted[p.id] = i === 3 ? 'ABSENT' : 'ATTENDED';
        await detail.getByLabel(label(p)).selectOption(wanted[p.id]);
      }
      await expect.poll(() => detail.getByTestId('sync-pending').count()).toBe(4);
      expect(await page.getByTestId('sync-status').getAttribute('data-waiting')).toBe('4');

      // A reload without a network: the page, the training and the four waiting marks are all still there.
      await page.reload();
      await detail.getByTestId('participant').nth(3).waitFor();
      await expect.poll(() => detail.getByTestId('sync-pending').count()).toBe(4);
      for (const p of event.participants) expect(await detail.getByLabel(label(p)).inputValue()).toBe(wanted[p.id]);
      await page.getByTestId('sync-status').getByText(m['trainings.offline.banner']).waitFor();
      expect(await noSideScroll(page)).toBe(0);
      await page.screenshot({ path: `${artifacts}offline-attendance-waiting-${locale}.png`, fullPage: true });
      // Nothing reached the server meanwhile.
      expect(await sessionsLeft()).toEqual([12, 12, 12, 12]);

      // Back online: the marks are sent by themselves.
      const online = performance.now();
      await context.setOffline(false);
      await page.waitForFunction(
        () => {
          const status = document.querySelector('[data-testid="sync-status"]');
          return document.querySelectorAll('[data-testid="sync-pending"]').length === 0 && status?.getAttribute('data-synced') === '4';
        },
        undefined,
        { timeout: 30_000, polling: 'raf' },
      );
      const syncMs = Math.round(performance.now() - online);
      console.log(`offline attendance (${locale}): 4 marks synced ${syncMs} ms after the connection returned`);
      // '4 marks synced' in the page's language.
      expect(await page.getByTestId('sync-status').getAttribute('data-waiting')).toBe('0');
      for (const p of event.participants) expect(await detail.getByLabel(label(p)).inputValue()).toBe(wanted[p.id]);
      expect(await noSideScroll(page)).toBe(0);
      await page.screenshot({ path: `${artifacts}offline-attendance-synced-${locale}.png`, fullPage: true });

      // The server: each participant marked as the coach did, one session used by each player marked present,
      // and the four marks received once each.
      const [after] = (await admin.call<ApiEvent[]>('GET', `/api/events?startDate=${today}&endDate=${today}`)).filter(
        (e) => e.id === event.id,
      );
      expect(Object.fromEntries(after.participants.map((p) => [p.id, p.status]))).toEqual(wanted);
      const byPlayer = Object.fromEntries(event.participants.map((p) => [p.user.id, wanted[p.id]]));
      expect(await sessionsLeft()).toEqual(playerIds.map((id) => (byPlayer[id] === 'ATTENDED' ? 11 : 12)));
      const trail = await admin.call<AuditRow[]>('GET', `/api/audit-events?startDate=${today}&endDate=${today}`);
      const ours = new Set(event.participants.map((p) => p.id));
      const syncs = trail.filter((r) => r.action === 'syncAttendance' && r.details?.body?.marks?.some((mk) => ours.has(mk.participantId)));
      const markIds = syncs.flatMap((r) => r.details?.body?.marks?.map((mk) => mk.id) ?? []);
      expect(new Set(markIds).size).toBe(4);
      expect(syncs.reduce((n, r) => n + (r.details?.effect?.applied ?? 0), 0)).toBe(4);
    });
  }

  it('keeps a change made on the server after an offline mark, and tells the coach which (en)', async () => {
    const { page, context } = b;
    const m = messages('en');
    const tag = uniqueSuffix();
    const admin = await apiAs();
    const coach = await apiAs(DEMO.coach);
    const { user: me } = await coach.call<{ user: { id: string } }>('GET', '/api/auth/me');
    const playerId = await sessionPlayer(admin, `Nawaf Conflict ${tag}`, `نواف ${tag}`);
    const event = await trainingToday(admin, me.id, [playerId], tag);
    const [participant] = event.participants;

    await login(page, 'demo', DEMO.coach.email, DEMO.coach.password);
    await page.goto(academyUrl('demo', `/trainings?eventId=${event.id}`));
    const detail = page.getByTestId('training-detail');
    await detail.getByTestId('participant').first().waitFor();
    await offlineReady(page);
    await context.setOffline(true);
    const select = detail.getByLabel(`Attendance of ${participant.user.name}`);
    await select.selectOption('ATTENDED');
    await detail.getByTestId('sync-pending').waitFor();
    // Meanwhile, at the office, an admin marks the player absent: a later change than the coach's.
    await admin.call('PATCH', `/api/participants/${participant.id}/status`, { status: 'ABSENT' });

    await context.setOffline(false);
    const notice = page.getByTestId('sync-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toContain(
      m['trainings.offline.superseded'].replace('{name}', participant.user.name).replace('{status}', m['attendance.ABSENT']),
    );
    await expect.poll(() => select.inputValue()).toBe('ABSENT');
    await expect.poll(() => detail.getByTestId('sync-pending').count()).toBe(0);
    // The server kept the admin's status; no session was used.
    expect((await admin.call<{ sessionsLeft: number }>('GET', `/api/players/${playerId}/sessions`)).sessionsLeft).toBe(12);
    await page.screenshot({ path: `${artifacts}offline-attendance-conflict-en.png`, fullPage: true });
    await notice.getByRole('button', { name: m['trainings.offline.dismiss'] }).click();
    await expect.poll(() => notice.count()).toBe(0);
  });

  it("keeps this week's trainings for the pitch without My Trainings being opened first (en)", async () => {
    const { page, context } = b;
    const tag = uniqueSuffix();
    const admin = await apiAs();
    const coach = await apiAs(DEMO.coach);
    const { user: me } = await coach.call<{ user: { id: string } }>('GET', '/api/auth/me');
    const playerId = await sessionPlayer(admin, `Rakan Early ${tag}`, `راكان ${tag}`);
    await trainingToday(admin, me.id, [playerId], tag);

    // The coach only signs in (the dashboard), then reloads once the worker controls the page.
    await login(page, 'demo', DEMO.coach.email, DEMO.coach.password);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, undefined, { timeout: 20_000 });
    await page.reload();
    await expect
      .poll(
        () =>
          page.evaluate(async () =>
            (await (await caches.open('kora-api-v1')).keys()).some((r) => {
              const url = new URL(r.url);
              return url.pathname === '/api/events' && url.searchParams.has('coachId');
            }),
          ),
        { timeout: 20_000, interval: 200 },
      )
      .toBe(true);
    await context.setOffline(true);
    await page.goto(academyUrl('demo', '/trainings'));
    await page
      .getByTestId('training')
      .filter({ hasText: `Pitch ${tag}` })
      .waitFor();
  });
});

describe('a coach on a phone, first sign-in', () => {
  const b = useBrowser({ mobile: true });

  it('opens My Trainings offline straight after signing in, never having opened it online (ar)', async () => {
    const { page, context } = b;
    const m = messages('ar');
    const tag = uniqueSuffix();
    const admin = await apiAs();
    const coach = await apiAs(DEMO.coach);
    const { user: me } = await coach.call<{ user: { id: string } }>('GET', '/api/auth/me');
    const playerId = await sessionPlayer(admin, `Nawaf First ${tag}`, `نواف ${tag}`);
    await trainingToday(admin, me.id, [playerId], tag);

    await context.addInitScript(() => localStorage.setItem('locale', 'ar'));
    await page.goto(academyUrl('demo', '/auth/login'));
    // The worker is in before the coach signs in (a slow phone, or a coach who reads the page first): what it keeps
    // for a member must follow the login, not the page's load.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.getByLabel(m['common.email']).fill(DEMO.coach.email);
    await page.getByLabel(m['common.password']).fill(DEMO.coach.password);
    await page.getByRole('button', { name: m['login.submit'] }).click();
    await page.getByTestId('avatar-menu').waitFor();
    // No reload and no other screen: the worker keeps every file of the build and this week's trainings by itself.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const { files } = (await (await fetch('/offline-assets.json')).json()) as { files: string[] };
            const kept = new Set((await (await caches.open('kora-shell-v1')).keys()).map((r) => new URL(r.url).pathname));
            const week = (await (await caches.open('kora-api-v1')).keys()).some((r) => {
              const url = new URL(r.url);
              return url.pathname === '/api/events' && url.searchParams.has('coachId');
            });
            return week && files.length > 0 && files.every((f) => kept.has(f));
          }),
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);

    await context.setOffline(true);
    await page.getByRole('link', { name: m['nav.trainings'] }).first().click();
    await page
      .getByTestId('training')
      .filter({ hasText: `Pitch ${tag}` })
      .waitFor();
    expect(await page.getByText(m['error.title']).count()).toBe(0);
    await page.screenshot({ path: `${artifacts}offline-first-sign-in-ar.png`, fullPage: true });
  });
});
