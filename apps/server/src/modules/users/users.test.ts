import type { SubscriptionStatus } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { multipart, paperConsents, parentInfo, playerInfo, pngBytes } from '../../../test/fixtures.js';
import { countStatements, expectInvalid, LIST_STATEMENTS, registerAndLogin } from '../../../test/harness.js';
import { consents, packages, parentPlayers, subscriptions, teamPlayers, teams, users } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';

const t = useTestApp({ academies: 2, coaches: 1 });
const [a, b] = t.academies;
const [coach] = t.coaches;
let monthly: string;
beforeAll(async () => {
  [{ id: monthly }] = await withTenant(t.deps.db, a.id, (tx) =>
    tx.insert(packages).values({ academyId: a.id, name: 'Monthly', priceHalalas: 45000, monthsNumber: 1 }).returning(),
  );
});

const addPlayer = (fields: Record<string, string>, file?: Parameters<typeof multipart>[1], who: { handle: string; token: string } = a) =>
  api(t.app, who)('createParentPlayer', { ...multipart(fields, file) });
const wizard = (over: Record<string, unknown> = {}, extra: Record<string, string> = {}) => ({
  parentInfo: JSON.stringify(parentInfo),
  playerInfo: JSON.stringify(playerInfo(over)),
  consents: JSON.stringify(paperConsents),
  ...extra,
});

