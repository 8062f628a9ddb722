import { randomBytes } from 'node:crypto';
import { addMonthsIso, addYears, CARD_CONSENT, CONSENT_PURPOSES, CONSENT_TEXTS, PENDING_PAYMENT_DAYS, riyadhToday } from '@kora/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { riyadhTimestamp } from '../db/riyadh.js';
import {
  announcementRecipients,
  announcements,
  autoRenewals,
  collectionSettings,
  consents,
  events,
  packages,
  parentPlayers,
  participants,
  savedCards,
  subscriptions,
  teamPlayers,
  teams,
  users,
} from '../db/schema.js';
import { withTenant } from '../db/tenant.js';
import type { Deps } from '../deps.js';

/**
 * The demo's family portal logins (README): passwordless, the code goes to the development outbox
 * (and the server's log). One child with two parents, each their own login: the father reads
 * Arabic, the mother English.
 */
export const DEMO_FAMILY_LOGINS = {
  father: { email: 'parent@demo.kora.sa', phone: '+966500000001' },
  mother: { email: 'mother@demo.kora.sa', phone: '+966500000002' },
} as const;

/** The demo academy's sibling prices: from the 2nd child 10 % off, from the 3rd 15 %. */
export const DEMO_SIBLING_DISCOUNTS = [
  { fromChild: 2, percent: 10 },
  { fromChild: 3, percent: 15 },
] as const;

/**
 * The demo child's younger siblings, registered a few days ago and waiting for their first month; named after the
 * demo child in the alphabet, so the portal's pages still open on the child with a history.
 */
const DEMO_SIBLINGS = [
  { name: 'Yara', nameArabic: 'يارا', age: 8, gender: 'FEMALE' as const },
  { name: 'Ziyad', nameArabic: 'زياد', age: 7, gender: 'MALE' as const },
];

/** Reasons parents give, in Arabic as a Riyadh family types them; some say nothing. */
const REASONS = ['رحلة مدرسية', 'مريض', null, 'موعد عند الطبيب', 'اختبارات المدرسة', null];

/**
 * The family portal's demo data, added to the demo academy once its players, timetable
 * and subscriptions exist (seed/demo.ts calls it): a child of a running subscription with two
 * parents who can sign in, announcements to the academy, the child's team and the child's family
 * (some already opened), and "can't come" marks on upcoming events.
 */
