/**
 * Retention (docs/domain.md, "Privacy requests"): players with no activity for the academy's
 * `retention_years` are listed for review and erased on confirmation (erasure.ts); the audit trail
 * and login records are kept AUDIT_RETENTION_MONTHS / LOGIN_RETENTION_MONTHS, then purged by the
 * daily job, which also deletes data exports past their 24 hours.
 */
import { AUDIT_RETENTION_MONTHS, addMonthsIso, addYears, LOGIN_RETENTION_MONTHS, riyadhDayStart, riyadhToday } from '@kora/contracts';
import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf } from '../../db/client.js';
import { riyadhDay } from '../../db/riyadh.js';
import { academies, familyCodes, familySessions, passwordResets, sessions } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { everyInterval } from '../../lib/schedule.js';
import { type ErasureDeps, OPEN_SUBSCRIPTION_STATUSES, reapplyErasures } from './erasure.js';
import { expireExports } from './export.js';

/** Players inactive since before the academy's cutoff: no session, subscription, record or change since. */
export async function inactivePlayers(tx: TenantTx, now: Date) {
  const [academy] = await tx.select({ years: academies.retentionYears }).from(academies).where(eq(academies.id, tx.academyId));
  const cutoff = addYears(riyadhToday(now), -academy.years);
  const open = sql.join(
    OPEN_SUBSCRIPTION_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = rowsOf<{ id: string; name: string; name_arabic: string | null; last_activity: string | null }>(
    await tx.execute(sql`
      select u.id, u.name, u.name_arabic, greatest(
          ${riyadhDay(sql`u.updated_at`)},
          (select max(e.date) from participants p join events e on e.id = p.event_id where p.user_id = u.id),
          (select max(coalesce(s.end_date, ${riyadhDay(sql`s.updated_at`)})) from subscriptions s where s.player_id = u.id),
          (select max(g.date) from growth_metrics g where g.player_id = u.id)
        )::text as last_activity
        from users u
       where u.role = 'PLAYER' and u.erased_at is null
         and not exists (select 1 from subscriptions s where s.player_id = u.id and s.status in (${open}))
    `),
  );
  return {
    years: academy.years,
    players: rows
      .filter((r) => r.last_activity === null || r.last_activity < cutoff)
      .map((r) => ({ id: r.id, name: r.name, nameArabic: r.name_arabic, lastActivity: r.last_activity }))
      .sort((a, b) => (a.lastActivity ?? '').localeCompare(b.lastActivity ?? '') || a.name.localeCompare(b.name)),
  };
}

/**
 * The purge: audit events older than AUDIT_RETENTION_MONTHS (privacy_purge_audit, migration 0045),
 * member and parent sessions and reset links ended or unused for LOGIN_RETENTION_MONTHS, sign-in
 * codes as old, and ready exports past their time; and erasures a restore brought back are done
 * again (reapplyErasures). Answers what it deleted.
 */
export async function purgeExpired(deps: PurgeDeps) {
  const today = riyadhToday(deps.now());
  const auditBefore = riyadhDayStart(addMonthsIso(today, -AUDIT_RETENTION_MONTHS));
  const loginBefore = riyadhDayStart(addMonthsIso(today, -LOGIN_RETENTION_MONTHS));
  const { audit, logins, academyIds } = await deps.data.system(async (tx) => {
    const audit = Number(
      rowsOf<{ n: string | number }>(await tx.execute(sql`select privacy_purge_audit(${auditBefore.toISOString()}::timestamptz) as n`))[0]
        .n,
    );
    const memberSessions = await tx
      .delete(sessions)
      .where(or(and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, loginBefore)), lt(sessions.lastSeenAt, loginBefore)))
      .returning({ id: sessions.id });
    const parentSessions = await tx
      .delete(familySessions)
      .where(
        or(and(isNotNull(familySessions.revokedAt), lt(familySessions.revokedAt, loginBefore)), lt(familySessions.lastSeenAt, loginBefore)),
      )
      .returning({ id: familySessions.id });
    const resets = await tx.delete(passwordResets).where(lt(passwordResets.createdAt, loginBefore)).returning({ id: passwordResets.id });
    const ids = await tx.select({ id: academies.id }).from(academies);
    return { audit, logins: memberSessions.length + parentSessions.length + resets.length, academyIds: ids.map((a) => a.id) };
  });
  let codes = 0;
  let exports = 0;
  for (const academyId of academyIds) {
    codes += (
      await deps.data.tenant(academyId, (tx) =>
        tx.delete(familyCodes).where(lt(familyCodes.createdAt, loginBefore)).returning({ id: familyCodes.id }),
      )
    ).length;
    exports += await expireExports(deps, academyId);
  }
  const erasedAgain = await reapplyErasures(deps, academyIds);
  return { audit, logins, codes, exports, erasedAgain };
}

type PurgeDeps = ErasureDeps & { dataDir: string };

export const PURGE_EVERY_MS = 24 * 3600_000;

/** The daily purge of the server (main.ts): once at start, then every day. */
export function startPrivacyPurge(deps: PurgeDeps, log: FastifyBaseLogger) {
  return everyInterval(
    async () => {
      const done = await purgeExpired(deps);
      log.info(done, 'privacy purge');
    },
    PURGE_EVERY_MS,
    (err) => log.error({ err }, 'privacy purge failed; the next run tries again'),
  );
}
