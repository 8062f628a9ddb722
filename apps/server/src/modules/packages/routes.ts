import { errorSchema, packageSchema, publicPackageSchema, publicPackagesQuery } from '@kora/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { packages } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { requireMember } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { limits } from '../../http/rate-limits.js';
import { findAcademyByHandle } from '../academies/lookup.js';
import { toPackage, toPublicPackage } from './mapper.js';

export async function packageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // One path, two audiences (DESIGN §5.3): `?handle=` is the parent wizard's public list of active
  // packages; without it a member gets every package of their academy except archived ones.
  r.get(
    '/api/packages',
    {
      config: {
        access: 'public',
        // Only the public (by handle) list is limited per IP; members are not throttled by their office's shared address.
        rateLimit: { ...limits(app.deps.config).publicRead, allowList: (req) => !(req.query as { handle?: string }).handle },
      },
      schema: {
        tags: ['packages'],
        querystring: publicPackagesQuery,
        response: { 200: z.union([z.array(packageSchema), z.array(publicPackageSchema)]), 404: errorSchema },
      },
    },
    async (req) => {
      if (req.query.handle) {
        const academy = await findAcademyByHandle(app.deps.db, req.query.handle);
        if (!academy) throw notFound('Academy not found');
        const rows = await withTenant(app.deps.db, academy.id, (tx) =>
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
    },
  );
}
