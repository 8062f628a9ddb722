import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FamilyTx, familyTransaction } from '../../db/family.js';
import { noteAudit } from '../../http/audit.js';
import { route } from '../../http/route.js';
import { familyKey, familyOf } from '../family/session.js';
import { PaymentProviderError } from '../payments/providers/provider.js';
import { familyCard, familySavedCards, forgetCard, renewalPrices } from './cards.js';
import { readCollectionSettings, updateCollectionSettings } from './settings.js';

/**
 * Saved cards and automatic renewals (docs/domain.md, "Automatic renewals and retries"): a parent's
 * saved cards in the portal (seen, removed), and the academy's schedule and packages in Settings.
 */
export async function collectionsRoutes(app: FastifyInstance) {
  const { deps } = app;
  const inFamily = <T>(req: FastifyRequest, work: (tx: FamilyTx) => Promise<T>) =>
    familyTransaction(deps.data, familyKey(familyOf(req)), work);

  route(app, 'familySavedCards', { access: 'parent' }, async (req) => {
    const key = familyKey(familyOf(req));
    const asked = await deps.data.tenant(key.academyId, async (tx) => renewalPrices(tx, [key.parentId, ...(await key.members(tx))]));
    return inFamily(req, (tx) => familySavedCards(tx, asked));
  });

  route(app, 'removeFamilySavedCard', { access: 'parent', audit: true }, async (req) => {
    // Found as the family (only their own cards are visible), removed by the academy's transaction.
    const card = await inFamily(req, (tx) => familyCard(tx, req.params.id));
    let deletedAtProvider = false;
    if (card.provider === deps.payments.name) {
      try {
        deletedAtProvider = await deps.payments.deleteToken(card.token);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        req.log.warn({ err: err.message, cardId: card.id }, 'the provider did not answer a token deletion; Kora forgets the card');
      }
    }
    await deps.data.tenant(card.academyId, (tx) => forgetCard(tx, card.id, deps.clock.now()));
    noteAudit(req, { deletedAtProvider }, card.id);
    return { deletedAtProvider };
  });

  route(app, 'getCollectionSettings', { access: { anyOf: ['canReadSettings'] } }, (req) => req.tenant((tx) => readCollectionSettings(tx)));
  route(app, 'updateCollectionSettings', { access: { anyOf: ['canWriteSettings'] }, audit: true }, async (req) => {
    const settings = await req.tenant((tx) => updateCollectionSettings(tx, req.body, deps.clock.now()));
    noteAudit(req, {
      retryDays: settings.retryDays,
      graceDays: settings.graceDays,
      // Each package's instalments as they now stand (docs/domain.md, "Instalments").
      instalments: Object.fromEntries(settings.packages.filter((p) => p.instalments).map((p) => [p.id, p.instalments])),
    });
    return settings;
  });
}
