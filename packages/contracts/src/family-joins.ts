import { z } from 'zod';

/**
 * Families joined only by their owners (docs/domain.md, "The family portal"): a public parent
 * registration whose e-mail or mobile already belongs to a parent of the academy waits, apart,
 * until staff confirm it is the same family (or keep it separate).
 */
const personSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
});
const parentContactSchema = personSchema.extend({
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});

/** `GET /api/family-joins`: one registration to confirm. */
export const familyJoinSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** The child registered. */
  player: personSchema,
  /** The parent as the registration gave them. */
  parent: parentContactSchema,
  /** The academy's parent the address already belonged to, with their children. */
  existingParent: parentContactSchema.extend({ children: z.array(personSchema) }),
  sameEmail: z.boolean(),
  samePhone: z.boolean(),
});
export type FamilyJoin = z.infer<typeof familyJoinSchema>;

/** Staff decide: the same family (the child joins it) or a separate one (it stays apart). */
export const familyJoinDecisionBody = z.object({
  decision: z.enum(['confirm', 'separate']),
});
export type FamilyJoinDecision = z.infer<typeof familyJoinDecisionBody>;

/**
 * `GET /api/family/joins`: a registration made with the address this parent signed in with, waiting
 * for them (or staff) to say whether the child is theirs.
 */
export const familyJoinOfferSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  child: personSchema,
  /** The parent's name as the registration gave it. */
  registeredBy: z.string(),
});
export type FamilyJoinOffer = z.infer<typeof familyJoinOfferSchema>;
