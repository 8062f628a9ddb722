// Each language's catalog is loaded in parts (lib/i18n.tsx, built by vite.config.ts `catalogs`): the signed-in
// shell waits only for `core`; `errors` (the server's codes in words) arrives beside the screen's code; `public`
// (the public site, sign-in, the parents' portal) only where a page of those is shown; `settings` with Settings.

export const MESSAGE_PARTS = ['core', 'errors', 'public', 'settings', 'tools'] as const;
export type MessagePart = (typeof MESSAGE_PARTS)[number];

/** Only the public pages, the sign-in pages, the payment pages, the owner's confirmation and the parents' portal use these (never the staff app). */
const PUBLIC = /^(page|landing|family|refundPolicy|login|forgot|footer|paymentPage|paymentResult|owner)\./;

/**
 * Only Settings' screens use these: their part loads with Settings' layout (routes/app/settings/settings.route.ts).
 * Settings → Messages' own texts too, but not the names of kinds and channels, which the parents' portal shows; and the
 * dashboard's money block (`collections.`), shown only to members who read Settings (features/dashboard/Collections.tsx loads it).
 */
const SETTINGS = /^((einvoicing|academyProfile|familySettings|privileges|creditNote|collections|privacy)\.|messages\.(?!kind\.|channel\.))/;

/**
 * Occasional work opened from a list: the attendance report (its route loads them) and the players import dialog (its
 * chunk does); the entries that open them and the export menu stay in `core`, shown with their lists.
 */
const TOOLS = /^(attendanceReport\.(?!open$)|playerImport\.(?!open$|export))/;

/** The part of the catalogs a message id belongs to. */
export const partOf = (id: string): MessagePart =>
  id.startsWith('errors.') ? 'errors' : PUBLIC.test(id) ? 'public' : SETTINGS.test(id) ? 'settings' : TOOLS.test(id) ? 'tools' : 'core';
