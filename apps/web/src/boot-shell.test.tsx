// The frame the server draws around a signed-in screen (boot-shell.tsx, built for apps/server/src/web/app-document.ts):
// the member's navigation only, in their language, with the entry of the address marked.
import { AREAS, type FamilyMe, isStaffAppPath, readFlag } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { renderFamilyShell, renderShell } from './boot-shell';
import { replyOf } from './lib/api';
import { NAV } from './lib/areas';
import { signedInAs } from './test-render';

const coach = replyOf(
  'me',
  signedInAs({ canReadMyTrainings: true, canWriteMyTrainings: true, canReadSchedule: true }, { name: 'Coach Waleed', role: 'COACH' }),
);
const admin = replyOf('me', signedInAs(Object.fromEntries(AREAS.map((area) => [readFlag(area), true]))));
const links = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => `${href} ${text}`);

describe('the signed-in frame drawn for the server', () => {
  it("lists only the areas the member reads, and marks the address's entry", async () => {
    const html = await renderShell({ me: coach, pathname: '/trainings', locale: 'en' });
    expect(links(html ?? '')).toEqual(['/trainings My Trainings', '/schedule Schedule']);
    expect(html).toMatch(/<a [^>]*href="\/trainings"[^>]*aria-current="page"|<a [^>]*aria-current="page"[^>]*href="\/trainings"/);
    expect(html).toContain('data-testid="page-spinner"');
  });

  it('draws an admin every area, in Arabic when asked, with the academy', async () => {
    const html = await renderShell({ me: admin, pathname: '/players', locale: 'ar' });
    expect(links(html ?? '').map((l) => l.split(' ')[0])).toEqual([
      '/',
      '/trainings',
      '/teams',
      '/players',
      '/growth',
      '/coaches',
      '/schedule',
      '/settings',
    ]);
    expect(links(html ?? '')).toContain('/players اللاعبون');
    expect(html).toContain('Falcons');
    expect(html).not.toMatch(/>Players</);
  });

  it('draws nothing for a session that names no academy', async () => {
    const none = replyOf('me', { ...admin, user: { ...admin.user, academyUsers: [] } });
    expect(await renderShell({ me: none, pathname: '/', locale: 'en' })).toBeNull();
  });
});

describe("the family portal's frame drawn for the server", () => {
  const familyMe: FamilyMe = {
    parent: {
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Fahad Alharbi',
      nameArabic: 'فهد الحربي',
      email: 'parent@demo.kora.sa',
      phoneNumber: '+966500000001',
      emergencyPhone1: null,
      emergencyPhone2: null,
      language: 'ar',
    },
    academy: {
      id: '00000000-0000-4000-8000-000000000004',
      handle: 'demo',
      name: 'Riyadh Falcons',
      nameArabic: 'صقور الرياض',
      logo: null,
      availabilityCutoffMinutes: 120,
    },
    children: [],
  };

  it("shows the academy and the parent in the page's language, the portal's places, and the screen's spinner", async () => {
    const ar = (await renderFamilyShell({ familyMe, pathname: '/family', locale: 'ar' })) ?? '';
    expect(ar).toContain('صقور الرياض');
    expect(ar).toContain('فهد الحربي');
    expect(ar).toMatch(/<a [^>]*href="\/family\/money"/);
    expect(ar).toContain('data-testid="page-spinner"');
    const en = (await renderFamilyShell({ familyMe, pathname: '/family', locale: 'en' })) ?? '';
    expect(en).toContain('Riyadh Falcons');
    expect(en).toContain('Fahad Alharbi');
  });
});

describe('the addresses drawn in the staff frame', () => {
  it("are every working area's, and not the sign-in's or a payment page's", () => {
    for (const { path } of NAV) {
      expect(isStaffAppPath(path), path).toBe(true);
      expect(isStaffAppPath(`${path === '/' ? '' : path}/x`), path).toBe(path !== '/');
    }
    for (const other of ['/auth/login', '/family', '/pay/x', '/renew-subscription/x', '/payments/result'])
      expect(isStaffAppPath(other), other).toBe(false);
  });
});
