import { daysBetween, REMINDER_STAGES, type ReminderStage, riyadhToday } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import { rowsOf } from '../../db/client.js';
import { academies } from '../../db/schema.js';
import type { DataAccess } from '../../db/tenant.js';
import { academyUrl } from '../../http/host.js';
import { arabicOr, countIn, DAYS_AR, DAYS_EN, packageAr, SESSIONS_AR, SESSIONS_EN } from '../../lib/arabic.js';
import type { Clock } from '../../lib/clock.js';
import { everyInterval } from '../../lib/schedule.js';
import type { Mail, Mailer } from '../../mail/mailer.js';
import type { MessagingConfig } from '../messages/enqueue.js';
import { tellPaymentDue } from '../messages/payments.js';
import { refreshSubscriptionStates } from '../subscriptions/activate.js';
import { attentionRules } from './service.js';

export interface ReminderDeps {
  data: DataAccess;
  config: Pick<Config, 'publicProtocol' | 'baseDomain'>;
  mailer: Pick<Mailer, 'send'>;
  /** With it, each claimed reminder also tells the parents' other chosen channels (messages/payments.ts `tellPaymentDue`). */
  messaging?: MessagingConfig;
}

/** One reminder e-mail sent (one per parent address of the subscription's player). */
export interface SentReminder {
  subscriptionId: string;
  stage: ReminderStage;
  to: string;
  link: string;
}

export interface Claimed {
  subscription_id: string;
  stage: ReminderStage;
  status: string;
  sessions_left: number | null;
  end_date: string | null;
  email: string;
  player_name: string;
  player_name_arabic: string | null;
  package_name: string;
  package_name_arabic: string | null;
  academy_name: string;
  academy_name_arabic: string | null;
  handle: string;
}

/** The parent's payment page: the first payment while PENDING, otherwise the renewal (docs/domain.md). */
export function paymentLink(config: ReminderDeps['config'], handle: string, subscriptionId: string, status: string) {
  const page = status === 'PENDING' ? 'initial-subscription' : 'renew-subscription';
  return academyUrl(config, handle, `/${page}/${subscriptionId}`);
}

/**
 * The reminder in both languages (users carry no language of their own): English first, then
 * Arabic with the Arabic names where they exist and its own plural forms, the payment link under
 * each. `today` is the academy's date (Asia/Riyadh), for the days left.
 */
export function reminderMail(c: Claimed, link: string, today: string): Omit<Mail, 'academyId' | 'to'> {
  const academy = c.academy_name;
  const academyAr = arabicOr(c.academy_name_arabic, academy);
  const player = c.player_name;
  const playerAr = arabicOr(c.player_name_arabic, player);
  const pkg = c.package_name;
  const pkgAr = packageAr(arabicOr(c.package_name_arabic, pkg));
  const n = Number(c.sessions_left ?? 0);
  const sessionsLeft = {
    en: n === 0 ? 'no sessions' : countIn('en', n, SESSIONS_EN),
    ar: n === 0 ? `لم تتبقَّ لـ${playerAr} أي حصة` : `تبقّى لـ${playerAr} ${countIn('ar', n, SESSIONS_AR)}`,
  };
  const days = c.end_date ? Math.max(0, daysBetween(today, c.end_date)) : 0;
  const inDays = {
    en: days === 0 ? 'today' : `in ${countIn('en', days, DAYS_EN)}`,
    ar: days === 0 ? 'اليوم' : `بعد ${countIn('ar', days, DAYS_AR)}`,
  };
  const texts: Record<ReminderStage, { subject: [string, string]; en: string; ar: string }> = {
    low_sessions: {
      subject: [`${player} has ${sessionsLeft.en} left`, `${playerAr}: حصص قليلة متبقية`],
      en: `${player} has ${sessionsLeft.en} left in the ${pkg} package at ${academy}. Renew the subscription so training goes on without a break:`,
      ar: `${sessionsLeft.ar} في ${pkgAr} لدى ${academyAr}. جدّد الاشتراك ليستمر التدريب دون انقطاع:`,
    },
    ending_soon: {
      subject: [`${player}'s subscription ends on ${c.end_date}`, `ينتهي اشتراك ${playerAr} في ${c.end_date}`],
      en: `${player}'s ${pkg} subscription at ${academy} ends on ${c.end_date} (${inDays.en}). Renew it so training goes on without a break:`,
      ar: `ينتهي اشتراك ${playerAr} في ${pkgAr} لدى ${academyAr} ${inDays.ar}، بتاريخ ${c.end_date}. جدّد الاشتراك ليستمر التدريب دون انقطاع:`,
    },
    pending_payment: {
      subject: [`${player}'s subscription is waiting for its payment`, `اشتراك ${playerAr} بانتظار الدفع`],
      en: `${player}'s ${pkg} subscription at ${academy} is waiting for its payment. Pay here to activate it:`,
      ar: `اشتراك ${playerAr} في ${pkgAr} لدى ${academyAr} بانتظار الدفع. ادفع من الرابط التالي لتفعيله:`,
    },
  };
  const t = texts[c.stage];
  return {
    subject: `${academy}: ${t.subject[0]} / ${t.subject[1]}`,
    text: [t.en, link, '', t.ar, link, '', `— ${academy}`].join('\n'),
  };
}

