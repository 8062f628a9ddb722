import { allFlags, PACKAGE_DEFAULTS, type Package } from '@kora/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import type { Locale } from '../../lib/i18n';
import { jsonResponse as json, Providers, stubRoutes } from '../../test-render';
import { PackageDialog } from './PackageDialog';
import { PackagesPage } from './PackagesPage';
import { packageFormValues, trialAllowed, trialChange, typeChange } from './rules';

const monthly: Package = {
  id: '00000000-0000-4000-8000-000000000011',
  name: 'Monthly',
  nameArabic: 'الباقة الشهرية',
  price: 450.5,
  packageType: 'TIME_BASED',
  monthsNumber: 1,
  sessionsCount: null,
  hasTrial: true,
  trialDays: 7,
  description: null,
  descriptionArabic: null,
  allowPause: true,
  skipLimit: 2,
  isActive: true,
};
const sessions: Package = {
  ...monthly,
  id: '00000000-0000-4000-8000-000000000012',
  name: '12 sessions',
  nameArabic: null,
  price: 600,
  packageType: 'SESSION_BASED',
  monthsNumber: null,
  sessionsCount: 12,
  hasTrial: false,
  trialDays: 0,
  allowPause: false,
  isActive: false,
};

/** A package whose description the academy wrote in English and in Arabic. */
const withDescriptions: Package = { ...monthly, description: 'Three sessions a week', descriptionArabic: 'ثلاثة تمارين في الأسبوع' };

afterEach(() => vi.unstubAllGlobals());
// Typing into a dialog takes a few seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

describe('the package rules of the dialog', () => {
  it('start a new package from the spec defaults and an existing one from its values', () => {
    expect(packageFormValues(null)).toEqual({
      ...PACKAGE_DEFAULTS,
      packageType: 'TIME_BASED',
      monthsNumber: 1,
      skipLimit: 0,
      price: 0,
      isActive: true,
      hasTrial: false,
      allowPause: false,
    });
    expect(packageFormValues(sessions)).toMatchObject({
      nameArabic: '',
      description: '',
      descriptionArabic: '',
      sessionsCount: 12,
      isActive: false,
    });
    expect(packageFormValues(withDescriptions)).toMatchObject({
      description: 'Three sessions a week',
      descriptionArabic: 'ثلاثة تمارين في الأسبوع',
    });
  });

  it('give a trial 7 days when enabled and 0 when disabled, and only to time-based packages', () => {
    expect(trialChange(true)).toEqual({ hasTrial: true, trialDays: 7 });
    expect(trialChange(false)).toEqual({ hasTrial: false, trialDays: 0 });
    expect(trialAllowed('TIME_BASED')).toBe(true);
    expect(trialAllowed('SESSION_BASED')).toBe(false);
    expect(typeChange({ monthsNumber: 3 }, 'SESSION_BASED')).toEqual({ packageType: 'SESSION_BASED', hasTrial: false, trialDays: 0 });
    expect(typeChange({ monthsNumber: null }, 'TIME_BASED')).toEqual({ packageType: 'TIME_BASED', monthsNumber: 1 });
    expect(typeChange({ monthsNumber: 6 }, 'TIME_BASED')).toEqual({ packageType: 'TIME_BASED' });
  });
});

