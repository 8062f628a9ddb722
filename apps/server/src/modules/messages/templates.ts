/**
 * What each message says, in English and Arabic: one text per kind and language, with named
 * parameters. On WhatsApp these ARE the templates (WhatsApp sends no other text to a person who has
 * not written first): each is registered in Meta's WhatsApp Manager under `name`, in the languages
 * `en` and `ar`, body only (no media, no buttons), with exactly these named parameters — README,
 * "WhatsApp". E-mail, SMS and push fill the same text. Every text ends by saying how to stop.
 */
import type { FamilyLanguage, MessageKind } from '@kora/contracts';

/** The parameters every text has: the academy, the deep link and where to stop or change the messages. */
type Common = 'academy' | 'link' | 'stop';

export interface Template<P extends string = string> {
  /** The template's name in WhatsApp Manager (lower case, underscores). */
  name: string;
  /** Its named parameters, in the order they appear. */
  params: readonly (P | Common)[];
  subject: Record<FamilyLanguage, string>;
  body: Record<FamilyLanguage, string>;
}

const STOP = {
  en: 'To stop these messages or choose how they reach you: {{stop}}',
  ar: 'لإيقاف هذه الرسائل أو اختيار طريقة وصولها: {{stop}}',
};

const template = <P extends string>(t: Template<P>): Template<P> => ({
  ...t,
  body: { en: `${t.body.en}\n${STOP.en}`, ar: `${t.body.ar}\n${STOP.ar}` },
});

/** The templates by kind (the kind's parameters are typed: a message lacking one does not compile). */
export const TEMPLATES = {
  event_cancelled: template({
    name: 'kora_event_cancelled',
    params: ['academy', 'child', 'event', 'date', 'time', 'link', 'stop'],
    subject: { en: '{{academy}}: {{event}} cancelled', ar: '{{academy}}: إلغاء {{event}}' },
    body: {
      en: "{{academy}}: {{child}}'s {{event}} on {{date}} at {{time}} is cancelled. Details: {{link}}",
      ar: '{{academy}}: أُلغي {{event}} {{child}} يوم {{date}} الساعة {{time}}. التفاصيل: {{link}}',
    },
  }),
  event_moved: template({
    name: 'kora_event_moved',
    params: ['academy', 'child', 'event', 'date', 'time', 'place', 'link', 'stop'],
    subject: { en: '{{academy}}: {{event}} moved', ar: '{{academy}}: تغيّر موعد {{event}}' },
    body: {
      en: "{{academy}}: {{child}}'s {{event}} is now on {{date}} at {{time}}, at {{place}}. Details: {{link}}",
      ar: '{{academy}}: أصبح {{event}} {{child}} يوم {{date}} الساعة {{time}} في {{place}}. التفاصيل: {{link}}',
    },
  }),
  event_added: template({
    name: 'kora_event_added',
    params: ['academy', 'child', 'event', 'date', 'time', 'place', 'link', 'stop'],
    subject: { en: '{{academy}}: a new {{event}}', ar: '{{academy}}: {{event}} جديد' },
    body: {
      en: '{{academy}}: a new {{event}} for {{child}} on {{date}} at {{time}}, at {{place}}. Details: {{link}}',
      ar: '{{academy}}: {{event}} جديد لـ{{child}} يوم {{date}} الساعة {{time}} في {{place}}. التفاصيل: {{link}}',
    },
  }),
  absent_without_notice: template({
    name: 'kora_absent_without_notice',
    params: ['academy', 'child', 'event', 'date', 'link', 'stop'],
    subject: { en: '{{academy}}: {{child}} was absent', ar: '{{academy}}: غياب {{child}}' },
    body: {
      en: '{{academy}}: {{child}} was marked absent from the {{event}} on {{date}}, without notice. Details: {{link}}',
      ar: '{{academy}}: سُجّل غياب {{child}} عن {{event}} يوم {{date}} دون إشعار مسبق. التفاصيل: {{link}}',
    },
  }),
  payment_due: template({
    name: 'kora_payment_due',
    params: ['academy', 'child', 'package', 'amount', 'link', 'stop'],
    subject: { en: '{{academy}}: payment due', ar: '{{academy}}: دفعة مستحقة' },
    body: {
      en: "{{academy}}: the payment of {{amount}} for {{child}}'s {{package}} is due. Pay here: {{link}}",
      ar: '{{academy}}: حان موعد دفع {{amount}} لاشتراك {{child}} في {{package}}. ادفع من هنا: {{link}}',
    },
  }),
  payment_failed: template({
    name: 'kora_payment_failed',
    params: ['academy', 'child', 'package', 'amount', 'link', 'stop'],
    subject: { en: '{{academy}}: payment not completed', ar: '{{academy}}: لم تكتمل الدفعة' },
    body: {
      en: "{{academy}}: the card payment of {{amount}} for {{child}}'s {{package}} did not go through. Try again: {{link}}",
      ar: '{{academy}}: لم تنجح الدفعة بالبطاقة بمبلغ {{amount}} لاشتراك {{child}} في {{package}}. حاول مرة أخرى: {{link}}',
    },
  }),
  payment_refunded: template({
    name: 'kora_payment_refunded',
    params: ['academy', 'child', 'amount', 'link', 'stop'],
    subject: { en: '{{academy}}: refund', ar: '{{academy}}: استرداد' },
    body: {
      en: '{{academy}}: {{amount}} paid for {{child}} was refunded. Details: {{link}}',
      ar: '{{academy}}: استُرد مبلغ {{amount}} المدفوع عن {{child}}. التفاصيل: {{link}}',
    },
  }),
  payment_receipt: template({
    name: 'kora_payment_receipt',
    params: ['academy', 'child', 'package', 'amount', 'link', 'stop'],
    subject: { en: '{{academy}}: payment received', ar: '{{academy}}: استلمنا الدفعة' },
    body: {
      en: "{{academy}}: we received {{amount}} for {{child}}'s {{package}}. Your invoice: {{link}}",
      ar: '{{academy}}: استلمنا {{amount}} لاشتراك {{child}} في {{package}}. فاتورتك: {{link}}',
    },
  }),
  announcement: template({
    name: 'kora_announcement',
    params: ['academy', 'title', 'link', 'stop'],
    subject: { en: '{{academy}}: {{title}}', ar: '{{academy}}: {{title}}' },
    body: {
      en: '{{academy}} has a new announcement: {{title}}. Read it: {{link}}',
      ar: 'إعلان جديد من {{academy}}: {{title}}. اقرأه: {{link}}',
    },
  }),
  coach_schedule: template({
    name: 'kora_coach_schedule',
    params: ['academy', 'change', 'event', 'date', 'time', 'place', 'link', 'stop'],
    subject: { en: '{{academy}}: your {{event}} {{change}}', ar: '{{academy}}: {{event}} {{change}}' },
    body: {
      en: '{{academy}}: your {{event}} on {{date}} at {{time}}, at {{place}}, was {{change}}. Your trainings: {{link}}',
      ar: '{{academy}}: {{event}} يوم {{date}} الساعة {{time}} في {{place}} {{change}}. تدريباتك: {{link}}',
    },
  }),
} as const satisfies Record<MessageKind, Template>;

