import { z } from 'zod';

/**
 * The ways a card payment page takes money (docs/domain.md, "Payment methods"): mada (the Saudi
 * debit network), Visa/Mastercard cards, Apple Pay and STC Pay. Which ones a page offers is the
 * provider profile's (PayTabs `payment_methods`; the sandbox offers all); which one paid is the
 * provider's answer (`payment_info.payment_method`, else the card scheme), recorded with the payment.
 */
export const CARD_METHODS = ['mada', 'visa_mastercard', 'applepay', 'stcpay'] as const;
export const cardMethodSchema = z.enum(CARD_METHODS);
export type CardMethod = z.infer<typeof cardMethodSchema>;

/** PayTabs' code of each in the hosted page's `payment_methods` (its "creditcard" is Visa and Mastercard). */
export const PAYTABS_METHOD_CODES: Record<CardMethod, string> = {
  mada: 'mada',
  visa_mastercard: 'creditcard',
  applepay: 'applepay',
  stcpay: 'stcpay',
};

/** Each method's name as receipts, invoices and the payment page print it. */
export const CARD_METHOD_NAMES: Record<CardMethod, { en: string; ar: string }> = {
  mada: { en: 'mada', ar: 'مدى' },
  visa_mastercard: { en: 'Visa/Mastercard', ar: 'فيزا/ماستركارد' },
  applepay: { en: 'Apple Pay', ar: 'أبل باي' },
  stcpay: { en: 'STC Pay', ar: 'إس تي سي باي' },
};

/** A list of methods by Kora's names or PayTabs' codes ("mada,creditcard,stcpay"), in Kora's order; unknown words are refused. */
export function parseCardMethods(text: string): CardMethod[] | null {
  const words = text
    .split(/[\s,]+/)
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  const named = words.map((w) => CARD_METHODS.find((m) => m === w || PAYTABS_METHOD_CODES[m] === w));
  if (named.some((m) => m === undefined)) return null;
  return CARD_METHODS.filter((m) => named.includes(m));
}

/**
 * The method a provider's answer names: its `payment_info.payment_method` ("Mada", "Visa",
 * "MasterCard", "ApplePay", "STCPay"), else the card scheme; null when it names none of them.
 */
export function cardMethodOf(paymentMethod: string, cardScheme = ''): CardMethod | null {
  const say = (s: string) => s.toLowerCase().replace(/[\s_-]/g, '');
  for (const text of [say(paymentMethod), say(cardScheme)]) {
    if (!text) continue;
    if (text.includes('mada')) return 'mada';
    if (text.includes('apple')) return 'applepay';
    if (text.includes('stc')) return 'stcpay';
    if (/visa|master|creditcard/.test(text)) return 'visa_mastercard';
  }
  return null;
}
