// Test data a journey creates for itself through the API, so journeys never depend on the
// names of the demo academy's teams, coaches or players.
import type { RegisterParentBody, RegisterParentReply } from '@kora/contracts';
import { DEMO, port } from './browser';

/**
 * A unique suffix per call, so reruns against the same server never collide. It starts with `e2e`
 * (RUN_TAG) so a journey reading every screen can tell other journeys' tags from the app's words.
 */
export const uniqueSuffix = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
/** The tags uniqueSuffix makes. */
export const RUN_TAG = /\be2e[0-9a-z]+\b/g;

type Json = Record<string, unknown>;

/**
 * Logs in from Node and answers a caller of the API as that user. Requests go to 127.0.0.1
 * (not an academy host, so the session alone decides the academy).
 */
export async function apiAs(who: { email: string; password: string } = DEMO.admin, handle = 'demo') {
  const base = `http://127.0.0.1:${port()}`;
  const send = async <T = Json>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const { token } = await send<{ token: string }>('POST', '/api/auth/login', { handle, ...who });
  const call = <T = Json>(method: string, path: string, body?: unknown) => send<T>(method, path, body, token);
  return {
    call,
    createTeam: (body: { name: string; nameArabic?: string; color?: string; coachIds?: string[] }) =>
      call<{ id: string; name: string }>('POST', '/api/teams', body),
    createCoach: (body: { name: string; coachType?: string; teamIds?: string[] }) =>
      call<{ coach: { id: string; name: string } }>('POST', '/api/users/coaches', { coachType: 'ASSISTANT_COACH', ...body }),
  };
}

/** The public wizard's body; the academy (demo), the package and the start date (none) may be left out. */
type Registration = Omit<RegisterParentBody, 'handle'> & { handle?: string };
/** The answer to a registration with a package chosen: the server makes its subscription. */
type RegisteredOnPackage = RegisterParentReply & { subscription: NonNullable<RegisterParentReply['subscription']> };

/**
 * A family registered through the public wizard's API (handle demo, no package and no start date unless
 * given): its answer (with a package, its subscription), or an Error with the status and body.
 */
export function registerParent(body: Registration & { selectedPackage: string }): Promise<RegisteredOnPackage>;
export function registerParent(body: Registration): Promise<RegisterParentReply>;
export async function registerParent(body: Registration): Promise<RegisterParentReply> {
  const res = await fetch(`http://127.0.0.1:${port()}/api/auth/register/parent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ handle: 'demo', selectedPackage: null, subscriptionStartDate: null, ...body }),
  });
  if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as RegisterParentReply;
}

/**
 * The subscription of `playerName` (born 2015-03-14) to a package, registered through the public registration
 * by `Parent of {playerName}` (a mobile the journeys share, no e-mail).
 */
export async function subscribedChild(packageId: string, playerName: string) {
  const { subscription } = await registerParent({
    // The terms agreed to, as the wizard requires (docs/domain.md, "Data map").
    consents: { language: 'en', termsPrivacy: true },
    selectedPackage: packageId,
    parentInfo: { name: `Parent of ${playerName}`, phone: '+966501112233', email: '' },
    playerInfo: { name: playerName, birthdate: '2015-03-14', gender: 'MALE' },
  });
  return subscription;
}

/** A PENDING subscription of the demo academy's Quarterly package (no trial), made through the public registration. */
export async function pendingSubscription(playerName: string) {
  const admin = await apiAs();
  const packages = await admin.call<{ id: string; name: string }[]>('GET', '/api/packages');
  const pkg = packages.find((p) => p.name === 'Quarterly') ?? packages[0];
  return (await subscribedChild(pkg.id, playerName)).id;
}
