import { AREAS, type Area, flagsBeyond, type PermissionFlags, readFlag, writeFlag } from '@kora/contracts';

/**
 * A checkbox change of the account type dialog. Writing an area implies reading it
 * (docs/domain.md, "Roles and permissions"): ticking write ticks read, unticking read unticks write.
 */
export function toggleFlag(flags: PermissionFlags, area: Area, kind: 'read' | 'write', on: boolean): PermissionFlags {
  const next = { ...flags };
  if (kind === 'write') {
    next[writeFlag(area)] = on;
    if (on) next[readFlag(area)] = true;
  } else {
    next[readFlag(area)] = on;
    if (!on) next[writeFlag(area)] = false;
  }
  return next;
}

/** The areas a type grants, with whether it writes them, in navigation order. */
export const grantedAreas = (flags: Partial<PermissionFlags>) =>
  AREAS.filter((a) => flags[readFlag(a)] || flags[writeFlag(a)]).map((area) => ({ area, write: !!flags[writeFlag(area)] }));

/** The account types a user may give: none of their flags beyond the user's own (the server checks the same). */
export const givableTypes = <T extends Partial<PermissionFlags>>(types: T[], own: Partial<PermissionFlags> | null | undefined) =>
  types.filter((t) => flagsBeyond(t, own).length === 0);
