import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** How often the bell asks again while the app is open (and on every return to the window). */
export const ATTENTION_REFRESH_MS = 3 * 60_000;

/** Keyed by the signed-in user: another sign-in on the same page never shows the previous user's list. */
export const attentionQuery = (userId: string) =>
  queryOptions({
    queryKey: ['attention', userId],
    queryFn: ({ signal }) => call('attention', { signal }),
    staleTime: 60_000,
    refetchInterval: ATTENTION_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export const useAttention = (userId: string) => useQuery(attentionQuery(userId));

/** Sends the owner's confirmation e-mail again (the notice on an unconfirmed academy). */
export const resendOwnerConfirmation = () => call('resendOwnerConfirmation');
