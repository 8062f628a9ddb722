import { CARD_METHOD_NAMES, type CardMethod, formatSar, type PaymentLang } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type invoices, type subscriptions, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import type { AppDeps } from '../../deps.js';
import { academyUrl } from '../../http/host.js';
import { arabicOr, countIn, packageAr, SESSIONS_AR, SESSIONS_EN } from '../../lib/arabic.js';
import type { AcademyRow } from '../academies/lookup.js';
import { parentsOf } from './service.js';

// The mails of a payment: the parents' receipt, in the payer's language, and the academy's notice
// of a charge no subscription took, in both.

/** The academy's mail of a charge not applied, in both languages (the academy reads either). */
export function unappliedMail(c: {
  providerRef: string;
  amountHalalas: number;
  subscriptionId: string;
  state: 'refunded' | 'failed' | 'pending';
  /** The subscription's player and package, as the academy knows them. */
  of?: { player: string; playerArabic: string | null; pkg: string; pkgArabic: string | null };
}) {
  const en = {
    refunded: 'It was refunded to the card automatically.',
    failed: "The provider refused to refund it: refund it from the provider's dashboard.",
    pending: "The provider did not confirm the refund yet: check the provider's dashboard before refunding it by hand.",
  }[c.state];
  const ar = {
    refunded: 'استُرد المبلغ إلى البطاقة تلقائياً.',
    failed: 'رفض مزوّد الدفع استرداده: استرده من لوحة تحكم المزوّد.',
    pending: 'لم يؤكد مزوّد الدفع الاسترداد بعد: راجع لوحة تحكم المزوّد قبل استرداده يدوياً.',
  }[c.state];
  return {
    subject: 'A card payment was not applied — دفعة بالبطاقة لم تُطبَّق',
    text: [
      `A card payment of ${formatSar(c.amountHalalas, 'en')} (reference ${c.providerRef}) came in for ${c.of ? `${c.of.player}'s subscription (${c.of.pkg})` : `subscription ${c.subscriptionId}`}, which could no longer take it (already paid, cancelled or changed). ${en}`,
      '',
      `وصلت دفعة بالبطاقة بمبلغ ${formatSar(c.amountHalalas, 'ar')} (المرجع ${c.providerRef}) ${c.of ? `لاشتراك ${arabicOr(c.of.playerArabic, c.of.player)} (${packageAr(arabicOr(c.of.pkgArabic, c.of.pkg))})` : `للاشتراك ${c.subscriptionId}`}، ولم يعد الاشتراك يقبلها (مدفوع أو ملغى أو تغيّر). ${ar}`,
    ].join('\n'),
  };
}

export interface Receipt {
  invoiceId: string;
  amountHalalas: number;
  packageName: string;
  packageNameArabic: string | null;
  playerName: string;
  playerNameArabic: string | null;
  parents: { name: string; nameArabic: string | null; email: string | null }[];
  /** The subscription as the payment left it: the receipt says what the result page and the lists say. */
  standing: Standing;
  /** How a card payment was made (mada, Visa/Mastercard, Apple Pay, STC Pay), when the provider said. */
  method?: CardMethod | null;
}

type Standing = Pick<typeof subscriptions.$inferSelect, 'status' | 'endDate' | 'sessionsLeft'>;

/** What the receipt mail of an invoice names: the invoice's package, the player and the parents to mail. */
export async function receiptOf(
  tx: TenantTx,
  subscription: Standing & { playerId: string },
  invoice: Pick<typeof invoices.$inferSelect, 'id' | 'totalHalalas' | 'packageName' | 'packageNameArabic'>,
): Promise<Receipt> {
  const { playerId, status, endDate, sessionsLeft } = subscription;
  const [player] = await tx.select({ name: users.name, nameArabic: users.nameArabic }).from(users).where(eq(users.id, playerId));
  return {
    invoiceId: invoice.id,
    amountHalalas: invoice.totalHalalas,
    packageName: invoice.packageName,
    packageNameArabic: invoice.packageNameArabic,
    playerName: player?.name ?? '',
    playerNameArabic: player?.nameArabic ?? null,
    parents: await parentsOf(tx, playerId),
    standing: { status, endDate, sessionsLeft },
  };
}

