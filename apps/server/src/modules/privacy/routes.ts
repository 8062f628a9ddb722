import { AUDIT_RETENTION_MONTHS, LOGIN_RETENTION_MONTHS } from '@kora/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { academies, users } from '../../db/schema.js';
import type { TenantTx } from '../../db/tenant.js';
import { authOf } from '../../http/access.js';
import { noteAudit } from '../../http/audit.js';
import { HttpError, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { findAcademyByHandle } from '../academies/lookup.js';
import { currentConsents } from '../consents/service.js';
import { familyKey, familyOf } from '../family/session.js';
import { requestErasure } from './erasure.js';
import { type ExportDeps, exportStatus, familyOfChild, familyOfParents, type Language, requestExport, takeExport } from './export.js';
import { unconfirmedGuardians } from './guardian.js';
import { inactivePlayers } from './retention.js';

/** Privacy (docs/domain.md, "Privacy requests"): a family's data on request, erasure, retention. */
export async function privacyRoutes(app: FastifyInstance) {
  const { deps } = app;
  const now = () => deps.clock.now();
  const exportDeps: ExportDeps = { data: deps.data, dataDir: deps.config.dataDir, now };
  const erasureDeps = { data: deps.data, removeFile: (path: string) => deps.storage.remove(path), now };
  const background = (req: FastifyRequest) => (work: () => Promise<unknown>) => app.background.run(work, req.log);

  /** The signed-in parent's family (its parent rows and all their children), in the academy's transaction. */
  const parentFamily = (req: FastifyRequest) => {
    const auth = familyOf(req);
    const key = familyKey(auth);
    return deps.data.tenant(auth.academyId, async (tx) => {
      const members = await key.members(tx);
      const family = await familyOfParents(tx, members.includes(auth.parentId) ? members : [auth.parentId, ...members]);
      return { auth, family, language: await languageOf(tx, auth.parentId) };
    });
  };

  route(app, 'requestFamilyExport', { access: 'parent', audit: true }, async (req, reply) => {
    const { auth, family, language } = await parentFamily(req);
    const started = await requestExport(
      exportDeps,
      auth.academyId,
      { via: 'portal', parentId: auth.parentId, language: req.body.language ?? language },
      family,
      background(req),
    );
    noteAudit(req, { exportId: started.id });
    reply.status(202);
    return started;
  });

  route(app, 'familyExportStatus', { access: 'parent' }, async (req) => {
    const { auth, family } = await parentFamily(req);
    return deps.data.tenant(auth.academyId, (tx) => exportStatus(tx, req.params.id, family.parentIds));
  });

  route(app, 'eraseFamilyChild', { access: 'parent', audit: true }, async (req) => {
    const { auth, family } = await parentFamily(req);
    if (!family.childIds.includes(req.params.childId)) throw notFound('player.not_found');
    const done = await requestErasure(erasureDeps, auth.academyId, req.params.childId, { via: 'portal', parentId: auth.parentId });
    noteAudit(req, { erasureId: done.id }, req.params.childId);
    return done;
  });

  // ── staff ──
  const medicalIdentity = { access: { anyOf: ['canReadMedicalIdentity' as const] } };
  route(app, 'requestPlayerExport', { ...medicalIdentity, audit: true }, async (req, reply) => {
    const auth = authOf(req);
    const { family, language } = await req.tenant(async (tx) => {
      const family = await familyOfChild(tx, req.params.id);
      return { family, language: family.parentIds[0] ? await languageOf(tx, family.parentIds[0]) : 'ar' };
    });
    const started = await requestExport(
      exportDeps,
      auth.academyId,
      { via: 'staff', memberId: auth.user.id, playerId: req.params.id, language: req.body.language ?? language },
      family,
      background(req),
    );
    reply.status(202);
    return started;
  });
  route(app, 'playerExportStatus', medicalIdentity, (req) => req.tenant((tx) => exportStatus(tx, req.params.id)));

  route(app, 'downloadDataExport', { access: 'public', rateLimit: 'publicRead' }, async (req, reply) => {
    const zip = await takeExport(exportDeps, req.params.token);
    reply
      .type('application/zip')
      .header('content-disposition', 'attachment; filename="kora-data.zip"')
      .header('cache-control', 'private, no-store');
    return zip;
  });

  route(app, 'erasePlayer', { access: { anyOf: ['canWritePlayers'] }, audit: true }, async (req) => {
    const auth = authOf(req);
    return requestErasure(erasureDeps, auth.academyId, req.params.id, { via: 'staff', memberId: auth.user.id });
  });

  route(app, 'retentionReview', { access: { anyOf: ['canReadSettings'] } }, (req) => req.tenant((tx) => inactivePlayers(tx, now())));

  route(app, 'eraseInactivePlayers', { access: { anyOf: ['canWriteSettings'] }, audit: true }, async (req) => {
    const auth = authOf(req);
    // Only players the review lists now: a player active again meanwhile is not erased.
    const review = await req.tenant((tx) => inactivePlayers(tx, now()));
    const listed = new Set(review.players.map((p) => p.id));
    const erased: string[] = [];
    const refused: { id: string; code: string }[] = [];
    for (const id of req.body.playerIds) {
      if (!listed.has(id)) {
        refused.push({ id, code: 'privacy.not_inactive' });
        continue;
      }
      try {
        await requestErasure(erasureDeps, auth.academyId, id, { via: 'retention', memberId: auth.user.id });
        erased.push(id);
      } catch (err) {
        if (err instanceof HttpError) refused.push({ id, code: err.code });
        else throw err;
      }
    }
    noteAudit(req, { erased: erased.length, refused: refused.length });
    return { erased, refused };
  });

  const settingsOf = (years: number) => ({
    retentionYears: years,
    auditRetentionMonths: AUDIT_RETENTION_MONTHS,
    loginRetentionMonths: LOGIN_RETENTION_MONTHS,
  });
  route(app, 'getPrivacySettings', { access: { anyOf: ['canReadSettings'] } }, async (req) => {
    const [row] = await req.tenant((tx) =>
      tx.select({ years: academies.retentionYears }).from(academies).where(eq(academies.id, tx.academyId)),
    );
    return settingsOf(row.years);
  });
  route(app, 'updatePrivacySettings', { access: { anyOf: ['canWriteSettings'] }, audit: true }, async (req) => {
    const years = req.body.retentionYears;
    await req.tenant((tx) => tx.update(academies).set({ retentionYears: years }).where(eq(academies.id, tx.academyId)));
    return settingsOf(years);
  });
  route(app, 'unconfirmedGuardians', { access: { anyOf: ['canReadPlayers'] } }, (req) => req.tenant(unconfirmedGuardians));
  // What the family agreed to, for staff who read Players (the portal shows the parent the same rows).
  route(app, 'playerConsents', { access: { anyOf: ['canReadPlayers'] } }, (req) =>
    req.tenant(async (tx) => {
      const [player] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, req.params.id), eq(users.role, 'PLAYER')));
      if (!player) throw notFound('player.not_found');
      return currentConsents(tx, player.id);
    }),
  );
  route(app, 'privacyNotice', { access: 'public', rateLimit: 'publicRead' }, async (req) => {
    const academy = await findAcademyByHandle(deps.data, req.query.handle);
    if (!academy) throw notFound('academy.not_found');
    return settingsOf(academy.retentionYears);
  });
}

async function languageOf(tx: TenantTx, parentId: string): Promise<Language> {
  const [row] = await tx.select({ language: users.language }).from(users).where(eq(users.id, parentId));
  return row?.language === 'en' ? 'en' : 'ar';
}
