/**
 * A family payment link (docs/domain.md, "A family payment link"): staff make, for a child's parent, one
 * page that pays the family's children's periods together without signing in to the portal. The link
 * names the parent row; the family is the portal's (the academy's parent rows of the parent's e-mail or
 * mobile, less those waiting to be confirmed or kept separate), read when the page opens. Only the
 * token's hash is kept, the page answers only on the academy's own host, and it lasts
 * FAMILY_PAYMENT_LINK_DAYS.
 */
import { FAMILY_PAYMENT_LINK_DAYS, type FamilyPaymentPage } from '@kora/contracts';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { academies, familyPaymentLinks, parentPlayers, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { authOf } from '../../http/access.js';
import { noteAudit } from '../../http/audit.js';
import { conflict, notFound } from '../../http/errors.js';
import { academyUrl } from '../../http/host.js';
import { route } from '../../http/route.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import { type AcademyRow, findAcademyByHandle } from '../academies/lookup.js';
import { familyMembers } from '../family/joins.js';
import { familyOfParents } from '../privacy/export.js';
import { checkoutOffer, checkoutPeriods } from './checkout.js';
import { openCheckoutPage, payerOf } from './checkout-page.js';

const DAY_MS = 86_400_000;

/** The children of the portal's family of a parent row: its e-mail's and its mobile's parent rows together. */
async function childrenOfParent(tx: TenantTx, parent: { id: string; email: string | null; phoneNumber: string | null }) {
  const byEmail = parent.email ? await familyMembers(tx, parent.id, { kind: 'email', email: parent.email.toLowerCase() }, []) : [];
  const byPhone = parent.phoneNumber ? await familyMembers(tx, parent.id, { kind: 'phone', phone: parent.phoneNumber }, []) : [];
  return (await familyOfParents(tx, [...new Set([parent.id, ...byEmail, ...byPhone])])).childIds;
}

/** The link of a token on an academy's host, unexpired and of a parent not erased: its academy, parent and family; else 404. */
async function openLink(app: FastifyInstance, site: { kind: string; handle?: string }, token: string, now: Date) {
  const academy = site.kind === 'academy' && site.handle ? await findAcademyByHandle(app.deps.data, site.handle) : null;
  if (!academy) throw notFound('family_link.not_found');
  const link = await app.deps.data.tenant(academy.id, async (tx) => {
    const [row] = await tx
      .select({ link: familyPaymentLinks, parent: users })
      .from(familyPaymentLinks)
      .innerJoin(users, eq(users.id, familyPaymentLinks.parentId))
      .where(and(eq(familyPaymentLinks.tokenHash, hashToken(token)), gt(familyPaymentLinks.expiresAt, now), isNull(users.erasedAt)));
    return row ?? null;
  });
  if (!link) throw notFound('family_link.not_found');
  return { academy, ...link };
}

/** In the link's academy: the family's children, for `work`. */
const inLinkFamily = <T>(
  app: FastifyInstance,
  opened: Awaited<ReturnType<typeof openLink>>,
  work: (tx: TenantTx, academy: AcademyRow, childIds: readonly string[]) => Promise<T>,
) => app.deps.data.tenant(opened.academy.id, async (tx) => work(tx, opened.academy, await childrenOfParent(tx, opened.parent)));

export async function familyPaymentLinkRoutes(app: FastifyInstance) {
  const { deps } = app;

  // Staff who may take payments (activate subscriptions) make a link for the child's first parent.
  route(app, 'createFamilyPaymentLink', { access: { anyOf: ['canWriteSettings'] }, audit: true }, async (req) => {
    const auth = authOf(req);
    const now = deps.clock.now();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + FAMILY_PAYMENT_LINK_DAYS * DAY_MS);
    const parent = await req.tenant(async (tx) => {
      const [player] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, req.params.id), eq(users.role, 'PLAYER'), isNull(users.erasedAt)));
      if (!player) throw notFound('player.not_found');
      const [first] = await tx
        .select({ id: users.id, name: users.name, nameArabic: users.nameArabic })
        .from(parentPlayers)
        .innerJoin(users, eq(users.id, parentPlayers.parentId))
        .where(and(eq(parentPlayers.playerId, player.id), isNull(users.erasedAt)))
        .orderBy(asc(parentPlayers.createdAt), asc(users.id))
        .limit(1);
      if (!first) throw conflict('family_link.no_parent');
      await tx.insert(familyPaymentLinks).values({
        academyId: tx.academyId,
        parentId: first.id,
        tokenHash: hashToken(token),
        createdBy: auth.user.id,
        createdAt: now,
        expiresAt,
      });
      return first;
    });
    noteAudit(req, { parentId: parent.id, expiresAt: expiresAt.toISOString() }, req.params.id);
    return {
      url: academyUrl(deps.config, auth.handle, `/family-payment/${token}`),
      expiresAt: expiresAt.toISOString(),
      parent: { name: parent.name, nameArabic: parent.nameArabic },
    };
  });

  route(app, 'familyPaymentPage', { access: 'public', rateLimit: 'publicRead' }, async (req): Promise<FamilyPaymentPage> => {
    const opened = await openLink(app, req.site, req.params.token, deps.clock.now());
    const offer = await inLinkFamily(app, opened, (tx, academy, childIds) => checkoutOffer(tx, academy, childIds));
    const [academy] = await deps.data.tenant(opened.academy.id, (tx) =>
      tx
        .select({ name: academies.name, nameArabic: academies.nameArabic, logo: academies.logo })
        .from(academies)
        .where(eq(academies.id, tx.academyId)),
    );
    return {
      academy,
      parent: { name: opened.parent.name, nameArabic: opened.parent.nameArabic },
      offer,
      expiresAt: opened.link.expiresAt.toISOString(),
    };
  });

  route(app, 'startFamilyPaymentLink', { access: 'public', rateLimit: 'publicWrite', audit: true }, async (req, reply) => {
    const now = deps.clock.now();
    const opened = await openLink(app, req.site, req.params.token, now);
    const { academy, periods, payer } = await inLinkFamily(app, opened, async (tx, academy, childIds) => ({
      academy,
      periods: await checkoutPeriods(tx, academy, childIds, req.body.subscriptionIds, now),
      payer: await payerOf(tx, opened.parent.id),
    }));
    // A checkout that did not go through comes back to the link's page, which says what happened.
    return openCheckoutPage(deps, req, reply, { academy, periods, payer, back: `family-payment/${req.params.token}`, now });
  });
}
