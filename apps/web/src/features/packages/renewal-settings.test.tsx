import { allFlags, type CollectionSettings } from '@kora/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, Providers, signedInAs, stubRoutes } from '../../test-render';
import { RenewalSettingsSection } from './RenewalSettingsSection';

const MONTHLY = '00000000-0000-4000-8000-000000000011';
const TERM = '00000000-0000-4000-8000-000000000013';
const SESSIONS = '00000000-0000-4000-8000-000000000012';
const SETTINGS: CollectionSettings = {
  retryDays: [0, 2, 5],
  graceDays: 7,
  packages: [
    { id: SESSIONS, name: '12 sessions', nameArabic: null, timeBased: false, autoRenew: false },
    { id: MONTHLY, name: 'Monthly', nameArabic: 'الباقة الشهرية', timeBased: true, autoRenew: true },
    { id: TERM, name: 'Term', nameArabic: 'الفصل', timeBased: true, autoRenew: false },
  ],
};

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

function renderSection(flags: Record<string, boolean>, locale: Locale = 'en') {
  localStorage.setItem('signedIn', '1');
  const sent: unknown[] = [];
  stubRoutes({
    'GET /api/auth/me': () => json(signedInAs({ ...allFlags(false), ...flags })),
    'GET /api/collections/settings': () => json(SETTINGS),
    'PUT /api/collections/settings': ({ body }) => {
      sent.push(body);
      const b = body as { retryDays: number[]; graceDays: number; autoRenewPackageIds: string[] };
      return json({
        ...SETTINGS,
        ...b,
        packages: SETTINGS.packages.map((p) => ({ ...p, autoRenew: b.autoRenewPackageIds.includes(p.id) })),
      });
    },
  });
  render(
    <Providers locale={locale}>
      <AuthProvider>
        <RenewalSettingsSection />
      </AuthProvider>
    </Providers>,
  );
  return sent;
}

const tries = () => screen.getAllByTestId('retry-day').map((i) => (i as HTMLInputElement).value);
const ticks = () => screen.getAllByTestId('renew-package').map((i) => [(i as HTMLInputElement).checked, (i as HTMLInputElement).disabled]);

describe('Settings → Packages → Automatic renewals', () => {
  it('shows the schedule and the packages, and saves a try added, a grace changed and a package ticked', async () => {
    const sent = renderSection({ canReadSettings: true, canWriteSettings: true });
    await screen.findByTestId('renewal-settings-form');
    expect(tries()).toEqual(['0', '2', '5']);
    expect(screen.getByLabelText('Grace days')).toHaveProperty('value', '7');
    // Session-based packages cannot renew themselves: shown, not choosable.
    expect(ticks()).toEqual([
      [false, true],
      [true, false],
      [false, false],
    ]);
    expect(screen.getByText('Only packages of months renew themselves')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('retry-add'));
    expect(tries()).toEqual(['0', '2', '5', '7']);
    const grace = screen.getByLabelText('Grace days');
    await user.clear(grace);
    await user.type(grace, '10');
    await user.click(screen.getAllByTestId('renew-package')[2]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Automatic renewals saved')).toBeTruthy();
    expect(sent).toEqual([{ retryDays: [0, 2, 5, 7], graceDays: 10, autoRenewPackageIds: [MONTHLY, TERM] }]);
  });

  it('refuses tries out of order or after the grace days, in Arabic, and sends nothing', async () => {
    const sent = renderSection({ canReadSettings: true, canWriteSettings: true }, 'ar');
    await screen.findByTestId('renewal-settings-form');
    const user = userEvent.setup();
    const [, second] = screen.getAllByTestId('retry-day');
    await user.clear(second);
    await user.type(second, '9');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain(
      'يجب أن تتزايد أيام إعادة المحاولة بدءاً من اليوم 0 أو بعده',
    );
    await user.clear(second);
    await user.type(second, '3');
    await user.click(screen.getByRole('button', { name: 'حذف المحاولة 3' }));
    await user.clear(screen.getByLabelText('أيام السماح'));
    await user.type(screen.getByLabelText('أيام السماح'), '1');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('يجب أن تقع آخر محاولة ضمن أيام السماح'));
    expect(sent).toEqual([]);
  });

  it('shows the settings read-only without W:Settings', async () => {
    renderSection({ canReadSettings: true });
    const form = await screen.findByTestId('renewal-settings-form');
    expect(within(form).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByTestId('retry-add')).toBeNull();
    expect(screen.getAllByTestId('retry-day').every((i) => (i as HTMLInputElement).closest('fieldset')?.disabled)).toBe(true);
    expect(screen.getByLabelText('Grace days')).toHaveProperty('disabled', true);
  });
});
