// Makes the staff app installable and usable offline on academy hosts: the web app manifest, the
// service worker (public/sw.js) and the attendance queue's sync. One call from main.tsx; another
// app of the same build (the parents' portal) gets the same by calling it.
import type { QueryClient } from '@tanstack/react-query';
import { currentHost } from '../lib/host';
import { storage } from '../lib/storage';
import { startSync } from './sync';

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
  const token = storage.token();
  await Promise.all([
    fetch(`/api/academies/check/${encodeURIComponent(handle)}`).catch(() => undefined),
    token ? fetch('/api/auth/me', { headers: { authorization: `Bearer ${token}` } }).catch(() => undefined) : undefined,
    client.refetchQueries({ queryKey: ['events'], type: 'active' }),
  ]);
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
  startSync(client);
  // The development server (Vite) serves modules that change on every edit: no worker there.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController) void warmUp(client, host.handle);
  });
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => keepLoadedFiles(registration.active))
      .catch(() => undefined);
  // After the page's own loading, so the worker's first downloads never compete with it.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
