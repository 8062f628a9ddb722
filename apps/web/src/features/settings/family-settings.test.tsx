// Settings → Academy → Family portal sets the "can't come" cut-off
// (`GET`/`PUT /api/family-settings`), in English and Arabic; read-only without W:Settings.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, renderWithApp, signedInAs, stubRoutes } from '../../test-render';
import { FamilySettingsSection } from './FamilySettingsSection';

function stubApi(canWriteSettings = true, cutoff = 120) {
  localStorage.setItem('signedIn', '1');
  const { requests } = stubRoutes({
    'GET /api/auth/me': () => json(signedInAs({ canReadSettings: true, canWriteSettings })),
    'PUT /api/family-settings': ({ body }) => json({ ...(body as object), smsConfigured: false }),
    'GET /api/family-settings': () => json({ availabilityCutoffMinutes: cutoff, smsConfigured: false }),
  });
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});
vi.setConfig({ testTimeout: 20_000 });

describe('Settings → Academy → Family portal', () => {
  it("shows the academy's cut-off and saves another", async () => {
    const puts = stubApi();
    const user = userEvent.setup();
    renderWithApp(<FamilySettingsSection />);
    const select = await screen.findByRole('combobox', { name: "Parents may say their child can't come until" });
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    expect((select as HTMLSelectElement).selectedOptions[0].textContent).toBe('2 hours before the event');
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(select, '24 hours before the event');
    await user.click(save);
    await waitFor(() => expect(puts.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ availabilityCutoffMinutes: 1440 }]));
    expect(await screen.findByText('Family portal settings saved')).toBeTruthy();
  });

  it('in Arabic, with the choices counted by Arabic plural rules', async () => {
    stubApi(true, 30);
    renderWithApp(<FamilySettingsSection />, 'ar');
    const section = await screen.findByTestId('family-settings');
    expect(within(section).getByRole('heading').textContent).toBe('بوابة الأسرة');
    const select = await screen.findByRole('combobox', { name: 'يمكن لولي الأمر الإبلاغ بتعذّر الحضور حتى' });
    expect((select as HTMLSelectElement).selectedOptions[0].textContent).toBe('30 دقيقة قبل الحدث');
    const options = [...(select as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toContain('بدء الحدث');
    expect(options).toContain('ساعة واحدة قبل الحدث');
    expect(options).toContain('ساعتين قبل الحدث');
    expect(options).toContain('3 ساعات قبل الحدث');
  });

  it('a cut-off set another way stays choosable; without W:Settings it is shown, not changed', async () => {
    stubApi(false, 90);
    renderWithApp(<FamilySettingsSection />);
    const select = (await screen.findByTestId('family-cutoff')) as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('90 minutes before the event');
    await waitFor(() => expect(select.disabled).toBe(true));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
