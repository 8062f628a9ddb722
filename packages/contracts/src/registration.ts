import { z } from 'zod';
import { dateSchema, emailSchema, nameText, optionalName, optionalText } from './common.js';
import { consentsGivenSchema } from './consents.js';
import { genderSchema } from './enums.js';
import { ERRORS, MSG } from './messages.js';
import { isValidPhone, optionalPhoneSchema } from './phone.js';

/** Parent fields shared by the public wizard and the staff Add Player wizard. */
export const parentInfoSchema = z.object({
  name: nameText().min(1, ERRORS['parent.name_invalid']).max(100),
  nameArabic: optionalName(100),
  phone: z
    .string({ error: MSG.phoneRequired })
    .trim()
    .min(1, MSG.phoneRequired)
    .max(25, MSG.phoneInvalid)
    .refine((v) => isValidPhone(v), MSG.phoneInvalid),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(emailSchema.nullable()),
  emergencyPhone1: optionalPhoneSchema(MSG.emergencyPhoneInvalid),
  emergencyPhone2: optionalPhoneSchema(MSG.emergencyPhoneInvalid),
});
export type ParentInfo = z.infer<typeof parentInfoSchema>;

/** Player fields; the birthdate window (5–50 years ago) is checked by the server against its clock. */
export const playerInfoSchema = z.object({
  name: nameText(MSG.playerNameRequired).min(1, MSG.playerNameRequired).max(100),
  nameArabic: optionalName(100),
  nationalId: optionalText(30),
  nationality: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, ERRORS['player.nationality_invalid'])
    .nullish()
    .or(z.literal('').transform(() => null))
    .transform((v) => v ?? null),
  residentialNeighborhood: optionalText(100),
  birthdate: z.string({ error: MSG.birthdateRequired }).min(1, MSG.birthdateRequired).pipe(dateSchema),
  gender: genderSchema,
  medicalCondition: optionalText(1000, { lines: true }),
});
export type PlayerInfo = z.infer<typeof playerInfoSchema>;

export const registerParentBody = z.object({
  handle: z.string({ error: MSG.academyHandleRequired }).trim().toLowerCase().min(1, MSG.academyHandleRequired).max(100),
  selectedPackage: z
    .uuid()
    .nullish()
    .transform((v) => v ?? null),
  subscriptionStartDate: dateSchema.nullish().transform((v) => v ?? null),
  parentInfo: parentInfoSchema,
  playerInfo: playerInfoSchema,
  /** The parent's consents, each recorded with its text's version (consents.ts); the terms are required. */
  consents: consentsGivenSchema,
});
export type RegisterParentBody = z.input<typeof registerParentBody>;

export const registerParentReply = z.object({
  parent: z.object({ id: z.uuid() }),
  player: z.object({ id: z.uuid() }),
  /** PENDING (waiting for its first payment) or TRIAL (free until `endDate`, its last trial day). */
  subscription: z.object({ id: z.uuid(), status: z.string(), endDate: z.string().nullable().optional() }).nullable(),
});

export type RegisterParentReply = z.infer<typeof registerParentReply>;
