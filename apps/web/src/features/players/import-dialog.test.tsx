import { CONSENT_TEXTS, type ImportPreview } from '@kora/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callWithProgress } from '../../lib/api';
import { jsonResponse, renderWithApp, signedInAs } from '../../test-render';
import { ImportPlayersDialog } from './ImportPlayersDialog';

vi.mock('../../lib/api', async (original) => ({ ...(await original<typeof import('../../lib/api')>()), callWithProgress: vi.fn() }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(callWithProgress).mockReset();
});

/** The server's preview of a file whose birthdate and team are wrong (as the server words it, value included). */
const preview: ImportPreview = {
  headers: ['Player name', 'Birthdate', 'Gender', 'Teams', 'Parent name', 'Parent phone'],
  mapping: { name: 0, birthdate: 1, gender: 2, teams: 3, parentName: 4, parentPhone: 5 },
  rowCount: 1,
  creates: 0,
  updates: 0,
  errors: [
    {
      row: 2,
      column: 'birthdate',
      code: 'import.birthdate_format',
      message: 'Write the date as dd/mm/yyyy (e.g. 14/03/2015); found “31/31/2015”',
      value: '31/31/2015',
    },
    {
      row: 2,
      column: 'teams',
      code: 'import.team_not_found',
      message: 'No team of this academy has this name; found “Ghosts”',
      value: 'Ghosts',
    },
    { row: 2, column: 'name', code: 'player.name_required', message: 'Player name is required' },
  ],
  sample: [['', '31/31/2015', 'Male', 'Ghosts', 'Ali', '0501234567']],
};

async function previewErrors(locale: 'en' | 'ar') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(signedInAs({}))),
  );
  vi.mocked(callWithProgress).mockResolvedValue(preview);
  const { container } = renderWithApp(<ImportPlayersDialog onClose={() => {}} />, locale);
  const input = container.ownerDocument.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['x'], 'players.csv', { type: 'text/csv' })] } });
  fireEvent.click(await screen.findByRole('button', { name: locale === 'en' ? 'Next' : 'التالي' }));
  const table = await screen.findByTestId('import-errors');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[2].textContent);
}

describe('the import preview', () => {
  it('names the value an error is about: the date as written, the unknown team', async () => {
    expect(await previewErrors('en')).toEqual([
      'Write the date as dd/mm/yyyy (e.g. 14/03/2015); found “31/31/2015”',
      'No team of this academy has this name; found “Ghosts”',
      'Player name is required',
    ]);
  });

  it('in Arabic too', async () => {
    const [date, team] = await previewErrors('ar');
    expect(date).toBe('اكتب التاريخ بصيغة يوم/شهر/سنة (مثل 14/03/2015)؛ المكتوب: «31/31/2015»');
    expect(team).toContain('«Ghosts»');
  });

  it("offers the guardians' paper medical consent when rows bring a condition without one, and checks the file again with it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(signedInAs({}))),
    );
    const refused: ImportPreview = {
      ...preview,
      mapping: { ...preview.mapping, medicalCondition: 6 },
      errors: [{ row: 2, column: 'medicalCondition', code: 'consent.medical_required', message: 'x' }],
    };
    const accepted: ImportPreview = { ...refused, creates: 1, errors: [] };
    vi.mocked(callWithProgress).mockResolvedValueOnce(refused).mockResolvedValueOnce(refused).mockResolvedValueOnce(accepted);
    const { container } = renderWithApp(<ImportPlayersDialog onClose={() => {}} />, 'ar');
    const input = container.ownerDocument.querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'players.csv', { type: 'text/csv' })] } });
    fireEvent.click(await screen.findByRole('button', { name: 'التالي' }));
    const errors = await screen.findByTestId('import-errors');
    expect(errors.textContent).toContain('لا تُحفظ الحالة الصحية إلا بموافقة وليّ الأمر عليها');
    const box = screen.getByTestId('import-medical-consent');
    expect(box.closest('label')?.textContent).toContain(CONSENT_TEXTS.medical.ar);
    fireEvent.click(box);
    expect(await screen.findByText('كل الصفوف صحيحة.')).toBeTruthy();
    // The second check of the preview sent the consent in the screen's language; the first one did not.
    const forms = vi.mocked(callWithProgress).mock.calls.map((call) => (call[1] as { form: Record<string, unknown> }).form);
    expect(forms.at(-2)?.medicalConsent).toBeUndefined();
    expect(JSON.parse(String(forms.at(-1)?.medicalConsent))).toEqual({ language: 'ar' });
  });
});
