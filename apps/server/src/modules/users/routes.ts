import { type AnyUser, type PermissionFlag, type Role, riyadhToday } from '@kora/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TenantTx } from '../../db/tenant.js';
import { authOf, type InputRule, type Need, requireAnyFlag } from '../../http/access.js';
import { noteAudit } from '../../http/audit.js';
import { notFound } from '../../http/errors.js';
import { sendCachedList } from '../../http/list-cache.js';
import { route } from '../../http/route.js';
import { storeImage } from '../../storage/images.js';
import { mailResetLink } from '../auth/service.js';
import { withholdPhoto } from '../consents/service.js';
import { auditSensitive, type SensitiveView, sensitiveViewOf, viewKey } from '../players/sensitive.js';
import { createParentAndPlayer } from './parent-player.js';
import { listAdmins, listCoaches, listPlayers, playersListJson, roleOf, toAdmin } from './read.js';
import { createCoach, createStaffUser, deletePlayer, loginOf, updateAccount, updateCoach, updatePlayer } from './write.js';

/** Who may read users of each role (docs/domain.md); parents are never listed on their own. */
const READ_ROLE: Partial<Record<Role, PermissionFlag[] | 'member'>> = {
  PLAYER: ['canReadPlayers', 'canReadGrowth', 'canReadSettings'],
  COACH: 'member',
  ADMIN: ['canReadSettings'],
};

/** Who may read `role`'s list: the rights of its role, asked in the query (an unknown role is refused by validation, after). */
const readRole = (role: unknown): Need => {
  const flags = Object.entries(READ_ROLE).find(([name]) => name === role)?.[1];
  return !flags || flags === 'member' ? 'member' : { anyOf: flags };
};
const listOfRoleAccess: InputRule = {
  of: 'query',
  need: (query) => readRole(typeof query === 'object' && query ? Reflect.get(query, 'role') : undefined),
  needs: Object.keys(READ_ROLE).map(readRole),
};

async function listOfRole(
  tx: TenantTx,
  role: 'PLAYER' | 'COACH' | 'ADMIN',
  today: string,
  view: SensitiveView,
  ids?: string[],
): Promise<AnyUser[]> {
  if (role === 'PLAYER') return listPlayers(tx, today, view, ids);
  return role === 'COACH' ? listCoaches(tx, ids) : listAdmins(tx, ids);
}

/** One user in the shape of its role; 404 for parents and unknown ids. */
async function userOfRole(tx: TenantTx, id: string, today: string, view: SensitiveView): Promise<AnyUser> {
  const role = await roleOf(tx, id);
  const [user] = role === 'PARENT' ? [] : await listOfRole(tx, role, today, view, [id]);
  if (!user) throw notFound('user.not_found');
  return user;
}

/** A player answered with their medical condition or national id leaves a row in the audit log (players/sensitive.ts). */
const audited = <T extends AnyUser>(req: FastifyRequest, user: T): T => {
  if (user.role === 'PLAYER') auditSensitive(req, [user]);
  return user;
};

