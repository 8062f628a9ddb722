// Why: the portal and the staff app turn notifications on for this device with the same steps — the
// browser's permission, the service worker's pushManager.subscribe with the server's VAPID key, and the
// subscription sent to the server — and say plainly why a device cannot (docs/domain.md, "Messages").
import type { PushSubscriptionBody } from '@kora/contracts';

/**
 * Whether this device can take notifications: `ok`; `unsupported` (no service worker or Push API, e.g.
 * a development build or an old browser); `ios` (an iPhone's Safari tab: push works only once the app
 * is added to the home screen); `denied` (the person refused the browser's permission).
 */
export type PushSupport = 'ok' | 'unsupported' | 'ios' | 'denied';

const isIos = () => /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (isIos() && !standalone()) return 'ios';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return 'ok';
}

/** The worker registered for this page (public/sw.js, production builds on academy hosts), or null. */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) return null;
  // Wait for it to be active: subscribe() needs an active worker.
  return navigator.serviceWorker.ready;
}

/** This device's subscription, when it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() === 'unsupported') return null;
  const reg = await registration();
  return reg ? reg.pushManager.getSubscription() : null;
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
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe().catch(() => false);
  return subscription.endpoint;
}
