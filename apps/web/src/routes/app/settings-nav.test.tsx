import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import { SettingsLayout, settingsEntryOf } from './settings';

function renderAt(path: string, locale: Locale) {
  const rootRoute = createRootRoute();
  const layout = createRoute({ getParentRoute: () => rootRoute, path: '/settings', component: SettingsLayout });
  const pages = ['/', 'privileges', 'packages', 'payments-history', 'academy'].map((p) =>
    createRoute({ getParentRoute: () => layout, path: p, component: () => <p>page {p}</p> }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren([layout.addChildren(pages)]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <LocaleProvider locale={locale}>
      <RouterProvider router={router} />
    </LocaleProvider>,
  );
}

describe('the settings menu on phones', () => {
  it('names the open page in its folded header, and marks it in the list it opens', async () => {
    renderAt('/settings/privileges', 'en');
    const toggle = await screen.findByTestId('settings-nav-toggle');
    expect(toggle.textContent).toBe('SettingsPrivileges');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list?.className).not.toContain('hidden ');
    const current = within(list ?? document.body).getByRole('link', { name: 'Privileges' });
    expect(current.getAttribute('aria-current')).toBe('page');
    // Choosing another page folds the menu again, now naming that page.
    await userEvent.click(within(list ?? document.body).getByRole('link', { name: 'Packages' }));
    await screen.findByText('page packages');
    expect(toggle.textContent).toBe('SettingsPackages');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('names it in Arabic too, the subscriptions page being the menu’s first', async () => {
    renderAt('/settings', 'ar');
    expect((await screen.findByTestId('settings-nav-toggle')).textContent).toBe('الإعداداتالاشتراكات');
  });

  it('finds the entry of a page under another one', () => {
    expect(settingsEntryOf('/settings').label).toBe('settings.subscriptions');
    expect(settingsEntryOf('/settings/payments-history').label).toBe('settings.payments');
    expect(settingsEntryOf('/settings/academy/e-invoicing').label).toBe('settings.academy');
  });
});
