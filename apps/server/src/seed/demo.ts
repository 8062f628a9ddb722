import { addYears, COACH_FLAGS, riyadhToday } from '@kora/contracts';
import { count, eq } from 'drizzle-orm';
import {
  academies,
  academyUsers,
  accountTypes,
  eventCoaches,
  events,
  eventTeams,
  packages,
  parentPlayers,
  participants,
  subscriptions,
  teamCoaches,
  teamPlayers,
  teams,
  users,
} from '../db/schema.js';
import { enterTenant } from '../db/tenant.js';
import type { Deps } from '../deps.js';
import { addDays, addMonthsIso } from '../lib/dates.js';
import { hashPassword } from '../lib/passwords.js';
import { registerAcademy } from '../modules/auth/service.js';
import { BOY_NAMES, CONDITIONS, FAMILY_NAMES, GIRL_NAMES, NATIONALITIES, NEIGHBORHOODS, seededRandom } from './names.js';

export const DEMO_LOGINS = {
  admin: { email: 'admin@demo.kora.sa', password: 'demo12345' },
  coach: { email: 'coach@demo.kora.sa', password: 'demo12345' },
};

/** Creates the demo academy when the database has no academy at all; answers whether it did. */
export async function seedDemoIfEmpty(deps: Deps): Promise<boolean> {
  const [{ n }] = await deps.db.select({ n: count() }).from(academies);
  if (n > 0) return false;
  await seedDemo(deps);
  return true;
}

