import { idParamsSchema, teamBodySchema, teamPlayersBodySchema, teamSchema, teamUpdateBodySchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf, requireAnyFlag } from '../../http/access.js';
import { createTeam, deleteTeam, getTeam, listTeams, updateTeam } from './service.js';

export async function teamRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];
  const write = { anyOf: ['canWriteManageTeam' as const] };

  r.get('/api/teams', { config: { access: 'member' }, schema: { tags, response: { 200: z.array(teamSchema) } } }, (req) =>
    req.tenant((tx) => listTeams(tx)),
  );

  r.get(
    '/api/teams/:id',
    { config: { access: 'member' }, schema: { tags, params: idParamsSchema, response: { 200: teamSchema } } },
    (req) => req.tenant((tx) => getTeam(tx, req.params.id)),
  );

  r.post(
    '/api/teams',
    { config: { access: write }, schema: { tags, body: teamBodySchema, response: { 201: teamSchema } } },
    async (req, reply) => {
      const { academyId } = authOf(req);
      return reply.status(201).send(await req.tenant((tx) => createTeam(tx, academyId, req.body)));
    },
  );

  // A body of only {playerIds} is the players screen's team assignment, allowed with W:Players too.
  r.put(
    '/api/teams/:id',
    {
      config: { access: { anyOf: ['canWriteManageTeam', 'canWritePlayers'] } },
      schema: { tags, params: idParamsSchema, body: teamUpdateBodySchema, response: { 200: teamSchema } },
    },
    async (req) => {
      const auth = authOf(req);
      const onlyPlayers = teamPlayersBodySchema.safeParse(req.body).success;
      requireAnyFlag(auth, onlyPlayers ? ['canWriteManageTeam', 'canWritePlayers'] : ['canWriteManageTeam']);
      return req.tenant((tx) => updateTeam(tx, auth.academyId, req.params.id, req.body));
    },
  );

  r.delete('/api/teams/:id', { config: { access: write }, schema: { tags, params: idParamsSchema } }, async (req, reply) => {
    await req.tenant((tx) => deleteTeam(tx, req.params.id));
    return reply.status(204).send();
  });
}
