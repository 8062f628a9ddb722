import type { Coach } from '@kora/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface CoachInput {
  name: string;
  email?: string;
  coachType: string;
  teamIds: string[];
}

export function useCoachMutations() {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['users'] }), qc.invalidateQueries({ queryKey: ['teams'] })]);
  return {
    create: useMutation({
      mutationFn: (body: CoachInput) =>
        api<{ coach: { id: string; name: string; email: string | null }; password?: string }>('/api/users/coaches', { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Omit<CoachInput, 'email'> }) =>
        api<Coach>(`/api/users/coaches/${id}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
  };
}
