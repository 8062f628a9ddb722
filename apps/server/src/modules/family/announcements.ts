import { type Announcement, type FamilyAnnouncement, type FamilyLanguage, type ParsedAnnouncementBody, saudiMobile } from '@kora/contracts';
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FamilyTx } from '../../db/family.js';
import { announcementRecipients, announcements, parentPlayers, teamPlayers, teams, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { academyUrl } from '../../http/host.js';
import type { SmsBudget } from '../../sms/budget.js';
import type { SmsSender } from '../../sms/sms.js';
import type { AcademyRow } from '../academies/lookup.js';
import { declinedMessages } from '../consents/service.js';
import { messagingOf, optedOutAmong, tell } from '../messages/enqueue.js';
import { quotedName } from './sign-in.js';

type AnnouncementRow = typeof announcements.$inferSelect;

interface Recipient {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  language: FamilyLanguage;
  smsDeclined: boolean;
  emailDeclined: boolean;
}

/** The parents an audience reaches: every parent of a player of the academy, of the team's players, or of the one player. */
async function recipientsOf(tx: TenantTx, body: ParsedAnnouncementBody): Promise<Recipient[]> {
  let players: string[] | null = null;
  if (body.audience === 'team' && body.teamId) {
    const [team] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, body.teamId));
    if (!team) throw notFound('team.not_found');
    players = (await tx.select({ id: teamPlayers.playerId }).from(teamPlayers).where(eq(teamPlayers.teamId, body.teamId))).map((r) => r.id);
  } else if (body.audience === 'family' && body.playerId) {
    const [player] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, body.playerId), eq(users.role, 'PLAYER')));
    if (!player) throw notFound('player.not_found');
    players = [player.id];
  }
  if (players && players.length === 0) return [];
  const rows = await tx
    .selectDistinct({
      id: users.id,
      email: users.email,
      phoneNumber: users.phoneNumber,
      language: users.language,
      smsDeclined: declinedMessages(users.id, 'messages_sms'),
      emailDeclined: declinedMessages(users.id, 'messages_email'),
    })
    .from(parentPlayers)
    .innerJoin(users, eq(users.id, parentPlayers.parentId))
    // A guardian not yet checked (a public registration whose code was not confirmed) is not reached.
    .where(
      and(eq(users.role, 'PARENT'), isNotNull(users.guardianConfirmedAt), players ? inArray(parentPlayers.playerId, players) : undefined),
    );
  return rows.map((r) => ({ ...r, language: r.language ?? 'ar' }));
}

const nameRef = (id: string | null, name: string | null, nameArabic: string | null) => (id && name ? { id, name, nameArabic } : null);

