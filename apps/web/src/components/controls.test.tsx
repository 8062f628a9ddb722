import { weekStart } from '@kora/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '../lib/i18n';
import { stripSuffix } from './AcademyLinkInput';
import { Button } from './Button';
import { CountryPicker } from './CountryPicker';
import { countries } from './countries';
import { DatePicker } from './DatePicker';
import { ConfirmDialog, Dialog } from './Dialog';
import { parseDisplay, toDisplay } from './date-format';
import { PhoneField } from './PhoneField';

const inEnglish = (ui: React.ReactNode) => render(<LocaleProvider locale="en">{ui}</LocaleProvider>);

describe('Button', () => {
  it("shows a spinner and 'Loading...' and ignores clicks while loading", async () => {
    let clicks = 0;
    inEnglish(
      <Button loading onClick={() => clicks++}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Loading...');
    expect(button).toHaveProperty('disabled', true);
    await userEvent.click(button);
    expect(clicks).toBe(0);
  });
});

describe('dialog', () => {
  it('dims a dialog under the confirmation it opens: each overlay is on the layer of its content', () => {
    inEnglish(
      <Dialog open onOpenChange={() => undefined} title="Calendar link">
        <ConfirmDialog
          open
          onOpenChange={() => undefined}
          title="Replace?"
          text="The old link stops working."
          confirmLabel="Replace"
          onConfirm={() => undefined}
        />
      </Dialog>,
    );
    const layer = (el: Element | null) => el?.className.match(/\bz-\S+/)?.[0];
    const [first, second] = [...document.querySelectorAll('[role="dialog"]')];
    expect([first?.textContent, second?.textContent]).toEqual([
      expect.stringContaining('Calendar link'),
      expect.stringContaining('Replace?'),
    ]);
    const overlayOf = (dialog: Element) => dialog.previousElementSibling;
    // The confirmation's overlay is on the layer of the first dialog and comes after it: it covers it.
    expect(layer(overlayOf(second))).toBe(layer(first));
    expect(layer(overlayOf(first))).toBe(layer(first));
    expect(first.compareDocumentPosition(overlayOf(second) ?? first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(layer(second)).toBe(layer(first));
  });
});

describe('academy link input', () => {
  it('strips the fixed suffix and anything that is not a handle', () => {
    expect(stripSuffix('Falcons.localhost:3000', 'localhost:3000')).toBe('falcons');
    expect(stripSuffix('https://my-club.kora.sa/', 'kora.sa')).toBe('my-club');
    expect(stripSuffix('Riyadh FC!', 'kora.sa')).toBe('riyadhfc');
  });
});

function Harness() {
  const [code, setCode] = useState<string | null>(null);
  return (
    <>
      <CountryPicker label="Nationality" value={code} onChange={setCode} />
      <output data-testid="code">{code ?? ''}</output>
      <button type="button">outside</button>
    </>
  );
}

describe('country picker', () => {
  it('has about 195 countries including Kosovo and Palestine, in both languages', () => {
    expect(countries('en').length).toBeGreaterThanOrEqual(195);
    expect(countries('en').find((c) => c.code === 'XK')?.name).toBe('Kosovo');
    expect(countries('ar').find((c) => c.code === 'PS')?.name).toBe('فلسطين');
  });

  it('opens on focus, filters, selects a code and closes', async () => {
    inEnglish(<Harness />);
    const input = screen.getByLabelText('Nationality');
    await userEvent.click(input);
    expect(screen.getByRole('listbox')).toBeTruthy();
    await userEvent.type(input, 'jord');
    await userEvent.click(screen.getByRole('option', { name: /Jordan/ }));
    expect(screen.getByTestId('code').textContent).toBe('JO');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("converts a typed name to its code and says 'No results found' otherwise", async () => {
    inEnglish(<Harness />);
    const input = screen.getByLabelText('Nationality');
    await userEvent.type(input, 'Kosovo');
    expect(screen.getByTestId('code').textContent).toBe('XK');
    await userEvent.clear(input);
    await userEvent.type(input, 'Atlantis');
    expect(screen.getByText('No results found')).toBeTruthy();
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('date picker', () => {
  it('shows yyyy/MM/dd, parses only real dates and starts weeks per language', () => {
    expect(toDisplay('2015-03-04')).toBe('2015/03/04');
    expect(parseDisplay('2015/3/4')).toBe('2015-03-04');
    expect(parseDisplay('٢٠١٥/٣/٤')).toBe('2015-03-04');
    expect(parseDisplay('2015/02/30')).toBeNull();
    expect(weekStart('en')).toBe(0);
    expect(weekStart('ar')).toBe(6);
  });

  it('refuses a typed date outside its bounds with a message', async () => {
    let value = '';
    inEnglish(<DatePicker label="Birthdate" value="" onChange={(v) => (value = v)} min="2000-01-01" max="2020-12-31" />);
    const input = screen.getByLabelText('Birthdate');
    await userEvent.type(input, '2021/01/01');
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toContain('2000/01/01');
    expect(value).toBe('');
    await userEvent.clear(input);
    await userEvent.type(input, '2010/06/15');
    fireEvent.blur(input);
    expect(value).toBe('2010-06-15');
  });
});

describe('phone input', () => {
  it('defaults to Saudi Arabia and answers E.164', async () => {
    let value = '';
    inEnglish(<PhoneField label="Phone" value="" onChange={(v) => (value = v)} />);
    // The control (flags, metadata) loads with the first phone field; until then a disabled box stands in.
    expect(screen.getByLabelText('Phone')).toHaveProperty('disabled', true);
    const input = await screen.findByDisplayValue('+966', undefined, { timeout: 10_000 });
    expect(screen.getByLabelText('Phone')).toBe(input);
    await userEvent.type(input, '501234567');
    expect(value).toBe('+966501234567');
  });
});
