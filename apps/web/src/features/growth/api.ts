import type { GrowthMetricBody, GrowthMetricFields } from '@kora/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';

/** A missing player answers 404: retrying cannot help, so only other failures retry once. */
const retryUnlessClientError = (failures: number, err: unknown) => !(err instanceof ApiError && err.status < 500) && failures < 1;

export const growthPlayersQuery = queryOptions({ queryKey: ['growth', 'players'], queryFn: () => call('listGrowthPlayers') });
export const playerGrowthQuery = (playerId: string) =>
  queryOptions({
    queryKey: ['growth', 'player', playerId],
    queryFn: () => call('playerGrowth', { params: { playerId } }),
    retry: retryUnlessClientError,
  });
export const growthMediansQuery = (playerId: string) =>
  queryOptions({
    queryKey: ['growth', 'medians', playerId],
    queryFn: () => call('growthAgeGroupMedians', { params: { playerId } }),
    retry: retryUnlessClientError,
  });

export const useGrowthPlayers = () => useQuery(growthPlayersQuery);
export const usePlayerGrowth = (playerId: string) => useQuery(playerGrowthQuery(playerId));
export const useGrowthMedians = (playerId: string) => useQuery(growthMediansQuery(playerId));

export function useGrowthMutations() {
  const qc = useQueryClient();
  // Every growth key: the list's latest values, the player's records and the age group's medians.
  const refresh = () => qc.invalidateQueries({ queryKey: ['growth'] });
  return {
    create: useMutation({ mutationFn: (body: GrowthMetricBody) => call('createGrowthMetric', { body }), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: GrowthMetricFields }) => call('updateGrowthMetric', { params: { id }, body }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => call('deleteGrowthMetric', { params: { id } }), onSuccess: refresh }),
  };
}