export async function seedDemo(deps: Deps, opts: { handle?: string; players?: number } = {}) {
  const handle = opts.handle ?? 'demo';
  const rnd = seededRandom(2026);
  const today = riyadhToday(deps.clock.now());
  const { academy } = await registerAcademy(deps, {
    academyName: 'Riyadh Falcons Football Academy',
    handle,
    email: handle === 'demo' ? DEMO_LOGINS.admin.email : `admin@${handle}.kora.sa`,
    phone: '+966501234567',
    password: DEMO_LOGINS.admin.password,
  });
  const academyId = academy.id;
  const coachPassword = await hashPassword(DEMO_LOGINS.coach.password);

  await deps.db.transaction(async (tx) => {
    await tx
      .update(academies)
      .set({ vatNumber: '310123456700003', address: 'King Fahd Road, Al Olaya, Riyadh 12214, Saudi Arabia' })
      .where(eq(academies.id, academyId));
    await enterTenant(tx, academyId);
    await tx.update(users).set({ name: 'Abdulrahman Al-Fahad', nameArabic: 'عبدالرحمن الفهد' }).where(eq(users.role, 'ADMIN'));
    const [coachType] = await tx.select().from(accountTypes).where(eq(accountTypes.name, 'Coach'));
    await tx.insert(accountTypes).values({ academyId, name: 'Front desk', ...COACH_FLAGS, canReadSettings: true, canReadCoaches: true });

    const coachRows = await tx
      .insert(users)
      .values(
        [
          {
            name: 'Coach Waleed Al-Harbi',
            nameArabic: 'المدرب وليد الحربي',
            coachType: 'HEAD_COACH',
            email: DEMO_LOGINS.coach.email,
            passwordHash: coachPassword,
          },
          { name: 'Coach Majed Al-Qahtani', nameArabic: 'المدرب ماجد القحطاني', coachType: 'LEAD_COACH', email: null, passwordHash: null },
          {
            name: 'Coach Hisham Al-Ghamdi',
            nameArabic: 'المدرب هشام الغامدي',
            coachType: 'ASSISTANT_COACH',
            email: null,
            passwordHash: null,
          },
          {
            name: 'Coach Ahmed Al-Zahrani',
            nameArabic: 'المدرب أحمد الزهراني',
            coachType: 'ASSISTANT_COACH',
            email: null,
            passwordHash: null,
          },
        ].map((c) => ({
          ...c,
          academyId,
          role: 'COACH',
          phoneNumber: `+9665${rnd.int(10000000, 99999999)}`,
          accountTypeId: coachType.id,
        })),
      )
      .returning();
    await tx.insert(academyUsers).values({ academyId, userId: coachRows[0].id });

    const teamRows = await tx
      .insert(teams)
      .values([
        { academyId, name: 'U8 Falcons', color: 'BLUE' },
        { academyId, name: 'U10 Hawks', color: 'GREEN' },
        { academyId, name: 'U12 Eagles', color: 'ORANGE' },
        { academyId, name: 'U14 Lions', color: 'RED' },
        { academyId, name: 'U16 Panthers', color: 'PURPLE' },
        { academyId, name: 'Girls Academy', color: 'PINK' },
      ])
      .returning();
    await tx.insert(teamCoaches).values(
      teamRows.flatMap((t, i) => [
        { academyId, teamId: t.id, coachId: coachRows[i % 2].id },
        { academyId, teamId: t.id, coachId: coachRows[2 + (i % 2)].id },
      ]),
    );

    const pkgRows = await tx
      .insert(packages)
      .values([
        {
          academyId,
          name: 'Monthly',
          priceHalalas: 45000,
          packageType: 'TIME_BASED',
          monthsNumber: 1,
          hasTrial: true,
          trialDays: 7,
          description: 'Three trainings a week, all season.',
        },
        {
          academyId,
          name: 'Quarterly',
          priceHalalas: 120000,
          packageType: 'TIME_BASED',
          monthsNumber: 3,
          allowPause: true,
          description: 'Save 10% with three months at once.',
        },
        {
          academyId,
          name: 'Season (10 months)',
          priceHalalas: 380000,
          packageType: 'TIME_BASED',
          monthsNumber: 10,
          allowPause: true,
          skipLimit: 2,
          description: 'The whole season, kit included.',
        },
        {
          academyId,
          name: '12 sessions',
          priceHalalas: 60000,
          packageType: 'SESSION_BASED',
          sessionsCount: 12,
          skipLimit: 1,
          description: 'Flexible: come when you can.',
        },
        {
          academyId,
          name: '24 sessions',
          priceHalalas: 110000,
          packageType: 'SESSION_BASED',
          sessionsCount: 24,
          skipLimit: 2,
          description: 'For regular players who travel.',
        },
      ])
      .returning();

    const playerCount = opts.players ?? 48;
    const rosters = new Map<string, string[]>(teamRows.map((t) => [t.id, []]));
    for (let i = 0; i < playerCount; i++) {
      const girl = i % 8 === 7;
      const [first, firstAr] = rnd.pick(girl ? GIRL_NAMES : BOY_NAMES);
      const [family, familyAr] = rnd.pick(FAMILY_NAMES);
      const [father, fatherAr] = rnd.pick(BOY_NAMES);
      const age = rnd.int(6, 16);
      const birthdate = addYears(today, -age).slice(0, 8) + String(rnd.int(1, 28)).padStart(2, '0');
      const phone = `+9665${rnd.int(0, 9)}${String(rnd.int(1000000, 9999999))}`;
      const [parent, player] = await tx
        .insert(users)
        .values([
          {
            academyId,
            role: 'PARENT',
            name: `${father} ${family}`,
            nameArabic: `${fatherAr} ${familyAr}`,
            phoneNumber: phone,
            email: `${father.toLowerCase()}.${i}@example.sa`,
          },
          {
            academyId,
            role: 'PLAYER',
            name: `${first} ${family}`,
            nameArabic: `${firstAr} ${familyAr}`,
            nationalId: String(1_000_000_000 + rnd.int(0, 999_999_999)),
            nationality: rnd.pick(NATIONALITIES),
            residentialNeighborhood: rnd.pick(NEIGHBORHOODS),
            birthdate,
            gender: girl ? 'FEMALE' : 'MALE',
            condition: rnd.pick(CONDITIONS),
            phoneNumber: phone,
            createdAt: new Date(deps.clock.now().getTime() - rnd.int(0, 300) * 86_400_000),
          },
        ])
        .returning();
      await tx.insert(parentPlayers).values({ academyId, parentId: parent.id, playerId: player.id });
      const team = girl ? teamRows[5] : teamRows[Math.min(4, Math.max(0, Math.floor((age - 6) / 2)))];
      if (i % 11 !== 10) {
        await tx.insert(teamPlayers).values({ academyId, teamId: team.id, playerId: player.id });
        rosters.get(team.id)?.push(player.id);
      }

      const pkg = pkgRows[i % pkgRows.length];
      const roll = i % 12;
      if (roll === 11) continue; // a few players without any subscription
      const startDate = addMonthsIso(today, -rnd.int(0, 2));
      const status = roll < 7 ? 'ACTIVE' : roll === 7 ? 'TRIAL' : roll === 8 ? 'PENDING' : roll === 9 ? 'PAUSED' : 'CANCELLED';
      const sessions = pkg.packageType === 'SESSION_BASED' ? (pkg.sessionsCount ?? 12) : null;
      await tx.insert(subscriptions).values({
        academyId,
        playerId: player.id,
        packageId: pkg.id,
        status,
        startDate,
        endDate: pkg.packageType === 'TIME_BASED' ? addMonthsIso(startDate, pkg.monthsNumber ?? 1) : addMonthsIso(startDate, 6),
        sessionsLeft: sessions === null ? null : rnd.int(1, sessions),
        totalSessions: sessions,
      });
    }

    // Two weeks of past trainings per team, with attendance marked, so player pages show history.
    for (const [index, team] of teamRows.entries()) {
      for (const daysAgo of [2, 5, 9, 12]) {
        const date = addDays(today, -daysAgo - (index % 2));
        const [event] = await tx
          .insert(events)
          .values({
            academyId,
            type: daysAgo === 5 ? 'MATCH' : 'TRAINING_SESSION',
            date,
            time: '17:00',
            endTime: '18:30',
            field: `Pitch ${1 + (index % 3)}`,
          })
          .returning();
        await tx.insert(eventTeams).values({ academyId, eventId: event.id, teamId: team.id });
        await tx.insert(eventCoaches).values({ academyId, eventId: event.id, coachId: coachRows[index % 2].id });
        const roster = rosters.get(team.id) ?? [];
        if (roster.length) {
          await tx.insert(participants).values(
            roster.map((userId) => ({
              academyId,
              eventId: event.id,
              userId,
              teamId: team.id,
              status: rnd.next() < 0.8 ? (daysAgo === 5 ? 'PLAYED' : 'ATTENDED') : 'ABSENT',
            })),
          );
        }
      }
    }
  });
  return academyId;
}
