import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { academyHost } from '../../../test/harness.js';
import { packages, parentPlayers, subscriptions, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 2 }); // clock: 2026-11-22
const [a, b] = t.academies;
let monthly: string;
let inactive: string;
let otherAcademyPackage: string;
beforeAll(async () => {
  [{ id: monthly }, { id: inactive }] = await withTenant(t.deps.db, a.id, (tx) =>
    tx
      .insert(packages)
      .values([
        { academyId: a.id, name: 'Quarterly', priceHalalas: 120000, monthsNumber: 3 },
        { academyId: a.id, name: 'Closed', priceHalalas: 1000, isActive: false },
      ])
      .returning(),
  );
  [{ id: otherAcademyPackage }] = await withTenant(t.deps.db, b.id, (tx) =>
    tx.insert(packages).values({ academyId: b.id, name: 'B', priceHalalas: 1 }).returning(),
  );
});

const body = (over: { parentInfo?: object; playerInfo?: object; [k: string]: unknown } = {}) => {
  const { parentInfo, playerInfo, ...rest } = over;
  return {
    handle: a.handle,
    selectedPackage: null,
    subscriptionStartDate: null,
    parentInfo: {
      name: 'Khalid Al-Otaibi',
      nameArabic: '',
      phone: '+966501112233',
      email: 'khalid@example.sa',
      emergencyPhone1: '',
      emergencyPhone2: '',
      ...parentInfo,
    },
    playerInfo: {
      residentialNeighborhood: 'Al Malqa',
      name: 'Faisal Al-Otaibi',
      nameArabic: '',
      nationalId: '1122334455',
      nationality: 'SA',
      birthdate: '2015-03-14',
      gender: 'MALE',
      medicalCondition: 'Asthma',
      ...playerInfo,
    },
    consents: { language: 'en', termsPrivacy: true, medical: true, photos: true, messagesSms: false, messagesEmail: true },
    ...rest,
  };
};
const post = (payload: object) => api(t.app)('registerParent', { body: payload });
const countPlayers = () =>
  withTenant(t.deps.db, a.id, (tx) => tx.select().from(users).where(eq(users.role, 'PLAYER'))).then((r) => r.length);

