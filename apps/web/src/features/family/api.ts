// The family portal's calls (packages/contracts/src/family.ts): every one goes through the typed `call`
// as the parent's own session, its `kora_family` cookie (a parent session is its own kind; the server
// reads the cookie of the route's kind, docs/architecture.md "Sessions in cookies").
import type {
  ChildConsentsBody,
  FamilyAvailabilityBody,
  FamilyCheckoutBody,
  FamilyChildDetailsBody,
  FamilyJoinDecision,
  FamilyParentDetailsBody,
  NotificationPreferencesBody,
  PushSubscriptionBody,
} from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import type { Locale } from '../../lib/i18n';
import { familySignedIn, setFamilySignedIn } from './session';

/**
 * What a refused session does once the portal shows (the layout sets a navigation to the sign-in);
 * before that, the route's loader sends a refused session to the sign-in itself.
 */
let onSignedOut = () => {};
export const setFamilySignedOutHandler = (handler: () => void) => {
  onSignedOut = handler;
};

/**
 * A call as the parent: `work` makes it with `call`'s `session: 'family'` (FAMILY); a 401 of a signed-in
 * call ends the session on this device.
 */
export async function asParent<T>(work: () => Promise<T>): Promise<T> {
  const signedIn = familySignedIn();
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && signedIn) {
      setFamilySignedIn(false);
      onSignedOut();
    }
    throw err;
  }
}

const ALL = ['family'] as const;
/** A call of the parent's session: its 401 is `asParent`'s to handle, never the staff app's sign-out. */
const FAMILY = 'family' as const;

export const familyMeQuery = queryOptions({
  queryKey: [...ALL, 'me'],
  queryFn: () => asParent(() => call('familyMe', { session: FAMILY })),
});
export const familyHomeQuery = queryOptions({
  queryKey: [...ALL, 'home'],
  queryFn: () => asParent(() => call('familyHome', { session: FAMILY })),
});
export const familyEventsQuery = (startDate: string, endDate: string) =>
  queryOptions({
    queryKey: [...ALL, 'events', startDate, endDate],
    queryFn: () => asParent(() => call('familyEvents', { query: { startDate, endDate }, session: FAMILY })),
  });
export const familyProgressQuery = (childId: string) =>
  queryOptions({
    queryKey: [...ALL, 'progress', childId],
    queryFn: () => asParent(() => call('familyProgress', { params: { childId }, session: FAMILY })),
  });
export const familyMoneyQuery = (childId: string) =>
  queryOptions({
    queryKey: [...ALL, 'money', childId],
    queryFn: () => asParent(() => call('familyMoney', { params: { childId }, session: FAMILY })),
  });
export const familyDetailsQuery = queryOptions({
  queryKey: [...ALL, 'details'],
  queryFn: () => asParent(() => call('familyDetails', { session: FAMILY })),
});
/** A child's consents (docs/domain.md, "Data map"). */
export const familyConsentsQuery = (childId: string) =>
  queryOptions({
    queryKey: [...ALL, 'consents', childId],
    queryFn: () => asParent(() => call('familyChildConsents', { params: { childId }, session: FAMILY })),
  });

/** Changes a child's optional consents; a changed photo consent changes the photo on every screen, so the portal reads again. */
export function useUpdateConsents(childId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChildConsentsBody) =>
      asParent(() => call('updateFamilyChildConsents', { params: { childId }, body, session: FAMILY })),
    onSuccess: (consents) => {
      client.setQueryData(familyConsentsQuery(childId).queryKey, consents);
      void client.invalidateQueries({ queryKey: [...ALL, 'me'] });
      void client.invalidateQueries({ queryKey: [...ALL, 'home'] });
    },
  });
}

export const familyAnnouncementsQuery = queryOptions({
  queryKey: [...ALL, 'announcements'],
  queryFn: () => asParent(() => call('familyAnnouncements', { session: FAMILY })),
});

export function useSetAvailability() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ participantId, body }: { participantId: string; body: FamilyAvailabilityBody }) =>
      asParent(() => call('setFamilyAvailability', { params: { participantId }, body, session: FAMILY })),
    onSuccess: () =>
      client.invalidateQueries({ queryKey: [...ALL, 'home'] }).then(() => client.invalidateQueries({ queryKey: [...ALL, 'events'] })),
  });
}

