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
  siblingDiscounts: [],
  packages: [
    {
      id: SESSIONS,
      name: '12 sessions',
      nameArabic: null,
      timeBased: false,
      autoRenew: false,
      instalmentsQualify: false,
      instalments: null,
    },
    {
      id: MONTHLY,
      name: 'Monthly',
      nameArabic: 'الباقة الشهرية',
      timeBased: true,
      autoRenew: true,
      instalmentsQualify: false,
      instalments: null,
    },
    { id: TERM, name: 'Term', nameArabic: 'الفصل', timeBased: true, autoRenew: false, instalmentsQualify: false, instalments: null },
  ],
};

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

function renderSection(
  flags: Record<string, boolean>,
  locale: Locale = 'en',
  settings: CollectionSettings = SETTINGS,
  refuse?: () => Response,
) {
  localStorage.setItem('signedIn', '1');
  const sent: unknown[] = [];
  stubRoutes({
    'GET /api/auth/me': () => json(signedInAs({ ...allFlags(false), ...flags })),
    'GET /api/collections/settings': () => json(settings),
    'PUT /api/collections/settings': ({ body }) => {
      sent.push(body);
      if (refuse) return refuse();
      const b = body as { retryDays: number[]; graceDays: number; autoRenewPackageIds: string[] };
      return json({
        ...settings,
        ...b,
        packages: settings.packages.map((p) => ({ ...p, autoRenew: b.autoRenewPackageIds.includes(p.id) })),
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

const tiers = () =>
  screen
    .getAllByTestId('sibling-tier')
    .map((tier) => [
      (within(tier).getByTestId('sibling-from') as HTMLInputElement).value,
      (within(tier).getByTestId('sibling-percent') as HTMLInputElement).value,
    ]);
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
    expect(await screen.findByText('Collection settings saved')).toBeTruthy();
    expect(sent).toEqual([{ retryDays: [0, 2, 5, 7], graceDays: 10, autoRenewPackageIds: [MONTHLY, TERM], siblingDiscounts: [] }]);
  });

  it('offers instalments only on a package of 3, 6 or 12 months, and saves the grant chosen (en and ar)', async () => {
    const settings: CollectionSettings = {
      ...SETTINGS,
      packages: SETTINGS.packages.map((p) => (p.id === TERM ? { ...p, instalmentsQualify: true } : p)),
    };
    const sent = renderSection({ canReadSettings: true, canWriteSettings: true }, 'en', settings);
    await screen.findByTestId('renewal-settings-form');
    const [select] = screen.getAllByTestId('instalments-package');
    expect(screen.getAllByTestId('instalments-package')).toHaveLength(1);
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Off',
      'Month by month, as paid',
      'Whole period at the first',
    ]);
    const user = userEvent.setup();
    await user.selectOptions(select, 'whole');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Collection settings saved')).toBeTruthy();
    expect(sent).toEqual([
      {
        retryDays: [0, 2, 5],
        graceDays: 7,
        autoRenewPackageIds: [MONTHLY],
        siblingDiscounts: [],
        instalmentPackages: [{ id: TERM, grant: 'whole' }],
      },
    ]);
  });

  it('names the instalment choices in Arabic', async () => {
    const settings: CollectionSettings = {
      ...SETTINGS,
      packages: SETTINGS.packages.map((p) => (p.id === TERM ? { ...p, instalmentsQualify: true, instalments: 'as_paid' } : p)),
    };
    renderSection({ canReadSettings: true, canWriteSettings: true }, 'ar', settings);
    const select = await screen.findByTestId('instalments-package');
    expect(select).toHaveProperty('value', 'as_paid');
    expect(screen.getByText('التقسيط')).toBeTruthy();
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'بدون تقسيط',
      'شهراً بشهر عند الدفع',
      'الفترة كاملة عند القسط الأول',
    ]);
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
    expect(screen.getByText("No sibling prices: every child pays the package's price.")).toBeTruthy();
    expect(screen.queryByTestId('sibling-add')).toBeNull();
  });
});

