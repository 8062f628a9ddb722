import {
  birthdateBounds,
  isWithin,
  type ParentInfo,
  type ParsedConsentsGiven,
  type PlayerInfo,
  riyadhToday,
  startDateBounds,
} from '@kora/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { packages, parentPlayers, subscriptions, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { badRequest } from '../../http/errors.js';
import { assertMedicalConsent, recordConsents } from '../consents/service.js';
import { addressOwner, holdApart } from '../family/joins.js';
import { hasTrial, pendingSubscriptionValues, trialSubscriptionValues } from '../subscriptions/lifecycle.js';

export interface ParentPlayerInput {
  parentInfo: ParentInfo;
  playerInfo: PlayerInfo;
  packageId: string | null;
  subscriptionStartDate: string | null;
  avatar?: string | null;
  /**
   * A public registration (the parent wizard): when its e-mail or mobile already belongs to a parent
   * of the academy, the new parent row waits apart until staff confirm (modules/family/joins.ts).
   * Staff adding a player (or importing) join it at once: they are the confirmation.
   */
  public?: boolean;
  /**
   * The consents given with it (docs/domain.md, "Data map"): by the parent in the wizard, or on paper
   * and recorded by `recordedById`. None (a staff registration without them): a condition is refused.
   */
  consents?: ParsedConsentsGiven;
  recordedById?: string | null;
}

/** Checks that need the clock or the academy's data; run before any write so a failure changes nothing. */
export async function checkParentPlayer(tx: TenantTx, input: ParentPlayerInput, now: Date) {
  const today = riyadhToday(now);
  assertMedicalConsent(input.playerInfo.medicalCondition, input.consents, 'playerInfo.medicalCondition');
  if (!isWithin(input.playerInfo.birthdate, birthdateBounds(today)))
    throw badRequest('player.birthdate_out_of_range', 'playerInfo.birthdate');
  if (!input.packageId) return null;
  const startDate = input.subscriptionStartDate ?? today;
  if (!isWithin(startDate, startDateBounds(today))) throw badRequest('subscription.start_out_of_range', 'subscriptionStartDate');
  const [pkg] = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.id, input.packageId), eq(packages.isActive, true), isNull(packages.archivedAt)));
  if (!pkg) throw badRequest('package.not_found', 'selectedPackage');
  return { pkg, startDate };
}

/**
 * Creates a parent, their child player and, when a package was chosen, its subscription: a free
 * TRIAL when the package has one, else PENDING (docs/domain.md, "Subscription lifecycle"). Used by the public parent wizard and by the staff
 * Add Player wizard; runs in the tenant's transaction. The answer is the same whether or not a
 * public registration's address was already a parent's (it only waits apart then).
 */
export async function createParentAndPlayer(tx: TenantTx, input: ParentPlayerInput, now: Date) {
  const { academyId } = tx;
  const chosen = await checkParentPlayer(tx, input, now);
  const { parentInfo: p, playerInfo: c } = input;
  const owner = input.public ? await addressOwner(tx, p) : null;
  const [parent] = await tx
    .insert(users)
    .values({
      academyId,
      role: 'PARENT',
      name: p.name,
      nameArabic: p.nameArabic,
      email: p.email,
      phoneNumber: p.phone,
      emergencyPhone1: p.emergencyPhone1,
      emergencyPhone2: p.emergencyPhone2,
      // A public registration's guardian is checked by the portal's sign-in code (docs/domain.md, "Privacy requests").
      ...(input.public ? { guardianConfirmedAt: null } : {}),
    })
    .returning();
  const [player] = await tx
    .insert(users)
    .values({
      academyId,
      role: 'PLAYER',
      name: c.name,
      nameArabic: c.nameArabic,
      nationalId: c.nationalId,
      nationality: c.nationality,
      residentialNeighborhood: c.residentialNeighborhood,
      birthdate: c.birthdate,
      gender: c.gender,
      condition: c.medicalCondition,
      // The child's contact numbers are the parent's (the players list and detail show them).
      phoneNumber: p.phone,
      emergencyPhone1: p.emergencyPhone1,
      emergencyPhone2: p.emergencyPhone2,
      avatar: input.avatar ?? null,
    })
    .returning();
  await tx.insert(parentPlayers).values({ academyId, parentId: parent.id, playerId: player.id });
  if (input.consents) {
    await recordConsents(tx, player.id, input.consents, { parentId: parent.id, recordedById: input.recordedById ?? null }, now);
    player.photoWithheld = !input.consents.photos;
  }
  if (owner) await holdApart(tx, { parentId: parent.id, playerId: player.id }, owner);
  let subscription: typeof subscriptions.$inferSelect | null = null;
  if (chosen) {
    [subscription] = await tx
      .insert(subscriptions)
      .values({
        academyId,
        playerId: player.id,
        // A package with a trial starts it now, free; any other waits for its first payment.
        ...(hasTrial(chosen.pkg)
          ? trialSubscriptionValues(chosen.pkg, chosen.startDate)
          : pendingSubscriptionValues(chosen.pkg, chosen.startDate)),
      })
      .returning();
  }
  return { parent, player, subscription, waiting: owner };
}