type ParamsOf<K extends MessageKind> = (typeof TEMPLATES)[K]['params'][number];
/** The named values of a kind's text, in the recipient's language. */
export type TemplateParams<K extends MessageKind> = Record<ParamsOf<K>, string>;
/** A kind's own words: its values but the common ones (the academy, the link, the stop line), which the sender adds. */
export type TemplateWords<K extends MessageKind> = Omit<TemplateParams<K>, Common>;

const fill = (text: string, params: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');

/** A WhatsApp parameter may hold no line break, tab or more than four spaces in a row (Meta refuses it). */
export const whatsappParam = (value: string) =>
  value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim()
    .slice(0, 1000) || '-';

/** The text of a kind in a language, filled: subject (e-mail, push title) and body (every channel). */
export function render<K extends MessageKind>(kind: K, lang: FamilyLanguage, params: TemplateWords<K> & Record<Common, string>) {
  const t: Template = TEMPLATES[kind];
  const values: Record<string, string> = params;
  return { subject: fill(t.subject[lang], values), body: fill(t.body[lang], values), template: t.name, params: values };
}

/** Words the texts put in their parameters, in each language. */
export const WORDS = {
  TRAINING_SESSION: { en: 'training', ar: 'تدريب' },
  MATCH: { en: 'match', ar: 'مباراة' },
  noPlace: { en: 'the usual place', ar: 'المكان المعتاد' },
  added: { en: 'added', ar: 'أُضيف' },
  changed: { en: 'changed', ar: 'تغيّر' },
  cancelled: { en: 'cancelled', ar: 'أُلغي' },
  coachStop: {
    en: 'turn notifications off in the app, or ask your academy',
    ar: 'أوقف الإشعارات من التطبيق أو اطلب ذلك من أكاديميتك',
  },
} as const;
