// Why: the form kit's list of ids chosen from teams or people (an event's teams and coaches, a team's coaches
// and players, a coach's teams), bound to its form by a path whose value is such a list. Its own module: it
// brings the avatars and the team colours, which a form without it never loads (fields.tsx).
import { type ReactNode, useId, useMemo } from 'react';
import { type FieldPathByValue, type FieldValues, useController } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { displayName, type Named } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { Avatar } from '../Avatar';
import { FieldShell, inputClass } from '../Field';
import { ColorDot } from '../TeamColor';
import { type Bound, boundTo, type FormOf, useFieldError } from './fields';

/** One that may be chosen: a team (with its colour: a dot) or a person (a photo, else initials). */
export interface Choice extends Named {
  id: string;
  color?: string | null;
  avatar?: string | null;
}

/** The paths of the form's values `T` that hold a list of ids (left out too, while the schema's default fills it in). */
export type IdsPath<T extends FieldValues> = FieldPathByValue<T, string[] | undefined>;

export interface MultiPickerProps<T extends FieldValues> {
  name: IdsPath<T>;
  label: ReactNode;
  choices: readonly Choice[];
  /** Who a chosen id is when it is not among `choices` (the list not loaded yet, or not readable). */
  known?: readonly Choice[];
  /** The select's first option while some are left ("Add a coach"), and once all are chosen. */
  addLabel: MessageId;
  noneLeftLabel: MessageId;
  /** Shown instead of the chips while none is chosen. */
  emptyLabel: MessageId;
  /** The chips only: no select, no remove buttons (also when the form or field is disabled). */
  readOnly?: boolean;
  onAdd?(id: string): void;
}

const idsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((x): x is string => typeof x === 'string') : []);

/**
 * A list of ids: a select offering only those not chosen yet, and a chip for each chosen one (its
 * colour or avatar, its name in the UI's language, a remove button naming it). The chips wrap, a long
 * name is cut short, and a long list scrolls.
 */
function FormMultiPicker<T extends FieldValues>({
  control,
  name,
  label,
  choices,
  known = [],
  addLabel,
  noneLeftLabel,
  emptyLabel,
  readOnly,
  onAdd,
}: Bound<T> & MultiPickerProps<T>) {
  const intl = useIntl();
  const { locale } = useLocale();
  const id = useId();
  const { field } = useController<T, IdsPath<T>, unknown>({ control, name });
  const error = useFieldError<T>(name, control);
  const locked = readOnly || field.disabled;
  const ids = idsOf(field.value);
  const chosen = ids.map((x) => choices.find((c) => c.id === x) ?? known.find((c) => c.id === x)).filter((c) => c !== undefined);
  const available = choices.filter((c) => !ids.includes(c.id));
  return (
    <FieldShell id={id} label={label} error={error}>
      {!locked && (
        <select
          id={id}
          ref={field.ref}
          className={`${inputClass(error)} h-9.5 py-0!`}
          value=""
          disabled={available.length === 0}
          aria-invalid={!!error || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            const value = e.target.value;
            if (!value) return;
            field.onChange([...ids, value]);
            field.onBlur();
            onAdd?.(value);
          }}
        >
          <option value="">{intl.formatMessage({ id: available.length ? addLabel : noneLeftLabel })}</option>
          {available.map((c) => (
            <option key={c.id} value={c.id}>
              {displayName(c, locale)}
            </option>
          ))}
        </select>
      )}
      {chosen.length === 0 ? (
        <p className="text-sm text-slate-500">
          <FormattedMessage id={emptyLabel} />
        </p>
      ) : (
        <ul className="flex max-h-48 flex-wrap gap-2 overflow-y-auto">
          {chosen.map((c) => (
            <li
              key={c.id}
              className={`flex min-w-0 max-w-full items-center gap-2 rounded-full bg-slate-100 py-1 text-sm ${c.color !== undefined ? 'ps-2' : 'ps-1'} ${locked ? 'pe-2' : 'pe-1'}`}
            >
              {c.color !== undefined ? (
                <ColorDot color={c.color} className="size-2.5" />
              ) : (
                <Avatar name={c.name} nameArabic={c.nameArabic} src={c.avatar} size="size-6" />
              )}
              <span className="min-w-0 truncate">{displayName(c, locale)}</span>
              {!locked && (
                <button
                  type="button"
                  onClick={() => field.onChange(ids.filter((x) => x !== c.id))}
                  className="flex size-6 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                  aria-label={intl.formatMessage({ id: 'form.remove' }, { name: displayName(c, locale) })}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </FieldShell>
  );
}

/**
 * `MultiPicker` bound to `form`, taking only the paths of its values that hold a list of ids, spread beside
 * its kit: `{ ...useFields(form), ...useMultiPicker(form) }` (fields.tsx).
 */
export function useMultiPicker<T extends FieldValues>(form: FormOf<T>) {
  const { control } = form;
  return useMemo(() => ({ MultiPicker: boundTo<T, MultiPickerProps<T>>(control, FormMultiPicker) }), [control]);
}
