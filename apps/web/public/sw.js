// Kora's service worker (docs/domain.md, "Attendance taken offline"): the app opens without a network, and the few
// API answers its offline screens read (the signed-in member, the academy, a week of events) are
// kept from the last time they were fetched. Registered on academy hosts only, by the production
// build (apps/web/src/offline/register.ts); served with Cache-Control: no-cache, so a changed
// worker is picked up on the next visit. Attendance marks made offline are not kept here: the page
// queues them in IndexedDB (apps/web/src/offline/queue.ts) and sends them itself.
const SHELL = 'kora-shell-v1';
const API = 'kora-api-v1';
/** The page every app address answers (the single-page app's index.html). */
const SHELL_KEY = '/';
/** Files the installed app needs besides the build's hashed ones (/assets/…). */
const STATIC = ['/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/maskable-512.png'];
/** GET answers kept for offline use, for the session signed in since the last login (`api`). */
const API_PATHS = [/^\/api\/auth\/me$/, /^\/api\/academies\/check\/[^/]+$/, /^\/api\/events$/];
/** Addresses that are not the app's pages (files, the payment sandbox's own pages). */
const NOT_APP = /^\/(api|uploads|sandbox)\//;
/** On a weak signal, a kept answer is shown after this long; the network's still replaces it when it comes. */
const NETWORK_WAIT_MS = 6000;
/** Above one build's files (about 150, offline-assets.json): a bound if precaching never ran. */
const MAX_ASSETS = 300;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) =>
        Promise.all([SHELL_KEY, ...STATIC].map((url) => cache.add(new Request(url, { cache: 'reload' })).catch(() => undefined))),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith('kora-') && n !== SHELL && n !== API).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

/**
 * The page asks the worker to keep every file of the build (dist/offline-assets.json, written by the
 * web build): each screen then opens offline, even one never opened online. Files of earlier builds
 * are dropped, so the kept files are one build's.
 */
async function precache() {
  const response = await fetch('/offline-assets.json', { cache: 'no-store' });
  if (!response.ok) return;
  const { files } = await response.json();
  if (!Array.isArray(files)) return;
  const wanted = new Set(files.filter((f) => typeof f === 'string' && f.startsWith('/assets/')));
  const cache = await caches.open(SHELL);
  const kept = new Set((await cache.keys()).map((k) => new URL(k.url).pathname));
  await Promise.all([...wanted].filter((f) => !kept.has(f)).map((f) => cache.add(f).catch(() => undefined)));
  await Promise.all([...kept].filter((f) => f.startsWith('/assets/') && !wanted.has(f)).map((f) => cache.delete(f)));
}

/** The page tells the worker which of the build's files it loaded before the worker controlled it, or to keep them all. */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type === 'kora:precache') {
    event.waitUntil(precache().catch(() => undefined));
    return;
  }
  if (data?.type !== 'kora:keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    caches.open(SHELL).then((cache) =>
      Promise.all(
        data.urls
          .map((u) => new URL(u, self.location.origin))
          .filter((u) => u.origin === self.location.origin && isAsset(u.pathname))
          .map((u) => cache.match(u.pathname).then((hit) => hit || cache.add(u.pathname).catch(() => undefined))),
      ),
    ),
  );
});

const isAsset = (path) => path.startsWith('/assets/') || STATIC.includes(path);

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Signing out, and signing in, forget every kept answer of the API: they are one session's.
  if (request.method === 'POST' && (url.pathname === '/api/auth/logout' || url.pathname === '/api/auth/login')) {
    event.waitUntil(caches.delete(API));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    if (!NOT_APP.test(url.pathname)) event.respondWith(page(request));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(asset(request, url));
  else if (STATIC.includes(url.pathname)) event.respondWith(networkFirst(request, SHELL, url.pathname, (r) => r.ok));
  else if (API_PATHS.some((p) => p.test(url.pathname))) event.respondWith(api(request, url));
});

/**
 * The network's answer, kept under `key`; without a network (or when it is slower than
 * NETWORK_WAIT_MS and something is kept), the kept answer.
 */
async function networkFirst(request, cacheName, key, keep) {
  const cache = await caches.open(cacheName);
  const network = fetch(request).then(async (response) => {
    if (keep(response)) await cache.put(key, response.clone());
    else if (response.status === 401 && cacheName === API) await caches.delete(API);
    return response;
  });
  const kept = await cache.match(key, { ignoreVary: true });
  if (!kept) return network;
  let timer;
  const slow = new Promise((resolve) => {
    timer = setTimeout(() => resolve(kept), NETWORK_WAIT_MS);
  });
  return Promise.race([network.catch(() => kept), slow]).finally(() => clearTimeout(timer));
}

function page(request) {
  // A signed-in member's document carries their data (`no-store`, apps/server/src/web/app-document.ts): shown, never kept.
  const html = (r) =>
    r.ok && (r.headers.get('content-type') || '').startsWith('text/html') && !/no-store/.test(r.headers.get('cache-control') || '');
  return networkFirst(request, SHELL, SHELL_KEY, html);
}

/** The build's files are named by their content and never change: kept the first time they load. */
async function asset(request, url) {
  const cache = await caches.open(SHELL);
  const hit = await cache.match(url.pathname);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(url.pathname, response.clone());
    const keys = await cache.keys();
    const assets = keys.filter((k) => new URL(k.url).pathname.startsWith('/assets/'));
    await Promise.all(assets.slice(0, Math.max(0, assets.length - MAX_ASSETS)).map((k) => cache.delete(k)));
  }
  return response;
}

/**
 * Answers are kept by address, for one session: the session is an HttpOnly cookie this worker cannot read
 * (docs/architecture.md, "Sessions in cookies"), so a login, a logout and a 401 drop them all, and one
 * member never reads another's on a shared phone.
 */
function api(request, url) {
  return networkFirst(request, API, `${url.pathname}${url.search}`, (r) => r.ok);
}

/**
 * A push from the server (apps/server/src/modules/messages/channels/push.ts, contracts `pushPayloadSchema`):
 * `{title, body, url, tag, kind, lang}`. Shown as a notification; the same `tag` replaces an earlier one
 * about the same thing. A payload that is not JSON is shown as its text under the app's name.
 */
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Kora';
  const url = typeof data.url === 'string' && data.url ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      lang: data.lang === 'ar' || data.lang === 'en' ? data.lang : undefined,
      dir: data.lang === 'ar' ? 'rtl' : 'auto',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    }),
  );
});

/** A click opens the notification's deep link: an open window of this app is focused and sent there, else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin);
  // Only this app's own addresses: a payload never sends the parent elsewhere.
  const href = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      // navigate() works only on a window this worker controls; otherwise a new window opens.
      if (open) return open.focus().then(() => open.navigate(href).catch(() => self.clients.openWindow(href)));
      return self.clients.openWindow(href);
    }),
  );
});
