import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { packages } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { findAcademyByHandle } from '../academies/lookup.js';
import { toPackage, toPublicPackage } from './mapper.js';
import { createPackage, deletePackage, setPackageActive, updatePackage } from './service.js';

const write = { access: { anyOf: ['canWriteSettings' as const] } };

export async function packageRoutes(app: FastifyInstance) {
  const { deps } = app;
  // One path, two operations (docs/domain.md, "What each call needs"): `?handle=` is the parent
  // wizard's public list of an academy's active packages, limited per IP; without it a member gets
  // every package of their academy but the archived ones, never throttled by their office's address.
  route(app, 'listPublicPackages', { access: 'public', rateLimit: 'publicRead' }, async (req) => {
    const academy = await findAcademyByHandle(deps.data, req.query.handle);
    if (!academy) throw notFound('academy.not_found');
    const rows = await deps.data.tenant(academy.id, (tx) =>
      tx
        .select()
        .from(packages)
        .where(and(eq(packages.isActive, true), isNull(packages.archivedAt)))
        .orderBy(asc(packages.priceHalalas), asc(packages.name)),
    );
    return rows.map(toPublicPackage);
  });
  route(app, 'listPackages', { access: 'member' }, async (req) => {
    const rows = await req.tenant((tx) =>
      tx.select().from(packages).where(isNull(packages.archivedAt)).orderBy(asc(packages.createdAt), asc(packages.name)),
    );
    return rows.map(toPackage);
  });

  // Settings → Packages: add, edit, delete (or archive when in use) and toggle, with W:Settings (docs/domain.md).
  route(app, 'createPackage', { ...write, audit: true }, (req) => req.tenant((tx) => createPackage(tx, req.body)));
  route(app, 'updatePackage', { ...write, audit: true }, (req) => req.tenant((tx) => updatePackage(tx, req.params.id, req.body)));
  route(app, 'deletePackage', { ...write, audit: true }, (req) => req.tenant((tx) => deletePackage(tx, req.params.id, deps.clock.now())));
  route(app, 'togglePackage', { ...write, audit: true }, (req) =>
    req.tenant((tx) => setPackageActive(tx, req.params.id, req.body.isActive)),
  );
}