describe('the package dialog', () => {
  it('adds a time-based package with the defaults, trial days following the checkbox', async () => {
    const { requests: calls } = stubRoutes({
      'POST /api/packages': ({ body }) => json({ ...monthly, ...(body as object), id: monthly.id }, 201),
    });
    const onClose = vi.fn();
    render(
      <Providers>
        <PackageDialog pkg={null} onClose={onClose} />
      </Providers>,
    );
    const user = userEvent.setup();
    expect(screen.getByLabelText('Price (SAR)')).toHaveProperty('value', '0');
    expect(screen.getByLabelText('Months')).toHaveProperty('value', '1');
    expect(screen.getByLabelText('Skip limit')).toHaveProperty('value', '0');
    expect(screen.getByLabelText('Package type')).toHaveProperty('value', 'TIME_BASED');
    expect(screen.queryByLabelText('Trial days')).toBeNull();
    expect(screen.getByLabelText('Active')).toHaveProperty('checked', true);

    await user.click(screen.getByLabelText('Free trial'));
    expect(screen.getByLabelText('Trial days')).toHaveProperty('value', '7');
    await user.click(screen.getByLabelText('Free trial'));
    expect(screen.queryByLabelText('Trial days')).toBeNull();
    await user.click(screen.getByLabelText('Free trial'));

    await user.type(screen.getByLabelText('Name'), 'Monthly');
    await user.clear(screen.getByLabelText('Price (SAR)'));
    await user.type(screen.getByLabelText('Price (SAR)'), '۴۵۰٫۵');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/packages')?.body).toEqual({
      ...PACKAGE_DEFAULTS,
      name: 'Monthly',
      nameArabic: null,
      description: null,
      descriptionArabic: null,
      price: 450.5,
      hasTrial: true,
      trialDays: 7,
    });
  });

  it('switches to sessions: no trial allowed, sessions required', async () => {
    const { requests: calls } = stubRoutes({ 'POST /api/packages': ({ body }) => json({ ...sessions, ...(body as object) }, 201) });
    const onClose = vi.fn();
    render(
      <Providers>
        <PackageDialog pkg={null} onClose={onClose} />
      </Providers>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Free trial'));
    await user.selectOptions(screen.getByLabelText('Package type'), 'SESSION_BASED');
    expect(screen.queryByLabelText('Months')).toBeNull();
    expect(screen.queryByLabelText('Trial days')).toBeNull();
    expect(screen.getByLabelText('Free trial')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Free trial')).toHaveProperty('checked', false);
    expect(screen.getByText('Only time-based packages can have a trial')).toBeTruthy();

    await user.type(screen.getByLabelText('Name'), '12 sessions');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sessions count must be a whole number of at least 1')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/packages')).toBe(false);

    // Typed in Arabic-Indic digits, as an Arabic keyboard sends them: read as 12.
    await user.type(screen.getByLabelText('Sessions'), '١٢');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/packages')?.body).toMatchObject({
      packageType: 'SESSION_BASED',
      sessionsCount: 12,
      hasTrial: false,
      trialDays: 0,
    });
  });

  it('edits the description in Arabic beside the English one: shown, changed, cleared', async () => {
    const { requests: calls } = stubRoutes({
      'PUT /api/packages/00000000-0000-4000-8000-000000000011': ({ body }) => json({ ...withDescriptions, ...(body as object) }),
    });
    const onClose = vi.fn();
    render(
      <Providers>
        <PackageDialog pkg={withDescriptions} onClose={onClose} />
      </Providers>,
    );
    const user = userEvent.setup();
    const arabic = screen.getByLabelText('Description in Arabic');
    expect(arabic).toHaveProperty('value', 'ثلاثة تمارين في الأسبوع');
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(screen.getByLabelText('Description')).toHaveProperty('value', 'Three sessions a week');
    await user.clear(arabic);
    await user.type(arabic, 'تمرينان أسبوعيًا');
    await user.clear(screen.getByLabelText('Description'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ description: null, descriptionArabic: 'تمرينان أسبوعيًا' });
  });

  it('shows the server message of a failed save in the dialog', async () => {
    stubRoutes({
      'PUT /api/packages/00000000-0000-4000-8000-000000000011': () =>
        json(
          {
            message: 'Trial days must be between 1 and 90',
            code: 'package.trial_days_range',
            issues: [{ path: 'trialDays', message: 'Trial days must be between 1 and 90', code: 'package.trial_days_range' }],
          },
          400,
        ),
    });
    render(
      <Providers locale="ar">
        <PackageDialog pkg={monthly} onClose={() => undefined} />
      </Providers>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findAllByText('يجب أن تكون أيام التجربة بين 1 و90')).not.toHaveLength(0);
  });

  it.each([
    ['en', 'Save', 'Please enter a price of at most 1,000,000'],
    ['ar', 'حفظ', 'يرجى إدخال سعر لا يزيد على 1,000,000'],
  ] as const)('says the highest price allowed for a price over it (%s), not "0 or more"', async (locale, save, message) => {
    const { requests: calls } = stubRoutes({});
    render(
      <Providers locale={locale}>
        <PackageDialog pkg={monthly} onClose={() => undefined} />
      </Providers>,
    );
    const user = userEvent.setup();
    const price = screen.getByRole('textbox', { name: locale === 'en' ? 'Price (SAR)' : /السعر/ });
    await user.clear(price);
    await user.type(price, '1000001');
    await user.click(screen.getByRole('button', { name: save }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText(/0 or more|صفرًا أو أكثر/)).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });
});

