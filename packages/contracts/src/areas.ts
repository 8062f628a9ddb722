/** Permission areas and flags; no zod here, so the web's first bundle stays small. */
import { recordOf } from './records.js';

/** The eight permission areas, in navigation order (docs/domain.md, "Roles and permissions"). */
export const AREAS = ['Dashboard', 'MyTrainings', 'ManageTeam', 'Players', 'Growth', 'Coaches', 'Schedule', 'Settings'] as const;
export type Area = (typeof AREAS)[number];

export type ReadFlag = `canRead${Area}`;
export type WriteFlag = `canWrite${Area}`;
/**
 * Beyond the areas, one read-only flag: players' medical conditions and national ids (docs/domain.md,
 * "Data map"). Without it a member gets a player's `hasMedicalNote` marker but never the note or the id.
 */
export const SENSITIVE_FLAG = 'canReadMedicalIdentity';
export type SensitiveFlag = typeof SENSITIVE_FLAG;
export type PermissionFlag = ReadFlag | WriteFlag | SensitiveFlag;

export const readFlag = (area: Area): ReadFlag => `canRead${area}`;
export const writeFlag = (area: Area): WriteFlag => `canWrite${area}`;

/** The 17 flags: read then write per area, then medical and identity. */
export const PERMISSION_FLAGS: PermissionFlag[] = [...AREAS.flatMap((a) => [readFlag(a), writeFlag(a)]), SENSITIVE_FLAG];

export type PermissionFlags = Record<PermissionFlag, boolean>;

export const allFlags = (value: boolean): PermissionFlags => recordOf(PERMISSION_FLAGS, () => value);

/** The default account types: Admin has everything (medical and identity too); Coach reads Dashboard, MyTrainings, Schedule, Players, Growth and writes MyTrainings, Growth. */
export const ADMIN_FLAGS: PermissionFlags = allFlags(true);
export const COACH_FLAGS: PermissionFlags = {
  ...allFlags(false),
  canReadDashboard: true,
  canReadMyTrainings: true,
  canWriteMyTrainings: true,
  canReadSchedule: true,
  canReadPlayers: true,
  canReadGrowth: true,
  canWriteGrowth: true,
};

export const canRead = (flags: Partial<PermissionFlags> | null | undefined, area: Area) => !!flags?.[readFlag(area)];
export const canWrite = (flags: Partial<PermissionFlags> | null | undefined, area: Area) => !!flags?.[writeFlag(area)];
export const canReadSensitive = (flags: Partial<PermissionFlags> | null | undefined) => !!flags?.[SENSITIVE_FLAG];

/** Writing an area implies reading it: a saved account type's flags with each written area's read flag set. */
export const normaliseFlags = (flags: PermissionFlags): PermissionFlags => {
  const out = { ...flags };
  for (const area of AREAS) if (out[writeFlag(area)]) out[readFlag(area)] = true;
  return out;
};

/** The flags of `flags` that `own` lacks (empty: `flags` gives nothing beyond `own`). */
export const flagsBeyond = (flags: Partial<PermissionFlags>, own: Partial<PermissionFlags> | null | undefined): PermissionFlag[] =>
  PERMISSION_FLAGS.filter((f) => flags[f] && !own?.[f]);
