import { z } from 'zod';
import { dateSchema, emailSchema, isoDate, jsonText, nameText, optionalName, optionalText } from './common.js';
import { consentsGivenSchema, medicalConsentGivenSchema } from './consents.js';
import { coachTypeSchema, colorSchema, genderSchema, packageTypeSchema } from './enums.js';
import { ERRORS, MSG } from './messages.js';
import { optionalPhoneSchema } from './phone.js';
import { parentInfoSchema, playerInfoSchema } from './registration.js';
import { subscriptionCoreSchema, subscriptionPackageSchema } from './subscription-core.js';

export const teamRefSchema = z.object({ id: z.uuid(), name: z.string(), nameArabic: z.string().nullable(), color: colorSchema });

export const subscriptionSchema = subscriptionCoreSchema.extend({ userId: z.uuid(), package: subscriptionPackageSchema });
export type Subscription = z.infer<typeof subscriptionSchema>;

export const parentRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  emergencyPhone1: z.string().nullable(),
  emergencyPhone2: z.string().nullable(),
});

/**
 * A user with role PLAYER, with teams, parents and subscriptions (latest end date first).
 * `nationalId` and `condition` are answered only to a member with medical and identity (a coach sees
 * the condition of their own players when the academy lets them): null otherwise, while
 * `hasMedicalNote` always says whether there is a condition (docs/domain.md, "Data map").
 */
export const playerSchema = z.object({
  id: z.uuid(),
  role: z.literal('PLAYER'),
  name: z.string(),
  nameArabic: z.string().nullable(),
  nationalId: z.string().nullable(),
  nationality: z.string().nullable(),
  residentialNeighborhood: z.string().nullable(),
  birthdate: z.string().nullable(),
  gender: z.enum(['MALE', 'FEMALE']).nullable(),
  avatar: z.string().nullable(),
  condition: z.string().nullable(),
  hasMedicalNote: z.boolean(),
  phoneNumber: z.string().nullable(),
  emergencyPhone1: z.string().nullable(),
  emergencyPhone2: z.string().nullable(),
  email: z.string().nullable(),
  accountTypeId: z.uuid().nullable(),
  createdAt: z.string(),
  teamsPlaying: z.array(teamRefSchema),
  parents: z.array(parentRefSchema),
  subscriptions: z.array(subscriptionSchema),
});
export type Player = z.infer<typeof playerSchema>;

/** A user with role COACH. */
export const coachSchema = z.object({
  id: z.uuid(),
  role: z.literal('COACH'),
  name: z.string(),
  nameArabic: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  coachType: coachTypeSchema.nullable(),
  accountTypeId: z.uuid().nullable(),
  /** Whether the coach can log in (was given an e-mail and a password). */
  hasLogin: z.boolean(),
  createdAt: z.string(),
  teamsCoaching: z.array(teamRefSchema),
});
export type Coach = z.infer<typeof coachSchema>;

/** A staff user with role ADMIN. */
export const adminSchema = z.object({
  id: z.uuid(),
  role: z.literal('ADMIN'),
  name: z.string(),
  nameArabic: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  accountTypeId: z.uuid().nullable(),
  hasLogin: z.boolean(),
  createdAt: z.string(),
});

/** A user of any role, told apart by `role`. */
export const anyUserSchema = z.discriminatedUnion('role', [playerSchema, coachSchema, adminSchema]);
export type AnyUser = z.infer<typeof anyUserSchema>;

export const userRoleQuery = z.object({ role: z.enum(['PLAYER', 'COACH', 'ADMIN']) });