describe('the packages page', () => {
  const me = (flags: Record<string, boolean>) => ({
    user: {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Admin',
      email: 'admin@x.sa',
      avatar: null,
      role: 'ADMIN',
      accountType: { ...allFlags(false), ...flags },
      academyUsers: [{ academy: { id: '00000000-0000-4000-8000-0000000000a1', name: 'A', nameArabic: null, handle: 'a', logo: null } }],
    },
    currentAcademyId: '00000000-0000-4000-8000-0000000000a1',
  });
  const renderPage = (locale: Locale = 'en') =>
    render(
      <Providers locale={locale}>
        <AuthProvider>
          <PackagesPage />
        </AuthProvider>
      </Providers>,
    );

  it('lists packages with W:Settings: switch, edit, delete, and the archived notice', async () => {
    localStorage.setItem('signedIn', '1');
    const { requests: calls } = stubRoutes({
      'GET /api/auth/me': () => json(me({ canReadSettings: true, canWriteSettings: true })),
      'GET /api/packages': () => json([monthly, sessions]),
      'PATCH /api/packages/00000000-0000-4000-8000-000000000012/toggle-active': () => json({ ...sessions, isActive: true }),
      'DELETE /api/packages/00000000-0000-4000-8000-000000000011': () =>
        json({ message: 'Package was archived because it is in use by one or more players', softDeleted: true }),
    });
    renderPage();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByTestId('package-row');
    expect(rows[0].textContent).toContain('Monthly');
    expect(rows[0].textContent).toContain('SAR');
    expect(rows[0].textContent).toContain('1 month');
    expect(rows[0].textContent).toContain('7 days');
    expect(rows[1].textContent).toContain('12 sessions');
    expect(screen.getAllByRole('button', { name: 'Add package' })).toHaveLength(1);

    const user = userEvent.setup();
    const switches = within(table).getAllByRole('switch');
    expect(switches.map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    await user.click(switches[1]);
    expect(await screen.findByText('12 sessions is now active')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isActive: true });

    await user.click(within(rows[0]).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Package was archived because it is in use by one or more players')).toBeTruthy();
  });

  it('shows the status as text and no changes without W:Settings, names in Arabic on Arabic screens', async () => {
    localStorage.setItem('signedIn', '1');
    stubRoutes({
      'GET /api/auth/me': () => json(me({ canReadSettings: true })),
      'GET /api/packages': () => json([monthly, sessions]),
    });
    renderPage('ar');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('الباقة الشهرية')).toBeTruthy();
    expect(within(table).queryByRole('switch')).toBeNull();
    expect(within(table).getAllByText('نشطة').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'إضافة باقة' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'تعديل' })).toBeNull();
  });

  it("shows each package's description in the screen's language: the Arabic one on Arabic screens, else the English one", async () => {
    localStorage.setItem('signedIn', '1');
    const arabicOnly: Package = { ...sessions, description: null, descriptionArabic: 'احضر متى ما استطعت' };
    stubRoutes({
      'GET /api/auth/me': () => json(me({ canReadSettings: true })),
      'GET /api/packages': () => json([withDescriptions, arabicOnly]),
    });
    const english = renderPage('en');
    let rows = within(await screen.findByRole('table')).getAllByTestId('package-row');
    expect(rows[0].textContent).toContain('Three sessions a week');
    expect(rows[0].textContent).not.toContain('ثلاثة تمارين في الأسبوع');
    // Without an English description the Arabic one is shown rather than none.
    expect(rows[1].textContent).toContain('احضر متى ما استطعت');
    english.unmount();

    renderPage('ar');
    rows = within(await screen.findByRole('table')).getAllByTestId('package-row');
    expect(rows[0].textContent).toContain('ثلاثة تمارين في الأسبوع');
    expect(rows[0].textContent).not.toContain('Three sessions a week');
    expect(rows[1].textContent).toContain('احضر متى ما استطعت');
  });

  it('says when there is no package yet, and offers Try again after a failed load', async () => {
    localStorage.setItem('signedIn', '1');
    let fail = true;
    stubRoutes({
      'GET /api/auth/me': () => json(me({ canReadSettings: true, canWriteSettings: true })),
      'GET /api/packages': () => (fail ? json({ message: 'Something went wrong', code: 'request.failed' }, 500) : json([])),
    });
    renderPage();
    expect(await screen.findByText('Failed to load subscription packages')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No packages yet')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Add package' })).toHaveLength(1);
  });
});