export function useUpdateParent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FamilyParentDetailsBody) => asParent(() => call('updateFamilyParent', { body, session: FAMILY })),
    onSuccess: (details) => client.setQueryData(familyDetailsQuery.queryKey, details),
  });
}

export function useUpdateChild() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ childId, body }: { childId: string; body: FamilyChildDetailsBody }) =>
      asParent(() => call('updateFamilyChild', { params: { childId }, body, session: FAMILY })),
    onSuccess: (details) => client.setQueryData(familyDetailsQuery.queryKey, details),
  });
}

export function useOpenAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => asParent(() => call('openFamilyAnnouncement', { params: { id }, session: FAMILY })),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL }),
  });
}

/** Ends the session on the server (best effort) and on this device; every family answer is forgotten. */
export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => asParent(() => call('familySignOut', { session: FAMILY })).catch(() => undefined),
    onSettled: () => {
      setFamilySignedIn(false);
      client.removeQueries({ queryKey: ALL });
    },
  });
}

/** Registrations made with this parent's own e-mail or mobile, waiting for their answer (docs/domain.md, "The family portal"). */
export const familyJoinOffersQuery = queryOptions({
  queryKey: ['family', 'joins'],
  queryFn: () => asParent(() => call('familyJoinOffers', { session: FAMILY })),
});

export const answerFamilyJoin = (id: string, decision: FamilyJoinDecision['decision']) =>
  asParent(() => call('answerFamilyJoin', { params: { id }, body: { decision }, session: FAMILY }));

/** Sends a sign-in code (and link) to the e-mail or mobile the academy holds for the parent. */
export const sendFamilySignIn = (address: string, language: Locale) =>
  call('familySignIn', { body: { address, language }, session: 'none' });

/** The code typed, or the mailed link's token: the parent's session. */
export const verifyFamilySignIn = (proof: { address: string; code: string } | { token: string }, language: Locale) =>
  call('familyVerify', { body: { ...proof, language }, session: 'none' });

/** The parent's message choices (docs/domain.md, "Messages: every one accounted for"). */
export const familyNotificationsQuery = queryOptions({
  queryKey: [...ALL, 'notifications'],
  queryFn: () => asParent(() => call('familyNotificationPreferences', { session: FAMILY })),
});

export function useUpdateFamilyNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesBody) =>
      asParent(() => call('updateFamilyNotificationPreferences', { body, session: FAMILY })),
    onSuccess: (prefs) => client.setQueryData(familyNotificationsQuery.queryKey, prefs),
  });
}

/** The server's VAPID key (null when push is off on this server). */
export const pushPublicKeyQuery = queryOptions({
  queryKey: ['push', 'public-key'],
  queryFn: () => call('pushPublicKey', { session: 'none' }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const familyPushSubscribe = (body: PushSubscriptionBody) => asParent(() => call('familyPushSubscribe', { body, session: FAMILY }));
export const familyPushUnsubscribe = (endpoint: string) =>
  asParent(() => call('familyPushUnsubscribe', { body: { endpoint }, session: FAMILY }));

/** The parent's saved cards and what each renews (docs/domain.md, "Automatic renewals and retries"). */
export const familySavedCardsQuery = queryOptions({
  queryKey: [...ALL, 'saved-cards'],
  queryFn: () => asParent(() => call('familySavedCards', { session: FAMILY })),
});

/** Removes a card: its renewals stop, and the provider forgets its token. */
export function useRemoveSavedCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => asParent(() => call('removeFamilySavedCard', { params: { id }, session: FAMILY })),
    onSuccess: () => client.invalidateQueries({ queryKey: [...ALL, 'saved-cards'] }),
  });
}

/**
 * What the family may pay in one checkout (docs/domain.md, "One checkout per family"): each child's period
 * waiting for its first payment or renewable, with its price (a sibling price included).
 */
export const familyCheckoutOfferQuery = queryOptions({
  queryKey: [...ALL, 'checkout'],
  queryFn: () => asParent(() => call('familyCheckoutOffer', { session: FAMILY })),
});

/** Opens one card payment for the chosen periods: the provider's page to send the whole window to, and the payment's reference. */
export const startFamilyCheckout = (body: FamilyCheckoutBody) => asParent(() => call('startFamilyCheckout', { body, session: FAMILY }));
