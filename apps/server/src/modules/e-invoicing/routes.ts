import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/access.js';
import { route } from '../../http/route.js';
import { allowDevelopmentSigning } from '../invoices/formats/credentials.js';
import { sealingKeyFor } from './keys.js';
import { eInvoicingStatus, onboard, renew } from './service.js';

/** Settings → Academy → E-invoicing: R:Settings reads the state, W:Settings onboards and renews (docs/domain.md). */
export async function eInvoicingRoutes(app: FastifyInstance) {
  const { deps } = app;
  // ZATCA's SDK test credential signs for academies that never onboarded only in development and tests.
  allowDevelopmentSigning(!deps.config.production);
  const service = { ...deps, sealingKey: () => sealingKeyFor(deps.config) };
  route(app, 'getEInvoicing', { access: { anyOf: ['canReadSettings'] } }, (req) =>
    req.tenant((tx) => eInvoicingStatus(tx, deps.zatca.environment, deps.clock.now())),
  );
  route(app, 'onboardEInvoicing', { access: { anyOf: ['canWriteSettings'] }, audit: true }, (req) =>
    onboard(service, authOf(req).academyId, req.body.otp),
  );
  route(app, 'renewEInvoicing', { access: { anyOf: ['canWriteSettings'] }, audit: true }, (req) =>
    renew(service, authOf(req).academyId, req.body.otp),
  );
}
