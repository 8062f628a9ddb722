/**
 * What a payment tells the paying parents (docs/domain.md, "Messages: every one accounted for"): its
 * receipt, a card payment that did not go through, a refund. The receipt mail (payments/mails.ts, with
 * the invoice and its PDF) still goes to every parent with an e-mail as before: it is recorded here
 * as sent, and the parents' other chosen channels carry the short text with the link.
 */
import { type FamilyLanguage, formatSar } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { packages, subscriptions, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { arabicOr } from '../../lib/arabic.js';
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
