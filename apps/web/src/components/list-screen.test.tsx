import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Locale, LocaleProvider } from '../lib/i18n';
import { useListSearch } from '../lib/list-search';
import ar from '../locales/ar.json';
import en from '../locales/en.json';
import { viewport } from '../test-render';
import { CardFields, type ListQuery, ListScreen } from './ListScreen';

interface Row {
  id: number;
  name: string;
  colour: 'red' | 'blue';
}
const ROWS: Row[] = Array.from({ length: 40 }, (_, i) => ({ id: i, name: `Player ${i + 1}`, colour: i % 4 === 0 ? 'red' : 'blue' }));
const loaded = (data: Row[]): ListQuery => ({ data, isPending: false, isError: false, isFetching: false, error: null, refetch: vi.fn() });

/** A list screen of `query`'s rows with a colour filter. */
function Screen({ query }: { query: ListQuery }) {
  const paged = useListSearch({ q: '', colour: '' }, { colour: ['red', 'blue'] });
  const rows = ((query.data as Row[] | undefined) ?? []).filter(
    (r) => r.name.toLowerCase().includes(paged.filters.q.toLowerCase()) && (!paged.filters.colour || r.colour === paged.filters.colour),
  );
  return (
    <ListScreen
      title="Players"
      search={{ label: 'players.search', value: paged.filters.q, onChange: (v) => paged.setFilter('q', v) }}
      activeFilters={paged.active}
      filters={
        <select aria-label="Colour" value={paged.filters.colour} onChange={(e) => paged.setFilter('colour', e.target.value)}>
          <option value="">All</option>
          <option value="red">Red</option>
        </select>
      }
      query={query}
      texts="players"
      rows={rows}
      rowKey={(r) => String(r.id)}
      testId="row"
      paging={paged}
      card={(r) => (
        <>
          <p>{r.name}</p>
          <CardFields fields={[{ label: 'players.col.status', value: r.colour }]} />
        </>
      )}
      columns={[
        { header: 'players.col.player', cell: (r) => r.name },
        { header: 'players.col.status', cell: (r) => r.colour },
      ]}
      footer={`${rows.length} players`}
    />
  );
}
/** The screen on a route without a search validator of its own (like Settings → Subscriptions). */
function renderList({ path = '/', query = loaded(ROWS), locale = 'en' }: { path?: string; query?: ListQuery; locale?: Locale } = {}) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree: createRootRoute({ component: () => <Screen query={query} /> }), history });
  render(
    <LocaleProvider locale={locale}>
      <RouterProvider router={router} />
    </LocaleProvider>,
  );
  return { history, query };
}

const tableRows = () => within(screen.getByTestId('list-table')).getAllByTestId('row');
const cards = () => within(screen.getByTestId('list-cards')).getAllByTestId('row');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the list screen', () => {
  it('gives phones a card per row and only the cards', async () => {
    viewport(false);
    renderList();
    await screen.findByRole('heading', { name: 'Players' });
    expect(screen.queryByTestId('list-table')).toBeNull();
    expect(screen.getAllByTestId('row')).toHaveLength(25);
    expect(cards()).toHaveLength(25);
    expect(cards()[0].tagName).toBe('LI');
    expect(cards()[0].querySelector('dt')?.textContent).toBe(en['players.col.status']);
    expect(screen.getByText('40 players')).toBeTruthy();
    expect(screen.getByText('Showing 25 of 40')).toBeTruthy();
  });

  it('gives wider screens a table and only the table, with the same rows, count and header', async () => {
    viewport(true);
    renderList();
    await screen.findByRole('heading', { name: 'Players' });
    expect(screen.queryByTestId('list-cards')).toBeNull();
    expect(screen.getAllByTestId('row')).toHaveLength(25);
    expect(tableRows()[0].tagName).toBe('TR');
    expect(screen.getAllByRole('columnheader')[1].textContent).toBe(en['players.col.status']);
    expect(screen.getByText('40 players')).toBeTruthy();
    expect(screen.getByText('Showing 25 of 40')).toBeTruthy();
  });

  it('switches between cards and table when the viewport is resized or rotated', async () => {
    const screenSize = viewport(false);
    renderList();
    expect(await screen.findAllByTestId('row')).toHaveLength(25);
    expect(screen.queryByTestId('list-table')).toBeNull();
    screenSize.resize(true);
    expect(tableRows()).toHaveLength(25);
    expect(screen.queryByTestId('list-cards')).toBeNull();
    screenSize.resize(false);
    expect(cards()).toHaveLength(25);
    expect(screen.queryByTestId('list-table')).toBeNull();
  });

  it('shows the table where the browser cannot tell the width (no matchMedia)', async () => {
    vi.stubGlobal('matchMedia', undefined);
    renderList();
    await screen.findByRole('heading', { name: 'Players' });
    expect(tableRows()).toHaveLength(25);
    expect(screen.queryByTestId('list-cards')).toBeNull();
  });

  it('shows more rows on request and keeps the length in the address', async () => {
    const { history } = renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Show 15 more' }));
    await waitFor(() => expect(tableRows()).toHaveLength(40));
    expect(history.location.search).toBe('?shown=50');
    expect(screen.queryByTestId('show-more')).toBeNull();
  });

  it('keeps search and filters in the address, each starting again from the first page', async () => {
    const { history } = renderList({ path: '/?shown=50' });
    await waitFor(() => expect(tableRows()).toHaveLength(40));
    await userEvent.selectOptions(screen.getByLabelText('Colour'), 'red');
    await waitFor(() => expect(history.location.search).toBe('?colour=red'));
    expect(tableRows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name, ID or phone' }), 'r 1');
    await waitFor(() => expect(new URLSearchParams(history.location.search).get('q')).toBe('r 1'));
    expect(new URLSearchParams(history.location.search).get('colour')).toBe('red');
    expect(tableRows().map((r) => r.textContent)).toEqual(['Player 1red', 'Player 13red', 'Player 17red']);
  });

  it('comes back to the same list from its address, and ignores values it does not know', async () => {
    renderList({ path: '/?colour=green&shown=abc&q=Player%202' });
    await waitFor(() => expect(tableRows()).toHaveLength(11));
    expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('Player 2');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)[0]).toBe('Player');
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it('says when nothing matches', async () => {
    renderList({ path: '/?q=nobody' });
    expect(await screen.findByText('No players match your search and filters.')).toBeTruthy();
    expect(screen.queryByTestId('list')).toBeNull();
  });

  it('says when there is nothing at all', async () => {
    renderList({ query: loaded([]) });
    expect(await screen.findByText(/^No players yet/)).toBeTruthy();
  });

  it('shows grey rows while loading, and the failure with Retry instead of an empty list', async () => {
    const pending: ListQuery = { isPending: true, isError: false, isFetching: true, error: null, refetch: vi.fn() };
    renderList({ query: pending });
    expect(await screen.findByTestId('skeleton')).toBeTruthy();
    expect(screen.queryByText(/^No players/)).toBeNull();
  });

  it('offers Retry after a failed read, in the language of the screen', async () => {
    const failed: ListQuery = { isPending: false, isError: true, isFetching: false, error: new Error('offline'), refetch: vi.fn() };
    renderList({ query: failed, locale: 'ar' });
    expect((await screen.findByRole('alert')).textContent).toContain(ar['players.loadFailed']);
    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('skeleton')).toBeNull();
  });
});
