import { COLORS, type Color } from '@kora/contracts';

/** Team colours (docs/domain.md, "Teams, coaches and players"): an unknown colour maps to the same name, a missing one to grey. */
export const COLOR_HEX: Record<Color, string> = {
  BLUE: '#2563eb',
  ORANGE: '#f97316',
  GREEN: '#16a34a',
  RED: '#dc2626',
  YELLOW: '#eab308',
  PURPLE: '#9333ea',
  BLACK: '#111827',
  WHITE: '#ffffff',
  GREY: '#9ca3af',
  BROWN: '#92400e',
  PINK: '#ec4899',
};
export const colorHex = (c: string | null | undefined) => COLOR_HEX[COLORS.find((k) => k === c?.toUpperCase()) ?? 'GREY'];

export function ColorDot({ color, className = 'size-3' }: { color: string | null | undefined; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 rounded-full ring-1 ring-black/10 ${className}`}
      style={{ backgroundColor: colorHex(color) }}
    />
  );
}
