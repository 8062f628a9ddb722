import type { Area } from '@kora/contracts';

/**
 * The area a route guard last refused. The guard redirects to the dashboard; the shell then takes the
 * note and says why with a toast, so nobody is moved silently. Taking clears it: one toast per refusal.
 */
let denied: Area | null = null;

export function noteDenied(area: Area) {
  denied = area;
}

export function takeDenied(): Area | null {
  const area = denied;
  denied = null;
  return area;
}
