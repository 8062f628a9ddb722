import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../lib/api';
import { createQueryClient } from '../../lib/query-client';
import { usePlayerMutations } from './api';

vi.mock('../../lib/api', async (original) => ({ ...(await original<typeof import('../../lib/api')>()), call: vi.fn() }));

describe('deleting a player', () => {
  it('refreshes the lists but does not ask for the deleted player again (no stray GET /api/users/{id})', async () => {
    const client = createQueryClient();
    const id = '00000000-0000-4000-8000-000000000042';
    const player = vi.fn(async () => ({ id }));
    const list = vi.fn(async () => []);
    // The player's page and the players list are both open.
    const observers = [
      new QueryObserver(client, { queryKey: ['users', 'PLAYER', id], queryFn: player }),
      new QueryObserver(client, { queryKey: ['users', 'PLAYER'], queryFn: list }),
    ];
    const stop = observers.map((o) => o.subscribe(() => {}));
    await vi.waitFor(() => expect(list).toHaveBeenCalledTimes(1));
    expect(player).toHaveBeenCalledTimes(1);
    vi.mocked(call).mockResolvedValue(undefined);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => usePlayerMutations(), { wrapper });
    await act(() => result.current.remove.mutateAsync(id));
    expect(call).toHaveBeenCalledWith('deleteUser', { params: { id } });
    expect(list).toHaveBeenCalledTimes(2);
    expect(player).toHaveBeenCalledTimes(1);
    for (const s of stop) s();
  });
});