describe('POST /api/auth/register/parent', () => {
  it('creates the parent and the player, linked, without a subscription', async () => {
    const res = await post(body());
    expect(res.statusCode).toBe(201);
    const { parent, player, subscription } = res.json();
    expect(subscription).toBeNull();
    const rows = await withTenant(t.deps.db, a.id, async (tx) => ({
      player: (await tx.select().from(users).where(eq(users.id, player.id)))[0],
      link: await tx.select().from(parentPlayers).where(eq(parentPlayers.playerId, player.id)),
    }));
    expect(rows.player).toMatchObject({
      role: 'PLAYER',
      name: 'Faisal Al-Otaibi',
      gender: 'MALE',
      condition: 'Asthma',
      nationality: 'SA',
      birthdate: '2015-03-14',
      nameArabic: null,
    });
    expect(rows.link).toEqual([expect.objectContaining({ parentId: parent.id })]);
  });

  it('creates a PENDING subscription when a package is chosen, accepting lower-case gender', async () => {
    const res = await post(body({ selectedPackage: monthly, subscriptionStartDate: '2026-12-01', playerInfo: { gender: 'female' } }));
    expect(res.statusCode).toBe(201);
    // The answer names the end date the registration page shows (a TRIAL's last free day; here the paid period's end).
    expect(res.json().subscription).toEqual({ id: expect.any(String), status: 'PENDING', endDate: '2027-03-01' });
    const [sub] = await withTenant(t.deps.db, a.id, (tx) =>
      tx.select().from(subscriptions).where(eq(subscriptions.id, res.json().subscription.id)),
    );
    expect(sub).toMatchObject({ startDate: '2026-12-01', endDate: '2027-03-01', packageId: monthly });
  });

  it.each([
    ['no player name', { playerInfo: { name: '  ' } }, 'playerInfo.name', 'Player name is required'],
    ['no birthdate', { playerInfo: { birthdate: '' } }, 'playerInfo.birthdate', 'Birthdate is required'],
    ['no phone', { parentInfo: { phone: '' } }, 'parentInfo.phone', 'Phone number is required'],
    ['invalid phone', { parentInfo: { phone: '+966123' } }, 'parentInfo.phone', 'Please enter a valid phone number'],
    [
      'invalid emergency phone 1',
      { parentInfo: { emergencyPhone1: '12' } },
      'parentInfo.emergencyPhone1',
      'Please enter a valid emergency phone number',
    ],
    [
      'invalid emergency phone 2',
      { parentInfo: { emergencyPhone2: '+9665' } },
      'parentInfo.emergencyPhone2',
      'Please enter a valid emergency phone number',
    ],
    ['no handle', { handle: '' }, 'handle', 'Academy handle is required'],
    [
      'a player younger than 5',
      { playerInfo: { birthdate: '2022-01-01' } },
      'playerInfo.birthdate',
      'Birthdate must be between 5 and 50 years ago',
    ],
    [
      'a player older than 50',
      { playerInfo: { birthdate: '1970-01-01' } },
      'playerInfo.birthdate',
      'Birthdate must be between 5 and 50 years ago',
    ],
    ['an impossible date', { playerInfo: { birthdate: '2015-02-30' } }, 'playerInfo.birthdate', undefined],
    [
      'a start date beyond a year',
      { selectedPackage: 'PKG', subscriptionStartDate: '2027-12-01' },
      'subscriptionStartDate',
      'Start date must be within one year of today',
    ],
    ['an inactive package', { selectedPackage: 'INACTIVE' }, 'selectedPackage', 'Package not found'],
    ["another academy's package", { selectedPackage: 'OTHER' }, 'selectedPackage', 'Package not found'],
    ['an unknown gender', { playerInfo: { gender: 'x' } }, 'playerInfo.gender', undefined],
  ])('rejects %s with 400 and creates nothing', async (_name, over, path, message) => {
    const resolved = JSON.parse(
      JSON.stringify(over)
        .replace('"PKG"', `"${monthly}"`)
        .replace('"INACTIVE"', `"${inactive}"`)
        .replace('"OTHER"', `"${otherAcademyPackage}"`),
    );
    const before = await countPlayers();
    const res = await post(body(resolved));
    expect(res.statusCode).toBe(400);
    const issue = res.json().issues?.find((i: { path: string }) => i.path === path);
    expect(issue, JSON.stringify(res.json())).toBeDefined();
    if (message) {
      expect(issue.message).toBe(message);
      expect(res.json().message).toBe(message);
    }
    expect(await countPlayers()).toBe(before);
  });

  it('refuses names with direction overrides or control characters (400) and stores nothing', async () => {
    const countUsers = () => withTenant(t.deps.db, a.id, (tx) => tx.select({ id: users.id }).from(users)).then((r) => r.length);
    const before = await countUsers();
    const cases: [Parameters<typeof body>[0], string][] = [
      [{ parentInfo: { name: 'RLO\u202E Name 1000 SAR' } }, 'parentInfo.name'],
      [{ playerInfo: { name: 'Faisal\u2066 Al-Otaibi' } }, 'playerInfo.name'],
      [{ playerInfo: { nameArabic: 'فيصل\u200F العتيبي' } }, 'playerInfo.nameArabic'],
      [{ parentInfo: { name: 'Khalid\tAl-Otaibi' } }, 'parentInfo.name'],
      [{ parentInfo: { name: 'Khalid\r\nBcc: x@example.sa' } }, 'parentInfo.name'],
    ];
    for (const [over, path] of cases) {
      const res = await post(body(over));
      expect(res.statusCode, path).toBe(400);
      expect(res.json()).toMatchObject({ code: 'text.control_characters', issues: [{ path, code: 'text.control_characters' }] });
    }
    expect(await countUsers()).toBe(before);
    // Arabic names and their spaces are names like any other.
    const arabic = await post(
      body({ parentInfo: { nameArabic: 'خالد العتيبي', email: 'arabic@example.sa' }, playerInfo: { nameArabic: 'فيصل العتيبي' } }),
    );
    expect(arabic.statusCode, arabic.body).toBe(201);
  });

  it('answers 404 for an unknown academy', async () => {
    const res = await post(body({ handle: 'no-such-academy' }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Academy not found', code: 'academy.not_found' });
  });

  it("registers only on the academy's own subdomain (or the root): another academy's host answers 404 and creates nothing", async () => {
    const before = await countPlayers();
    const onB = await api(t.app)('registerParent', {
      headers: { host: academyHost(b.handle) },
      payload: body(),
    });
    expect(onB.statusCode).toBe(404);
    expect(onB.json().code).toBe('academy.not_found');
    expect(await countPlayers()).toBe(before);
    // The packages the wizard offers, and the handle check, likewise.
    const onBHost = { headers: { host: academyHost(b.handle) } };
    expect((await api(t.app)('listPublicPackages', { query: { handle: a.handle }, ...onBHost })).statusCode).toBe(404);
    expect((await api(t.app)('checkHandle', { params: { handle: a.handle }, ...onBHost })).statusCode).toBe(404);

    const onA = await api(t.app)('registerParent', {
      headers: { host: academyHost(a.handle) },
      payload: body({ parentInfo: { email: 'on-own-host@example.sa' } }),
    });
    expect(onA.statusCode, onA.body).toBe(201);
    expect(await countPlayers()).toBe(before + 1);
  });
});
