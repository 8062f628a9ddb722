import type { CoachCreateBody, CoachUpdateBody } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The academy's account types (R:Settings), for giving a new coach's login a type. */
export const accountTypesQuery = queryOptions({ queryKey: ['account-types'], queryFn: () => call('listAccountTypes') });

export function useCoachMutations() {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['users'] }), qc.invalidateQueries({ queryKey: ['teams'] })]);
  return {
    create: useMutation({ mutationFn: (body: CoachCreateBody) => call('createCoach', { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: CoachUpdateBody }) => call('updateCoach', { params: { id }, body }),
      onSuccess: refresh,
    }),
  };
}
