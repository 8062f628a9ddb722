import { parentInfoSchema, playerInfoSchema } from '@kora/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emptyParent, ParentFields } from '../../features/players/ParentFields';
import { ApiError } from '../../lib/api';
import { type Locale, LocaleProvider } from '../../lib/i18n';
import { Form } from './Form';
import { useDateField } from './FormDate';
import { FormDialog } from './FormDialog';
import { useFields } from './fields';
import { useZodForm } from './useZodForm';

const inLocale = (ui: React.ReactNode, locale: Locale = 'en') => render(<LocaleProvider locale={locale}>{ui}</LocaleProvider>);

/** A promise the test settles by hand, to look at the form while it is pending. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const nameSchema = z.object({ name: parentInfoSchema.shape.name });

function NameDialog({ onSubmit }: { onSubmit(values: { name: string }): unknown }) {
  const form = useZodForm(nameSchema, { defaultValues: { name: '' } });
  const f = useFields(form);
  return (
    <FormDialog form={form} onSubmit={onSubmit} onClose={() => undefined} title="Rename">
      <f.Text name="name" label="Name" />
    </FormDialog>
  );
}

/** A wizard step: Next checks the parent fields and stays. */
function Step() {
  const form = useZodForm(z.object({ parentInfo: parentInfoSchema }), { defaultValues: { parentInfo: emptyParent() } });
  const check = async () => {
    await form.trigger('parentInfo');
    return false;
  };
  return (
    <Form form={form} onSubmit={() => undefined} onBeforeSubmit={check}>
      <ParentFields form={form} names={(field) => `parentInfo.${field}`} />
      <button type="submit">Next</button>
    </Form>
  );
}

function Registration({ error }: { error: ApiError }) {
  const form = useZodForm(z.object({ playerInfo: playerInfoSchema.pick({ name: true, birthdate: true }) }), {
    defaultValues: { playerInfo: { name: 'Faisal', birthdate: '2024-01-01' } },
  });
  const f = { ...useFields(form), ...useDateField(form) };
  return (
    <FormDialog form={form} onClose={() => undefined} title="Player" onSubmit={() => Promise.reject(error)}>
      <f.Text name="playerInfo.name" label="Player name" />
      <f.Date name="playerInfo.birthdate" label="Birthdate" min="2000-01-01" max="2025-01-01" />
    </FormDialog>
  );
}

function Parent() {
  const form = useZodForm(z.object({ parentInfo: parentInfoSchema }), {
    defaultValues: { parentInfo: { ...emptyParent(), name: 'سعود', emergencyPhone1: '+96650' } },
  });
  return (
    <Form form={form} onSubmit={() => undefined}>
      <ParentFields form={form} names={(field) => `parentInfo.${field}`} />
      <button type="submit">التالي</button>
    </Form>
  );
}

/** Save needs a name and a position; the footer says which are missing. */
function CoachLike() {
  const form = useZodForm(z.object({ name: z.string(), position: z.string() }), { defaultValues: { name: '', position: '' } });
  const f = useFields(form);
  const [name, position] = form.watch(['name', 'position']);
  return (
    <FormDialog
      form={form}
      onSubmit={() => undefined}
      onClose={() => undefined}
      title="Coach"
      missing={[...(name.trim() ? [] : ['Name']), ...(position.trim() ? [] : ['Position'])]}
    >
      <f.Text name="name" label="Name" />
      <f.Text name="position" label="Position" />
    </FormDialog>
  );
}

