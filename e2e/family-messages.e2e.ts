// A parent at 390 px in Arabic chooses how the academy reaches them (docs/domain.md, "Messages: every one
// accounted for"): opens the portal's notification choices, ticks the WhatsApp consent, adds WhatsApp to a
// moved session, turns quiet hours off, and turns on notifications on this phone; the admin then moves a
// training of the child's team through the API, and the WhatsApp message for that parent, in Arabic, and
// the push for this device are in the development outboxes (EXPOSE_OUTBOX).
//
// Headless Chromium has no push service: pushManager.subscribe() cannot reach one, so the page's
// PushManager is given a stand-in subscription (an https endpoint and keys) by an init script; everything
// else — the permission, the VAPID key from the server, the subscription sent to it — is the portal's own.
// The service worker's `push` handler (public/sw.js) is then exercised for real: the journey dispatches a
// push event to the registered worker through the DevTools protocol (ServiceWorker.deliverPushMessage),
// carrying the very payload the server recorded for this device, and reads back the notification the
// worker showed (registration.getNotifications()).
import { readFileSync } from 'node:fs';
import { addDaysIso, riyadhToday } from '@kora/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { academyUrl, artifacts, codeFor, DEMO, rootUrl, useBrowser } from './browser';
import { apiAs, registerParent, uniqueSuffix } from './data';

const m: Record<string, string> = JSON.parse(readFileSync(new URL('../apps/web/src/locales/ar.json', import.meta.url), 'utf8'));
const STANDIN_ENDPOINT = 'https://push.e2e.invalid/send/';

