import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { packages } from '../../db/schema.js';
import { requireMember } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { limits } from '../../http/rate-limits.js';
import { route } from '../../http/route.js';
import { findAcademyByHandle } from '../academies/lookup.js';
import { toPackage, toPublicPackage } from './mapper.js';
import { createPackage, deletePackage, setPackageActive, updatePackage } from './service.js';

const write = { access: { anyOf: ['canWriteSettings' as const] } };

export async function packageRoutes(app: FastifyInstance) {
  const { deps } = app;
  // One path, two audiences (docs/domain.md): `?handle=` is the parent wizard's public list of active
  // packages; without it a member gets every package of their academy except archived ones.
  const rateLimit = {
    ...limits(deps.config).publicRead,
    // Only the public (by handle) list is limited per IP; members are not throttled by their office's shared address.
    allowList: (req: { query: unknown }) => !(typeof req.query === 'object' && req.query && Reflect.get(req.query, 'handle')),
  };
  route(app, 'listPackages', { access: 'public', rateLimit }, async (req) => {
    if (req.query.handle) {
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
    }
    await requireMember(app, req);
    const rows = await req.tenant((tx) =>
      tx.select().from(packages).where(isNull(packages.archivedAt)).orderBy(asc(packages.createdAt), asc(packages.name)),
    );
    return rows.map(toPackage);
  });

  // Settings → Packages: add, edit, delete (or archive when in use) and toggle, with W:Settings (docs/domain.md).
  route(app, 'createPackage', write, (req) => req.tenant((tx) => createPackage(tx, req.body)));
  route(app, 'updatePackage', write, (req) => req.tenant((tx) => updatePackage(tx, req.params.id, req.body)));
  route(app, 'deletePackage', write, (req) => req.tenant((tx) => deletePackage(tx, req.params.id, deps.clock.now())));
  route(app, 'togglePackage', write, (req) => req.tenant((tx) => setPackageActive(tx, req.params.id, req.body.isActive)));
}
