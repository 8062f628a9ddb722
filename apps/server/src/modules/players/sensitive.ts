import { canReadSensitive } from '@kora/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { academies } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { authOf } from '../../http/access.js';
import { noteSensitiveRead, type SensitiveRead } from '../../http/audit.js';

/**
 * What of players' medical conditions and national ids a member's answers carry (docs/domain.md,
 * "Data map"): everything with medical and identity; a coach without it, the conditions of the
 * players of their own teams and events when the academy lets coaches see them; anyone else, only
 * the `hasMedicalNote` marker.
 */
export interface SensitiveView {
  identity: boolean;
  medical: 'all' | 'none' | { coachId: string };
}

export const FULL_VIEW: SensitiveView = { identity: true, medical: 'all' };
export const NO_SENSITIVE: SensitiveView = { identity: false, medical: 'none' };

/** The view of the request's member; a coach's asks the academy's setting (one statement, coaches without the flag only). */
export async function sensitiveViewOf(req: FastifyRequest): Promise<SensitiveView> {
  const { user } = authOf(req);
  if (canReadSensitive(user.accountType)) return FULL_VIEW;
  if (user.role !== 'COACH') return NO_SENSITIVE;
  const allowed = await req.tenant(async (tx) => coachesSeeMedical(tx));
  return { identity: false, medical: allowed ? { coachId: user.id } : 'none' };
}

async function coachesSeeMedical(tx: TenantTx) {
  const [row] = await tx.select({ on: academies.coachesSeeMedical }).from(academies).where(eq(academies.id, tx.academyId));
  return row?.on ?? false;
}

/** What a cached list varies by: the view (a coach's own players differ from another coach's). */
export const viewKey = (view: SensitiveView) =>
  `${view.identity ? 'identity' : '-'} ${typeof view.medical === 'string' ? view.medical : `coach ${view.medical.coachId}`}`;

/** Whether the player `playerId` (an SQL expression) is one whose condition the view shows. */
function medicalSeen(view: SensitiveView, playerId: SQL): SQL {
  if (view.medical === 'all') return sql`true`;
  if (view.medical === 'none') return sql`false`;
  const coachId = view.medical.coachId;
  return sql`(exists (select 1 from team_players stp join team_coaches stc on stc.academy_id = stp.academy_id and stc.team_id = stp.team_id
      where stp.player_id = ${playerId} and stc.coach_id = ${coachId})
    or exists (select 1 from participants sp join event_coaches sec on sec.academy_id = sp.academy_id and sec.event_id = sp.event_id
      where sp.user_id = ${playerId} and sec.coach_id = ${coachId}))`;
}

/** The columns of a player row `u` (an alias) as the view answers them: condition, its marker, national id. */
export const conditionSql = (view: SensitiveView, u: SQL) => sql`case when ${medicalSeen(view, sql`${u}.id`)} then ${u}.condition end`;
export const hasMedicalNoteSql = (u: SQL) => sql`(${u}.condition is not null)`;
export const nationalIdSql = (view: SensitiveView, u: SQL) => (view.identity ? sql`${u}.national_id` : sql`null::text`);
/** A player's photo, none once the photo consent is withdrawn (consents, docs/domain.md). */
export const avatarSql = (u: SQL) => sql`case when ${u}.photo_withheld then null else ${u}.avatar end`;

interface SensitiveRow {
  id: string;
  condition?: string | null;
  nationalId?: string | null;
}

/** Whose condition or national id these rows carry, for the request's one audit row. */
export function sensitiveReadOf(rows: SensitiveRow[]): SensitiveRead {
  const fields = new Set<'condition' | 'nationalId'>();
  const ids = new Set<string>();
  for (const r of rows) {
    if (r.condition != null) fields.add('condition');
    if (r.nationalId != null) fields.add('nationalId');
    if (r.condition != null || r.nationalId != null) ids.add(r.id);
  }
  return { fields: [...fields].sort(), playerIds: [...ids] };
}

/** Notes the players whose condition or national id this answer carries (http/audit.ts). */
export const auditSensitive = (req: FastifyRequest, rows: SensitiveRow[]) => noteSensitiveRead(req, sensitiveReadOf(rows));
