import { z } from 'zod';

export const COLORS = ['BLUE', 'ORANGE', 'GREEN', 'RED', 'YELLOW', 'PURPLE', 'BLACK', 'WHITE', 'GREY', 'BROWN', 'PINK'] as const;
export const colorSchema = z.enum(COLORS);
export type Color = z.infer<typeof colorSchema>;

export const ROLES = ['PLAYER', 'COACH', 'ADMIN', 'PARENT'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const COACH_TYPES = ['HEAD_COACH', 'ASSISTANT_COACH', 'LEAD_COACH'] as const;
export const coachTypeSchema = z.enum(COACH_TYPES);
export type CoachType = z.infer<typeof coachTypeSchema>;

export const EVENT_TYPES = ['TRAINING_SESSION', 'MATCH'] as const;
export const eventTypeSchema = z.enum(EVENT_TYPES);

export const PARTICIPANT_STATUSES = ['PENDING', 'ATTENDED', 'ABSENT', 'PLAYED', 'NOT_ATTENDING'] as const;
export const participantStatusSchema = z.enum(PARTICIPANT_STATUSES);

export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'INACTIVE', 'CANCELLED', 'TRIAL', 'PENDING', 'PAUSED'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const PACKAGE_TYPES = ['TIME_BASED', 'SESSION_BASED'] as const;
export const packageTypeSchema = z.enum(PACKAGE_TYPES);
export type PackageType = z.infer<typeof packageTypeSchema>;

/** Gender arrives in any case (the parent wizard sends MALE, the staff wizard male) and is answered upper case. */
export const GENDERS = ['MALE', 'FEMALE'] as const;
export const genderSchema = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(GENDERS));
export type Gender = (typeof GENDERS)[number];

/** How a payment was made: cash at the academy or a card through the provider. */
export const PAYMENT_METHODS = ['Cash', 'Card'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED'] as const;
export const paymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const BREAKFAST_SOURCES = ['Home', 'School'] as const;
export const breakfastSourceSchema = z.enum(BREAKFAST_SOURCES);
export type BreakfastSource = z.infer<typeof breakfastSourceSchema>;

export type EventType = z.infer<typeof eventTypeSchema>;
export type ParticipantStatus = z.infer<typeof participantStatusSchema>;
