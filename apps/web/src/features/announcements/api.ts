import type { AnnouncementBody } from '@kora/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const announcementsQuery = queryOptions({ queryKey: ['announcements'], queryFn: () => call('listAnnouncements') });

export function useCreateAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) => call('createAnnouncement', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: announcementsQuery.queryKey }),
  });
}
