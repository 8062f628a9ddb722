import type { AccountTypeBody, StaffCreateBody, UserAccountBody } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallInput, call } from '../../lib/api';
import { accountTypesQuery } from '../coaches/api';

export { accountTypesQuery };

/**
 * The staff who sign in (admins and coaches with a login): the users an account type's card counts
 * (the server's `usersOfType`), so the card and this list always agree.
 */
export const staffQuery = queryOptions({
  queryKey: ['users', 'staff'],
  queryFn: async () => {
    const [admins, coaches] = await Promise.all([
      call('listUsers', { query: { role: 'ADMIN' } }),
      call('listUsers', { query: { role: 'COACH' } }),
    ]);
    return [...admins, ...coaches].flatMap((u) => (u.role !== 'PLAYER' && u.hasLogin ? [u] : []));
  },
});

export const academyQuery = (id: string) =>
  queryOptions({ queryKey: ['academy', id], queryFn: () => call('getAcademy', { params: { id } }) });

export function useAccountTypeMutations() {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['account-types'] }), qc.invalidateQueries({ queryKey: ['users'] })]);
  return {
    create: useMutation({ mutationFn: (body: AccountTypeBody) => call('createAccountType', { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: AccountTypeBody }) => call('updateAccountType', { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => call('deleteAccountType', { params: { id } }), onSuccess: refresh }),
  };
}

export function useStaffMutations() {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['users'] }), qc.invalidateQueries({ queryKey: ['account-types'] })]);
  return {
    create: useMutation({ mutationFn: (body: StaffCreateBody) => call('createStaffUser', { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UserAccountBody }) => call('updateUser', { params: { id }, body }),
      onSuccess: refresh,
    }),
    sendReset: useMutation({ mutationFn: (id: string) => call('sendUserPasswordReset', { params: { id } }) }),
  };
}

/** The academy's profile saved (a multipart form: the logo travels with it); answers the saved profile. */
export const saveAcademy = (id: string, form: CallInput<'updateAcademy'>['form']) => call('updateAcademy', { params: { id }, form });

/** The family portal's settings (docs/domain.md, "The family portal"). */
export const familySettingsQuery = queryOptions({
  queryKey: ['family-settings'],
  queryFn: ({ signal }) => call('getFamilySettings', { signal }),
});

export const saveFamilySettings = (availabilityCutoffMinutes: number) =>
  call('updateFamilySettings', { body: { availabilityCutoffMinutes } });