export async function userRoutes(app: FastifyInstance) {
  const { deps } = app;
  const now = () => deps.clock.now();

  route(app, 'listUsers', { access: listOfRoleAccess }, async (req, reply) => {
    // The players list comes from the database as the answer's JSON text.
    // Kept per view: a member without medical and identity never gets a list built for one with it.
    if (req.query.role === 'PLAYER') {
      const view = await sensitiveViewOf(req);
      return sendCachedList(
        req,
        reply,
        `players ${viewKey(view)}`,
        (tx) => playersListJson(tx, riyadhToday(now()), view),
        (body) => view.medical !== 'none' && auditSensitive(req, JSON.parse(body)),
      );
    }
    return req.tenant((tx) => listOfRole(tx, req.query.role, riyadhToday(now()), { identity: false, medical: 'none' }));
  });

  route(app, 'getUser', { access: 'member' }, async (req) => {
    const view = await sensitiveViewOf(req);
    return req.tenant(async (tx) => {
      const need = READ_ROLE[await roleOf(tx, req.params.id)];
      if (!need) throw notFound('user.not_found');
      if (need !== 'member') requireAnyFlag(authOf(req), need);
      return audited(req, await userOfRole(tx, req.params.id, riyadhToday(now()), view));
    });
  });

  // Multipart: a player's edit by staff with W:Players. JSON: a staff account's edit with W:Settings.
  // Both are checked before the body is read (http/access.ts).
  route(
    app,
    'updateUser',
    { access: { form: { anyOf: ['canWritePlayers'] }, json: { anyOf: ['canWriteSettings'] } }, audit: true },
    async (req) => {
      const auth = authOf(req);
      const id = req.params.id;
      const view = await sensitiveViewOf(req);
      if (req.form) {
        const { fields, files } = req.form;
        const avatar = files.photo ? await storeImage(deps.storage, files.photo) : null;
        const saved = await req.tenant(async (tx) => {
          const { photoWithheld } = await updatePlayer(tx, id, fields, avatar, now(), { ...view, memberId: auth.user.id });
          return { user: audited(req, await userOfRole(tx, id, riyadhToday(now()), view)), photoWithheld };
        });
        // A new photo of a child without photo consent is stored but never served.
        if (avatar && saved.photoWithheld) await withholdPhoto(deps.data, avatar, true);
        return saved.user;
      }
      const body = req.body;
      return req.tenant(async (tx) => {
        await updateAccount(tx, id, body, now(), auth.user.accountType);
        return audited(req, await userOfRole(tx, id, riyadhToday(now()), view));
      });
    },
  );

  route(app, 'deleteUser', { access: { anyOf: ['canWritePlayers'] }, audit: true }, (req) =>
    req.tenant(async (tx) => {
      const { name, subscriptionsDeleted } = await deletePlayer(tx, req.params.id);
      noteAudit(req, { player: { name }, subscriptionsDeleted });
    }),
  );

  route(app, 'createParentPlayer', { access: { anyOf: ['canWritePlayers', 'canWriteSettings'] } }, async (req) => {
    const { fields, files } = req.form;
    const avatar = files.photo ? await storeImage(deps.storage, files.photo) : null;
    const view = await sensitiveViewOf(req);
    let withheld: string | null = null;
    const answer = await req.tenant(async (tx) => {
      const created = await createParentAndPlayer(
        tx,
        {
          parentInfo: fields.parentInfo,
          playerInfo: fields.playerInfo,
          packageId: fields.selectedPackage,
          subscriptionStartDate: fields.subscriptionStartDate,
          avatar,
          // Given on paper: recorded with the member who recorded them.
          consents: fields.consents,
          recordedById: authOf(req).user.id,
        },
        now(),
      );
      // A package chosen here opens a subscription (money): audited like createSubscription, by its player.
      const { subscription: sub } = created;
      if (sub)
        noteAudit(
          req,
          {
            parentId: created.parent.id,
            subscription: { id: sub.id, packageId: sub.packageId, status: sub.status, startDate: sub.startDate },
          },
          created.player.id,
        );
      const [player] = await listPlayers(tx, riyadhToday(now()), view, [created.player.id]);
      audited(req, player);
      if (avatar && created.player.photoWithheld) withheld = avatar;
      return { parent: { id: created.parent.id, name: created.parent.name }, player, subscription: player.subscriptions[0] ?? null };
    });
    // Registered without photo consent: the photo uploaded with it is never served.
    if (withheld) await withholdPhoto(deps.data, withheld, true);
    return answer;
  });

  // A coach without a login needs W:Coaches; a login or a chosen account type needs W:Settings (write.ts).
  route(app, 'createCoach', { access: { anyOf: ['canWriteCoaches', 'canWriteSettings'] }, audit: true }, (req) =>
    req.tenant((tx) => createCoach(tx, req.body, authOf(req).user.accountType)),
  );

  route(app, 'createStaffUser', { access: { anyOf: ['canWriteSettings'] }, audit: true }, (req) =>
    req.tenant(async (tx) => {
      const { user, password } = await createStaffUser(tx, req.body, authOf(req).user.accountType);
      return { user: toAdmin(user), password };
    }),
  );

  // The reset mail of the forgot-password flow, sent on a staff user's behalf from Settings → Privileges.
  route(app, 'sendUserPasswordReset', { access: { anyOf: ['canWriteSettings'] }, audit: true }, async (req) => {
    const auth = authOf(req);
    const login = await req.tenant((tx) => loginOf(tx, req.params.id));
    const academy = { id: auth.academyId, handle: auth.handle, name: auth.user.academyUsers[0]?.academy.name ?? auth.handle };
    await mailResetLink(deps, academy, login);
  });

  route(app, 'updateCoach', { access: { anyOf: ['canWriteCoaches'] }, audit: true }, (req) =>
    req.tenant(async (tx) => {
      await updateCoach(tx, req.params.id, req.body, app.deps.clock.now());
      return (await listCoaches(tx, [req.params.id]))[0];
    }),
  );
}
