/**
 * What a payment tells the paying parents (docs/domain.md, "Messages: every one accounted for"): its
 * receipt, a card payment that did not go through, a refund. The receipt mail (payments/mails.ts, with
 * the invoice and its PDF) still goes to every parent with an e-mail as before: it is recorded here
 * as sent, and the parents' other chosen channels carry the short text with the link.
 */
import { type FamilyLanguage, formatSar } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { invoices, packages, subscriptions, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { arabicOr } from '../../lib/arabic.js';
import { priceOf } from '../collections/prices.js';
import { childrenIn, type MessagingConfig, parentsOfPlayers, tell } from './enqueue.js';

interface Paid {
  invoiceId: string;
  amountHalalas: number;
  packageName: string;
  packageNameArabic: string | null;
  playerId: string;
}

const wordsOf =
  (child: { name: string; nameArabic: string | null }, pkg: { name: string; nameArabic: string | null }, halalas: number) =>
  (lang: FamilyLanguage) => ({
    child: childrenIn([child], lang),
    package: lang === 'ar' ? arabicOr(pkg.nameArabic, pkg.name) : pkg.name,
    amount: formatSar(halalas, lang),
  });

async function playerOf(tx: TenantTx, playerId: string) {
  const [player] = await tx.select({ name: users.name, nameArabic: users.nameArabic }).from(users).where(eq(users.id, playerId));
  return player ?? { name: '', nameArabic: null };
}

/** The receipt of a payment: the mail already queued is recorded as sent; the other chosen channels are queued. */
export async function tellReceipt(tx: TenantTx, m: MessagingConfig, paid: Paid, now: Date) {
  const parents = await parentsOfPlayers(tx, [paid.playerId]);
  const player = await playerOf(tx, paid.playerId);
  const words = wordsOf(player, { name: paid.packageName, nameArabic: paid.packageNameArabic }, paid.amountHalalas);
  return tell(
    tx,
    m,
    {
      kind: 'payment_receipt',
      cause: `invoice:${paid.invoiceId}`,
      path: `/subscription-invoice/${paid.invoiceId}`,
      alreadySent: { channels: ['email'], at: now },
    },
    [...parents.keys()].map((userId) => ({ userId, words })),
  );
}

/** A card payment the provider declined, cancelled or failed (not one still pending): the parents may pay again. */
export async function tellPaymentFailed(
  tx: TenantTx,
  m: MessagingConfig,
  p: { subscriptionId: string; tranRef: string; amountHalalas: number | null },
) {
  const [row] = await tx
    .select({
      playerId: subscriptions.playerId,
      status: subscriptions.status,
      name: packages.name,
      nameArabic: packages.nameArabic,
      price: packages.priceHalalas,
    })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(eq(subscriptions.id, p.subscriptionId));
  if (!row) return 0;
  const parents = await parentsOfPlayers(tx, [row.playerId]);
  const player = await playerOf(tx, row.playerId);
  const path = row.status === 'PENDING' ? `/initial-subscription/${p.subscriptionId}` : `/renew-subscription/${p.subscriptionId}`;
  return tell(
    tx,
    m,
    { kind: 'payment_failed', cause: `payment:${p.tranRef}`, path },
    [...parents.keys()].map((userId) => ({ userId, words: wordsOf(player, row, p.amountHalalas ?? row.price) })),
  );
}

/** A reminder stage (attention/reminders.ts) whose moment tells the parents a payment is due. */
export interface DueReminder {
  subscriptionId: string;
  stage: string;
}

/**
 * Payment due: at the moment a subscription reminder is claimed (once per subscription and stage,
 * attention/reminders.ts), in its transaction. The reminder mail goes to every parent with an
 * e-mail as before and is recorded here as sent; the parents' other chosen channels carry the short
 * text with the payment page's link.
 */
export async function tellPaymentDue(tx: TenantTx, m: MessagingConfig, due: DueReminder[], now: Date) {
  let written = 0;
  const seen = new Set<string>();
  for (const { subscriptionId, stage } of due) {
    const cause = `reminder:${subscriptionId}:${stage}`;
    if (seen.has(cause)) continue;
    seen.add(cause);
    const [row] = await tx
      .select({
        playerId: subscriptions.playerId,
        status: subscriptions.status,
        name: packages.name,
        nameArabic: packages.nameArabic,
        price: packages.priceHalalas,
      })
      .from(subscriptions)
      .innerJoin(packages, eq(packages.id, subscriptions.packageId))
      .where(eq(subscriptions.id, subscriptionId));
    if (!row) continue;
    const parents = await parentsOfPlayers(tx, [row.playerId]);
    const player = await playerOf(tx, row.playerId);
    const path = row.status === 'PENDING' ? `/initial-subscription/${subscriptionId}` : `/renew-subscription/${subscriptionId}`;
    const asked = await priceOf(tx, row.playerId, { priceHalalas: row.price });
    written += await tell(
      tx,
      m,
      { kind: 'payment_due', cause, path, alreadySent: { channels: ['email'], at: now } },
      // The price the payment page will ask (a sibling price included).
      [...parents.keys()].map((userId) => ({ userId, words: wordsOf(player, row, asked.totalHalalas) })),
    );
  }
  return written;
}

/**
 * Refunded: a refund that settled refunded, told by its credit note (one per refund) to the parents
 * of the invoice's player, with the amount given back and a link to the portal's money page.
 */
export async function tellRefunded(tx: TenantTx, m: MessagingConfig, creditNoteId: string) {
  const [note] = await tx
    .select({ kind: invoices.kind, playerId: invoices.userId, amount: invoices.totalHalalas })
    .from(invoices)
    .where(eq(invoices.id, creditNoteId));
  if (note?.kind !== 'credit_note' || !note.playerId) return 0;
  const { playerId } = note;
  const parents = await parentsOfPlayers(tx, [playerId]);
  const player = await playerOf(tx, playerId);
  return tell(
    tx,
    m,
    { kind: 'payment_refunded', cause: `refund:${creditNoteId}`, path: '/family/money' },
    [...parents.keys()].map((userId) => ({
      userId,
      words: (lang: FamilyLanguage) => ({ child: childrenIn([player], lang), amount: formatSar(note.amount, lang) }),
    })),
  );
}
