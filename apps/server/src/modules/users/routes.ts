import {
  adminSchema,
  coachCreateBody,
  coachCreateReply,
  coachSchema,
  coachUpdateBody,
  idParamsSchema,
  type PermissionFlag,
  parentPlayerFieldsSchema,
  parentPlayerReply,
  playerSchema,
  playerUpdateSchema,
  userAccountBody,
  userRoleQuery,
} from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { authOf, requireAnyFlag } from '../../http/access.js';
import { notFound } from '../../http/errors.js';
import { jsonField, readMultipart } from '../../http/multipart.js';
import { storeImage } from '../../storage/images.js';
import { createParentAndPlayer } from './parent-player.js';
import { listAdmins, listCoaches, listPlayers, roleOf } from './read.js';
import { createCoach, deletePlayer, updateAccount, updateCoach, updatePlayer } from './write.js';

/** Who may read users of each role (API.md). */
const READ_ROLE: Record<string, PermissionFlag[] | 'member'> = {
  PLAYER: ['canReadPlayers', 'canReadGrowth', 'canReadSettings'],
  COACH: 'member',
  ADMIN: ['canReadSettings'],
};

const anyUser = z.union([playerSchema, coachSchema, adminSchema]);
type AnyUser = z.infer<typeof anyUser>;

/** One user in the shape of its role. */
async function userOfRole(tx: Tx, role: string, id: string): Promise<AnyUser | undefined> {
  if (role === 'PLAYER') return (await listPlayers(tx, [id]))[0];
  if (role === 'COACH') return (await listCoaches(tx, [id]))[0];
  return (await listAdmins(tx, [id]))[0];
}

export async function userRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const now = () => app.deps.clock.now();

  r.get(
    '/api/users',
    { config: { access: 'member' }, schema: { tags, querystring: userRoleQuery, response: { 200: z.array(anyUser) } } },
    async (req) => {
      const need = READ_ROLE[req.query.role];
      if (need !== 'member') requireAnyFlag(authOf(req), need);
      return req.tenant((tx): Promise<AnyUser[]> => {
        if (req.query.role === 'PLAYER') return listPlayers(tx);
        return req.query.role === 'COACH' ? listCoaches(tx) : listAdmins(tx);
      });
    },
  );

  r.get(
    '/api/users/:id',
    { config: { access: 'member' }, schema: { tags, params: idParamsSchema, response: { 200: anyUser } } },
    async (req) =>
      req.tenant(async (tx) => {
        const role = await roleOf(tx, req.params.id);
        const need = READ_ROLE[role];
        if (!need) throw notFound('User not found');
        if (need !== 'member') requireAnyFlag(authOf(req), need);
        const user = await userOfRole(tx, role, req.params.id);
        if (!user) throw notFound('User not found');
        return user;
      }),
  );

  // Multipart: a player's edit by staff with W:Players. JSON: a staff account's edit with W:Settings.
  r.put(
    '/api/users/:id',
    {
      config: { access: { anyOf: ['canWritePlayers', 'canWriteSettings'] } },
      schema: { tags, params: idParamsSchema, response: { 200: anyUser } },
    },
    async (req) => {
      const auth = authOf(req);
      const id = req.params.id;
      if (req.isMultipart()) {
        requireAnyFlag(auth, ['canWritePlayers']);
        const { fields, photo } = await readMultipart(req);
        const body = playerUpdateSchema.parse(fields);
        const avatar = photo ? await storeImage(app.deps.storage, photo) : null;
        return req.tenant(async (tx) => {
          await updatePlayer(tx, id, body, avatar, now());
          return (await listPlayers(tx, [id]))[0];
        });
      }
      requireAnyFlag(auth, ['canWriteSettings']);
      const body = userAccountBody.parse(req.body);
      return req.tenant(async (tx) => {
        await updateAccount(tx, id, body, now());
        const user = await userOfRole(tx, await roleOf(tx, id), id);
        if (!user) throw notFound('User not found');
        return user;
      });
    },
  );

  r.delete(
    '/api/users/:id',
    { config: { access: { anyOf: ['canWritePlayers'] } }, schema: { tags, params: idParamsSchema } },
    async (req, reply) => {
      await req.tenant((tx) => deletePlayer(tx, req.params.id));
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/users/parent-player',
    { config: { access: { anyOf: ['canWritePlayers', 'canWriteSettings'] } }, schema: { tags, response: { 201: parentPlayerReply } } },
    async (req, reply) => {
      const { academyId } = authOf(req);
      const { fields, photo } = await readMultipart(req);
      const body = parentPlayerFieldsSchema.parse({
        ...fields,
        parentInfo: jsonField(fields, 'parentInfo'),
        playerInfo: jsonField(fields, 'playerInfo'),
      });
      const avatar = photo ? await storeImage(app.deps.storage, photo) : null;
      const result = await req.tenant(async (tx) => {
        const created = await createParentAndPlayer(
          tx,
          academyId,
          {
            parentInfo: body.parentInfo,
            playerInfo: body.playerInfo,
            packageId: body.selectedPackage,
            subscriptionStartDate: body.subscriptionStartDate,
            avatar,
          },
          now(),
        );
        const [player] = await listPlayers(tx, [created.player.id]);
        return { parent: { id: created.parent.id, name: created.parent.name }, player, subscription: player.subscriptions[0] ?? null };
      });
      return reply.status(201).send(result);
    },
  );

  r.post(
    '/api/users/coaches',
    {
      config: { access: { anyOf: ['canWriteCoaches', 'canWriteSettings'] } },
      schema: { tags, body: coachCreateBody, response: { 201: coachCreateReply } },
    },
    async (req, reply) => {
      const { academyId } = authOf(req);
      return reply.status(201).send(await req.tenant((tx) => createCoach(tx, academyId, req.body)));
    },
  );

  r.put(
    '/api/users/coaches/:id',
    {
      config: { access: { anyOf: ['canWriteCoaches'] } },
      schema: { tags, params: idParamsSchema, body: coachUpdateBody, response: { 200: coachSchema } },
    },
    async (req) => {
      const { academyId } = authOf(req);
      return req.tenant(async (tx) => {
        await updateCoach(tx, academyId, req.params.id, req.body);
        return (await listCoaches(tx, [req.params.id]))[0];
      });
    },
  );
}
