// Makes the staff app installable and usable offline on academy hosts: the web app manifest, the
// service worker (public/sw.js) and the attendance queue's sync. One call from main.tsx; another
// app of the same build (the parents' portal) gets the same by calling it.
import { canRead, weekOf, weekRange } from '@kora/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { replyOf } from '../lib/api';
import { currentHost } from '../lib/host';
import { initialLocale } from '../lib/i18n';
import { SIGNED_IN_EVENT, storage } from '../lib/storage';

/** The public payment pages (routes/payments/): no worker is registered there. */
const PAYMENT_PAGE = /^\/(initial-subscription|renew-subscription|family-payment|payment|subscription-invoice)\//;

/** When this week's trainings were last fetched for offline use (at most once per KEEP_WEEK_MS). */
const KEPT_WEEK_AT = 'offlineWeekKeptAt';
const KEEP_WEEK_MS = 10 * 60_000;

function addHeadLink(rel: string, href: string) {
  if (document.head.querySelector(`link[rel="${rel}"]`)) return;
  const link = document.createElement('link');
  link.rel = rel;
  link.href = href;
  document.head.append(link);
}

/** The build's files this page loaded before the worker controlled it, for the worker to keep. */
function keepLoadedFiles(worker: ServiceWorker | null | undefined) {
  const urls = performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((u) => u.startsWith(`${location.origin}/assets/`));
  worker?.postMessage({ type: 'kora:keep', urls });
}

/**
 * The first time the worker takes over, what this page fetched before it went past it: the files
 * are handed over, and the answers the offline screens read (the member, the academy, the week's
 * events on screen) are fetched once more through it, so they are kept.
 */
async function warmUp(client: QueryClient, handle: string) {
  keepLoadedFiles(navigator.serviceWorker.controller);
  await Promise.all([
    fetch(`/api/academies/check/${encodeURIComponent(handle)}`).catch(() => undefined),
    storage.signedIn()
      ? fetch('/api/auth/me', { headers: { 'x-kora-request': '1' }, credentials: 'same-origin' }).catch(() => undefined)
      : undefined,
    client.refetchQueries({ queryKey: ['events'], type: 'active' }),
  ]);
}

/**
 * My Trainings kept for the pitch even if the coach has not opened it today: once the worker controls
 * the page, a member who reads My Trainings loads the screen's code and this week's own events
 * through it, the very query the screen asks (so the kept answer is the one it reads offline).
 */
async function keepThisWeek(client: QueryClient) {
  const last = Number(sessionStorage.getItem(KEPT_WEEK_AT) ?? 0);
  if (!storage.signedIn() || !navigator.onLine || Date.now() - last < KEEP_WEEK_MS) return;
  // On the first visit the worker takes the page over a moment after it is ready: what is fetched before goes past it.
  if (!(await controlled())) return;
  const res = await fetch('/api/auth/me', { headers: { 'x-kora-request': '1' }, credentials: 'same-origin' }).catch(() => null);
  if (!res?.ok) return;
  const { user } = replyOf('me', await res.json());
  if (!canRead(user.accountType, 'MyTrainings')) return;
  // The screen's code is kept by the worker's precache (every file of the build); the page loads only the query's.
  const { eventsQuery } = await import('../features/schedule/api');
  const week = weekOf(undefined, initialLocale());
  await client.prefetchQuery(eventsQuery({ ...weekRange(week.start), coachId: user.id }));
  sessionStorage.setItem(KEPT_WEEK_AT, String(Date.now()));
}

/** Whether the worker controls the page, waiting a little for it to take over (its `clients.claim()`). */
function controlled() {
  if (navigator.serviceWorker.controller) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 10_000);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
  });
}

export function startOffline(client: QueryClient) {
  const host = currentHost();
  if (host.kind !== 'academy') return;
  addHeadLink('manifest', '/manifest.webmanifest');
  addHeadLink('apple-touch-icon', '/icons/icon-192.png');
  // Queries try the network even when the browser says it is offline: the worker may answer them from
  // what it kept (TanStack's default would wait for a network before asking at all). Retries still wait.
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, networkMode: 'offlineFirst' } });
  // The queue's code loads after the shell's first paint (My Trainings has it in its own chunk anyway).
  void import('./sync').then(({ startSync }) => startSync(client));
  // The development server (Vite) serves modules that change on every edit: no worker there. Nor on the payment pages
  // a parent opens from a link: paying installs nothing (the app's files on the parent's data), and no worker starts
  // while the provider's page in the frame takes the card (its navigation would wait for the worker).
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || PAYMENT_PAGE.test(location.pathname)) return;
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController) void warmUp(client, host.handle);
  });
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        keepLoadedFiles(registration.active);
        // Every screen's code and the week, for a signed-in member: what they open first on the pitch may be a screen
        // never opened online. A member who signs in on this page (the login is no reload) gets them then.
        // When the page is idle: the downloads and the week's second asking never compete with the screen's own work.
        const keepForMember = () =>
          idle().then(() => {
            registration.active?.postMessage({ type: 'kora:precache' });
            return keepThisWeek(client);
          });
        if (storage.signedIn()) return keepForMember();
        window.addEventListener(SIGNED_IN_EVENT, () => void keepForMember().catch(() => undefined), { once: true });
      })
      .catch(() => undefined);
  // After the page's own loading and its first screen's data, so the worker's downloads and its second asking of the
  // session and the week never compete with them (in a single-page app `load` fires long before the screen is shown).
  const afterLoad = () => void settled(client).then(register);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

/** The browser's next idle moment (at most IDLE_AT_MOST_MS away); Safari has no requestIdleCallback. */
const IDLE_AT_MOST_MS = 5000;
function idle() {
  return new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: IDLE_AT_MOST_MS });
    else setTimeout(resolve, 0);
  });
}

/** No query has been fetching for this long: the screen is in. */
const QUIET_MS = 1000;
/** The worker is registered by then whatever the queries do (a screen that polls). */
const SETTLED_AT_MOST_MS = 10_000;

/** Resolves once no query has fetched for QUIET_MS, or after SETTLED_AT_MOST_MS. */
function settled(client: QueryClient) {
  return new Promise<void>((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(cap);
      unsubscribe();
      resolve();
    };
    const wait = () => {
      clearTimeout(quiet);
      if (client.isFetching() === 0) quiet = setTimeout(done, QUIET_MS);
    };
    const cap = setTimeout(done, SETTLED_AT_MOST_MS);
    const unsubscribe = client.getQueryCache().subscribe(wait);
    wait();
  });
}
