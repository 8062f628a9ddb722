import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/access.js';
import { route } from '../../http/route.js';
import { createAccountType, deleteAccountType, listAccountTypes, updateAccountType } from './service.js';

const write = { access: { anyOf: ['canWriteSettings' as const] } };

/** Settings → Privileges: account types (R:Settings to list, W:Settings to change; docs/domain.md). */
export async function accountTypeRoutes(app: FastifyInstance) {
  route(app, 'listAccountTypes', { access: { anyOf: ['canReadSettings'] } }, (req) => req.tenant((tx) => listAccountTypes(tx)));
  route(app, 'createAccountType', { ...write, audit: true }, (req) =>
    req.tenant((tx) => createAccountType(tx, req.body, authOf(req).user.accountType)),
  );
  route(app, 'updateAccountType', { ...write, audit: true }, (req) =>
    req.tenant((tx) => updateAccountType(tx, req.params.id, req.body, authOf(req).user.accountType)),
  );
  route(app, 'deleteAccountType', { ...write, audit: true }, (req) => req.tenant((tx) => deleteAccountType(tx, req.params.id)));
}