interface Recorded {
  to: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

/** The newest entry of a channel's development outbox that `match` accepts (bounded wait). */
async function recorded(channel: 'whatsapp' | 'push', match: (r: Recorded) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const rows = (await (await fetch(rootUrl(`/api/dev/outbox/${channel}`))).json()) as Recorded[];
    const found = rows.find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`nothing in the ${channel} outbox`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A child registered by a parent with an e-mail and a mobile, on a new team with a training in two days. */
async function family(tag: string) {
  const admin = await apiAs();
  const coach = await apiAs(DEMO.coach);
  const { user: coachUser } = await coach.call<{ user: { id: string } }>('GET', '/api/auth/me');
  const email = `messages-${tag}@example.com`;
  const phone = `+96650${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const { player } = await registerParent({
    parentInfo: { name: `Parent ${tag}`, phone, email },
    playerInfo: { name: `Ziyad ${tag}`, nameArabic: `زياد ${tag}`, birthdate: '2015-03-14', gender: 'MALE' },
    consents: { language: 'ar', termsPrivacy: true, messagesSms: true, messagesEmail: true },
  });
  const team = await admin.call<{ id: string }>('POST', '/api/teams', {
    name: `Messages ${tag}`,
    nameArabic: `الرسائل ${tag}`,
    color: 'GREEN',
    coachIds: [coachUser.id],
    playerIds: [player.id],
  });
  const training = {
    type: 'TRAINING_SESSION',
    date: addDaysIso(riyadhToday(), 2),
    time: '17:00',
    endTime: '18:30',
    field: `Pitch ${tag}`,
    teamIds: [team.id],
    coachIds: [coachUser.id],
  };
  const event = await admin.call<{ id: string }>('POST', '/api/events', training);
  return { admin, email, phone, event, training };
}

/** The page's PushManager answers a stand-in subscription (no push service in headless Chromium); the key it was given is kept. */
async function standInPushService(page: Page, tag: string) {
  await page.addInitScript((endpoint) => {
    const w = window as unknown as { __subscribedWith?: number; __subscribed?: boolean };
    const subscription = {
      endpoint,
      expirationTime: null,
      options: {},
      toJSON: () => ({
        endpoint,
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      }),
      unsubscribe: async () => {
        w.__subscribed = false;
        return true;
      },
    };
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = options?.applicationServerKey;
      w.__subscribedWith = key instanceof Uint8Array ? key.length : -1;
      w.__subscribed = true;
      return subscription as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => (w.__subscribed ? (subscription as unknown as PushSubscription) : null);
  }, `${STANDIN_ENDPOINT}${tag}`);
}

describe('a parent chooses WhatsApp and notifications on a phone, in Arabic', () => {
  const b = useBrowser({ mobile: true, locale: 'ar-SA' });

  it('opts in to WhatsApp and push; a moved training reaches them on both, in Arabic, and the worker shows the push', async () => {
    const { page, context } = b;
    const tag = uniqueSuffix();
    const { admin, email, phone, event, training } = await family(tag);
    await context.addInitScript(() => localStorage.setItem('locale', 'ar'));
    await context.grantPermissions(['notifications'], { origin: academyUrl('demo', '').replace(/\/$/, '') });
    await standInPushService(page, tag);

    // Sign in with the mailed code, in Arabic (the parent's language becomes Arabic).
    await page.goto(academyUrl('demo', '/family'));
    await page.getByLabel(m['family.signIn.address']).fill(email);
    await page.getByRole('button', { name: m['family.signIn.send'] }).click();
    await page.getByLabel(m['family.signIn.code']).fill(await codeFor(email));
    await page.getByRole('button', { name: m['family.signIn.verify'] }).click();
    await page.getByTestId('family-child').first().waitFor();
    // The production build registers the service worker once the first screen has settled.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    // The choices, from the header's bell.
    await page.getByTestId('family-notifications-link').click();
    await page.getByRole('heading', { name: m['family.notifications.title'], exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const moved = page.getByTestId('family-notification-kind-event_moved');
    // WhatsApp is not offered before the consent is ticked.
    expect(await moved.getByLabel(m['messages.channel.whatsapp']).isDisabled()).toBe(true);
    const whatsapp = page.getByTestId('family-whatsapp');
    expect(await whatsapp.textContent()).toContain(m['family.notifications.whatsapp.consent']);
    // The box follows the server's answer (the opt-in is recorded there), so it is clicked, not check()ed.
    await whatsapp.getByLabel(m['family.notifications.whatsapp.optIn']).click();
    await page.getByText(m['family.notifications.whatsapp.optedInToast']).waitFor();
    await whatsapp.getByTestId('family-whatsapp-since').waitFor();

    // Quiet hours off, so the push goes whatever the hour the journey runs at.
    await page.getByLabel(m['family.notifications.quietHours']).click();
    await expect.poll(() => page.getByLabel(m['family.notifications.quietHours']).isChecked()).toBe(false);

    // WhatsApp and push for a moved session, saved.
    await moved.getByLabel(m['messages.channel.whatsapp']).check();
    await page.getByTestId('family-notifications-save').click();
    await page.getByText(m['family.notifications.saved']).first().waitFor();

    // Notifications on this phone.
    await page.getByRole('button', { name: m['family.notifications.push.turnOn'] }).click();
    await page.getByTestId('family-push-on').waitFor();
    // pushManager.subscribe was given the server's VAPID key as its 65 bytes.
    expect(await page.evaluate(() => (window as unknown as { __subscribedWith?: number }).__subscribedWith)).toBe(65);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: `${artifacts}family-notifications-ar-390.png`, fullPage: true });

    // What the server now holds for the parent.
    const prefs = await page.evaluate(() =>
      fetch('/api/family/notifications', { headers: { 'x-kora-request': '1' }, credentials: 'same-origin' }).then((r) => r.json()),
    );
    expect(prefs.whatsapp).toMatchObject({ optedIn: true, optedInVia: 'portal' });
    expect(prefs.channels.event_moved).toEqual(expect.arrayContaining(['whatsapp', 'push']));
    expect(prefs.quietHours).toBe(false);
    expect(prefs.pushDevices).toBe(1);

    // The admin moves the training an hour later.
    await admin.call('PUT', `/api/events/${event.id}`, { ...training, time: '18:00', endTime: '19:30' });

    // The WhatsApp template to the parent's mobile, in Arabic.
    const wa = await recorded('whatsapp', (r) => r.to === phone && JSON.stringify(r.payload).includes(`زياد ${tag}`));
    const template = wa.payload.template as { name: string; language: { code: string }; components: { parameters: { text: string }[] }[] };
    expect(template.language.code).toBe('ar');
    expect(template.name).toMatch(/moved/);
    const texts = template.components.flatMap((c) => c.parameters.map((p) => p.text));
    expect(texts.some((t) => /18:00/.test(t))).toBe(true);
    expect(texts.some((t) => t.includes(`/family/notifications`))).toBe(true);

    // The push recorded for this device: Arabic, with the deep link into the portal.
    const push = await recorded('push', (r) => r.to === `${STANDIN_ENDPOINT}${tag}` && r.payload.kind === 'event_moved');
    expect(push.payload.lang).toBe('ar');
    expect(String(push.payload.body)).toContain(`زياد ${tag}`);
    expect(String(push.payload.url)).toContain('/family');

    // The worker's `push` handler shows that payload; its notification carries the deep link. A push reaches only an
    // active worker: the portal registers its worker once the screen is in, which on a loaded machine may be late.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(academyUrl('demo', '/')));
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registration = await registrationId;
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: n.data?.url,
        })),
      );
    // A push that reaches a worker still starting may be dropped; a push service delivers it again, and so does this
    // (three times, ten seconds apart; the notification's tag makes a repeat replace, not add).
    for (let delivery = 1; ; delivery++) {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: new URL(academyUrl('demo', '/')).origin,
        registrationId: registration,
        data: JSON.stringify(push.payload),
      });
      const deadline = Date.now() + 10_000;
      while ((await shown()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      if ((await shown()).length > 0 || delivery === 3) break;
    }
    expect(await shown()).toHaveLength(1);
    const [notification] = await shown();
    expect(notification).toEqual({ title: push.payload.title, body: push.payload.body, tag: push.payload.tag, url: push.payload.url });

    // Turning it off forgets this device on the server.
    await page.getByRole('button', { name: m['family.notifications.push.turnOff'] }).click();
    await page.getByRole('button', { name: m['family.notifications.push.turnOn'] }).waitFor();
    const after = await page.evaluate(() =>
      fetch('/api/family/notifications', { headers: { 'x-kora-request': '1' }, credentials: 'same-origin' }).then((r) => r.json()),
    );
    expect(after.pushDevices).toBe(0);
  });
});