/**
 * The receipt mail with the invoice link (docs/domain.md, "Subscription lifecycle"), in the payer's language:
 * names come in that language (sendReceipts).
 */
export function receiptMail(
  r: {
    parentName: string;
    playerName: string;
    packageName: string;
    amountHalalas: number;
    academyName: string;
    invoiceUrl: string;
    pdfUrl: string;
    standing: Standing;
    method?: CardMethod | null;
  },
  lang: PaymentLang,
) {
  const { status, endDate, sessionsLeft } = r.standing;
  const by = r.method ? CARD_METHOD_NAMES[r.method][lang] : null;
  if (lang === 'ar') {
    const standing =
      status === 'TRIAL'
        ? `تستمر الفترة التجريبية المجانية، وتليها الفترة المدفوعة حتى ${endDate}.`
        : endDate
          ? `الاشتراك فعّال حتى ${endDate}.`
          : `الاشتراك فعّال، والمتبقي ${countIn('ar', sessionsLeft ?? 0, SESSIONS_AR)}.`;
    return {
      subject: `إيصال الدفع — ${r.academyName}`,
      text: [
        `مرحباً ${r.parentName}،`,
        '',
        `استلمنا دفعتك بمبلغ ${formatSar(r.amountHalalas, lang)}${by ? ` عبر ${by}` : ''} لاشتراك ${r.playerName} في ${packageAr(r.packageName)} لدى ${r.academyName}. ${standing}`,
        '',
        `الفاتورة: ${r.invoiceUrl}`,
        `ملف PDF: ${r.pdfUrl}`,
        '',
        'شكراً لك.',
      ].join('\n'),
    };
  }
  const standing =
    status === 'TRIAL'
      ? `The free trial continues; the paid period follows it, until ${endDate}.`
      : endDate
        ? `The subscription is active until ${endDate}.`
        : `The subscription is active with ${countIn('en', sessionsLeft ?? 0, SESSIONS_EN)} left.`;
  return {
    subject: `Payment receipt — ${r.academyName}`,
    text: [
      `Hello ${r.parentName},`,
      '',
      `We received your payment of ${formatSar(r.amountHalalas, lang)}${by ? ` by ${by}` : ''} for ${r.playerName}'s "${r.packageName}" subscription at ${r.academyName}. ${standing}`,
      '',
      `Your invoice: ${r.invoiceUrl}`,
      `PDF: ${r.pdfUrl}`,
      '',
      'Thank you.',
    ].join('\n'),
  };
}

/** Mails the receipt with its invoice's links to each parent with an e-mail (a card payment; a cash one when asked). */
export async function sendReceipts(
  deps: Pick<AppDeps, 'config' | 'mailer'>,
  academy: Pick<AcademyRow, 'id' | 'name' | 'nameArabic' | 'handle'>,
  receipt: Receipt,
  lang: PaymentLang,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const invoiceUrl = academyUrl(deps.config, academy.handle, `/subscription-invoice/${receipt.invoiceId}`);
  const pdfUrl = academyUrl(deps.config, academy.handle, `/api/invoices/${receipt.invoiceId}`);
  // An Arabic receipt names the academy, parent, player and package in Arabic where they have it.
  const named = (name: string, arabic: string | null) => (lang === 'ar' ? arabicOr(arabic, name) : name);
  const academyName = named(academy.name, academy.nameArabic);
  for (const parent of receipt.parents) {
    if (!parent.email) continue;
    const mail = receiptMail(
      {
        parentName: named(parent.name, parent.nameArabic),
        playerName: named(receipt.playerName, receipt.playerNameArabic),
        packageName: named(receipt.packageName, receipt.packageNameArabic),
        amountHalalas: receipt.amountHalalas,
        academyName,
        invoiceUrl,
        pdfUrl,
        standing: receipt.standing,
        method: receipt.method ?? null,
      },
      lang,
    );
    try {
      await deps.mailer.send({ academyId: academy.id, to: parent.email, ...mail });
    } catch (err) {
      log.error({ err, invoiceId: receipt.invoiceId }, 'the payment receipt could not be queued');
    }
  }
}
