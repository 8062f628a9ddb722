// The family portal's calls (packages/contracts/src/family.ts): every one goes through the typed `call`
// with the parent's own session token, never the staff one (a parent session is its own kind).
import type { FamilyAvailabilityBody, FamilyChildDetailsBody, FamilyParentDetailsBody, RouteKey } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, type CallInput, call, type Reply } from '../../lib/api';
import { familyToken, setFamilyToken } from './token';

/**
 * What a refused session does once the portal shows (the layout sets a navigation to the sign-in);
 * before that, the route's loader sends a refused session to the sign-in itself.
 */
let onSignedOut = () => {};
export const setFamilySignedOutHandler = (handler: () => void) => {
  onSignedOut = handler;
};

/** `call` with the parent's token ('' before sign-in); a 401 of a signed-in call ends the session here. */
export async function familyCall<K extends RouteKey>(key: K, input: Omit<CallInput<K>, 'auth'> = {} as Omit<CallInput<K>, 'auth'>) {
  const token = familyToken();
  const send = call as (k: K, i: CallInput<K>) => Promise<Reply<K>>;
  try {
    return await send(key, { ...input, auth: token ?? '' } as CallInput<K>);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && token) {
      setFamilyToken(null);
      onSignedOut();
    }
    throw err;
  }
}

const ALL = ['family'] as const;

export const familyMeQuery = queryOptions({ queryKey: [...ALL, 'me'], queryFn: () => familyCall('familyMe') });
export const familyHomeQuery = queryOptions({ queryKey: [...ALL, 'home'], queryFn: () => familyCall('familyHome') });
export const familyEventsQuery = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: [...ALL, 'events', startDate, endDate],
    queryFn: () => familyCall('familyEvents', { query: { startDate, endDate } }),
  });
export const familyProgressQuery = (childId: string) =>
  queryOptions({
    queryKey: [...ALL, 'progress', childId],
    queryFn: () => familyCall('familyProgress', { params: { childId } }),
  });
export const familyMoneyQuery = (childId: string) =>
  queryOptions({
    queryKey: [...ALL, 'money', childId],
    queryFn: () => familyCall('familyMoney', { params: { childId } }),
  });
export const familyDetailsQuery = queryOptions({ queryKey: [...ALL, 'details'], queryFn: () => familyCall('familyDetails') });
export const familyAnnouncementsQuery = queryOptions({
  queryKey: [...ALL, 'announcements'],
  queryFn: () => familyCall('familyAnnouncements'),
});

export function useSetAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, body }: { participantId: string; body: FamilyAvailabilityBody }) =>
      familyCall('setFamilyAvailability', { params: { participantId }, body }),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: [...ALL, 'home'] }).then(() => client.invalidateQueries({ queryKey: [...ALL, 'events'] })),
  });
}

export function useUpdateParent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FamilyParentDetailsBody) => familyCall('updateFamilyParent', { body }),
    onSuccess: (details) => client.setQueryData(familyDetailsQuery.queryKey, details),
  });
}

export function useUpdateChild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, body }: { childId: string; body: FamilyChildDetailsBody }) =>
      familyCall('updateFamilyChild', { params: { childId }, body }),
    onSuccess: (details) => client.setQueryData(familyDetailsQuery.queryKey, details),
  });
}

export function useOpenAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => familyCall('openFamilyAnnouncement', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

/** Ends the session on the server (best effort) and on this device; every family answer is forgotten. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => familyCall('familySignOut').catch(() => undefined),
    onSettled: () => {
      setFamilyToken(null);
      client.removeQueries({ queryKey: ALL });
    },
  });
}