describe('Settings → Packages → Sibling prices', () => {
  it('adds tiers (the next child, the same percent, up to 5), removes one and saves them with the settings', async () => {
    const sent = renderSection({ canReadSettings: true, canWriteSettings: true });
    await screen.findByTestId('renewal-settings-form');
    expect(screen.getByText("No sibling prices: every child pays the package's price.")).toBeTruthy();
    expect(screen.queryByTestId('sibling-tier')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a sibling price' }));
    expect(tiers()).toEqual([['2', '10']]);
    // The new tier's first number has the focus, its inputs are named by their words, the row by its place.
    const first = screen.getByRole('group', { name: 'Sibling price 1' });
    expect(document.activeElement).toBe(within(first).getByLabelText('From child no.'));
    expect(screen.queryByText("No sibling prices: every child pays the package's price.")).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add a sibling price' }));
    const percent = within(screen.getByRole('group', { name: 'Sibling price 2' })).getByLabelText('% off');
    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(screen.getByRole('button', { name: 'Add a sibling price' }));
    expect(tiers()).toEqual([
      ['2', '10'],
      ['3', '15'],
      ['4', '15'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Add a sibling price' }));
    await user.click(screen.getByRole('button', { name: 'Add a sibling price' }));
    expect(tiers()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Add a sibling price' })).toBeNull();

    // Removed by keyboard: the focus stays in the list, on the tier now in its place.
    screen.getByRole('button', { name: 'Remove sibling price 2' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove sibling price 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove sibling price 4' }));
    await user.click(screen.getByRole('button', { name: 'Remove sibling price 3' }));
    expect(tiers()).toEqual([
      ['2', '10'],
      ['4', '15'],
    ]);
    expect(screen.getByRole('button', { name: 'Add a sibling price' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Collection settings saved')).toBeTruthy();
    expect(sent).toEqual([
      {
        retryDays: [0, 2, 5],
        graceDays: 7,
        autoRenewPackageIds: [MONTHLY],
        siblingDiscounts: [
          { fromChild: 2, percent: 10 },
          { fromChild: 4, percent: 15 },
        ],
      },
    ]);
    // The saved answer is shown.
    await waitFor(() =>
      expect(tiers()).toEqual([
        ['2', '10'],
        ['4', '15'],
      ]),
    );
  });

  it('saves the last tier removed as no sibling prices', async () => {
    const sent = renderSection({ canReadSettings: true, canWriteSettings: true }, 'en', {
      ...SETTINGS,
      siblingDiscounts: [{ fromChild: 2, percent: 10 }],
    });
    await screen.findByTestId('renewal-settings-form');
    expect(tiers()).toEqual([['2', '10']]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove sibling price 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a sibling price' }));
    expect(screen.getByText("No sibling prices: every child pays the package's price.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Collection settings saved');
    expect(sent).toEqual([{ retryDays: [0, 2, 5], graceDays: 7, autoRenewPackageIds: [MONTHLY], siblingDiscounts: [] }]);
  });

  it("refuses tiers out of order in Arabic before sending, and says the server's refusal in Arabic words", async () => {
    let refusal: (() => Response) | undefined;
    const sent = renderSection(
      { canReadSettings: true, canWriteSettings: true },
      'ar',
      {
        ...SETTINGS,
        siblingDiscounts: [
          { fromChild: 2, percent: 10 },
          { fromChild: 3, percent: 15 },
        ],
      },
      () => refusal?.() ?? json({}, 500),
    );
    await screen.findByTestId('renewal-settings-form');
    const user = userEvent.setup();
    const second = screen.getByRole('group', { name: 'سعر الإخوة 2' });
    const from = within(second).getByLabelText('ابتداءً من الطفل رقم');
    await user.clear(from);
    await user.type(from, '2');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    const ORDER = 'يجب أن يبدأ كل خصم إخوة من طفل لاحق وبنسبة لا تقل عن نسبة الخصم الذي قبله';
    expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContain(ORDER);
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    // Put right, the form is sent; the server refuses it by its code, said in Arabic words.
    await user.clear(from);
    await user.type(from, '4');
    await waitFor(() => expect(screen.queryByText(ORDER)).toBeNull());
    expect(from.getAttribute('aria-invalid')).toBeNull();
    const english = 'Each sibling price must start from a later child, with at least the percent of the one before';
    refusal = () =>
      json(
        {
          message: english,
          code: 'collections.sibling_order',
          issues: [{ path: 'siblingDiscounts', code: 'collections.sibling_order', message: english }],
        },
        400,
      );
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(ORDER));
    expect(sent).toEqual([
      {
        retryDays: [0, 2, 5],
        graceDays: 7,
        autoRenewPackageIds: [MONTHLY],
        siblingDiscounts: [
          { fromChild: 2, percent: 10 },
          { fromChild: 4, percent: 15 },
        ],
      },
    ]);
    expect(screen.queryByText(english)).toBeNull();
    expect(screen.getByTestId('sibling-prices').textContent).not.toMatch(/[A-Za-z]/);
  });
});
