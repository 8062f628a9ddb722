import { ERRORS } from '@kora/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import { Form } from './Form';
import { type Choice, useMultiPicker } from './MultiPicker';
import { useZodForm } from './useZodForm';

const inLocale = (ui: React.ReactNode, locale: Locale = 'en') => render(<LocaleProvider locale={locale}>{ui}</LocaleProvider>);

const khalid: Choice = { id: 'c1', name: 'Khalid Coach', nameArabic: 'خالد العتيبي', avatar: null };
const saad: Choice = { id: 'c2', name: 'Saad Coach', nameArabic: null, avatar: null };
const lions: Choice = { id: 't1', name: 'U10 Lions', nameArabic: 'أشبال ١٠', color: 'RED' };

const schema = z.object({ coachIds: z.array(z.string()).min(1, ERRORS['event.team_required']).default([]) });

function Picker({
  ids = [],
  choices = [khalid, saad],
  known,
  readOnly,
  disabled,
  added = [],
  onSubmit = () => undefined,
}: {
  ids?: string[];
  choices?: Choice[];
  known?: Choice[];
  readOnly?: boolean;
  disabled?: boolean;
  added?: string[];
  onSubmit?(values: z.output<typeof schema>): unknown;
}) {
  const form = useZodForm(schema, { defaultValues: { coachIds: ids }, disabled });
  const { MultiPicker } = useMultiPicker(form);
  return (
    <Form form={form} onSubmit={onSubmit}>
      <MultiPicker
        name="coachIds"
        label="Coaches"
        choices={choices}
        known={known}
        readOnly={readOnly}
        addLabel="teams.addCoach"
        noneLeftLabel="teams.noMoreCoaches"
        emptyLabel="teams.noCoaches"
        onAdd={(id) => added.push(id)}
      />
      <button type="submit">Save</button>
    </Form>
  );
}

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);
const chips = () => screen.queryAllByRole('listitem').map((li) => li.textContent);

describe('MultiPicker', () => {
  it('adds a chosen one as a chip, offers only the others, and sends the ids', async () => {
    const added: string[] = [];
    const submitted: unknown[] = [];
    inLocale(<Picker added={added} onSubmit={(v) => submitted.push(v)} />);
    expect(screen.getByText('No coaches')).toBeTruthy();
    expect(optionsOf(screen.getByLabelText('Coaches'))).toEqual(['Add a coach…', 'Khalid Coach', 'Saad Coach']);
    await userEvent.selectOptions(screen.getByLabelText('Coaches'), 'c2');
    expect(chips()).toEqual(['SCSaad Coach×']);
    expect(screen.queryByText('No coaches')).toBeNull();
    expect(optionsOf(screen.getByLabelText('Coaches'))).toEqual(['Add a coach…', 'Khalid Coach']);
    expect(added).toEqual(['c2']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toEqual([{ coachIds: ['c2'] }]));
  });

  it('removes a chip by its button, which names the one it removes, and offers it again', async () => {
    inLocale(<Picker ids={['c1', 'c2']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Khalid Coach' }));
    expect(chips()).toEqual(['SCSaad Coach×']);
    expect(optionsOf(screen.getByLabelText('Coaches'))).toEqual(['Add a coach…', 'Khalid Coach']);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Saad Coach' }));
    expect(screen.getByText('No coaches')).toBeTruthy();
  });

  it('says when none is left to add, and offers nothing', async () => {
    inLocale(<Picker ids={['c1']} />);
    await userEvent.selectOptions(screen.getByLabelText('Coaches'), 'c2');
    const select = screen.getByLabelText('Coaches');
    expect(optionsOf(select)).toEqual(['All coaches are in this team']);
    expect(select).toHaveProperty('disabled', true);
  });

  it('read-only (or in a disabled form) shows the chips without the select or remove buttons', () => {
    const { unmount } = inLocale(<Picker ids={['c1', 'c2']} readOnly />);
    expect(chips()).toEqual(['KCKhalid Coach', 'SCSaad Coach']);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    unmount();
    inLocale(<Picker ids={['c1']} disabled />);
    expect(chips()).toEqual(['KCKhalid Coach']);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('names a chosen id that is not among the choices from `known`, and leaves out one it does not know', () => {
    inLocale(<Picker ids={['c1', 'gone', 'c2']} choices={[saad]} known={[khalid]} />);
    expect(chips()).toEqual(['KCKhalid Coach×', 'SCSaad Coach×']);
    expect(optionsOf(screen.getByLabelText('Coaches'))).toEqual(['All coaches are in this team']);
  });

  it('shows a team by its colour, a person by their initials', () => {
    inLocale(<Picker ids={['t1', 'c2']} choices={[lions, saad]} />);
    const [team, person] = screen.getAllByRole('listitem');
    expect(within(team).queryByTestId('avatar-initials')).toBeNull();
    expect(team.textContent).toBe('U10 Lions×');
    expect(within(person).getByTestId('avatar-initials').textContent).toBe('SC');
  });

  it('names them in Arabic in the Arabic UI: options, chips, initials and the remove button', async () => {
    inLocale(<Picker ids={['c1']} />, 'ar');
    const chip = screen.getByRole('listitem');
    expect(within(chip).getByText('خالد العتيبي')).toBeTruthy();
    expect(within(chip).getByTestId('avatar-initials').textContent).toBe('خ\u202Fع');
    expect(screen.getByRole('button', { name: 'إزالة خالد العتيبي' })).toBeTruthy();
    // Saad has no Arabic name: his name as it is.
    expect(optionsOf(screen.getByLabelText('Coaches'))).toEqual(['أضف مدربًا…', 'Saad Coach']);
  });

  it("shows the field's error in the user's language when the form is sent", async () => {
    inLocale(<Picker />, 'ar');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const select = screen.getByLabelText('Coaches');
    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe('اختر فريقًا واحدًا على الأقل');
  });
});
