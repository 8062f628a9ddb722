import { z } from 'zod';
import { emailSchema, isValidPhone } from './common.js';
import { coachTypeSchema, colorSchema, genderSchema, packageTypeSchema, subscriptionStatusSchema } from './enums.js';
import { MSG } from './messages.js';
import { parentInfoSchema, playerInfoSchema } from './registration.js';

export const teamRefSchema = z.object({ id: z.uuid(), name: z.string(), color: colorSchema });

export const subscriptionSchema = z.object({
  id: z.uuid(),
  status: subscriptionStatusSchema,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  sessionsLeft: z.number().int().nullable(),
  totalSessions: z.number().int().nullable(),
  userId: z.uuid(),
  package: z.object({ id: z.uuid(), name: z.string(), packageType: packageTypeSchema, price: z.number() }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const parentRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  emergencyPhone1: z.string().nullable(),
  emergencyPhone2: z.string().nullable(),
});

/** A user with role PLAYER (spec part 2 §3). */
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
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  coachType: coachTypeSchema.nullable(),
  accountTypeId: z.uuid().nullable(),
  teamsCoaching: z.array(teamRefSchema),
});
export type Coach = z.infer<typeof coachSchema>;

/** A staff user with role ADMIN. */
export const adminSchema = z.object({
  id: z.uuid(),
  role: z.literal('ADMIN'),
  name: z.string(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  accountTypeId: z.uuid().nullable(),
  createdAt: z.string(),
});

export const userRoleQuery = z.object({ role: z.enum(['PLAYER', 'COACH', 'ADMIN']) });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));
const optionalPhone = (message: string) =>
  z
    .string()
    .trim()
    .max(25, message)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isValidPhone(v), message);

/** Multipart fields of a player edit (spec part 2 §7); the birthdate window is checked against the server clock. */
export const playerUpdateSchema = z.object({
  name: z.string().trim().min(1, MSG.playerNameRequired).max(100),
  nameArabic: optionalText(100),
  nationalId: optionalText(30),
  nationality: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{2})?$/, 'Nationality must be a country code')
    .nullish()
    .transform((v) => v || null),
  residentialNeighborhood: optionalText(100),
  phoneNumber: optionalPhone(MSG.phoneInvalid),
  emergencyPhone1: optionalPhone(MSG.emergencyPhoneInvalid),
  emergencyPhone2: optionalPhone(MSG.emergencyPhoneInvalid),
  birthdate: z.string().min(1, 'Please enter a valid birthdate').pipe(z.iso.date('Please enter a valid birthdate')),
  gender: genderSchema.optional(),
  condition: optionalText(1000),
});

/** Multipart fields of the staff Add Player wizard. */
export const parentPlayerFieldsSchema = z.object({
  parentInfo: parentInfoSchema,
  playerInfo: playerInfoSchema,
  selectedPackage: z
    .union([z.uuid(), z.literal(''), z.literal('null')])
    .nullish()
    .transform((v) => (v && v !== 'null' ? v : null)),
  packageType: packageTypeSchema.or(z.literal('')).nullish(),
  subscriptionStartDate: z
    .union([z.iso.date(), z.literal(''), z.literal('null')])
    .nullish()
    .transform((v) => (v && v !== 'null' ? v : null)),
});

export const parentPlayerReply = z.object({
  parent: z.object({ id: z.uuid(), name: z.string() }),
  player: playerSchema,
  subscription: subscriptionSchema.nullable(),
});

export const COACH_NAME_REQUIRED = 'Name is required';
export const coachCreateBody = z.object({
  name: z.string().trim().min(1, COACH_NAME_REQUIRED).max(100),
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
  name: z.string().trim().min(1, COACH_NAME_REQUIRED).max(100),
  coachType: coachTypeSchema,
  teamIds: z.array(z.uuid()).max(200).default([]),
});

/** JSON edit of a staff user's account (W:Settings). */
export const userAccountBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  email: emailSchema.optional(),
  accountTypeId: z.uuid(),
});
