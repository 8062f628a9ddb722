import { randomUUID } from 'node:crypto';
import {
  addDaysIso,
  addMonthsIso,
  addYears,
  allFlags,
  type BreakfastSource,
  CONSENT_PURPOSES,
  CONSENT_TEXTS,
  normaliseFlags,
  PENDING_PAYMENT_DAYS,
  type PermissionFlags,
  riyadhInstant,
  riyadhToday,
  vatIncluded,
} from '@kora/contracts';
import { count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import {
  academies,
  academyUsers,
  accountTypes,
  consents,
  eventCoaches,
  events,
  eventTeams,
  growthMetrics,
  invoiceCounters,
  invoiceDocuments,
  invoices,
  packages,
  parentPlayers,
  participants,
  payments,
  subscriptions,
  teamCoaches,
  teamPlayers,
  teams,
  users,
} from '../db/schema.js';
import { dataAccess, enterTenant, withSystem } from '../db/tenant.js';
import type { Deps } from '../deps.js';
import { hashPassword } from '../lib/passwords.js';
import { registerAcademy } from '../modules/auth/service.js';
import { CHAIN_START, signedDocument } from '../modules/invoices/documents.js';
import { developmentCredentials, developmentSigningAllowed } from '../modules/invoices/formats/credentials.js';
import { sellerOf } from '../modules/invoices/issue.js';
import {
  BOY_NAMES,
  CONDITIONS,
  FAMILY_NAMES,
  FIELDS,
  GIRL_NAMES,
  NATIONALITIES,
  NEIGHBORHOODS,
  saudiMobile,
  seededRandom,
} from './names.js';

export const DEMO_LOGINS = {
  admin: { email: 'admin@demo.kora.sa', password: 'demo12345' },
  coach: { email: 'coach@demo.kora.sa', password: 'demo12345' },
  /** Staff of the three custom account types (Receptionist, Fitness coach, Accountant). */
  reception: { email: 'reception@demo.kora.sa', password: 'demo12345' },
  fitness: { email: 'fitness@demo.kora.sa', password: 'demo12345' },
  accountant: { email: 'accounts@demo.kora.sa', password: 'demo12345' },
};

/** The demo's custom account types (docs/domain.md): each a name, its Arabic name and its rights (write implies read). */
const flags = (granted: Partial<PermissionFlags>) => normaliseFlags({ ...allFlags(false), ...granted });
const CUSTOM_TYPES = [
  {
    name: 'Receptionist',
    nameArabic: 'موظف الاستقبال',
    ...flags({
      canReadDashboard: true,
      canWritePlayers: true,
      canReadManageTeam: true,
      canReadCoaches: true,
      canReadSchedule: true,
      canReadSettings: true,
    }),
  },
  {
    name: 'Fitness coach',
    nameArabic: 'مدرب اللياقة',
    ...flags({ canReadDashboard: true, canWriteMyTrainings: true, canReadPlayers: true, canWriteGrowth: true, canReadSchedule: true }),
  },
  {
    name: 'Accountant',
    nameArabic: 'المحاسب',
    ...flags({ canReadDashboard: true, canReadPlayers: true, canWriteSettings: true }),
  },
];

/** Creates the demo academy when the database has no academy at all; answers whether it did. */
export async function seedDemoIfEmpty(deps: Deps): Promise<boolean> {
  const [{ n }] = await withSystem(deps.db, (tx) => tx.select({ n: count() }).from(academies));
  if (n > 0) return false;
  await seedDemo(deps);
  return true;
}

export async function seedDemo(deps: Deps, opts: { handle?: string; players?: number } = {}) {
  const handle = opts.handle ?? 'demo';
  const rnd = seededRandom(2026);
  const now = deps.clock.now();
  const today = riyadhToday(now);
  /** A day `n` days before today at a Riyadh hour: when the academy and its staff came. */
  const daysBefore = (n: number, hour = 10) => atRiyadh(addDaysIso(today, -n), hour, 0, now);
  const { academy } = await registerAcademy(
    { ...deps, data: dataAccess(deps.db) },
    {
      academyName: 'Riyadh Falcons Football Academy',
      handle,
      email: handle === 'demo' ? DEMO_LOGINS.admin.email : `admin@${handle}.kora.sa`,
      phone: '+966501234567',
      password: DEMO_LOGINS.admin.password,
    },
  );
  const academyId = academy.id;
  const coachPassword = await hashPassword(DEMO_LOGINS.coach.password);

  await withSystem(deps.db, async (tx) => {
    await tx
      .update(academies)
      .set({
        nameArabic: 'أكاديمية صقور الرياض لكرة القدم',
        vatNumber: '310123456700003',
        crNumber: '1010123456',
        // Free text an academy types is in Arabic; the numbers of its national address stay digits.
        address: 'طريق الملك فهد',
        buildingNumber: '2121',
        district: 'العليا',
        city: 'الرياض',
        postalCode: '12214',
        // Kora has run the academy for a little over a year; its owner confirmed their e-mail then (it may text parents).
        createdAt: daysBefore(380),
        ownerVerifiedAt: daysBefore(380),
        ownerVerifyTokenHash: null,
      })
      .where(eq(academies.id, academyId));
    await enterTenant(tx, academyId);
    await tx
      .update(users)
      .set({ name: 'Abdulrahman Al-Fahad', nameArabic: 'عبدالرحمن الفهد', createdAt: daysBefore(380) })
      .where(eq(users.role, 'ADMIN'));
    const [coachType] = await tx.select().from(accountTypes).where(eq(accountTypes.name, 'Coach'));
    const [reception, fitness, accountant] = await tx
      .insert(accountTypes)
      .values(CUSTOM_TYPES.map((type) => ({ academyId, ...type })))
      .returning();
    // One user of each custom type, each with a login (the demo password).
    const staffRows = await tx
      .insert(users)
      .values(
        [
          {
            academyId,
            role: 'ADMIN' as const,
            name: 'Noura Al-Shehri',
            nameArabic: 'نورة الشهري',
            email: DEMO_LOGINS.reception.email,
            accountTypeId: reception.id,
            createdAt: daysBefore(341, 9),
          },
          {
            academyId,
            role: 'COACH' as const,
            name: 'Turki Al-Mutairi',
            nameArabic: 'تركي المطيري',
            coachType: 'ASSISTANT_COACH' as const,
            email: DEMO_LOGINS.fitness.email,
            accountTypeId: fitness.id,
            createdAt: daysBefore(187, 11),
          },
          {
            academyId,
            role: 'ADMIN' as const,
            name: 'Yousef Al-Dosari',
            nameArabic: 'يوسف الدوسري',
            email: DEMO_LOGINS.accountant.email,
            accountTypeId: accountant.id,
            createdAt: daysBefore(62, 12),
          },
        ].map((u) => ({ ...u, passwordHash: coachPassword, phoneNumber: saudiMobile(String(rnd.int(10000000, 99999999))) })),
      )
      .returning({ id: users.id });
    await tx.insert(academyUsers).values(staffRows.map((u) => ({ academyId, userId: u.id })));

    const coachRows = await tx
      .insert(users)
      .values(
        [
          {
            name: 'Waleed Al-Harbi',
            nameArabic: 'وليد الحربي',
            coachType: 'HEAD_COACH' as const,
            email: DEMO_LOGINS.coach.email,
            passwordHash: coachPassword,
            createdAt: daysBefore(376, 9),
          },
          {
            name: 'Majed Al-Qahtani',
            nameArabic: 'ماجد القحطاني',
            coachType: 'LEAD_COACH' as const,
            email: null,
            passwordHash: null,
            createdAt: daysBefore(371, 11),
          },
          {
            name: 'Hisham Al-Ghamdi',
            nameArabic: 'هشام الغامدي',
            coachType: 'ASSISTANT_COACH' as const,
            email: null,
            passwordHash: null,
            createdAt: daysBefore(254, 10),
          },
          {
            name: 'Ahmed Al-Zahrani',
            nameArabic: 'أحمد الزهراني',
            coachType: 'ASSISTANT_COACH' as const,
            email: null,
            passwordHash: null,
            createdAt: daysBefore(118, 13),
          },
        ].map((c) => ({
          ...c,
          academyId,
          role: 'COACH' as const,
          phoneNumber: saudiMobile(String(rnd.int(10000000, 99999999))),
          accountTypeId: coachType.id,
        })),
      )
      .returning();
    await tx.insert(academyUsers).values({ academyId, userId: coachRows[0].id });

    const teamRows = await tx
      .insert(teams)
      .values([
        { academyId, name: 'U8 Falcons', nameArabic: 'صقور تحت 8', color: 'BLUE' },
        { academyId, name: 'U10 Hawks', nameArabic: 'شواهين تحت 10', color: 'GREEN' },
        { academyId, name: 'U12 Eagles', nameArabic: 'نسور تحت 12', color: 'ORANGE' },
        { academyId, name: 'U14 Lions', nameArabic: 'أسود تحت 14', color: 'RED' },
        { academyId, name: 'U16 Panthers', nameArabic: 'فهود تحت 16', color: 'PURPLE' },
        { academyId, name: 'Girls Academy', nameArabic: 'أكاديمية الفتيات', color: 'PINK' },
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
          nameArabic: 'باقة شهرية',
          priceHalalas: 45000,
          packageType: 'TIME_BASED',
          monthsNumber: 1,
          hasTrial: true,
          trialDays: 7,
          description: 'Three training sessions a week all season long.',
          descriptionArabic: 'ثلاثة تمارين في الأسبوع طوال الموسم.',
        },
        {
          academyId,
          name: 'Quarterly',
          nameArabic: 'باقة ربع سنوية',
          priceHalalas: 120000,
          packageType: 'TIME_BASED',
          monthsNumber: 3,
          allowPause: true,
          // Parents may pay it in three monthly instalments by a saved card, the whole period theirs from the first.
          instalmentGrant: 'whole',
          description: 'Save 10% by paying for three months at once.',
          descriptionArabic: 'وفّر 10٪ بالاشتراك ثلاثة أشهر دفعة واحدة.',
        },
        {
          academyId,
          name: 'Season (10 months)',
          nameArabic: 'باقة الموسم (10 أشهر)',
          priceHalalas: 380000,
          packageType: 'TIME_BASED',
          monthsNumber: 10,
          allowPause: true,
          skipLimit: 2,
          description: 'The whole season, kit included.',
          descriptionArabic: 'الموسم كاملًا مع الطقم الرياضي.',
        },
        {
          academyId,
          name: '12 sessions',
          nameArabic: 'باقة 12 حصة',
          priceHalalas: 60000,
          packageType: 'SESSION_BASED',
          sessionsCount: 12,
          skipLimit: 1,
          description: 'Flexible: come whenever you can.',
          descriptionArabic: 'مرنة: احضر متى ما استطعت.',
        },
        {
          academyId,
          name: '24 sessions',
          nameArabic: 'باقة 24 حصة',
          priceHalalas: 110000,
          packageType: 'SESSION_BASED',
          sessionsCount: 24,
          skipLimit: 2,
          description: 'For regular players who travel often.',
          descriptionArabic: 'للاعبين المنتظمين كثيري السفر.',
        },
      ])
      .returning();

    const playerCount = opts.players ?? 48;
    // Rows are built first and inserted a few statements at a time, whatever the number of players.
    const userRows: (typeof users.$inferInsert)[] = [];
    const familyRows: (typeof parentPlayers.$inferInsert)[] = [];
    const rosterRows: (typeof teamPlayers.$inferInsert)[] = [];
    const growthRows: (typeof growthMetrics.$inferInsert)[] = [];
    const members: Member[] = [];
    // Each family agreed to every purpose in Arabic (docs/domain.md, "Data map"): when it registered, or, for the
    // families who joined before a text's version, the morning that version was published (never after now).
    const consentRows: (typeof consents.$inferInsert)[] = [];
    const consentedAt = (joinedAt: Date, version: string) =>
      new Date(Math.min(now.getTime(), Math.max(joinedAt.getTime(), riyadhInstant(version, '09:00').getTime())));
    // Growth records draw from their own sequence, so the rest of the demo stays as it was.
    const growthRandom = seededRandom(2027);
    for (let i = 0; i < playerCount; i++) {
      const girl = i % 8 === 7;
      const [first, firstAr] = rnd.pick(girl ? GIRL_NAMES : BOY_NAMES);
      const [family, familyAr] = rnd.pick(FAMILY_NAMES);
      const [father, fatherAr] = rnd.pick(BOY_NAMES);
      const age = rnd.int(6, 16);
      const birthdate = addYears(today, -age).slice(0, 8) + String(rnd.int(1, 28)).padStart(2, '0');
      const phone = saudiMobile(`${rnd.int(0, 9)}${String(rnd.int(1000000, 9999999))}`);
      const parent = { id: randomUUID() };
      const player = { id: randomUUID() };
      const story = storyOf(i, rnd, today);
      // Registered on the day they joined, during the academy's day.
      const joinedAt = atRiyadh(story.joined, rnd.int(9, 21), rnd.int(0, 59), now);
      userRows.push(
        {
          id: parent.id,
          academyId,
          role: 'PARENT',
          name: `${father} ${family}`,
          nameArabic: `${fatherAr} ${familyAr}`,
          phoneNumber: phone,
          email: `${father.toLowerCase()}.${i}@example.sa`,
          createdAt: joinedAt,
        },
        {
          id: player.id,
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
          createdAt: joinedAt,
        },
      );
      familyRows.push({ academyId, parentId: parent.id, playerId: player.id });
      for (const purpose of CONSENT_PURPOSES)
        consentRows.push({
          academyId,
          playerId: player.id,
          purpose,
          granted: true,
          version: CONSENT_TEXTS[purpose].version,
          language: 'ar',
          parentId: parent.id,
          createdAt: consentedAt(joinedAt, CONSENT_TEXTS[purpose].version),
        });
      if (i % 10 !== 9)
        growthRows.push(...growthHistory(growthRandom, { playerId: player.id, academyId, birthdate, girl, today, since: story.joined }));
      const teamIndex = girl ? 5 : Math.min(4, Math.max(0, Math.floor((age - 6) / 2)));
      if (story.onRoster) rosterRows.push({ academyId, teamId: teamRows[teamIndex].id, playerId: player.id });
      members.push({ id: player.id, teamIndex, story, joinedAt, pkg: pkgRows[story.packageIndex] });
    }
    await inChunks(userRows, (chunk) => tx.insert(users).values(chunk));
    await inChunks(familyRows, (chunk) => tx.insert(parentPlayers).values(chunk));
    await inChunks(consentRows, (chunk) => tx.insert(consents).values(chunk));
    await inChunks(rosterRows, (chunk) => tx.insert(teamPlayers).values(chunk));
    await insertAll(tx, growthMetrics, growthRows);

    const timetable = await seedTimetable(tx, {
      academyId,
      today,
      teams: teamRows.map((t, i) => ({
        id: t.id,
        // The team's two coaches (see team_coaches above).
        coachIds: [coachRows[i % 2].id, coachRows[2 + (i % 2)].id],
      })),
    });
    const history = memberHistories(rnd, {
      academyId,
      today,
      now,
      members,
      teamIds: teamRows.map((t) => t.id),
      events: timetable,
    });
    await insertAll(tx, participants, history.participants);
    await inChunks(history.subscriptions, (chunk) => tx.insert(subscriptions).values(chunk));
    await seedPayments(tx, { academyId, paid: history.paid, users: userRows });
  });
  await (await import('./demo-family.js')).seedDemoFamily(deps, academyId);
  return academyId;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** A Riyadh wall-clock time of a day as an instant, never later than `now` (a moment ago instead). */
function atRiyadh(day: string, hour: number, minute: number, now: Date): Date {
  const at = riyadhInstant(day, `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);
  return at > now ? new Date(now.getTime() - (1 + (minute % 50)) * 60_000) : at;
}

/**
 * What became of a player over the demo's year (docs/domain.md, "Languages and demo data"): most
 * are members who renew, some on a trial, new and waiting to pay, back after a break and waiting
 * to pay, paused, cancelled, lapsed, or just added without a package.
 */
interface Story {
  kind: 'member' | 'trial' | 'new' | 'returning' | 'paused' | 'cancelled' | 'lapsed' | 'unsubscribed';
  /** The day the player joined (registered), in Riyadh. */
  joined: string;
  /** paused, cancelled: that day; lapsed, returning: the day from which they stopped renewing. */
  on?: string;
  /** returning: the day their new subscription was asked for (PENDING since). */
  back?: string;
  /** A member who took a break of a few weeks once (two subscriptions). */
  tookBreak?: boolean;
  packageIndex: number;
  /** On a team's roster today. */
  onRoster: boolean;
}

/** The story of the i-th player: each dozen players tells every story; the days are drawn. */
function storyOf(i: number, rnd: ReturnType<typeof seededRandom>, today: string): Story {
  // Subscriptions waiting for payment were asked for over PENDING_PAYMENT_DAYS ago: the bell lists each.
  const daysAgo = (min: number, max: number) => addDaysIso(today, -rnd.int(min, max));
  const second = Math.floor(i / 12) % 2 === 1;
  const monthlyOrSessions = Math.floor(i / 24) % 2 === 0 ? 0 : 3;
  switch (i % 12) {
    case 7: // the Monthly package has a 7-day trial
      return { kind: 'trial', joined: daysAgo(0, 5), packageIndex: 0, onRoster: true };
    case 8:
      return second
        ? {
            kind: 'returning',
            joined: daysAgo(200, 330),
            on: daysAgo(70, 110),
            back: daysAgo(PENDING_PAYMENT_DAYS + 1, 8),
            packageIndex: monthlyOrSessions,
            onRoster: true,
          }
        : { kind: 'new', joined: daysAgo(PENDING_PAYMENT_DAYS + 1, 9), packageIndex: i % 5, onRoster: true };
    case 9: // Quarterly and Season allow pausing
      return { kind: 'paused', joined: daysAgo(60, 330), on: daysAgo(3, 25), packageIndex: 1 + (i % 2), onRoster: true };
    case 10:
      return { kind: 'cancelled', joined: daysAgo(70, 330), on: daysAgo(5, 50), packageIndex: i % 3, onRoster: false };
    case 11:
      return second
        ? { kind: 'unsubscribed', joined: daysAgo(0, 2), packageIndex: 0, onRoster: true }
        : { kind: 'lapsed', joined: daysAgo(150, 330), on: daysAgo(70, 110), packageIndex: monthlyOrSessions, onRoster: false };
    default:
      return { kind: 'member', joined: daysAgo(14, 364), tookBreak: i % 7 === 3, packageIndex: i % 5, onRoster: true };
  }
}

interface Member {
  id: string;
  teamIndex: number;
  story: Story;
  joinedAt: Date;
  pkg: typeof packages.$inferSelect;
}

/** A payment to record with its invoice: what it paid for, when. */
interface Paid {
  subscriptionId: string;
  playerId: string;
  pkg: typeof packages.$inferSelect;
  at: Date;
  method: 'Card' | 'Cash';
  period: { start: string | null; end: string | null; sessions: number | null };
}

/**
 * Each player's year as the academy would have recorded it: attendance at their team's past
 * events from the day they joined until they left (PENDING from today on while on a team), and
 * their subscriptions with one payment per period paid — time-based ones renewed a few days
 * before each period (each renewal extends the same subscription, as the renewal page does),
 * session-based ones renewed as a new subscription the day after the last session was used, so
 * a session-based subscription's sessions used are exactly the sessions attended since its start.
 */
function memberHistories(
  rnd: ReturnType<typeof seededRandom>,
  a: { academyId: string; today: string; now: Date; members: Member[]; teamIds: string[]; events: Planned[] },
) {
  const { academyId, today, now } = a;
  const participantRows: (typeof participants.$inferInsert)[] = [];
  const subscriptionRows: (typeof subscriptions.$inferInsert)[] = [];
  const paid: Paid[] = [];
  const dayOfEvent = new Map(a.events.map((e) => [e.id, e.date]));
  const byTeam = a.teamIds.map((_, index) =>
    a.events.filter((e) => e.teams.includes(index)).sort((x, y) => x.date.localeCompare(y.date) || x.time.localeCompare(y.time)),
  );
  for (const m of a.members) {
    const { story, pkg } = m;
    const sessions = pkg.sessionsCount ?? 0;
    const months = pkg.monthsNumber ?? 1;
    const events = byTeam[m.teamIndex];
    const teamId = a.teamIds[m.teamIndex];
    const time = (day: string, from: number, to: number) => atRiyadh(day, rnd.int(from, to), rnd.int(0, 59), now);

    const subscribe = (values: Omit<typeof subscriptions.$inferInsert, 'academyId' | 'playerId' | 'packageId'>) => {
      const id = randomUUID();
      subscriptionRows.push({ id, academyId, playerId: m.id, packageId: pkg.id, ...values });
      return id;
    };
    const pay = (subscriptionId: string, day: string, period: Paid['period']) => {
      const method = rnd.next() < 0.7 ? 'Card' : 'Cash';
      // Cash at the desk during trainings; cards at any waking hour.
      const at = method === 'Cash' ? time(day, 16, 20) : time(day, 7, 23);
      paid.push({ subscriptionId, playerId: m.id, pkg, at, method, period });
    };
    /** Attendance at the team's past events from `from` until `until` (excluded); stops after an attendance `stop` accepts. */
    const attend = (
      from: string,
      until: string | null,
      o: { pausedFrom?: string; stop?: (attended: number, day: string) => boolean } = {},
    ) => {
      const attended: string[] = [];
      for (const e of events) {
        if (e.date < from) continue;
        if (e.date >= today || (until && e.date >= until)) break;
        const status = o.pausedFrom && e.date >= o.pausedFrom ? 'ABSENT' : rnd.next() < 0.86 ? 'ATTENDED' : 'ABSENT';
        participantRows.push({ academyId, eventId: e.id, userId: m.id, teamId, status, updatedAt: atRiyadh(e.date, 21, 30, now) });
        if (status === 'ATTENDED') {
          attended.push(e.date);
          if (o.stop?.(attended.length, e.date)) break;
        }
      }
      return attended;
    };
    const upcoming = () => {
      if (!story.onRoster) return;
      for (const e of events)
        if (e.date >= today) participantRows.push({ academyId, eventId: e.id, userId: m.id, teamId, status: 'PENDING', updatedAt: now });
    };

    /** A time-based subscription from `start`, one paid period after another while `keep` accepts it and it is paid by today. */
    const timeBased = (
      start: string,
      createdAt: Date,
      keep: (p: { start: string; end: string }) => boolean,
      state: Pick<typeof subscriptions.$inferInsert, 'status' | 'pausedAt' | 'updatedAt'>,
    ) => {
      const periods: { start: string; end: string; day: string }[] = [];
      for (let from = start; ; ) {
        const end = addMonthsIso(from, months);
        const day = from === start ? start : addDaysIso(from, -rnd.int(0, 4));
        // The first period was paid when they subscribed; later ones while `keep` accepts them.
        if (day > today || (periods.length > 0 && !keep({ start: from, end }))) break;
        periods.push({ start: from, end, day });
        from = end;
      }
      const last = periods.at(-1)?.end ?? addMonthsIso(start, months);
      const id = subscribe({ startDate: start, endDate: last, createdAt, ...state });
      for (const p of periods) pay(id, p.day, { start: p.start, end: p.end, sessions: null });
      return last;
    };
    /**
     * Session-based subscriptions over the sessions attended, one per package's worth, each paid on its
     * first day: the first when they joined, each next one the day after the session that used up the
     * one before (an ended subscription is renewed as a new one). All but the last are used up
     * (INACTIVE); the last is ACTIVE with what is left when `running`.
     */
    const sessionBased = (attended: string[], running: boolean) => {
      const used = Math.floor(attended.length / sessions);
      const count = running ? used + 1 : Math.max(1, Math.ceil(attended.length / sessions));
      for (let k = 0; k < count; k++) {
        const start = k === 0 ? story.joined : addDaysIso(attended[k * sessions - 1], 1);
        const inBlock = attended.slice(k * sessions, (k + 1) * sessions);
        const current = running && k === count - 1;
        const id = subscribe({
          startDate: start,
          endDate: null,
          sessionsLeft: sessions - inBlock.length,
          totalSessions: sessions,
          createdAt: k === 0 ? m.joinedAt : time(start, 8, 21),
          status: current ? 'ACTIVE' : inBlock.length === sessions ? 'INACTIVE' : 'CANCELLED',
          ...(current ? {} : { updatedAt: atRiyadh(inBlock.at(-1) ?? start, 21, 30, now) }),
        });
        pay(id, start, { start, end: null, sessions });
      }
    };
    /** Sessions used up after `on` (stopped coming when the last one was spent): INACTIVE, none left. */
    const sessionsRunOut = (on: string) => {
      const mark = participantRows.length;
      let attended = attend(story.joined, null, { stop: (n, day) => day >= on && n % sessions === 0 });
      const blocks = Math.floor(attended.length / sessions);
      if (attended.length % sessions !== 0 && blocks > 0) {
        // Not used up by today: they stopped after the last block they used up.
        const cut = attended[blocks * sessions - 1];
        let kept = mark;
        while (kept < participantRows.length && (eventDay(participantRows[kept]) ?? '') <= cut) kept++;
        participantRows.length = kept;
        attended = attended.slice(0, blocks * sessions);
      }
      sessionBased(attended, false);
    };
    const eventDay = (row: typeof participants.$inferInsert) => dayOfEvent.get(row.eventId);

    const sessionPackage = pkg.packageType === 'SESSION_BASED';
    switch (story.kind) {
      case 'member': {
        if (sessionPackage) {
          sessionBased(attend(story.joined, null), true);
        } else if (story.tookBreak && months <= 3 && story.joined <= addDaysIso(today, -150)) {
          // Renewed for a while, stopped for a few weeks, came back with a new subscription.
          const stopAt = addDaysIso(story.joined, Math.floor((Date.parse(today) - Date.parse(story.joined)) / 86_400_000 / 2));
          const ended = timeBased(story.joined, m.joinedAt, (p) => p.end <= stopAt, {
            status: 'INACTIVE',
            updatedAt: atRiyadh(stopAt, 0, 5, now),
          });
          const back = addDaysIso(ended, rnd.int(7, 20));
          attend(story.joined, ended);
          timeBased(back, time(back, 9, 21), () => true, { status: 'ACTIVE' });
          attend(back, null);
        } else {
          timeBased(story.joined, m.joinedAt, () => true, { status: 'ACTIVE' });
          attend(story.joined, null);
        }
        break;
      }
      case 'trial':
        subscribe({
          status: 'TRIAL',
          startDate: story.joined,
          endDate: addDaysIso(story.joined, pkg.trialDays - 1),
          createdAt: m.joinedAt,
        });
        attend(story.joined, null);
        break;
      case 'new':
        subscribe({
          status: 'PENDING',
          startDate: story.joined,
          endDate: sessionPackage ? null : addMonthsIso(story.joined, months),
          sessionsLeft: sessionPackage ? sessions : null,
          totalSessions: sessionPackage ? sessions : null,
          createdAt: m.joinedAt,
        });
        break;
      case 'returning':
      case 'lapsed': {
        const on = story.on ?? today;
        if (sessionPackage) sessionsRunOut(on);
        else {
          const ended = timeBased(story.joined, m.joinedAt, (p) => p.end < on, {
            status: 'INACTIVE',
            updatedAt: atRiyadh(on, 0, 5, now),
          });
          attend(story.joined, ended);
        }
        if (story.kind === 'returning' && story.back) {
          subscribe({
            status: 'PENDING',
            startDate: story.back,
            endDate: sessionPackage ? null : addMonthsIso(story.back, months),
            sessionsLeft: sessionPackage ? sessions : null,
            totalSessions: sessionPackage ? sessions : null,
            createdAt: time(story.back, 9, 21),
          });
        }
        break;
      }
      case 'paused': {
        const on = story.on ?? today;
        const pausedAt = time(on, 9, 21);
        timeBased(story.joined, m.joinedAt, (p) => p.start <= on, { status: 'PAUSED', pausedAt, updatedAt: pausedAt });
        attend(story.joined, null, { pausedFrom: on });
        break;
      }
      case 'cancelled': {
        const on = story.on ?? today;
        timeBased(story.joined, m.joinedAt, (p) => p.start < on, { status: 'CANCELLED', updatedAt: time(on, 9, 21) });
        attend(story.joined, on);
        break;
      }
      case 'unsubscribed':
        break;
    }
    upcoming();
  }
  return { participants: participantRows, subscriptions: subscriptionRows, paid };
}

/**
 * A player's monthly growth records since they joined, a year at most (docs/domain.md, "Languages
 * and demo data"): measurements follow the player's age (taller, heavier, stronger and faster month by month) with a
 * per-player build and a little noise of the day.
 */
function growthHistory(
  rnd: ReturnType<typeof seededRandom>,
  p: { playerId: string; academyId: string; birthdate: string; girl: boolean; today: string; since: string },
): (typeof growthMetrics.$inferInsert)[] {
  const build = 0.94 + rnd.next() * 0.12; // the player's own size, ±6%
  const fitness = 0.9 + rnd.next() * 0.2;
  const breakfast = rnd.pick<BreakfastSource | null>(['Home', 'Home', 'Home', 'School', null]);
  const rows: (typeof growthMetrics.$inferInsert)[] = [];
  const months = Math.min(11, Math.floor((Date.parse(p.today) - Date.parse(p.since)) / (30.5 * 86_400_000)));
  for (let k = months; k >= 0; k--) {
    const day = addMonthsIso(p.today, -k).slice(0, 8) + String(rnd.int(1, 28)).padStart(2, '0');
    // Measured in the month, not before they joined nor after today.
    const date = [[day, p.today].sort()[0], p.since].sort()[1];
    const age = (Date.parse(date) - Date.parse(p.birthdate)) / (365.25 * 86_400_000);
    const noise = () => 1 + (rnd.next() - 0.5) * 0.02;
    const height = (75 + 7.2 * age - 0.08 * age * age) * build * (p.girl && age > 12 ? 0.97 : 1);
    const weight = (13 + age + 0.12 * age * age) * build * build * noise();
    rows.push({
      academyId: p.academyId,
      playerId: p.playerId,
      date,
      height: round(height, 1),
      weight: round(weight, 1),
      armSpan: round(height * (1 + (rnd.next() - 0.3) * 0.03), 1),
      handGrip: round(Math.max(4, 2.4 * age - 4) * fitness * noise(), 1),
      sprint10m: round(((2.9 - 0.07 * age) / fitness) * noise(), 2),
      sprint20m: round(((4.9 - 0.12 * age) / fitness) * noise(), 2),
      standingLongJump: round((70 + 9 * age) * fitness * noise(), 1),
      verticalJump: round((10 + 2 * age) * fitness * noise(), 1),
      breakfastSource: rnd.next() < 0.85 ? breakfast : rnd.pick<BreakfastSource | null>(['Home', 'School', null]),
      sleepingHours: Math.min(11, Math.max(6, Math.round((10.5 - 0.2 * age + (rnd.next() - 0.5) * 1.5) * 2) / 2)),
    });
  }
  return rows;
}

/**
 * The payments of the demo's year and their invoices (docs/domain.md, "Languages and demo data"),
 * numbered 1, 2, 3… in the order paid, the way activations and renewals would have numbered them:
 * the same seller, VAT share (the demo academy has a VAT number), period line and signed ZATCA
 * document as `issueInvoice` gives (modules/invoices/issue.ts, `signedDocument`), chained in that
 * order (development credential) — built in memory and inserted a few statements at a time.
 */
async function seedPayments(tx: Tx, demo: { academyId: string; paid: Paid[]; users: (typeof users.$inferInsert)[] }) {
  const { academyId } = demo;
  const [academy] = await tx.select().from(academies).where(eq(academies.id, academyId));
  const vatNumber = academy.vatNumber ?? '';
  const seller = sellerOf(academy);
  const names = new Map(demo.users.map((u) => [u.id, { name: u.name, nameArabic: u.nameArabic ?? null }]));
  const paid = [...demo.paid].sort((a, b) => a.at.getTime() - b.at.getTime());
  const paymentRows = paid.map((p, k) => ({
    id: randomUUID(),
    academyId,
    subscriptionId: p.subscriptionId,
    amountHalalas: p.pkg.priceHalalas,
    method: p.method,
    provider: p.method === 'Card' ? 'sandbox' : null,
    providerRef: p.method === 'Card' ? `demo-${k + 1}` : null,
    status: 'PAID' as const,
    paidAt: p.at,
    createdAt: p.at,
  }));
  const invoiceRows = paid.map((p, n) => {
    const payment = paymentRows[n];
    const vat = vatIncluded(payment.amountHalalas);
    return {
      id: randomUUID(),
      academyId,
      invoiceNumber: n + 1,
      paymentId: payment.id,
      subscriptionId: payment.subscriptionId,
      userId: p.playerId,
      packageName: p.pkg.name,
      packageNameArabic: p.pkg.nameArabic?.trim() || null,
      periodStart: p.period.start,
      periodEnd: p.period.end,
      periodSessions: p.period.sessions,
      subtotalHalalas: payment.amountHalalas - vat,
      vatHalalas: vat,
      totalHalalas: payment.amountHalalas,
      vatNumber,
      paymentMethod: payment.method,
      paidAt: p.at,
      seller,
      buyer: names.get(p.playerId) ?? { name: '', nameArabic: null },
      createdAt: p.at,
    };
  });
  let chain = CHAIN_START;
  // Signed with ZATCA's SDK test credential in development; where production is configured (SEED_DEMO=always) the
  // demo academy, which never onboarded, has phase-1 invoices: no documents.
  const credentials = developmentSigningAllowed() ? developmentCredentials() : null;
  const documentRows = (credentials ? invoiceRows : []).map((invoice) => {
    const row = signedDocument(
      academyId,
      {
        invoiceId: invoice.id,
        typeCode: '388',
        number: invoice.invoiceNumber,
        issuedAt: invoice.paidAt,
        seller,
        vatNumber,
        buyerName: invoice.buyer.name,
        line: { name: invoice.packageName, totalHalalas: invoice.totalHalalas, vatHalalas: invoice.vatHalalas },
        paymentMethod: invoice.paymentMethod,
      },
      chain,
      credentials ?? developmentCredentials(),
    );
    chain = { icv: row.icv + 1, pih: row.hash };
    return row;
  });
  await insertAll(tx, payments, paymentRows);
  await insertAll(tx, invoices, invoiceRows);
  await insertAll(tx, invoiceDocuments, documentRows);
  await tx
    .insert(invoiceCounters)
    .values({ academyId, lastNumber: invoiceRows.length })
    .onConflictDoUpdate({ target: invoiceCounters.academyId, set: { lastNumber: invoiceRows.length } });
}

/** Multi-row inserts of at most 1000 rows, well under a statement's parameter limit. */
async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

/**
 * Many rows of a table in one statement with one parameter: the rows as JSON, read back by
 * `jsonb_to_recordset` with the table's own column types (thousands of bound parameters cost
 * more than the rows). Every row names the same columns.
 */
async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]) {
  if (rows.length === 0) return;
  const keys = Object.keys(rows[0]);
  const byKey: Record<string, PgColumn> = getTableColumns(table);
  const columns = keys.map((key) => {
    const column = byKey[key];
    if (!column) throw new Error(`insertAll: ${key} is no column of the table`);
    return column;
  });
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const types = sql.raw(columns.map((c) => `"${c.name}" ${c.getSQLType()}`).join(', '));
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((key, i) => [columns[i].name, Reflect.get(row, key) ?? null]))),
  );
  await tx.execute(sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${json}::jsonb) as r(${types})`);
}

/** One event of the timetable; `teams` are indexes into the demo's teams. */
interface Planned {
  id: string;
  type: 'TRAINING_SESSION' | 'MATCH';
  date: string;
  time: string;
  endTime: string;
  field: string;
  seriesId: string | null;
  teams: number[];
}

/**
 * Each team's timetable over the demo's year (docs/domain.md, "Languages and demo data"): two
 * trainings a week on fixed weekdays (Riyadh's week runs Sunday to Thursday), each a weekly series
 * from a year back to eight weeks ahead, and a match on every other Saturday. A handful of
 * multi-row inserts, whatever the number of events; the players' attendance is
 * `memberHistories`'.
 */
async function seedTimetable(
  tx: Tx,
  opts: {
    academyId: string;
    today: string;
    teams: { id: string; coachIds: string[] }[];
  },
): Promise<Planned[]> {
  const { academyId, today } = opts;
  const from = addDaysIso(today, -364);
  const until = addDaysIso(today, 56);
  /** The first date on or after `from` that falls on `weekday` (0 = Sunday). */
  const firstOn = (weekday: number) => addDaysIso(from, (weekday - new Date(`${from}T00:00:00Z`).getUTCDay() + 7) % 7);
  const every = (first: string, step: number) => {
    const dates: string[] = [];
    for (let d = first; d <= until; d = addDaysIso(d, step)) dates.push(d);
    return dates;
  };
  const TIMETABLE = [
    { weekdays: [0, 2], time: '16:30', endTime: '17:45' }, // U8: Sunday and Tuesday
    { weekdays: [1, 3], time: '16:30', endTime: '18:00' }, // U10: Monday and Wednesday
    { weekdays: [0, 2], time: '18:00', endTime: '19:30' }, // U12
    { weekdays: [1, 3], time: '18:00', endTime: '19:30' }, // U14
    { weekdays: [0, 4], time: '19:30', endTime: '21:00' }, // U16: Sunday and Thursday
    { weekdays: [2, 4], time: '16:30', endTime: '18:00' }, // Girls: Tuesday and Thursday
  ];
  const planned: Planned[] = [];
  for (const [index, slot] of TIMETABLE.entries()) {
    if (!opts.teams[index]) continue;
    for (const [n, weekday] of slot.weekdays.entries()) {
      const seriesId = randomUUID();
      for (const date of every(firstOn(weekday), 7))
        planned.push({
          id: randomUUID(),
          type: 'TRAINING_SESSION',
          date,
          time: slot.time,
          endTime: slot.endTime,
          field: FIELDS[(index + n) % FIELDS.length],
          seriesId,
          teams: [index],
        });
    }
  }
  // Friendlies between neighbouring age groups on every other Saturday; the oldest and the girls play visitors.
  const MATCHES = [
    { teams: [0, 1], time: '16:30', endTime: '17:30' },
    { teams: [2, 3], time: '17:30', endTime: '19:00' },
    { teams: [4], time: '19:00', endTime: '20:30' },
    { teams: [5], time: '16:30', endTime: '18:00' },
  ];
  for (const date of every(firstOn(6), 14))
    for (const [n, match] of MATCHES.entries())
      if (match.teams.every((i) => opts.teams[i]))
        planned.push({
          id: randomUUID(),
          type: 'MATCH',
          date,
          time: match.time,
          endTime: match.endTime,
          field: FIELDS[n % FIELDS.length],
          seriesId: null,
          teams: match.teams,
        });

  await insertAll(
    tx,
    events,
    planned.map(({ teams: _, ...e }) => ({ academyId, ...e })),
  );
  await insertAll(
    tx,
    eventTeams,
    planned.flatMap((e) => e.teams.map((i) => ({ academyId, eventId: e.id, teamId: opts.teams[i].id }))),
  );
  await insertAll(
    tx,
    eventCoaches,
    planned.flatMap((e) => {
      const coachIds = e.type === 'MATCH' ? e.teams.map((i) => opts.teams[i].coachIds[0]) : opts.teams[e.teams[0]].coachIds;
      return [...new Set(coachIds)].map((coachId) => ({ academyId, eventId: e.id, coachId }));
    }),
  );
  return planned;
}