/** Multipart fields of a player edit (W:Players); the birthdate window is checked against the server clock. */
export const playerUpdateSchema = z.object({
  name: nameText().min(1, MSG.playerNameRequired).max(100),
  nameArabic: optionalName(100),
  nationalId: optionalText(30),
  nationality: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, ERRORS['player.nationality_invalid'])
    .nullish()
    .transform((v) => v || null),
  residentialNeighborhood: optionalText(100),
  phoneNumber: optionalPhoneSchema(MSG.phoneInvalid),
  emergencyPhone1: optionalPhoneSchema(MSG.emergencyPhoneInvalid),
  emergencyPhone2: optionalPhoneSchema(MSG.emergencyPhoneInvalid),
  birthdate: z.string().min(1, ERRORS['player.birthdate_invalid']).pipe(isoDate(ERRORS['player.birthdate_invalid'])),
  gender: genderSchema.optional(),
  condition: optionalText(1000, { lines: true }),
  /** A new or changed condition: the guardian's medical consent on paper, when the child's does not stand (consents.ts). */
  medicalConsent: jsonText(medicalConsentGivenSchema).optional(),
});

/** Multipart fields of the staff Add Player wizard. */
export const parentPlayerFieldsSchema = z.object({
  parentInfo: jsonText(parentInfoSchema),
  playerInfo: jsonText(playerInfoSchema),
  selectedPackage: z
    .union([z.uuid(), z.literal(''), z.literal('null')])
    .nullish()
    .transform((v) => (v && v !== 'null' ? v : null)),
  packageType: packageTypeSchema.or(z.literal('')).nullish(),
  subscriptionStartDate: z
    .union([dateSchema, z.literal(''), z.literal('null')])
    .nullish()
    .transform((v) => (v && v !== 'null' ? v : null)),
  /** The guardian's consents given on paper, recorded with the member who recorded them (consents.ts); none: a condition is refused. */
  consents: jsonText(consentsGivenSchema).optional(),
});

export const parentPlayerReply = z.object({
  parent: z.object({ id: z.uuid(), name: z.string() }),
  player: playerSchema,
  subscription: subscriptionSchema.nullable(),
});

export const COACH_NAME_REQUIRED = ERRORS['coach.name_required'];
export const coachCreateBody = z.object({
  name: nameText().min(1, COACH_NAME_REQUIRED).max(100),
  /** The name as the Arabic screens show it (none: the name). */
  nameArabic: optionalName(100),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .nullish()
    .transform((v) => v || null)
    .pipe(emailSchema.nullable()),
  accountTypeId: z.uuid().nullish(),
  coachType: coachTypeSchema.nullish(),
  teamIds: z.array(z.uuid()).max(200).default([]),
});
export const coachCreateReply = z.object({
  coach: z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable() }),
  password: z.string().optional(),
});
export const coachUpdateBody = z.object({
  name: nameText().min(1, COACH_NAME_REQUIRED).max(100),
  nameArabic: optionalName(100),
  coachType: coachTypeSchema,
  teamIds: z.array(z.uuid()).max(200).default([]),
});

/** A staff login from Settings → Privileges (W:Settings); its generated password is answered once. */
export const staffCreateBody = z.object({
  name: nameText(COACH_NAME_REQUIRED).min(1, COACH_NAME_REQUIRED).max(100),
  email: emailSchema,
  accountTypeId: z.uuid(),
});
export const staffCreateReply = z.object({ user: adminSchema, password: z.string() });

/** JSON edit of a staff user's account (W:Settings). */
export const userAccountBody = z.object({
  name: nameText().min(1).max(100).optional(),
  email: emailSchema.optional(),
  accountTypeId: z.uuid(),
});

export type TeamRef = z.infer<typeof teamRefSchema>;
export type ParentRef = z.infer<typeof parentRefSchema>;
export type Admin = z.infer<typeof adminSchema>;
export type UserRoleQuery = z.input<typeof userRoleQuery>;
export type PlayerUpdate = z.infer<typeof playerUpdateSchema>;
export type ParentPlayerFields = z.infer<typeof parentPlayerFieldsSchema>;
export type ParentPlayerReply = z.infer<typeof parentPlayerReply>;
export type CoachCreateBody = z.input<typeof coachCreateBody>;
export type CoachCreateReply = z.infer<typeof coachCreateReply>;
export type CoachUpdateBody = z.input<typeof coachUpdateBody>;
export type UserAccountBody = z.input<typeof userAccountBody>;
export type StaffCreateBody = z.input<typeof staffCreateBody>;
export type StaffCreateReply = z.infer<typeof staffCreateReply>;
