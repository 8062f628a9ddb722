import type { AttentionNotice } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { AppDeps } from '../../deps.js';
import { academyDayKey, smsCaps } from '../../sms/budget.js';

/**
 * The bell's notices about the academy itself (docs/domain.md, "Text messages"), in one statement: texts are off until the owner confirms their e-mail; the academy's own
 * daily cap of texts is reached (its next text would be refused), until its 24 hours end.
 */
export async function academyNotices(deps: Pick<AppDeps, 'data' | 'config'>, academyId: string, now: Date): Promise<AttentionNotice[]> {
  const [row] = await deps.data.system(async (tx) =>
    rowsOf<{ owner_verified_at: string | Date | null; owner_email: string; count: number | null; reset_at: string | Date | null }>(
      await tx.execute(sql`
        select a.owner_verified_at, a.owner_email, c.count, c.reset_at
        from academies a left join counters c on c.key = ${academyDayKey(academyId)} and c.reset_at > ${now.toISOString()}::timestamptz
        where a.id = ${academyId}`),
    ),
  );
  if (!row) return [];
  const notices: AttentionNotice[] = [];
  if (!row.owner_verified_at) notices.push({ kind: 'sms_owner_unverified', email: row.owner_email });
  const limit = smsCaps(deps.config).academy_day;
  if (row.count !== null && Number(row.count) >= limit && row.reset_at)
    notices.push({ kind: 'sms_academy_cap', limit, until: new Date(row.reset_at).toISOString() });
  return notices;
}
