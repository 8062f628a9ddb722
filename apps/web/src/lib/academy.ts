import { queryOptions } from '@tanstack/react-query';
import { call } from './api';

/** Whether an academy handle exists, with its name and logo; fetched once per page load. */
export const academyCheckQuery = (handle: string) =>
  queryOptions({
    queryKey: ['academy-check', handle],
    queryFn: () => call('checkHandle', { params: { handle } }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
