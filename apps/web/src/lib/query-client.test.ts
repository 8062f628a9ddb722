import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('the query client', () => {
  it('marks every query stale after a successful write, and none after a failed one', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['listAttention', {}], queryFn: () => ['bell'] });
    await client.fetchQuery({ queryKey: ['monthlyStats', {}], queryFn: () => ({ activePlayers: 1 }) });
    const stale = () =>
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.state.isInvalidated);
    expect(stale()).toEqual([false, false]);

    const failing = new MutationObserver(client, { mutationFn: () => Promise.reject(new Error('refused')) });
    await failing.mutate().catch(() => {});
    expect(stale()).toEqual([false, false]);

    const activate = new MutationObserver(client, { mutationFn: async () => ({ status: 'ACTIVE' }) });
    await activate.mutate();
    expect(stale()).toEqual([true, true]);
  });
});
