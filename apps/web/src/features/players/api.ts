import type { FamilyJoinDecision, ParticipantStatus, Team } from '@kora/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, type CallInput, call } from '../../lib/api';

/** A missing or foreign player answers 404: retrying cannot help, so only other failures retry once. */
const retryUnlessClientError = (failures: number, err: unknown) => !(err instanceof ApiError && err.status < 500) && failures < 1;

export const playerQuery = (id: string) =>
  queryOptions({
    queryKey: ['users', 'PLAYER', id],
    queryFn: async () => {
      const user = await call('getUser', { params: { id } });
      if (user.role !== 'PLAYER') throw new ApiError(404, 'Player not found', 'player.not_found');
      return user;
    },
    retry: retryUnlessClientError,
  });
export const participationsQuery = (id: string) =>
  queryOptions({
    queryKey: ['participations', id],
    queryFn: () => call('playerEvents', { params: { playerId: id } }),
    retry: retryUnlessClientError,
  });
export const sessionsQuery = (id: string) =>
  queryOptions({ queryKey: ['sessions', id], queryFn: () => call('playerSessions', { params: { id } }), retry: retryUnlessClientError });

/** Players whose registering parent has not yet confirmed their phone or e-mail (docs/domain.md, "Privacy requests"). */
export const unconfirmedGuardiansQuery = queryOptions({
  queryKey: ['unconfirmed-guardians'],
  queryFn: () => call('unconfirmedGuardians'),
});

export const usePlayer = (id: string) => useQuery(playerQuery(id));
export const useParticipations = (id: string) => useQuery(participationsQuery(id));
export const useSessions = (id: string) => useQuery(sessionsQuery(id));

export function usePlayerMutations() {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['users'] }), qc.invalidateQueries({ queryKey: ['teams'] })]);
  return {
    create: useMutation({
      mutationFn: (form: CallInput<'createParentPlayer'>['form']) => call('createParentPlayer', { form }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, form }: { id: string; form: NonNullable<Extract<CallInput<'updateUser'>, { form?: unknown }>['form']> }) =>
        call('updateUser', { params: { id }, form }),
      onSuccess: refresh,
    }),
    // The deleted player's own queries are not asked again (lib/query-client.ts, meta.deletesId): their
    // page is still open until it leaves for the list, and asking for the player would only answer 404.
    remove: useMutation({ mutationFn: (id: string) => call('deleteUser', { params: { id } }), meta: { deletesId: true } }),
    setStatus: useMutation({
      mutationFn: ({ eventId, userId, status }: { eventId: string; userId: string; status: ParticipantStatus }) =>
        call('setEventParticipantStatus', { params: { eventId, userId }, body: { status } }),
      onSuccess: (_r, v) =>
        Promise.all([
          qc.invalidateQueries({ queryKey: ['participations', v.userId] }),
          qc.invalidateQueries({ queryKey: ['sessions', v.userId] }),
          qc.invalidateQueries({ queryKey: ['users'] }),
        ]),
    }),
  };
}

/** Registrations waiting for staff to say whether they join an existing family (docs/domain.md, "The family portal"). */
export const familyJoinsQuery = queryOptions({ queryKey: ['family-joins'], queryFn: () => call('listFamilyJoins') });

export const decideFamilyJoin = (id: string, decision: FamilyJoinDecision['decision']) =>
  call('decideFamilyJoin', { params: { id }, body: { decision } });

/**
 * A player's teams saved as the player lists of the teams that change (one call per team). Teams saved stay
 * saved when a later one fails: the teams and the players refresh either way.
 */
export function useSavePlayerTeams(playerId: string, teams: Team[] | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ teamIds }: { teamIds: string[] }) => {
      for (const team of teams ?? []) {
        const has = team.players.some((p) => p.id === playerId);
        if (has === teamIds.includes(team.id)) continue;
        const playerIds = has
          ? team.players.filter((p) => p.id !== playerId).map((p) => p.id)
          : [...team.players.map((p) => p.id), playerId];
        await call('updateTeam', { params: { id: team.id }, body: { playerIds } });
      }
    },
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: ['teams'] }), qc.invalidateQueries({ queryKey: ['users'] })]),
  });
}
