/** The enums' values, free of zod so screens can import them without the schemas (enums.ts builds those). */

export const COLORS = ['BLUE', 'ORANGE', 'GREEN', 'RED', 'YELLOW', 'PURPLE', 'BLACK', 'WHITE', 'GREY', 'BROWN', 'PINK'] as const;
export const ROLES = ['PLAYER', 'COACH', 'ADMIN', 'PARENT'] as const;
export const COACH_TYPES = ['HEAD_COACH', 'ASSISTANT_COACH', 'LEAD_COACH'] as const;
export const EVENT_TYPES = ['TRAINING_SESSION', 'MATCH'] as const;
export const PARTICIPANT_STATUSES = ['PENDING', 'ATTENDED', 'ABSENT', 'PLAYED', 'NOT_ATTENDING'] as const;
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'INACTIVE', 'CANCELLED', 'TRIAL', 'PENDING', 'PAUSED'] as const;
export const PACKAGE_TYPES = ['TIME_BASED', 'SESSION_BASED'] as const;
/** Gender arrives in any case (the parent wizard sends MALE, the staff wizard male) and is answered upper case. */
export const GENDERS = ['MALE', 'FEMALE'] as const;
/** How a payment was made: cash at the academy or a card through the provider. */
export const PAYMENT_METHODS = ['Cash', 'Card'] as const;
export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED'] as const;
export const BREAKFAST_SOURCES = ['Home', 'School'] as const;
