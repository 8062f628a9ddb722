import { MutationCache, QueryClient } from '@tanstack/react-query';

/**
 * The app's query client. Any write may change any list of the academy (the server moves the
 * academy's data version on every committed write), so one successful write marks every query
 * stale and the ones on screen fetch again — cheap: an unchanged list answers 304 to its ETag.
 * No mutation keeps its own list of keys to refresh (such lists left the bell and the dashboard's
 * figures stale after an activation).
 */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: (_data, variables, _context, mutation) => {
        // A delete whose variables are the record's id (meta.deletesId) leaves that record's own queries
        // (their keys hold the id) alone: its page is still open, and asking again would only answer 404.
        const gone = mutation.meta?.deletesId === true && typeof variables === 'string' ? variables : undefined;
        return client.invalidateQueries(gone ? { predicate: (q) => !q.queryKey.includes(gone) } : undefined);
      },
    }),
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
  return client;
}
