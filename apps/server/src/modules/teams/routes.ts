import { teamPlayersBodySchema } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import type { InputRule, Need } from '../../http/access.js';
import { sendCachedList } from '../../http/list-cache.js';
import { route } from '../../http/route.js';
import { createTeam, deleteTeam, getTeam, teamsListJson, updateTeam } from './service.js';

const write = { access: { anyOf: ['canWriteManageTeam' as const] } };
const manage: Need = { anyOf: ['canWriteManageTeam'] };
const assignPlayers: Need = { anyOf: ['canWriteManageTeam', 'canWritePlayers'] };
/** A body of only {playerIds} is the players screen's team assignment, allowed with W:Players too. */
const teamEdit: InputRule = {
  of: 'body',
  need: (body) => (teamPlayersBodySchema.safeParse(body).success ? assignPlayers : manage),
  needs: [manage, assignPlayers],
};

export async function teamRoutes(app: FastifyInstance) {
  const now = () => app.deps.clock.now();
  route(app, 'listTeams', { access: 'member' }, (req, reply) => sendCachedList(req, reply, 'teams', teamsListJson));
  route(app, 'getTeam', { access: 'member' }, (req) => req.tenant((tx) => getTeam(tx, req.params.id)));
  route(app, 'createTeam', write, (req) => req.tenant((tx) => createTeam(tx, req.body, now())));

  route(app, 'updateTeam', { access: teamEdit }, (req) => req.tenant((tx) => updateTeam(tx, req.params.id, req.body, now())));

  route(app, 'deleteTeam', write, (req) => req.tenant((tx) => deleteTeam(tx, req.params.id, now())));
}