describe('FormDialog', () => {
  it('keeps Save disabled while required fields are empty and says which ones', async () => {
    inLocale(<CoachLike />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toHaveProperty('disabled', true);
    expect(screen.getByTestId('save-needs').textContent).toBe('To save, fill in Name and Position.');
    expect(save.getAttribute('aria-describedby')).toBe(screen.getByTestId('save-needs').id);
    await userEvent.type(screen.getByLabelText('Name'), 'Khalid');
    expect(screen.getByTestId('save-needs').textContent).toBe('To save, fill in Position.');
    await userEvent.type(screen.getByLabelText('Position'), 'Goalkeepers');
    expect(screen.queryByTestId('save-needs')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('submits on Enter with the parsed values and shows the pending state until the call settles', async () => {
    const call = deferred();
    const submitted: unknown[] = [];
    inLocale(
      <NameDialog
        onSubmit={(values) => {
          submitted.push(values);
          return call.promise;
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText('Name'), '  Khalid  {Enter}');
    await waitFor(() => expect(submitted).toEqual([{ name: 'Khalid' }]));
    const submit = screen.getByRole('button', { name: 'Loading...' });
    expect(submit).toHaveProperty('disabled', true);
    await act(async () => call.resolve());
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);
  });

  it('shows a failed call at the top of the form, in the user’s language', async () => {
    inLocale(
      <NameDialog
        onSubmit={() => {
          throw new ApiError(403, 'You do not have permission to do this', 'auth.forbidden');
        }}
      />,
      'ar',
    );
    await userEvent.type(screen.getByRole('textbox'), 'Khalid{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('ليست لديك صلاحية للقيام بذلك');
    expect(screen.getByRole('button', { name: 'حفظ' })).toBeTruthy();
  });
});

describe('field errors', () => {
  it('appear when the form is sent, never on leaving a field (nothing moves under the pointer)', async () => {
    inLocale(<NameDialog onSubmit={() => undefined} />);
    const input = screen.getByLabelText('Name');
    await userEvent.click(input);
    await userEvent.tab();
    await userEvent.type(input, ' ');
    await userEvent.tab();
    expect(screen.queryByText('Please enter a valid Parent Name')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid Parent Name')).toBeTruthy();
  });

  it('disappear as soon as the field is corrected, without leaving it', async () => {
    inLocale(<NameDialog onSubmit={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const input = screen.getByLabelText('Name');
    expect((await screen.findByText('Please enter a valid Parent Name')).id).toBe(input.getAttribute('aria-describedby'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(input, 'K');
    await waitFor(() => expect(screen.queryByText('Please enter a valid Parent Name')).toBeNull());
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('disappear on change after a wizard step checked fields the user never touched', async () => {
    inLocale(<Step />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Phone number is required');
    await userEvent.type(screen.getByLabelText('Parent name', { exact: true }), 'Saud');
    await waitFor(() => expect(screen.queryByText('Please enter a valid Parent Name')).toBeNull());
    // Another field keeps its message until it is corrected in turn.
    expect(screen.getByText('Phone number is required')).toBeTruthy();
  });
});

describe('server errors', () => {
  it('land on the fields of their paths; the rest is said at the top', async () => {
    const error = new ApiError(400, 'Birthdate must be between 5 and 50 years ago', 'player.birthdate_out_of_range', [
      { path: 'playerInfo.birthdate', message: 'Birthdate must be between 5 and 50 years ago', code: 'player.birthdate_out_of_range' },
      { path: 'handle', message: 'Academy handle is required', code: 'academy.handle_required' },
    ]);
    inLocale(<Registration error={error} />, 'ar');
    await userEvent.click(screen.getByRole('button', { name: 'حفظ' }));
    const birthdate = screen.getByLabelText('Birthdate');
    await waitFor(() => expect(birthdate.getAttribute('aria-invalid')).toBe('true'));
    const under = document.getElementById(birthdate.getAttribute('aria-describedby') ?? '');
    expect(under?.textContent).toBe('يجب أن يكون تاريخ الميلاد بين 5 و50 سنة مضت');
    expect(screen.getByLabelText('Player name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('يجب أن يكون تاريخ الميلاد بين 5 و50 سنة مضت');
  });
});

describe('ParentFields', () => {
  it('shows the contract’s messages in Arabic', async () => {
    inLocale(<Parent />, 'ar');
    await userEvent.click(screen.getByRole('button', { name: 'التالي' }));
    expect(await screen.findByText('رقم الهاتف مطلوب')).toBeTruthy();
    expect(screen.getByText('يرجى إدخال رقم طوارئ صحيح')).toBeTruthy();
    expect(screen.queryByText('Phone number is required')).toBeNull();
  });
});

/** A control of one form shown inside another form's `<Form>` (a dialog's field rendered in a page's form, say). */
function Nested({ seen }: { seen(values: { outer: unknown; inner: unknown }): void }) {
  const outer = useZodForm(z.object({ city: z.string() }), { defaultValues: { city: '' } });
  const inner = useZodForm(nameSchema, { defaultValues: { name: '' } });
  const f = useFields(inner);
  return (
    <Form form={outer} onSubmit={() => seen({ outer: outer.getValues(), inner: inner.getValues() })}>
      <f.Text name="name" label="Name" />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('a control', () => {
  it('reads and writes the form it was taken from, whichever form surrounds it', async () => {
    let values: { outer: unknown; inner: unknown } | undefined;
    inLocale(<Nested seen={(v) => (values = v)} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Khalid');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(values).toEqual({ outer: { city: '' }, inner: { name: 'Khalid' } }));
  });

  it('keeps its element and state across renders (the kit is made once per form)', async () => {
    inLocale(<NameDialog onSubmit={() => undefined} />);
    const input = screen.getByLabelText('Name');
    await userEvent.type(input, 'Sa');
    expect(screen.getByLabelText('Name')).toBe(input);
    expect(document.activeElement).toBe(input);
  });
});
