/**
 * Current academy selection order (docs/domain.md, "Shared controls and waits"): the response's currentAcademyId, then the
 * stored one, then the first academy; an id not among the user's academies falls back to the first.
 */
export function selectAcademy(
  academyIds: string[],
  fromResponse: string | null | undefined,
  stored: string | null | undefined,
): string | null {
  if (academyIds.length === 0) return null;
  const chosen = fromResponse ?? stored ?? academyIds[0];
  if (academyIds.includes(chosen)) return chosen;
  console.warn(`Academy ${chosen} is not among the user's academies; using the first one.`);
  return academyIds[0];
}
