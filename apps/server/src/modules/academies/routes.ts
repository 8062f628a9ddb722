import { canReadSensitive } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/access.js';
import { forbidden, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { storeImage } from '../../storage/images.js';
import { findAcademyByHandle } from './lookup.js';
import { mailOwnerConfirmation } from './owner.js';
import { getAcademy, refundPolicyOf, updateAcademy } from './service.js';

/** Settings → Academy: any member reads their own academy; W:Settings edits it (docs/domain.md). Parents read its refund policy. */
export async function academyRoutes(app: FastifyInstance) {
  const { deps } = app;
  route(app, 'getAcademy', { access: 'member' }, (req) => req.tenant((tx) => getAcademy(tx, req.params.id)));
  route(app, 'updateAcademy', { access: { anyOf: ['canWriteSettings'] }, audit: true }, async (req) => {
    if (req.params.id !== authOf(req).academyId) throw notFound('academy.not_found');
    const { fields, files } = req.form;
    // Letting coaches read medical conditions is a grant of medical data: only a member who holds it may give it.
    if (fields.coachesSeeMedical !== undefined && !canReadSensitive(authOf(req).user.accountType))
      throw forbidden('academy.medical_setting_forbidden');
    // The logo gets the hardening of player photos: decoded as an image, stripped, re-encoded as WebP.
    const logo = files.photo ? await storeImage(deps.storage, files.photo) : null;
    return req.tenant((tx) => updateAcademy(tx, req.params.id, fields, logo));
  });
  // The bell's "confirm your e-mail" notice: a new link to the owner's address (W:Settings; 409 once confirmed).
  route(app, 'resendOwnerConfirmation', { access: { anyOf: ['canWriteSettings'] }, rateLimit: 'publicWrite' }, async (req) => {
    await mailOwnerConfirmation(deps, authOf(req).academyId);
  });
  // The login and parent screens show the academy's name, not its handle.
  route(app, 'checkHandle', { access: 'public', rateLimit: 'publicRead' }, async (req) => {
    const academy = await findAcademyByHandle(deps.data, req.params.handle);
    return academy
      ? { exists: true, academy: { name: academy.name, nameArabic: academy.nameArabic, logo: academy.logo } }
      : { exists: false };
  });
  // Public, by handle: the host check answers it only on the root or that academy's own subdomain.
  route(app, 'refundPolicy', { access: 'public', rateLimit: 'publicRead' }, async (req) => {
    const academy = await findAcademyByHandle(deps.data, req.params.handle);
    if (!academy) throw notFound('academy.not_found');
    return refundPolicyOf(academy);
  });
}
