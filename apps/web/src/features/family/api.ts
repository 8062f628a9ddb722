// The family portal's calls (packages/contracts/src/family.ts): every one goes through the typed `call`
// with the parent's own session token, never the staff one (a parent session is its own kind).
import type { FamilyAvailabilityBody, FamilyChildDetailsBody, FamilyJoinDecision, FamilyParentDetailsBody } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import type { Locale } from '../../lib/i18n';
import { familyToken, setFamilyToken } from './token';

/**
 * What a refused session does once the portal shows (the layout sets a navigation to the sign-in);
 * before that, the route's loader sends a refused session to the sign-in itself.
 */
let onSignedOut = () => {};
export const setFamilySignedOutHandler = (handler: () => void) => {
  onSignedOut = handler;
};

/**
 * A call as the parent: `work` gets the parent's token ('' before sign-in) for `call`'s `auth`; a 401
 * of a signed-in call ends the session on this device.
 */
export async function asParent<T>(work: (auth: string) => Promise<T>): Promise<T> {
  const token = familyToken();
  try {
    return await work(token ?? '');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && token) {
      setFamilyToken(null);
      onSignedOut();
    }
    throw err;
  }
}

const ALL = ['family'] as const;

export const familyMeQuery = queryOptions({ queryKey: [...ALL, 'me'], queryFn: () => asParent((auth) => call('familyMe', { auth })) });
export const familyHomeQuery = queryOptions({
  queryKey: [...ALL, 'home'],
  queryFn: () => asParent((auth) => call('familyHome', { auth })),
});
export const familyEventsQuery = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: [...ALL, 'events', startDate, endDate],
    queryFn: () => asParent((auth) => call('familyEvents', { query: { startDate, endDate }, auth })),
  });
export const familyProgressQuery = (childId: string) =>
  queryOptions({
    queryKey: [...ALL, 'progress', childId],
    queryFn: () => asParent((auth) => call('familyProgress', { params: { childId }, auth })),
  });
export const familyMoneyQuery = (childId: string) =>
  queryOptions({
    queryKey: [...ALL, 'money', childId],
    queryFn: () => asParent((auth) => call('familyMoney', { params: { childId }, auth })),
  });
export const familyDetailsQuery = queryOptions({
  queryKey: [...ALL, 'details'],
  queryFn: () => asParent((auth) => call('familyDetails', { auth })),
});
export const familyAnnouncementsQuery = queryOptions({
  queryKey: [...ALL, 'announcements'],
  queryFn: () => asParent((auth) => call('familyAnnouncements', { auth })),
});

export function useSetAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, body }: { participantId: string; body: FamilyAvailabilityBody }) =>
      asParent((auth) => call('setFamilyAvailability', { params: { participantId }, body, auth })),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: [...ALL, 'home'] }).then(() => client.invalidateQueries({ queryKey: [...ALL, 'events'] })),
  });
}

export function useUpdateParent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FamilyParentDetailsBody) => asParent((auth) => call('updateFamilyParent', { body, auth })),
    onSuccess: (details) => client.setQueryData(familyDetailsQuery.queryKey, details),
  });
}

export function useUpdateChild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, body }: { childId: string; body: FamilyChildDetailsBody }) =>
      asParent((auth) => call('updateFamilyChild', { params: { childId }, body, auth })),
    onSuccess: (details) => client.setQueryData(familyDetailsQuery.queryKey, details),
  });
}

export function useOpenAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => asParent((auth) => call('openFamilyAnnouncement', { params: { id }, auth })),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

/** Ends the session on the server (best effort) and on this device; every family answer is forgotten. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => asParent((auth) => call('familySignOut', { auth })).catch(() => undefined),
    onSettled: () => {
      setFamilyToken(null);
      client.removeQueries({ queryKey: ALL });
    },
  });
}

/** Registrations made with this parent's own e-mail or mobile, waiting for their answer (docs/domain.md, "The family portal"). */
export const familyJoinOffersQuery = queryOptions({
  queryKey: ['family', 'joins'],
  queryFn: () => asParent((auth) => call('familyJoinOffers', { auth })),
});

export const answerFamilyJoin = (id: string, decision: FamilyJoinDecision['decision']) =>
  asParent((auth) => call('answerFamilyJoin', { params: { id }, body: { decision }, auth }));

/** Sends a sign-in code (and link) to the e-mail or mobile the academy holds for the parent. */
export const sendFamilySignIn = (address: string, language: Locale) => call('familySignIn', { body: { address, language }, auth: '' });

/** The code typed, or the mailed link's token: the parent's session. */
export const verifyFamilySignIn = (proof: { address: string; code: string } | { token: string }, language: Locale) =>
  call('familyVerify', { body: { ...proof, language }, auth: '' });