describe('POST /api/users/parent-player', () => {
  it('creates parent and player with a photo and a PENDING subscription', async () => {
    const res = await addPlayer(
      wizard(
        { name: 'Sara Al-Harbi', gender: 'female' },
        { selectedPackage: monthly, packageType: 'TIME_BASED', subscriptionStartDate: '2026-12-01' },
      ),
      {
        name: 'me.png',
        bytes: await pngBytes(),
        type: 'image/png',
      },
    );
    expect(res.statusCode).toBe(201);
    const { player, parent, subscription } = res.json();
    expect(player).toMatchObject({
      name: 'Sara Al-Harbi',
      gender: 'FEMALE',
      parents: [{ id: parent.id, name: 'Khalid Al-Otaibi', phoneNumber: '+966501112233' }],
    });
    expect(subscription).toMatchObject({
      status: 'PENDING',
      startDate: '2026-12-01',
      endDate: '2027-01-01',
      package: { id: monthly, name: 'Monthly', price: 450 },
    });
    expect(player.avatar).toMatch(/^\/uploads\/[A-Za-z0-9_-]{43}\.webp$/);
    const img = await t.app.inject({ method: 'GET', url: player.avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 415 for a non-image named .png and 413 for an oversized upload, creating nothing', async () => {
    const before = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(users));
    const fake = await addPlayer(wizard(), { name: 'photo.png', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/png' });
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ message: 'The file must be an image', code: 'upload.not_an_image' });
    const big = await addPlayer(wizard(), { name: 'big.png', bytes: Buffer.alloc(6 * 1024 * 1024, 1), type: 'image/png' });
    expect(big.statusCode).toBe(413);
    expect((await withTenant(t.deps.db, a.id, (tx) => tx.select().from(users))).length).toBe(before.length);
  });

  it.each([
    ['an invalid parent phone', { parentInfo: JSON.stringify({ ...parentInfo, phone: '+9665' }) }, 'Please enter a valid phone number'],
    [
      'an invalid emergency phone',
      { parentInfo: JSON.stringify({ ...parentInfo, emergencyPhone1: '123' }) },
      'Please enter a valid emergency phone number',
    ],
    ['no parent name', { parentInfo: JSON.stringify({ ...parentInfo, name: '' }) }, 'Please enter a valid Parent Name'],
    ['no birthdate', { playerInfo: JSON.stringify(playerInfo({ birthdate: '' })) }, 'Birthdate is required'],
    ['broken JSON', { playerInfo: '{oops' }, 'This field must be JSON'],
  ])('rejects %s with its message', async (_n, over, message) => {
    const res = await addPlayer({ ...wizard(), ...over });
    // The catalogued message is the code's own text, so it names the refusal exactly.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('needs W:Players or W:Settings and a token', async () => {
    expect((await addPlayer(wizard(), undefined, coach)).statusCode).toBe(403);
    expect((await api(t.app)('createParentPlayer', { ...multipart(wizard()) })).statusCode).toBe(401);
  });
});

describe('GET /api/users', () => {
  it('lists players with teams, parents and subscriptions in the spec order', async () => {
    // Players list order (docs/domain.md): TRIAL with a team, ACTIVE with a team, TRIAL without, ACTIVE
    // without, INACTIVE/CANCELLED/none with a team, the same without, then the others; by name within.
    // Names run against that order, so a plain sort by name cannot pass.
    const c = await registerAndLogin(t.app);
    await withTenant(t.deps.db, c.id, async (tx) => {
      const [team] = await tx.insert(teams).values({ academyId: c.id, name: 'Order FC' }).returning();
      const [pkg] = await tx.insert(packages).values({ academyId: c.id, name: 'Plan', monthsNumber: 1 }).returning();
      // [name, on the team, subscriptions as [status, endDate] (the latest end date decides)]
      const cases: [string, boolean, [SubscriptionStatus, string][]][] = [
        ['Omar Pending Team', true, [['PENDING', '2027-01-01']]],
        ['Nabil Paused Alone', false, [['PAUSED', '2027-01-01']]],
        ['Rami Inactive Alone', false, [['INACTIVE', '2026-10-01']]],
        ['Qasim None Alone', false, []],
        [
          'Umar Lapsed Team',
          true,
          [
            ['ACTIVE', '2026-10-01'],
            ['CANCELLED', '2026-12-01'],
          ],
        ],
        ['Tariq Cancelled Team', true, [['CANCELLED', '2026-12-01']]],
        ['Sami None Team', true, []],
        ['Waleed Active Alone', false, [['ACTIVE', '2026-12-01']]],
        ['Xavi Trial Alone', false, [['TRIAL', '2026-12-01']]],
        [
          'Yara Active Team',
          true,
          [
            ['CANCELLED', '2026-09-01'],
            ['ACTIVE', '2026-12-01'],
          ],
        ],
        ['Zaid Trial Team', true, [['TRIAL', '2026-12-01']]],
      ];
      for (const [name, onTeam, subs] of cases) {
        const [player] = await tx.insert(users).values({ academyId: c.id, role: 'PLAYER', name }).returning();
        if (onTeam) await tx.insert(teamPlayers).values({ academyId: c.id, teamId: team.id, playerId: player.id });
        for (const [status, endDate] of subs) {
          await tx
            .insert(subscriptions)
            .values({ academyId: c.id, playerId: player.id, packageId: pkg.id, status, startDate: '2026-08-01', endDate });
        }
      }
    });
    const res = await api(t.app, c)('listUsers', { query: { role: 'PLAYER' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().every((p: { role: string }) => p.role === 'PLAYER')).toBe(true);
    expect(res.json().map((p: { name: string }) => p.name)).toEqual([
      'Zaid Trial Team',
      'Yara Active Team',
      'Xavi Trial Alone',
      'Waleed Active Alone',
      'Sami None Team',
      'Tariq Cancelled Team',
      'Umar Lapsed Team',
      'Qasim None Alone',
      'Rami Inactive Alone',
      'Nabil Paused Alone',
      'Omar Pending Team',
    ]);
    const yara = res.json()[1];
    expect(yara.teamsPlaying).toEqual([{ id: expect.any(String), name: 'Order FC', nameArabic: null, color: 'GREY' }]);
    expect(yara.subscriptions.map((s: { status: string }) => s.status)).toEqual(['ACTIVE', 'CANCELLED']);
  });

  it('lists coaches for any member and admins with R:Settings only', async () => {
    const coaches = await api(t.app, coach)('listUsers', { query: { role: 'COACH' } });
    expect(coaches.json()).toEqual([expect.objectContaining({ id: coach.id, coachType: 'HEAD_COACH', teamsCoaching: [] })]);
    expect((await api(t.app, coach)('listUsers', { query: { role: 'ADMIN' } })).statusCode).toBe(403);
    const admins = await api(t.app, a)('listUsers', { query: { role: 'ADMIN' } });
    expect(admins.json()).toEqual([expect.objectContaining({ id: a.userId, role: 'ADMIN' })]);
    expectInvalid(await api(t.app, a)('listUsers', { query: { role: 'PARENT' } }), 'validation.invalid_value', 'querystring.role');
  });

  it('runs the same number of SQL statements for 10 and for 300 players', async () => {
    const c = await registerAndLogin(t.app);
    const seed = (n: number, from: number) =>
      withTenant(t.deps.db, c.id, async (tx) => {
        const [team] = await tx
          .insert(teams)
          .values({ academyId: c.id, name: `T${from}` })
          .returning();
        const [pkg] = await tx
          .insert(packages)
          .values({ academyId: c.id, name: `P${from}`, priceHalalas: 100 })
          .returning();
        const rows = Array.from({ length: n }, (_, i) => ({
          academyId: c.id,
          role: 'PLAYER' as const,
          name: `Player ${from + i}`,
          birthdate: '2014-01-01',
        }));
        const players = await tx.insert(users).values(rows).returning();
        const parents = await tx
          .insert(users)
          .values(rows.map((r) => ({ ...r, role: 'PARENT' as const, name: `Parent of ${r.name}` })))
          .returning();
        await tx.insert(parentPlayers).values(players.map((p, i) => ({ academyId: c.id, parentId: parents[i].id, playerId: p.id })));
        await tx.insert(teamPlayers).values(players.map((p) => ({ academyId: c.id, teamId: team.id, playerId: p.id })));
        await tx.insert(subscriptions).values(
          players.map((p) => ({
            academyId: c.id,
            playerId: p.id,
            packageId: pkg.id,
            status: 'ACTIVE' as const,
            startDate: '2026-11-01',
            endDate: '2026-12-01',
          })),
        );
      });
    const list = () => api(t.app, c)('listUsers', { query: { role: 'PLAYER' } });
    await seed(10, 0);
    const small = await countStatements(list);
    expect(small.result.json()).toHaveLength(10);
    await seed(290, 10);
    const large = await countStatements(list);
    expect(large.result.json()).toHaveLength(300);
    expect(large.result.json()[0]).toMatchObject({
      teamsPlaying: [{ name: expect.any(String) }],
      parents: [expect.any(Object)],
      subscriptions: [expect.any(Object)],
    });
    expect(small.statements).toBeGreaterThan(0);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(LIST_STATEMENTS);
    console.info(`GET /api/users?role=PLAYER: ${small.statements} SQL statements for 10 and for 300 players`);
  });
});

describe('GET, PUT and DELETE /api/users/:id', () => {
  const newPlayer = async () => (await addPlayer(wizard({ name: 'Editable Player' }))).json().player.id as string;

  it('edits a player through multipart with a new photo', async () => {
    const id = await newPlayer();
    const res = await api(t.app, a)('updateUser', {
      params: { id },
      ...multipart(
        {
          name: 'Edited Name',
          nationalId: '1099887766',
          nationality: 'jo',
          residentialNeighborhood: 'Hittin',
          phoneNumber: '+966502223344',
          emergencyPhone1: '',
          emergencyPhone2: '',
          birthdate: '2013-05-05',
          condition: 'None',
        },
        { name: 'x.jpg', bytes: await pngBytes(), type: 'image/jpeg' },
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Edited Name',
      nationality: 'JO',
      birthdate: '2013-05-05',
      phoneNumber: '+966502223344',
      condition: 'None',
    });
    expect(res.json().avatar).toMatch(/^\/uploads\//);
    const got = await api(t.app, a)('getUser', { params: { id } });
    expect(got.json().name).toBe('Edited Name');
  });

  it("keeps a new condition only with the medical consent: the child's standing one, or the guardian's on paper recorded with the member", async () => {
    const added = await addPlayer({
      parentInfo: JSON.stringify(parentInfo),
      playerInfo: JSON.stringify(playerInfo({ name: 'No Medical Consent' })),
      consents: JSON.stringify({ ...paperConsents, medical: false }),
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().player.id as string;
    const edit = (extra: Record<string, string> = {}) =>
      api(t.app, a)('updateUser', {
        params: { id },
        ...multipart({ name: 'No Medical Consent', birthdate: '2014-04-04', condition: 'Asthma', ...extra }),
      });
    expectInvalid(await edit(), 'consent.medical_required', 'condition');
    expect((await api(t.app, a)('getUser', { params: { id } })).json().condition).toBeNull();

    const saved = await edit({ medicalConsent: JSON.stringify({ language: 'ar' }) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().condition).toBe('Asthma');
    const medical = await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .select()
        .from(consents)
        .where(and(eq(consents.playerId, id), eq(consents.purpose, 'medical'))),
    );
    // The registration's refusal, then the paper consent recorded by the member for the guardian.
    expect(medical.map((c) => c.granted).sort()).toEqual([false, true]);
    const [parent] = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(parentPlayers).where(eq(parentPlayers.playerId, id)));
    expect(medical.find((c) => c.granted)).toMatchObject({ language: 'ar', recordedById: a.userId, parentId: parent.parentId });
    // Cleared, or changed once the consent stands: nothing more is asked.
    expect(
      (
        await api(t.app, a)('updateUser', {
          params: { id },
          ...multipart({ name: 'No Medical Consent', birthdate: '2014-04-04', condition: 'Mild asthma' }),
        })
      ).statusCode,
    ).toBe(200);
  });

  it("refuses a birthdate outside 5–50 years with 'Please enter a valid birthdate'", async () => {
    const id = await newPlayer();
    const res = await api(t.app, a)('updateUser', { params: { id }, ...multipart({ name: 'X', birthdate: '2024-01-01' }) });
    expectInvalid(res, 'player.birthdate_invalid', 'birthdate');
    expect(res.json().message).toBe('Please enter a valid birthdate');
  });

  it("changes a staff user's account type through JSON with W:Settings", async () => {
    const types = await withTenant(t.deps.db, a.id, (tx) => tx.query.accountTypes.findMany());
    const admin = types.find((x) => x.name === 'Admin')!;
    const res = await api(t.app, a)('updateUser', { params: { id: coach.id }, body: { accountTypeId: admin.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: coach.id, accountTypeId: admin.id });
    const coachType = types.find((x) => x.name === 'Coach')!;
    await api(t.app, a)('updateUser', { params: { id: coach.id }, body: { accountTypeId: coachType.id } });
  });

  it('deletes a player with W:Players; 403 without, 404 from another academy', async () => {
    const id = await newPlayer();
    expect((await api(t.app, coach)('deleteUser', { params: { id } })).statusCode).toBe(403);
    expect((await api(t.app, b)('deleteUser', { params: { id } })).statusCode).toBe(404);
    expect((await api(t.app, b)('getUser', { params: { id } })).statusCode).toBe(404);
    expect((await api(t.app, b)('updateUser', { params: { id }, ...multipart({ name: 'X', birthdate: '2014-01-01' }) })).statusCode).toBe(
      404,
    );
    expect((await api(t.app, a)('deleteUser', { params: { id } })).statusCode).toBe(204);
    expect((await api(t.app, a)('getUser', { params: { id } })).statusCode).toBe(404);
  });
});

describe('coaches', () => {
  it('creates a coach without a login (no password) and edits position and teams', async () => {
    const team = (await api(t.app, a)('createTeam', { body: { name: 'Lions', color: 'RED' } })).json();
    const res = await api(t.app, a)('createCoach', { body: { name: 'Coach Hisham', coachType: 'ASSISTANT_COACH', teamIds: [team.id] } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ coach: { id: expect.any(String), name: 'Coach Hisham', email: null } });
    const id = res.json().coach.id;
    const upd = await api(t.app, a)('updateCoach', {
      params: { id },
      body: { name: 'Coach Hisham G.', coachType: 'LEAD_COACH', teamIds: [] },
    });
    expect(upd.json()).toMatchObject({ name: 'Coach Hisham G.', coachType: 'LEAD_COACH', teamsCoaching: [] });
  });

  it("keeps a coach's Arabic name, and clears it when an edit sends none", async () => {
    const res = await api(t.app, a)('createCoach', { body: { name: 'Coach Faris', nameArabic: ' المدرب فارس ', coachType: 'LEAD_COACH' } });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().coach.id;
    const listed = async () =>
      ((await api(t.app, a)('listUsers', { query: { role: 'COACH' } })).json() as { id: string; nameArabic: string | null }[]).find(
        (c) => c.id === id,
      );
    expect(await listed()).toMatchObject({ nameArabic: 'المدرب فارس' });
    const put = (payload: object) => api(t.app, a)('updateCoach', { params: { id }, body: payload });
    expect((await put({ name: 'Coach Faris', nameArabic: 'فارس', coachType: 'LEAD_COACH', teamIds: [] })).json()).toMatchObject({
      nameArabic: 'فارس',
    });
    expect((await put({ name: 'Coach Faris', coachType: 'LEAD_COACH', teamIds: [] })).json()).toMatchObject({ nameArabic: null });
    expect((await put({ name: 'Coach Faris', nameArabic: 'x\u0007', coachType: 'LEAD_COACH' })).statusCode).toBe(400);
  });

  it('shows a generated password once for a login, and 409 for a taken login e-mail', async () => {
    const email = `c${Date.now()}@x.sa`;
    const res = await api(t.app, a)('createCoach', { body: { name: 'Coach Login', email } });
    expect(res.json().password).toMatch(/^[A-Za-z0-9]{14}$/);
    const again = await api(t.app, a)('createCoach', { body: { name: 'Other', email } });
    expect(again.statusCode).toBe(409);
  });

  it('validates names, positions and e-mails; needs W:Coaches; keeps academies apart', async () => {
    const asA = api(t.app, a);
    expect((await asA('createCoach', { body: { name: '' } })).json().message).toBe('Name is required');
    expectInvalid(await asA('createCoach', { body: { name: 'X', email: 'bad' } }), 'email.invalid', 'email');
    expect((await asA('updateCoach', { params: { id: coach.id }, body: { name: 'X' } })).statusCode).toBe(400);
    expect((await api(t.app, coach)('createCoach', { body: { name: 'Me' } })).statusCode).toBe(403);
    expect(
      (await api(t.app, b)('updateCoach', { params: { id: coach.id }, body: { name: 'X', coachType: 'HEAD_COACH' } })).statusCode,
    ).toBe(404);
  });
});
