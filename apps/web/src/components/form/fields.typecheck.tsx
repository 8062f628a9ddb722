// Compiled by `tsc -p apps/web` (never imported, never bundled): a form's controls take only the paths of
// its values as `name` (fields.tsx), so a misspelt or renamed field does not compile. Each `@ts-expect-error`
// fails the typecheck the day such a name would compile again.
import { parentInfoSchema, playerInfoSchema } from '@kora/contracts';
import { z } from 'zod';
import { ParentFields } from '../../features/players/ParentFields';
import { PlayerFields } from '../../features/players/PlayerFields';
import { useTimeField } from '../../features/schedule/TimeField';
import { useDateField } from './FormDate';
import { useFieldError, useFields } from './fields';
import { type MultiPickerProps, useMultiPicker } from './MultiPicker';
import { useZodForm } from './useZodForm';

const schema = z.object({
  email: z.string(),
  startDate: z.string(),
  time: z.string(),
  coachIds: z.array(z.string()).default([]),
  parentInfo: parentInfoSchema,
  playerInfo: playerInfoSchema,
});
type Values = z.input<typeof schema>;

/** What the multi-picker takes besides its field. */
const picker: Omit<MultiPickerProps<Values>, 'name'> = {
  label: 'Coaches',
  choices: [],
  addLabel: 'teams.addCoach',
  noneLeftLabel: 'teams.noMoreCoaches',
  emptyLabel: 'teams.noCoaches',
};

export function TypedFields() {
  const form = useZodForm(schema);
  const f = { ...useFields(form), ...useDateField(form), ...useTimeField(form), ...useMultiPicker(form) };
  const g = useFields(useZodForm(z.object({ handle: z.string() })));
  return [
    // A path of the form's values, at the top or in a group.
    <f.Text key="top" name="email" label="E-mail" />,
    <f.Phone key="group" name="parentInfo.phone" label="Phone" />,
    <f.Date key="date" name="startDate" label="Start" />,
    <f.Time key="time" name="time" label="Time" />,
    // @ts-expect-error: misspelt
    <f.Text key="misspelt" name="emial" label="E-mail" />,
    // @ts-expect-error: misspelt in a group
    <f.Phone key="misspelt-group" name="parentInfo.phon" label="Phone" />,
    // @ts-expect-error: misspelt, in a control from its own module
    <f.Date key="misspelt-date" name="startDat" label="Start" />,
    // @ts-expect-error: misspelt, in a screen's own control
    <f.Time key="misspelt-time" name="tim" label="Time" />,
    // A list of ids, in a control of its own module.
    <f.MultiPicker key="ids" name="coachIds" {...picker} />,
    // @ts-expect-error: misspelt, in the list of ids
    <f.MultiPicker key="misspelt-ids" name="coachId" {...picker} />,
    // @ts-expect-error: a path whose value is not a list of ids
    <f.MultiPicker key="not-ids" name="email" {...picker} />,
    // @ts-expect-error: nor in a group
    <f.MultiPicker key="not-ids-group" name="parentInfo.name" {...picker} />,
    // @ts-expect-error: a field of another form
    <f.Text key="other-form" name="handle" label="Academy" />,
    <g.AcademyLink key="other" name="handle" label="Academy" />,
    // A group's fields at the paths the call gives them.
    <ParentFields key="parent" form={form} names={(field) => `parentInfo.${field}`} />,
    <PlayerFields key="player" form={form} names={(field) => `playerInfo.${field}`} />,
    // @ts-expect-error: the group is not where the call says
    <ParentFields key="parent-misplaced" form={form} names={(field) => `parent.${field}`} />,
    // @ts-expect-error: Edit Player's `condition` is not a registration field
    <PlayerFields key="renamed" form={form} names={(k) => (k === 'medicalCondition' ? 'playerInfo.condition' : `playerInfo.${k}`)} />,
  ];
}

export function TypedErrors() {
  return [
    useFieldError<Values>('parentInfo.email'),
    // @ts-expect-error: misspelt
    useFieldError<Values>('parentInfo.emial'),
    // @ts-expect-error: without the form's values, no name is accepted
    useFieldError('email'),
  ];
}

// @ts-expect-error: the controls are not exported: unbound, `name` would be any string
export type UnboundText = typeof import('./fields').FormText;
// @ts-expect-error: the same for a control of its own module
export type UnboundDate = typeof import('./FormDate').FormDate;
// @ts-expect-error: and for the list of ids
export type UnboundMultiPicker = typeof import('./MultiPicker').FormMultiPicker;