export async function seedDemoFamily(deps: Deps, academyId: string) {
  const now = deps.clock.now();
  const today = riyadhToday(now);
  await withTenant(deps.db, academyId, async (tx) => {
    // The child: a player on a team with a running subscription, the first by name (the seed is fixed).
    const [child] = await tx
      .select({
        id: users.id,
        name: users.name,
        nameArabic: users.nameArabic,
        teamId: teamPlayers.teamId,
        teamName: teams.name,
        teamNameArabic: teams.nameArabic,
      })
      .from(users)
      .innerJoin(teamPlayers, eq(teamPlayers.playerId, users.id))
      .innerJoin(teams, eq(teams.id, teamPlayers.teamId))
      .innerJoin(subscriptions, eq(subscriptions.playerId, users.id))
      .where(and(eq(users.role, 'PLAYER'), eq(subscriptions.status, 'ACTIVE')))
      .orderBy(asc(users.name), asc(users.id))
      .limit(1);
    if (!child) return;
    const [link] = await tx
      .select({ parentId: parentPlayers.parentId })
      .from(parentPlayers)
      .where(eq(parentPlayers.playerId, child.id))
      .limit(1);
    if (!link) return;
    await tx
      .update(users)
      .set({ email: DEMO_FAMILY_LOGINS.father.email, phoneNumber: DEMO_FAMILY_LOGINS.father.phone, language: 'ar' })
      .where(eq(users.id, link.parentId));
    const family = child.name.split(' ').slice(1).join(' ');
    const familyArabic = (child.nameArabic ?? '').split(' ').slice(1).join(' ');
    const [mother] = await tx
      .insert(users)
      .values({
        academyId,
        role: 'PARENT',
        name: `Hessa ${family}`.trim(),
        nameArabic: `حصة ${familyArabic}`.trim(),
        email: DEMO_FAMILY_LOGINS.mother.email,
        phoneNumber: DEMO_FAMILY_LOGINS.mother.phone,
        language: 'en',
      })
      .returning({ id: users.id });
    await tx.insert(parentPlayers).values({ academyId, parentId: mother.id, playerId: child.id });

    // Two younger siblings registered a few days ago (the bell lists their payments as waiting), each waiting for the first month of the cheapest monthly package,
    // and the academy's sibling prices: the portal offers both together (the 2nd child 10 % off, the 3rd 15 %), and
    // staff can send the family's payment link (docs/domain.md, "One checkout per family", "A family payment link").
    await tx
      .insert(collectionSettings)
      .values({ academyId, siblingDiscounts: [...DEMO_SIBLING_DISCOUNTS] })
      .onConflictDoUpdate({ target: collectionSettings.academyId, set: { siblingDiscounts: [...DEMO_SIBLING_DISCOUNTS] } });
    const [monthly] = await tx
      .select({ id: packages.id, months: packages.monthsNumber })
      .from(packages)
      .where(and(eq(packages.packageType, 'TIME_BASED'), eq(packages.monthsNumber, 1), eq(packages.isActive, true)))
      .orderBy(asc(packages.priceHalalas), asc(packages.id))
      .limit(1);
    if (monthly) {
      const joined = new Date(now.getTime() - (PENDING_PAYMENT_DAYS + 1) * 86_400_000);
      for (const [n, sibling] of DEMO_SIBLINGS.entries()) {
        const [player] = await tx
          .insert(users)
          .values({
            academyId,
            role: 'PLAYER',
            name: `${sibling.name} ${family}`.trim(),
            nameArabic: `${sibling.nameArabic} ${familyArabic}`.trim(),
            birthdate: addYears(today, -sibling.age),
            gender: sibling.gender,
            phoneNumber: DEMO_FAMILY_LOGINS.father.phone,
            createdAt: new Date(joined.getTime() + n * 60_000),
          })
          .returning({ id: users.id });
        // The father registered them (his link first: the export names him, as the child's phone is his).
        await tx.insert(parentPlayers).values([
          { academyId, parentId: link.parentId, playerId: player.id, createdAt: joined },
          { academyId, parentId: mother.id, playerId: player.id, createdAt: new Date(joined.getTime() + 1000) },
        ]);
        await tx.insert(consents).values(
          CONSENT_PURPOSES.map((purpose) => ({
            academyId,
            playerId: player.id,
            purpose,
            granted: true,
            version: CONSENT_TEXTS[purpose].version,
            language: 'ar' as const,
            parentId: link.parentId,
            createdAt: joined,
          })),
        );
        await tx.insert(subscriptions).values({
          academyId,
          playerId: player.id,
          packageId: monthly.id,
          status: 'PENDING',
          startDate: riyadhToday(joined),
          endDate: addMonthsIso(riyadhToday(joined), 1),
          createdAt: joined,
        });
      }
    }

    // The father saved the sandbox's test Visa when he last paid: it renews the child's monthly subscription by itself
    // (a sandbox token names its card, so it is charged like one saved on the payment page). Only with the sandbox.
    const [running] = await tx
      .select({ id: subscriptions.id, packageId: subscriptions.packageId })
      .from(subscriptions)
      .innerJoin(packages, eq(packages.id, subscriptions.packageId))
      .where(and(eq(subscriptions.playerId, child.id), eq(subscriptions.status, 'ACTIVE'), eq(packages.packageType, 'TIME_BASED')))
      .limit(1);
    if (running && deps.payments.name === 'sandbox') {
      await tx.update(packages).set({ autoRenew: true }).where(eq(packages.id, running.packageId));
      const [card] = await tx
        .insert(savedCards)
        .values({
          academyId,
          parentId: link.parentId,
          provider: deps.payments.name,
          token: `sbx_4111111111111111_${randomBytes(8).toString('hex')}`,
          firstTranRef: `SBX-DEMO-${randomBytes(4).toString('hex')}`,
          label: '4111 11## #### 1111',
          consentVersion: CARD_CONSENT.version,
          consentLang: 'ar',
          consentedAt: new Date(now.getTime() - 20 * 86_400_000),
        })
        .returning({ id: savedCards.id });
      await tx.insert(autoRenewals).values({ academyId, subscriptionId: running.id, savedCardId: card.id });
    }

    // Announcements: the academy, the child's team, the child's family; staff see who opened them.
    const [author] = await tx
      .select({ id: users.id, name: users.name, nameArabic: users.nameArabic })
      .from(users)
      .where(eq(users.role, 'ADMIN'))
      .orderBy(asc(users.createdAt))
      .limit(1);
    const parents = await tx
      .selectDistinct({ id: users.id, language: users.language, playerId: parentPlayers.playerId })
      .from(parentPlayers)
      .innerJoin(users, eq(users.id, parentPlayers.parentId));
    const onTeam = new Set(
      (await tx.select({ id: teamPlayers.playerId }).from(teamPlayers).where(eq(teamPlayers.teamId, child.teamId))).map((r) => r.id),
    );
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
    const plan = [
      {
        audience: 'academy' as const,
        title: 'National Day holiday',
        titleArabic: 'إجازة اليوم الوطني',
        body: 'There is no training on National Day. Sessions resume the day after.',
        bodyArabic: 'لا تدريب في اليوم الوطني، وتعود الحصص في اليوم التالي.',
        at: hoursAgo(72),
        reach: (_p: { playerId: string }) => true,
      },
      {
        audience: 'team' as const,
        title: `${child.teamName}: new training kit`,
        titleArabic: `${child.teamNameArabic ?? child.teamName}: طقم التدريب الجديد`,
        body: 'The new kit can be collected from reception this week.',
        bodyArabic: 'يمكن استلام الطقم الجديد من الاستقبال هذا الأسبوع.',
        at: hoursAgo(26),
        reach: (p: { playerId: string }) => onTeam.has(p.playerId),
      },
      {
        audience: 'family' as const,
        title: 'Great progress this month',
        titleArabic: 'تقدم رائع هذا الشهر',
        body: `${child.name} has attended every session this month. Well done!`,
        bodyArabic: 'حضر جميع الحصص هذا الشهر. أحسنت!',
        at: hoursAgo(5),
        reach: (p: { playerId: string }) => p.playerId === child.id,
      },
    ];
    for (const [n, a] of plan.entries()) {
      const [row] = await tx
        .insert(announcements)
        .values({
          academyId,
          audience: a.audience,
          teamId: a.audience === 'team' ? child.teamId : null,
          playerId: a.audience === 'family' ? child.id : null,
          title: a.title,
          titleArabic: a.titleArabic,
          body: a.body,
          bodyArabic: a.bodyArabic,
          authorId: author?.id ?? null,
          authorName: author?.name ?? null,
          authorNameArabic: author?.nameArabic ?? null,
          createdAt: a.at,
        })
        .returning({ id: announcements.id });
      const reached = [...new Map(parents.filter(a.reach).map((p) => [p.id, p])).values()];
      if (reached.length === 0) continue;
      await tx.insert(announcementRecipients).values(
        reached.map((p, i) => ({
          academyId,
          announcementId: row.id,
          parentId: p.id,
          language: p.language ?? ('ar' as const),
          // About half opened the older ones; the newest is still unread by the demo parents.
          openedAt:
            n < 2 && i % 2 === 0 && p.id !== link.parentId && p.id !== mother.id ? new Date(a.at.getTime() + (i + 1) * 600_000) : null,
        })),
      );
    }

    // "Can't come" on upcoming events: the demo child's next one, and about one player in eight elsewhere.
    const upcoming = await tx
      .select({ id: participants.id, userId: participants.userId })
      .from(participants)
      .innerJoin(events, eq(events.id, participants.eventId))
      .innerJoin(users, eq(users.id, participants.userId))
      .where(
        and(
          sql`(${events.date}::timestamp + ${events.time}::time) > ${riyadhTimestamp(sql`${now.toISOString()}::timestamptz`)}`,
          sql`${events.date} <= ${today}::date + 7`,
        ),
      )
      .orderBy(asc(events.date), asc(events.time), asc(users.name));
    const marked = upcoming.filter((p, i) => i % 8 === 3 && p.userId !== child.id);
    const childNext = upcoming.find((p) => p.userId === child.id);
    const rows = [...(childNext ? [childNext] : []), ...marked];
    for (const [i, p] of rows.entries()) {
      const parent = parents.find((x) => x.playerId === p.userId);
      await tx
        .update(participants)
        .set({ cantComeAt: hoursAgo(2 + i), cantComeReason: REASONS[i % REASONS.length], cantComeBy: parent?.id ?? null })
        .where(inArray(participants.id, [p.id]));
    }
  });
}
