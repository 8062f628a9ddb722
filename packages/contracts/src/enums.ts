import { z } from 'zod';
import {
  BREAKFAST_SOURCES,
  COACH_TYPES,
  COLORS,
  EVENT_TYPES,
  GENDERS,
  PACKAGE_TYPES,
  PARTICIPANT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  ROLES,
  SUBSCRIPTION_STATUSES,
} from './enum-values.js';

export const colorSchema = z.enum(COLORS);
export type Color = z.infer<typeof colorSchema>;

export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const coachTypeSchema = z.enum(COACH_TYPES);
export type CoachType = z.infer<typeof coachTypeSchema>;

export const eventTypeSchema = z.enum(EVENT_TYPES);

export const participantStatusSchema = z.enum(PARTICIPANT_STATUSES);

export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const packageTypeSchema = z.enum(PACKAGE_TYPES);
export type PackageType = z.infer<typeof packageTypeSchema>;

/** Gender arrives in any case (the parent wizard sends MALE, the staff wizard male) and is answered upper case. */
export const genderSchema = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(GENDERS));
export type Gender = (typeof GENDERS)[number];

/** How a payment was made: cash at the academy or a card through the provider. */
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const breakfastSourceSchema = z.enum(BREAKFAST_SOURCES);
export type BreakfastSource = z.infer<typeof breakfastSourceSchema>;

export type EventType = z.infer<typeof eventTypeSchema>;
export type ParticipantStatus = z.infer<typeof participantStatusSchema>;
