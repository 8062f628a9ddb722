import { z } from 'zod';
import { ERRORS } from './messages.js';

/**
 * What a parent consents to for a child (docs/domain.md, "Data map"): the terms and privacy notice
 * (required to register), keeping a medical condition (required to store one), photos, and messages
 * by text message and by e-mail (optional, changed in the family portal at any time).
 */
export const CONSENT_PURPOSES = ['terms_privacy', 'medical', 'photos', 'messages_sms', 'messages_email'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const consentPurposeSchema = z.enum(CONSENT_PURPOSES);

/** The consents a parent may change after registering; the other two stay as given (a new registration to change them). */
export const OPTIONAL_CONSENTS = ['photos', 'messages_sms', 'messages_email'] as const satisfies readonly ConsentPurpose[];
export type OptionalConsent = (typeof OPTIONAL_CONSENTS)[number];

/**
 * The texts agreed to, each with its version: a changed text gets a new version, and each consent
 * keeps the version it was given for. The screens show these words, the server records the version.
 */
export const CONSENT_TEXTS: Record<ConsentPurpose, { version: string; en: string; ar: string }> = {
  terms_privacy: {
    version: '2026-12-01',
    en: 'I agree to the terms of use and the privacy notice, and I am the child’s parent or guardian.',
    ar: 'أوافق على شروط الاستخدام وإشعار الخصوصية، وأنا وليّ أمر الطفل.',
  },
  medical: {
    version: '2026-12-01',
    en: 'The academy may keep my child’s medical condition, seen only by the staff allowed to, to keep my child safe.',
    ar: 'يجوز للأكاديمية حفظ الحالة الصحية لطفلي، ولا يطّلع عليها إلا المصرّح لهم، حفاظًا على سلامته.',
  },
  photos: {
    version: '2026-12-01',
    en: 'The academy may keep and show a photo of my child.',
    ar: 'يجوز للأكاديمية حفظ صورة طفلي وعرضها.',
  },
  messages_sms: {
    version: '2026-12-01',
    en: 'The academy may send me text messages about my child’s trainings and subscription.',
    ar: 'يجوز للأكاديمية إرسال رسائل نصية إليّ عن تدريبات طفلي واشتراكه.',
  },
  messages_email: {
    version: '2026-12-01',
    en: 'The academy may send me e-mails about my child’s trainings and subscription.',
    ar: 'يجوز للأكاديمية مراسلتي بالبريد الإلكتروني عن تدريبات طفلي واشتراكه.',
  },
};

/**
 * The consents given with a registration, in the language their texts were read in: the terms must
 * be agreed to; a medical condition is kept only with `medical` (400 `consent.medical_required` otherwise).
 */
export const consentsGivenSchema = z.object({
  language: z.enum(['en', 'ar']),
  termsPrivacy: z.literal(true, { error: ERRORS['consent.terms_required'] }),
  medical: z.boolean().default(false),
  photos: z.boolean().default(false),
  messagesSms: z.boolean().default(false),
  messagesEmail: z.boolean().default(false),
});
export type ConsentsGiven = z.input<typeof consentsGivenSchema>;
export type ParsedConsentsGiven = z.output<typeof consentsGivenSchema>;

/**
 * A medical consent given with an edit of a child's condition (docs/domain.md, "Data map"), in the
 * language its text was read in: by staff for a paper form the guardian signed, by the parent in
 * the portal. A new or changed condition needs it unless the child's medical consent stands
 * (400 `consent.medical_required` otherwise).
 */
export const medicalConsentGivenSchema = z.object({ language: z.enum(['en', 'ar']) });
export type MedicalConsentGiven = z.infer<typeof medicalConsentGivenSchema>;

/** One purpose's current state, with the version, time and language it was given in and by whom. */
export const consentSchema = z.object({
  purpose: consentPurposeSchema,
  granted: z.boolean(),
  version: z.string(),
  language: z.enum(['en', 'ar']),
  at: z.string(),
  /** `parent`: the parent (the wizard, the portal); `staff`: a member recorded it from paper. */
  givenBy: z.enum(['parent', 'staff']),
  /** The member who recorded it, when the reader may see staff (never in the family portal). */
  recordedByName: z.string().nullable(),
});
export type Consent = z.infer<typeof consentSchema>;

/** `GET /api/family/children/{childId}/consents`: the child's consents, every purpose (never given: absent). */
export const childConsentsSchema = z.object({ childId: z.uuid(), consents: z.array(consentSchema) });
export type ChildConsents = z.infer<typeof childConsentsSchema>;

/** `PUT /api/family/children/{childId}/consents`: the optional consents to change, in the language read. */
export const childConsentsBody = z.object({
  language: z.enum(['en', 'ar']),
  photos: z.boolean().optional(),
  messagesSms: z.boolean().optional(),
  messagesEmail: z.boolean().optional(),
});
export type ChildConsentsBody = z.input<typeof childConsentsBody>;
