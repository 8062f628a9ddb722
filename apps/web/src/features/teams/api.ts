import type { Coach, Player, Team, TeamBody } from '@kora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const useTeams = () => useQuery({ queryKey: ['teams'], queryFn: () => api<Team[]>('/api/teams') });
export const useCoaches = () => useQuery({ queryKey: ['users', 'COACH'], queryFn: () => api<Coach[]>('/api/users?role=COACH') });
export const usePlayers = () => useQuery({ queryKey: ['users', 'PLAYER'], queryFn: () => api<Player[]>('/api/users?role=PLAYER') });

/** Saving a team changes teams, and the players and coaches lists that show team names. */
export function useTeamMutations() {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['teams'] }), qc.invalidateQueries({ queryKey: ['users'] })]);
  return {
    create: useMutation({ mutationFn: (body: TeamBody) => api<Team>('/api/teams', { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TeamBody | { playerIds: string[] } }) =>
        api<Team>(`/api/teams/${id}`, { method: 'PUT', body }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => api<void>(`/api/teams/${id}`, { method: 'DELETE' }), onSuccess: refresh }),
  };
}
