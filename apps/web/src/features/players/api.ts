import type { Player } from '@kora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const usePlayer = (id: string) => useQuery({ queryKey: ['users', 'PLAYER', id], queryFn: () => api<Player>(`/api/users/${id}`) });

export interface Participation {
  id: string;
  status: string;
  event: { id: string; type: string; date: string; time: string; endTime: string; field: string };
  team: { id: string; name: string; color: string } | null;
}
export const useParticipations = (id: string) =>
  useQuery({ queryKey: ['participations', id], queryFn: () => api<Participation[]>(`/api/events/player/${id}`) });
export const useSessions = (id: string) =>
  useQuery({
    queryKey: ['sessions', id],
    queryFn: () =>
      api<{ packageName: string; sessionsLeft: number; totalSessions: number; attendedSessionsCount: number } | null>(
        `/api/players/${id}/sessions`,
      ),
  });

export function usePlayerMutations() {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: ['users'] }), qc.invalidateQueries({ queryKey: ['teams'] })]);
  return {
    create: useMutation({
      mutationFn: (form: FormData) => api<{ player: Player }>('/api/users/parent-player', { body: form }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, form }: { id: string; form: FormData }) => api<Player>(`/api/users/${id}`, { method: 'PUT', body: form }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => api<void>(`/api/users/${id}`, { method: 'DELETE' }), onSuccess: refresh }),
    setStatus: useMutation({
      mutationFn: ({ eventId, userId, status }: { eventId: string; userId: string; status: string }) =>
        api<{ id: string; status: string }>(`/api/events/${eventId}/participants/${userId}`, { method: 'PATCH', body: { status } }),
      onSuccess: (_r, v) =>
        Promise.all([
          qc.invalidateQueries({ queryKey: ['participations', v.userId] }),
          qc.invalidateQueries({ queryKey: ['sessions', v.userId] }),
          qc.invalidateQueries({ queryKey: ['users'] }),
        ]),
    }),
  };
}
