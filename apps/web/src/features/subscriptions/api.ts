import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Shared by the route loader (ensureQueryData) and the screen (useQuery). */
export const subscriptionsQuery = queryOptions({ queryKey: ['subscriptions'], queryFn: () => call('listSubscriptions') });
/** The academy's packages: one query, one key, wherever they are read. */
export { packagesQuery } from '../packages/api';

/** What is left to refund of a subscription's paid invoice, asked afresh each time the cancel dialog opens. */
export const refundableQuery = (subscriptionId: string) =>
  queryOptions({
    queryKey: ['subscription-refundable', subscriptionId],
    queryFn: () => call('subscriptionRefundable', { params: { subscriptionId } }),
    staleTime: 0,
  });

export interface ActivateInput {
  packageId: string;
  subscriptionId: string;
  startDate: string;
  sendInvoice: boolean;
}

/** Every action changes the list, the players' statuses, and (activation) the payments history. */
export function useSubscriptionMutations() {
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['subscriptions'] }),
      qc.invalidateQueries({ queryKey: ['users'] }),
      qc.invalidateQueries({ queryKey: ['sessions'] }),
      qc.invalidateQueries({ queryKey: ['invoices'] }),
    ]);
  return {
    create: useMutation({
      mutationFn: ({ playerId, packageId }: { playerId: string; packageId: string }) =>
        call('createSubscription', { params: { playerId }, body: { packageId } }),
      onSuccess: refresh,
    }),
    activate: useMutation({
      mutationFn: ({ packageId, subscriptionId, startDate, sendInvoice }: ActivateInput) =>
        call('activateSubscription', {
          params: { packageId, subscriptionId },
          body: { status: 'ACTIVE', startDate, sendInvoice, paymentMethod: 'Cash' },
        }),
      onSuccess: refresh,
    }),
    changePackage: useMutation({
      mutationFn: ({ subscriptionId, packageId }: { subscriptionId: string; packageId: string }) =>
        call('changeSubscriptionPackage', { params: { subscriptionId }, body: { packageId } }),
      onSuccess: refresh,
    }),
    /** With `refund`, the server credits the latest invoice and gives the money back in the same request. */
    cancel: useMutation({
      mutationFn: ({ subscriptionId, refund }: { subscriptionId: string; refund?: { amount?: number; reason: string } }) =>
        call('cancelSubscription', { params: { subscriptionId }, body: refund ? { refund } : {} }),
      onSuccess: refresh,
    }),
    pause: useMutation({
      mutationFn: (subscriptionId: string) => call('pauseSubscription', { params: { subscriptionId } }),
      onSuccess: refresh,
    }),
    resume: useMutation({
      mutationFn: (subscriptionId: string) => call('resumeSubscription', { params: { subscriptionId } }),
      onSuccess: refresh,
    }),
  };
}
