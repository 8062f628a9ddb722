// The signed-out screens' calls (login, registrations, the password screens, the owner's confirmation).
import { queryOptions } from '@tanstack/react-query';
import { type CallInput, call } from '../../lib/api';

type Body<K extends 'login' | 'registerAcademy' | 'registerParent' | 'forgotPassword' | 'resetPassword'> = CallInput<K>['body'];

/** Whether an academy has this handle (root-mode login); an unreachable server counts as not found. */
export const academyExists = (handle: string) =>
  call('checkHandle', { params: { handle } })
    .then((found) => found.exists)
    .catch(() => false);

export const logIn = (body: Body<'login'>) => call('login', { body });
export const registerAcademy = (body: Body<'registerAcademy'>) => call('registerAcademy', { body });
export const registerParent = (body: Body<'registerParent'>) => call('registerParent', { body });
export const sendPasswordReset = (body: Body<'forgotPassword'>) => call('forgotPassword', { body });
export const resetPassword = (body: Body<'resetPassword'>) => call('resetPassword', { body });

/** The academy's packages a parent may choose when registering (public); a failure is only logged (docs/domain.md, "Screens"). */
export const publicPackagesQuery = (handle: string) =>
  queryOptions({
    queryKey: ['packages', 'public', handle],
    queryFn: () =>
      call('listPublicPackages', { query: { handle } }).catch((err: unknown) => {
        console.error('Failed to fetch packages', err);
        throw err;
      }),
  });

/** The owner's e-mail confirmed by the mailed link's token. */
export const confirmOwner = (token: string) => call('confirmOwner', { body: { token }, session: 'none' });
