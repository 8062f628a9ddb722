import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ShowMore } from '../components/ShowMore';
import { type Locale, LocaleProvider } from './i18n';
import { listSearch, PAGE_SIZE, useListSearch } from './list-search';

describe('listSearch', () => {
  const validate = listSearch('q', 'team');
  it('keeps the filters as strings and a page count beyond the first, nothing else', () => {
    expect(validate({ q: 'ali', team: 12, other: 'x', shown: 50 })).toEqual({ q: 'ali', team: '12', shown: 50 });
    expect(validate({ q: '', team: null, shown: PAGE_SIZE })).toEqual({});
    expect(validate({ shown: '75' })).toEqual({ shown: 75 });
    expect(validate({ shown: 2.5 })).toEqual({});
    expect(validate({ shown: 1e9 })).toEqual({ shown: 100 * PAGE_SIZE });
  });
});

const colours = ['red', 'blue'] as const;
const rows = Array.from({ length: 60 }, (_, i) => ({ id: i, colour: colours[i % 2] }));

/** A list of 60 rows (30 of each colour) with a colour filter, paged by the address. */
function renderList(path: string, locale: Locale = 'en') {
  const rootRoute = createRootRoute();
  const listRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/list',
    validateSearch: listSearch('colour'),
    component: function List() {
      const paged = useListSearch({ colour: '' }, { colour: colours });
      const matching = rows.filter((r) => !paged.filters.colour || r.colour === paged.filters.colour);
      const page = matching.slice(0, paged.shown);
      return (
        <>
          <select aria-label="Colour" value={paged.filters.colour} onChange={(e) => paged.setFilter('colour', e.target.value)}>
            <option value="">All</option>
            <option value="red">Red</option>
          </select>
          <ul>
            {page.map((r) => (
              <li key={r.id}>row {r.id}</li>
            ))}
          </ul>
          <ShowMore shown={page.length} total={matching.length} onMore={paged.showMore} />
        </>
      );
    },
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createRouter({ routeTree: rootRoute.addChildren([listRoute]), history });
  render(
    <LocaleProvider locale={locale}>
      <RouterProvider router={router} />
    </LocaleProvider>,
  );
  return { history };
}

describe('a paged list', () => {
  it('shows a page, then the next on request, with its length in the address', async () => {
    const { history } = renderList('/list');
    await screen.findByText('Showing 25 of 60');
    expect(screen.getAllByRole('listitem')).toHaveLength(25);
    await userEvent.click(screen.getByRole('button', { name: 'Show 25 more' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(50));
    expect(history.location.search).toBe('?shown=50');
    await userEvent.click(screen.getByRole('button', { name: 'Show 10 more' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(60));
    expect(screen.queryByTestId('show-more')).toBeNull();
  });

  it('keeps a filter in the address and starts it from the first page', async () => {
    const { history } = renderList('/list?shown=50');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(50));
    await userEvent.selectOptions(screen.getByLabelText('Colour'), 'red');
    await waitFor(() => expect(history.location.search).toBe('?colour=red'));
    await screen.findByText('Showing 25 of 30');
  });

  it('comes back to the same filtered, longer list from its address', async () => {
    renderList('/list?colour=red&shown=50', 'ar');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(30));
    expect(screen.queryByTestId('show-more')).toBeNull();
  });

  it('treats an unknown filter value as all', async () => {
    renderList('/list?colour=green', 'ar');
    await screen.findByText('يُعرض 25 من 60');
    expect(screen.getByRole('button', { name: 'عرض المزيد (25)' })).toBeTruthy();
  });
});
