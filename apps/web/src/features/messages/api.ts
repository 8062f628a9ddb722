// Settings → Messages (packages/contracts/src/notifications.ts): what was sent to whom, a page at a time
// by the server's cursor, and the academy's default channels.
import type { MessageListQuery, MessageSettingsBody } from '@kora/contracts';
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The list's filters as the address holds them (empty: any). */
export type MessageFilters = Omit<MessageListQuery, 'before' | 'limit' | 'recipientId'>;

export const messagesQuery = (filters: MessageFilters) =>
  infiniteQueryOptions({
    queryKey: ['messages', 'list', filters],
    queryFn: ({ pageParam }) => call('listMessages', { query: { ...filters, ...(pageParam ? { before: pageParam } : {}) } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const messageSettingsQuery = queryOptions({
  queryKey: ['messages', 'settings'],
  queryFn: () => call('getMessageSettings'),
});

export function useUpdateMessageSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageSettingsBody) => call('updateMessageSettings', { body }),
    onSuccess: (settings) => client.setQueryData(messageSettingsQuery.queryKey, settings),
  });
}
