// Test data a journey creates for itself through the API, so journeys never depend on the
// names of the demo academy's teams, coaches or players.
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

/** A PENDING subscription of the demo academy's Quarterly package (no trial), made through the public registration. */
export async function pendingSubscription(playerName: string) {
  const admin = await apiAs();
  const packages = await admin.call<{ id: string; name: string }[]>('GET', '/api/packages');
  const pkg = packages.find((p) => p.name === 'Quarterly') ?? packages[0];
  const res = await fetch(`http://127.0.0.1:${port()}/api/auth/register/parent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      handle: 'demo',
      // The terms agreed to, as the wizard requires (docs/domain.md, "Data map").
      consents: { language: 'en', termsPrivacy: true },
      selectedPackage: pkg.id,
      subscriptionStartDate: null,
      parentInfo: { name: `Parent of ${playerName}`, phone: '+966501112233', email: '' },
      playerInfo: { name: playerName, birthdate: '2015-03-14', gender: 'MALE' },
    }),
  });
  if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${await res.text()}`);
  return (await res.json()).subscription.id as string;
}
