import { ATTENTION_KINDS, type AttentionItem, type AttentionKind } from '@kora/contracts';

/** The bell's badge: nothing at 0, the count up to 9, then "9+". */
export function badgeLabel(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 9 ? '9+' : String(Math.floor(count));
}

export interface AttentionGroup {
  kind: AttentionKind;
  items: AttentionItem[];
}

/** Items grouped by kind in the fixed order of ATTENTION_KINDS (the server's order kept within a group); empty kinds left out. */
export function groupAttention(items: readonly AttentionItem[]): AttentionGroup[] {
  return ATTENTION_KINDS.map((kind) => ({ kind, items: items.filter((i) => i.kind === kind) })).filter((g) => g.items.length > 0);
}

export { canSeeAttention } from './visible';
