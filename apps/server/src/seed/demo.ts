import { randomUUID } from 'node:crypto';
import { addDaysIso as addDays, addMonthsIso, addYears, allFlags, type BreakfastSource, normaliseFlags, type PermissionFlags, riyadhToday } from '@kora/contracts';
import { count, eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import {
  academies,
  academyUsers,
  accountTypes,
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
import { developmentCredentials } from '../invoices/credentials.js';
import { hashPassword } from '../lib/passwords.js';
import { registerAcademy } from '../modules/auth/service.js';
import { CHAIN_START, signedDocument } from '../modules/invoices/documents.js';
import { sellerOf, vatIncluded } from '../modules/invoices/issue.js';
import { BOY_NAMES, CONDITIONS, FAMILY_NAMES, FIELDS, GIRL_NAMES, NATIONALITIES, NEIGHBORHOODS, seededRandom } from './names.js';

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
  const today = riyadhToday(deps.clock.now());
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
      })
      .where(eq(academies.id, academyId));
    await enterTenant(tx, academyId);
    await tx.update(users).set({ name: 'Abdulrahman Al-Fahad', nameArabic: 'عبدالرحمن الفهد' }).where(eq(users.role, 'ADMIN'));
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
          },
          {
            academyId,
            role: 'COACH' as const,
            name: 'Turki Al-Mutairi',
            nameArabic: 'تركي المطيري',
            coachType: 'ASSISTANT_COACH' as const,
            email: DEMO_LOGINS.fitness.email,
            accountTypeId: fitness.id,
          },
          {
            academyId,
            role: 'ADMIN' as const,
            name: 'Yousef Al-Dosari',
            nameArabic: 'يوسف الدوسري',
            email: DEMO_LOGINS.accountant.email,
            accountTypeId: accountant.id,
          },
        ].map((u) => ({ ...u, passwordHash: coachPassword, phoneNumber: `+9665${rnd.int(10000000, 99999999)}` })),
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
          },
          {
            name: 'Majed Al-Qahtani',
            nameArabic: 'ماجد القحطاني',
            coachType: 'LEAD_COACH' as const,
            email: null,
            passwordHash: null,
          },
          {
            name: 'Hisham Al-Ghamdi',
            nameArabic: 'هشام الغامدي',
            coachType: 'ASSISTANT_COACH' as const,
            email: null,
            passwordHash: null,
          },
          {
            name: 'Ahmed Al-Zahrani',
            nameArabic: 'أحمد الزهراني',
            coachType: 'ASSISTANT_COACH' as const,
            email: null,
            passwordHash: null,
          },
        ].map((c) => ({
          ...c,
          academyId,
          role: 'COACH' as const,
          phoneNumber: `+9665${rnd.int(10000000, 99999999)}`,
          accountTypeId: coachType.id,
        })),
      )
      .returning();
    await tx.insert(academyUsers).values({ academyId, userId: coachRows[0].id });

    const teamRows = await tx
      .insert(teams)
      .values([
        { academyId, name: 'U8 Falcons', nameArabic: 'صقور تحت ٨', color: 'BLUE' },
        { academyId, name: 'U10 Hawks', nameArabic: 'شواهين تحت ١٠', color: 'GREEN' },
        { academyId, name: 'U12 Eagles', nameArabic: 'نسور تحت ١٢', color: 'ORANGE' },
        { academyId, name: 'U14 Lions', nameArabic: 'أسود تحت ١٤', color: 'RED' },
        { academyId, name: 'U16 Panthers', nameArabic: 'فهود تحت ١٦', color: 'PURPLE' },
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
          description: 'ثلاثة تمارين في الأسبوع طوال الموسم.',
        },
        {
          academyId,
          name: 'Quarterly',
          nameArabic: 'باقة ربع سنوية',
          priceHalalas: 120000,
          packageType: 'TIME_BASED',
          monthsNumber: 3,
          allowPause: true,
          description: 'وفّر ١٠٪ بالاشتراك ثلاثة أشهر دفعة واحدة.',
        },
        {
          academyId,
          name: 'Season (10 months)',
          nameArabic: 'باقة الموسم (١٠ أشهر)',
          priceHalalas: 380000,
          packageType: 'TIME_BASED',
          monthsNumber: 10,
          allowPause: true,
          skipLimit: 2,
          description: 'الموسم كاملًا مع الطقم الرياضي.',
        },
        {
          academyId,
          name: '12 sessions',
          nameArabic: 'باقة ١٢ حصة',
          priceHalalas: 60000,
          packageType: 'SESSION_BASED',
          sessionsCount: 12,
          skipLimit: 1,
          description: 'مرنة: احضر متى ما استطعت.',
        },
        {
          academyId,
          name: '24 sessions',
          nameArabic: 'باقة ٢٤ حصة',
          priceHalalas: 110000,
          packageType: 'SESSION_BASED',
          sessionsCount: 24,
          skipLimit: 2,
          description: 'للاعبين المنتظمين كثيري السفر.',
        },
      ])
      .returning();

    const playerCount = opts.players ?? 48;
    const rosters = new Map<string, string[]>(teamRows.map((t) => [t.id, []]));
    // Rows are built first and inserted a few statements at a time, whatever the number of players.
    const userRows: (typeof users.$inferInsert)[] = [];
    const familyRows: (typeof parentPlayers.$inferInsert)[] = [];
    const rosterRows: (typeof teamPlayers.$inferInsert)[] = [];
    const subscriptionRows: (typeof subscriptions.$inferInsert)[] = [];
    const growthRows: (typeof growthMetrics.$inferInsert)[] = [];
    // Growth records draw from their own sequence, so the rest of the demo stays as it was.
    const growthRandom = seededRandom(2027);
    for (let i = 0; i < playerCount; i++) {
      const girl = i % 8 === 7;
      const [first, firstAr] = rnd.pick(girl ? GIRL_NAMES : BOY_NAMES);
      const [family, familyAr] = rnd.pick(FAMILY_NAMES);
      const [father, fatherAr] = rnd.pick(BOY_NAMES);
      const age = rnd.int(6, 16);
      const birthdate = addYears(today, -age).slice(0, 8) + String(rnd.int(1, 28)).padStart(2, '0');
      const phone = `+9665${rnd.int(0, 9)}${String(rnd.int(1000000, 9999999))}`;
      const parent = { id: randomUUID() };
      const player = { id: randomUUID() };
      userRows.push(
        {
          id: parent.id,
          academyId,
          role: 'PARENT',
          name: `${father} ${family}`,
          nameArabic: `${fatherAr} ${familyAr}`,
          phoneNumber: phone,
          email: `${father.toLowerCase()}.${i}@example.sa`,
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
          createdAt: new Date(deps.clock.now().getTime() - rnd.int(0, 300) * 86_400_000),
        },
      );
      familyRows.push({ academyId, parentId: parent.id, playerId: player.id });
      if (i % 10 !== 9) growthRows.push(...growthHistory(growthRandom, { playerId: player.id, academyId, birthdate, girl, today }));
      const team = girl ? teamRows[5] : teamRows[Math.min(4, Math.max(0, Math.floor((age - 6) / 2)))];
      if (i % 11 !== 10) {
        rosterRows.push({ academyId, teamId: team.id, playerId: player.id });
        rosters.get(team.id)?.push(player.id);
      }

      const pkg = pkgRows[i % pkgRows.length];
      const roll = i % 12;
      if (roll === 11) continue; // a few players without any subscription
      const startDate = addMonthsIso(today, -rnd.int(0, 2));
      const status = roll < 7 ? 'ACTIVE' : roll === 7 ? 'TRIAL' : roll === 8 ? 'PENDING' : roll === 9 ? 'PAUSED' : 'CANCELLED';
      const sessions = pkg.packageType === 'SESSION_BASED' ? (pkg.sessionsCount ?? 12) : null;
      subscriptionRows.push({
        id: randomUUID(),
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
    await inChunks(userRows, (chunk) => tx.insert(users).values(chunk));
    await inChunks(familyRows, (chunk) => tx.insert(parentPlayers).values(chunk));
    await inChunks(rosterRows, (chunk) => tx.insert(teamPlayers).values(chunk));
    await inChunks(subscriptionRows, (chunk) => tx.insert(subscriptions).values(chunk));
    await seedPayments(tx, { academyId, now: deps.clock.now(), subscriptions: subscriptionRows, packages: pkgRows, users: userRows });
    await inChunks(growthRows, (chunk) => tx.insert(growthMetrics).values(chunk));

    await seedTimetable(tx, {
      academyId,
      today,
      rnd,
      teams: teamRows.map((t, i) => ({
        id: t.id,
        roster: rosters.get(t.id) ?? [],
        // The team's two coaches (see team_coaches above).
        coachIds: [coachRows[i % 2].id, coachRows[2 + (i % 2)].id],
      })),
    });
  });
  return academyId;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/**
 * A player's monthly growth records over the past year (docs/domain.md, "Languages and demo data"):
 * measurements follow the player's age (taller, heavier, stronger and faster month by month) with a
 * per-player build and a little noise of the day.
 */
function growthHistory(
  rnd: ReturnType<typeof seededRandom>,
  p: { playerId: string; academyId: string; birthdate: string; girl: boolean; today: string },
): (typeof growthMetrics.$inferInsert)[] {
  const build = 0.94 + rnd.next() * 0.12; // the player's own size, ±6%
  const fitness = 0.9 + rnd.next() * 0.2;
  const breakfast = rnd.pick<BreakfastSource | null>(['Home', 'Home', 'Home', 'School', null]);
  const rows: (typeof growthMetrics.$inferInsert)[] = [];
  for (let k = 11; k >= 0; k--) {
    const day = addMonthsIso(p.today, -k).slice(0, 8) + String(rnd.int(1, 28)).padStart(2, '0');
    const date = [day, p.today].sort()[0];
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

/** Multi-row inserts of at most 1000 rows, well under a statement's parameter limit. */
/**
 * The paid subscriptions' payments and their invoices (docs/domain.md, "Languages and demo data"):
 * paid on the first day of their period, by card or cash, numbered 1, 2, 3… in the order paid, the
 * way the activation would have numbered them (VAT included: the demo academy has a VAT number),
 * each with its signed ZATCA document, chained in that order (development credential).
 */
async function seedPayments(
  tx: Tx,
  demo: {
    academyId: string;
    now: Date;
    subscriptions: (typeof subscriptions.$inferInsert)[];
    packages: (typeof packages.$inferSelect)[];
    users: (typeof users.$inferInsert)[];
  },
) {
  const { academyId } = demo;
  const [academy] = await tx.select().from(academies).where(eq(academies.id, academyId));
  const vatNumber = academy.vatNumber ?? '';
  const seller = sellerOf(academy);
  const names = new Map(demo.users.map((u) => [u.id, { name: u.name, nameArabic: u.nameArabic ?? null }]));
  const paid = demo.subscriptions
    .filter((s) => s.status !== 'PENDING')
    .map((s, k) => {
      const at = new Date(`${s.startDate}T${String(9 + (k % 9)).padStart(2, '0')}:${String((k * 7) % 60).padStart(2, '0')}:00+03:00`);
      return { s, k, at: at > demo.now ? demo.now : at, pkg: demo.packages.find((p) => p.id === s.packageId) };
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const paymentRows = paid.map(({ s, k, at, pkg }) => {
    const card = k % 3 !== 0;
    return {
      id: randomUUID(),
      academyId,
      subscriptionId: s.id ?? '',
      amountHalalas: pkg?.priceHalalas ?? 0,
      method: card ? ('Card' as const) : ('Cash' as const),
      provider: card ? 'sandbox' : null,
      providerRef: card ? `demo-${k}` : null,
      status: 'PAID' as const,
      paidAt: at,
    };
  });
  const invoiceRows = paid.map(({ s, pkg }, n) => {
    const payment = paymentRows[n];
    const vat = vatIncluded(payment.amountHalalas);
    return {
      id: randomUUID(),
      academyId,
      invoiceNumber: n + 1,
      paymentId: payment.id,
      subscriptionId: payment.subscriptionId,
      userId: s.playerId,
      packageName: pkg?.name ?? '',
      packageNameArabic: pkg?.nameArabic ?? null,
      subtotalHalalas: payment.amountHalalas - vat,
      vatHalalas: vat,
      totalHalalas: payment.amountHalalas,
      vatNumber,
      paymentMethod: payment.method,
      paidAt: payment.paidAt,
      seller,
      buyer: names.get(s.playerId) ?? { name: '', nameArabic: null },
    };
  });
  let chain = CHAIN_START;
  const documentRows = invoiceRows.map((invoice) => {
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
      developmentCredentials(),
    );
    chain = { icv: row.icv + 1, pih: row.hash };
    return row;
  });
  await inChunks(paymentRows, (chunk) => tx.insert(payments).values(chunk));
  await inChunks(invoiceRows, (chunk) => tx.insert(invoices).values(chunk));
  await inChunks(documentRows, (chunk) => tx.insert(invoiceDocuments).values(chunk));
  await tx
    .insert(invoiceCounters)
    .values({ academyId, lastNumber: invoiceRows.length })
    .onConflictDoUpdate({ target: invoiceCounters.academyId, set: { lastNumber: invoiceRows.length } });
}

async function inChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}

/**
 * Each team's timetable (docs/domain.md, "Languages and demo data"): two trainings a week on fixed
 * weekdays (Riyadh's week runs Sunday to Thursday), each a weekly series from four weeks back to
 * eight weeks ahead, and a match on every other Saturday; past events have their attendance marked
 * (mostly ATTENDED, some ABSENT). A handful of multi-row inserts, whatever the number of players.
 */
async function seedTimetable(
  tx: Tx,
  opts: {
    academyId: string;
    today: string;
    rnd: ReturnType<typeof seededRandom>;
    teams: { id: string; roster: string[]; coachIds: string[] }[];
  },
) {
  const { academyId, today, rnd } = opts;
  const from = addDays(today, -28);
  const until = addDays(today, 56);
  /** The first date on or after `from` that falls on `weekday` (0 = Sunday). */
  const firstOn = (weekday: number) => addDays(from, (weekday - new Date(`${from}T00:00:00Z`).getUTCDay() + 7) % 7);
  const every = (first: string, step: number) => {
    const dates: string[] = [];
    for (let d = first; d <= until; d = addDays(d, step)) dates.push(d);
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
  type Planned = {
    id: string;
    type: 'TRAINING_SESSION' | 'MATCH';
    date: string;
    time: string;
    endTime: string;
    field: string;
    seriesId: string | null;
    teams: number[];
  };
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

  await inChunks(planned, (chunk) => tx.insert(events).values(chunk.map(({ teams: _, ...e }) => ({ academyId, ...e }))));
  await inChunks(
    planned.flatMap((e) => e.teams.map((i) => ({ academyId, eventId: e.id, teamId: opts.teams[i].id }))),
    (chunk) => tx.insert(eventTeams).values(chunk),
  );
  await inChunks(
    planned.flatMap((e) => {
      const coachIds = e.type === 'MATCH' ? e.teams.map((i) => opts.teams[i].coachIds[0]) : opts.teams[e.teams[0]].coachIds;
      return [...new Set(coachIds)].map((coachId) => ({ academyId, eventId: e.id, coachId }));
    }),
    (chunk) => tx.insert(eventCoaches).values(chunk),
  );
  await inChunks(
    planned.flatMap((e) =>
      e.teams.flatMap((i) =>
        opts.teams[i].roster.map((userId) => ({
          academyId,
          eventId: e.id,
          userId,
          teamId: opts.teams[i].id,
          status: e.date >= today ? ('PENDING' as const) : rnd.next() < 0.86 ? ('ATTENDED' as const) : ('ABSENT' as const),
        })),
      ),
    ),
    (chunk) => tx.insert(participants).values(chunk),
  );
}