/**
 * Mails parents what their child's subscriptions need (docs/domain.md, "What needs attention"):
 * low on sessions, ending within 7 days, or waiting for the first payment — once per subscription
 * and stage, ever. One statement claims the due reminders by inserting them into
 * subscription_reminders (`on conflict do nothing`) and answers only the rows it inserted with the
 * parents' addresses, so runs in several processes, or twice, never mail twice. Only subscriptions
 * whose player has a parent with an e-mail are claimed (one added later still gets the reminder).
 * The mails are queued after the claim commits (the mailer has its own transaction).
 */
export async function sendDueReminders(deps: ReminderDeps, academyId: string, now: Date): Promise<SentReminder[]> {
  const claimed = await deps.data.tenant(academyId, async (tx) => {
    await refreshSubscriptionStates(tx, now);
    const rules = attentionRules(now);
    const due = sql.join(
      REMINDER_STAGES.map((stage) => sql`select ${stage}::text as stage, r.subscription_id from (${rules[stage]}) as r`),
      sql` union all `,
    );
    const parentEmails = sql`
      select distinct lower(trim(par.email)) as email
      from parent_players pp join users par on par.id = pp.parent_id
      where pp.player_id = s.player_id and nullif(trim(par.email), '') is not null`;
    const rows = rowsOf<Claimed>(
      await tx.execute(sql`
        with due as (${due}),
        claimed as (
          insert into subscription_reminders (academy_id, subscription_id, stage, sent_at)
          select ${tx.academyId}::uuid, d.subscription_id, d.stage, ${now.toISOString()}::timestamptz
          from due d join subscriptions s on s.id = d.subscription_id
          where exists (${parentEmails})
          on conflict (academy_id, subscription_id, stage) do nothing
          returning subscription_id, stage
        )
        select c.subscription_id, c.stage, s.status, s.sessions_left, to_char(s.end_date, 'YYYY-MM-DD') as end_date, e.email,
          u.name as player_name, u.name_arabic as player_name_arabic, pk.name as package_name, pk.name_arabic as package_name_arabic,
          a.name as academy_name, a.name_arabic as academy_name_arabic, a.handle
        from claimed c
        join subscriptions s on s.id = c.subscription_id
        join users u on u.id = s.player_id
        join packages pk on pk.id = s.package_id
        join academies a on a.id = s.academy_id
        cross join lateral (${parentEmails}) as e
        order by c.subscription_id, c.stage, e.email`),
    );
    // The same moment, on the channels each parent chose; the mail below is recorded as sent, not sent twice.
    if (deps.messaging)
      await tellPaymentDue(
        tx,
        deps.messaging,
        rows.map((c) => ({ subscriptionId: c.subscription_id, stage: c.stage })),
        now,
      );
    return rows;
  });

  const sent: SentReminder[] = [];
  for (const c of claimed) {
    const link = paymentLink(deps.config, c.handle, c.subscription_id, c.status);
    await deps.mailer.send({ academyId, to: c.email, ...reminderMail(c, link, riyadhToday(now)) });
    sent.push({ subscriptionId: c.subscription_id, stage: c.stage, to: c.email, link });
  }
  return sent;
}

interface Logger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Runs the reminders of every academy, each in its own tenant transaction; one academy's failure does not stop the others. */
export async function sendAllDueReminders(deps: ReminderDeps, now: Date, log: Logger) {
  const ids = await deps.data.system((tx) => tx.select({ id: academies.id }).from(academies));
  let sent = 0;
  for (const { id } of ids) {
    try {
      sent += (await sendDueReminders(deps, id, now)).length;
    } catch (err) {
      log.error({ err, academyId: id }, 'subscription reminders failed; the next run tries again');
    }
  }
  if (sent > 0) log.info({ sent }, 'subscription reminders queued');
  return sent;
}

export const REMINDERS_EVERY_MS = 3600_000;

/**
 * The hourly reminder run of the server (main.ts): once at start, then every hour; never two runs
 * at once in a process (several processes are safe by the claim). The timer does not keep the
 * process alive, and `stop` waits for a run in progress.
 */
export function startReminders(deps: ReminderDeps & { clock: Clock }, log: Logger, everyMs = REMINDERS_EVERY_MS) {
  return everyInterval(
    () => sendAllDueReminders(deps, deps.clock.now(), log),
    everyMs,
    (err) => log.error({ err }, 'subscription reminders failed; the next run tries again'),
  );
}
