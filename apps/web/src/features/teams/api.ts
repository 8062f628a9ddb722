import type { Player, Team, TeamBody } from '@kora/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../lib/api';
import { byName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';

/** Shared by route loaders (ensureQueryData) and components (useQuery), so both read one cache entry. */
export const teamsQuery = queryOptions({ queryKey: ['teams'], queryFn: () => call('listTeams') });
export const coachesQuery = queryOptions({
  queryKey: ['users', 'COACH'],
  queryFn: async () => (await call('listUsers', { query: { role: 'COACH' } })).filter((u) => u.role === 'COACH'),
});
export const playersQuery = queryOptions({
  queryKey: ['users', 'PLAYER'],
  queryFn: async () => (await call('listUsers', { query: { role: 'PLAYER' } })).filter((u): u is Player => u.role === 'PLAYER'),
});

/** The teams in the order people read them: by the shown name, "U8" before "U16". */
export function useTeams() {
  const { locale } = useLocale();
  const select = useCallback((teams: Team[]) => [...teams].sort(byName(locale)), [locale]);
  return useQuery({ ...teamsQuery, select });
}
export const useCoaches = () => useQuery(coachesQuery);
export const usePlayers = () => useQuery(playersQuery);

/** Saving a team changes teams, and the players and coaches lists that show team names. */
export function useTeamMutations() {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['teams'] }), qc.invalidateQueries({ queryKey: ['users'] })]);
  return {
    create: useMutation({ mutationFn: (body: TeamBody) => call('createTeam', { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TeamBody | { playerIds: string[] } }) => call('updateTeam', { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => call('deleteTeam', { params: { id } }), onSuccess: refresh }),
  };
}
