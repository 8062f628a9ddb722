// Why: the portal and the staff app turn notifications on for this device with the same steps — the
// browser's permission, the service worker's pushManager.subscribe with the server's VAPID key, and the
// subscription sent to the server — and say plainly why a device cannot (docs/domain.md, "Messages: every one accounted for").
import type { PushSubscriptionBody } from '@kora/contracts';

/**
 * Whether this device can take notifications: `ok`; `unsupported` (no service worker or Push API, e.g.
 * a development build or an old browser); `ios` (an iPhone's Safari tab: push works only once the app
 * is added to the home screen); `denied` (the person refused the browser's permission).
 */
export type PushSupport = 'ok' | 'unsupported' | 'ios' | 'denied';

const isIos = () => /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || ('standalone' in navigator && navigator.standalone === true);

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (isIos() && !standalone()) return 'ios';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'ok';
}

/** How long a page without a worker yet waits for the one it registers. */
const REGISTRATION_WAIT_MS = 4000;

/** The worker registered for this page (public/sw.js, production builds on academy hosts), or null. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  // The page registers the worker a moment after its first screen (offline/register.ts): on a first visit it may
  // be on its way, so it is waited for a little; a build without one (development) never has it.
  const found = await navigator.serviceWorker.getRegistration();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), found ? 10_000 : REGISTRATION_WAIT_MS);
  });
  // subscribe() needs an active worker: `ready` answers once there is one.
  return Promise.race([navigator.serviceWorker.ready, late]).finally(() => clearTimeout(timer));
}

/** This device's subscription, when it has one; `PushSetupError('unsupported')` when the page has no worker. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') throw new PushSetupError('unsupported');
  const reg = await registration();
  if (!reg) throw new PushSetupError('unsupported');
  return reg.pushManager.getSubscription();
}

/** A URL-safe base64 VAPID key as the bytes pushManager wants. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = `${base64url}${'='.repeat((4 - (base64url.length % 4)) % 4)}`.replaceAll('-', '+').replaceAll('_', '/');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Why turning on failed, for the screen to say. */
export class PushSetupError extends Error {
  constructor(readonly reason: 'unsupported' | 'denied' | 'failed') {
    super(reason);
  }
}

/**
 * Asks the browser's permission and subscribes with the server's public key; the subscription in the
 * shape the server takes (`pushSubscriptionBody`).
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionBody> {
  const reg = await registration();
  if (!reg || !('PushManager' in window)) throw new PushSetupError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('denied');
  let subscription: PushSubscription;
  try {
    subscription =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  } catch {
    throw new PushSetupError('failed');
  }
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    device: navigator.userAgent.slice(0, 200),
  };
}

/** Ends this device's subscription; its endpoint, for the server to forget (null when there was none). */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentPushSubscription().catch(() => null);
  if (!subscription) return null;
  await subscription.unsubscribe().catch(() => false);
  return subscription.endpoint;
}