/** The academy's announcements, newest first, with reach (recipients) and how many opened: one statement. */
export async function listAnnouncements(tx: TenantTx): Promise<Announcement[]> {
  const rows = await tx
    .select({
      a: announcements,
      teamName: teams.name,
      teamNameArabic: teams.nameArabic,
      playerName: users.name,
      playerNameArabic: users.nameArabic,
      recipients: sql<number>`(select count(*)::int from ${announcementRecipients} r where r.announcement_id = ${announcements.id})`,
      opened: sql<number>`(select count(*)::int from ${announcementRecipients} r where r.announcement_id = ${announcements.id} and r.opened_at is not null)`,
    })
    .from(announcements)
    .leftJoin(teams, eq(teams.id, announcements.teamId))
    .leftJoin(users, eq(users.id, announcements.playerId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(200);
  return rows.map((r) => ({
    ...fieldsOf(r.a, r),
    sms: r.a.sms,
    author: nameRef(r.a.authorId, r.a.authorName, r.a.authorNameArabic),
    recipients: r.recipients,
    opened: r.opened,
  }));
}

function fieldsOf(
  a: AnnouncementRow,
  names: { teamName: string | null; teamNameArabic: string | null; playerName: string | null; playerNameArabic: string | null },
) {
  return {
    id: a.id,
    audience: a.audience,
    team: nameRef(a.teamId, names.teamName, names.teamNameArabic),
    player: nameRef(a.playerId, names.playerName, names.playerNameArabic),
    title: a.title,
    titleArabic: a.titleArabic,
    body: a.body,
    bodyArabic: a.bodyArabic,
    createdAt: a.createdAt.toISOString(),
  };
}

const FOOTER = {
  en: (academy: string, link: string) => `— ${academy}. Read it and your children's schedule in the family portal: ${link}`,
  ar: (academy: string, link: string) => `— ${academy}. اقرأه وجدول أبنائك في بوابة الأسرة: ${link}`,
} as const;

/** An announcement in one language: that language's title and text where given, else the other. */
export function inLanguage(
  a: { title: string; titleArabic: string | null; body: string; bodyArabic: string | null },
  language: FamilyLanguage,
) {
  return language === 'ar' ? { title: a.titleArabic ?? a.title, body: a.bodyArabic ?? a.body } : { title: a.title, body: a.body };
}

/**
 * `POST /api/announcements`: recorded with a row per parent it reaches (their language with it),
 * then mailed to each address once, in that parent's language (and texted when asked and SMS is
 * configured), after the transaction commits.
 */
export async function createAnnouncement(
  deps: AppDeps,
  sms: SmsSender,
  budget: SmsBudget,
  academy: AcademyRow,
  author: { id: string; name: string; nameArabic: string | null },
  body: ParsedAnnouncementBody,
  run: (work: () => Promise<unknown>) => void,
): Promise<Announcement> {
  const now = deps.clock.now();
  const { row, recipients, optedOut } = await deps.data.tenant(academy.id, async (tx) => {
    const recipients = await recipientsOf(tx, body);
    // A parent who opted out of messages is neither mailed nor texted: the announcement stays readable in their portal.
    const optedOut = await optedOutAmong(
      tx,
      recipients.map((r) => r.id),
    );
    const [row] = await tx
      .insert(announcements)
      .values({
        academyId: academy.id,
        audience: body.audience,
        teamId: body.audience === 'team' ? body.teamId : null,
        playerId: body.audience === 'family' ? body.playerId : null,
        title: body.title,
        titleArabic: body.titleArabic,
        body: body.body,
        bodyArabic: body.bodyArabic,
        // Texts only from an academy whose owner confirmed their e-mail (docs/domain.md, "Text messages").
        sms: body.sms && sms.configured && academy.ownerVerifiedAt !== null,
        authorId: author.id,
        authorName: author.name,
        authorNameArabic: author.nameArabic,
        createdAt: now,
      })
      .returning();
    if (recipients.length > 0)
      await tx
        .insert(announcementRecipients)
        .values(recipients.map((r) => ({ academyId: academy.id, announcementId: row.id, parentId: r.id, language: r.language })));
    // Its messages (docs/domain.md, "Messages: every one accounted for"): the mail below recorded as sent (not to
    // a parent who said no to e-mails: none is sent them), push and WhatsApp queued for the parents who chose them;
    // the text goes below, only when staff ask.
    const reached = recipients.filter((r) => !optedOut.has(r.id));
    for (const mailed of [true, false]) {
      await tell(
        tx,
        messagingOf(deps.config),
        {
          kind: 'announcement',
          cause: `announcement:${row.id}`,
          path: '/family/announcements',
          alreadySent: mailed ? { channels: ['email'], at: now } : undefined,
          only: ['push', 'whatsapp'],
        },
        reached
          .filter((r) => r.emailDeclined !== mailed)
          .map((r) => ({ userId: r.id, words: (lang: FamilyLanguage) => ({ title: inLanguage(row, lang).title }) })),
      );
    }
    return { row, recipients, optedOut };
  });
  const link = academyUrl(deps.config, academy.handle, '/family');
  const mailed = new Set<string>();
  const texted = new Set<string>();
  const sendSms = row.sms;
  run(async () => {
    for (const r of recipients) {
      if (optedOut.has(r.id)) continue;
      const { title, body: text } = inLanguage(row, r.language);
      const academyName = r.language === 'ar' ? (academy.nameArabic ?? academy.name) : academy.name;
      // A parent who said no to e-mails or texts in their children's consents gets neither (the portal still shows it).
      const email = r.emailDeclined ? null : r.email?.trim().toLowerCase();
      if (email && !mailed.has(email)) {
        mailed.add(email);
        await deps.mailer.send({
          academyId: academy.id,
          to: email,
          subject: `${academyName}: ${title}`,
          text: `${text}\n\n${FOOTER[r.language](academyName, link)}`,
        });
      }
      const phone = r.phoneNumber && !r.smsDeclined ? saudiMobile(r.phoneNumber) : null;
      if (sendSms && phone && !texted.has(phone)) {
        texted.add(phone);
        // Within the caps of every number, the academy's day and everyone's hour (sms/budget.ts; a refusal is logged there).
        if (await budget.take(academy.id, phone)) continue;
        // Kora's own words open the text: the academy's (capped) name and words follow, never lead.
        const from = r.language === 'ar' ? `كورة: رسالة من ${quotedName(academyName)}` : `Kora: message from ${quotedName(academyName)}`;
        await sms.send({ academyId: academy.id, to: phone, text: `${from}\n${title}\n${text}`.slice(0, 600) }).catch(() => {});
      }
    }
  });
  const { teamId, playerId } = row;
  const [team] = teamId ? await deps.data.tenant(academy.id, (tx) => tx.select().from(teams).where(eq(teams.id, teamId))) : [];
  const [player] = playerId ? await deps.data.tenant(academy.id, (tx) => tx.select().from(users).where(eq(users.id, playerId))) : [];
  return {
    ...fieldsOf(row, {
      teamName: team?.name ?? null,
      teamNameArabic: team?.nameArabic ?? null,
      playerName: player?.name ?? null,
      playerNameArabic: player?.nameArabic ?? null,
    }),
    sms: row.sms,
    author: nameRef(author.id, author.name, author.nameArabic),
    recipients: recipients.length,
    opened: 0,
  };
}

/** The announcements this family received, newest first, with when it first opened each. */
export async function familyAnnouncements(tx: FamilyTx): Promise<FamilyAnnouncement[]> {
  const rows = await tx
    .select({
      a: announcements,
      teamName: teams.name,
      teamNameArabic: teams.nameArabic,
      playerName: users.name,
      playerNameArabic: users.nameArabic,
      openedAt: sql<
        string | null
      >`(select min(r.opened_at) from ${announcementRecipients} r where r.announcement_id = ${announcements.id})`,
    })
    .from(announcements)
    .leftJoin(teams, eq(teams.id, announcements.teamId))
    .leftJoin(users, eq(users.id, announcements.playerId))
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(200);
  return rows.map((r) => ({ ...fieldsOf(r.a, r), openedAt: r.openedAt ? new Date(r.openedAt).toISOString() : null }));
}

/** Marks an announcement opened by this family (the first time counts); 404 when it was not sent to it. */
export async function openAnnouncement(tx: FamilyTx, id: string, now: Date) {
  const mine = await tx
    .select({ parentId: announcementRecipients.parentId })
    .from(announcementRecipients)
    .where(eq(announcementRecipients.announcementId, id));
  if (mine.length === 0) throw notFound('announcement.not_found');
  await tx
    .update(announcementRecipients)
    .set({ openedAt: now })
    .where(and(eq(announcementRecipients.announcementId, id), isNull(announcementRecipients.openedAt)));
}
