// Why: an academy prices a family's second and later children lower (docs/domain.md, "Sibling prices"); the tiers are
// part of the collection settings, edited in the automatic renewals' form and saved with its button.
import type { collectionSettingsBody } from '@kora/contracts';
import { useId, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { inputClass } from '../../components/Field';
import { fieldErrorText } from '../../components/form/errors';
import type { ZodForm } from '../../components/form/useZodForm';

/** The contract's bounds: at most 5 tiers, from the 2nd to the 10th child. */
const MAX_TIERS = 5;
const FIRST_CHILD = 2;
const LAST_CHILD = 10;
/** The percent a first tier starts with. */
const FIRST_PERCENT = 10;

type SettingsForm = ZodForm<typeof collectionSettingsBody>;

/** Settings → Packages → Automatic renewals → Sibling prices: "from child no. N: P % off", in order. */
export function SiblingPrices({ form, canWrite }: { form: SettingsForm; canWrite: boolean }) {
  const intl = useIntl();
  const hintId = useId();
  const errorId = useId();
  const rowId = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'siblingDiscounts' });
  const tiers = useWatch({ control: form.control, name: 'siblingDiscounts' }) ?? [];
  const { errors } = useFormState({ control: form.control, name: 'siblingDiscounts' });
  const listError = errors.siblingDiscounts;
  const rowErrors = Array.isArray(listError) ? listError : [];
  // The list's rule (in order, from the browser's check or the server's refusal) or a tier's number: one message under the tiers.
  const error = fieldErrorText(
    intl,
    [listError, listError?.root, ...rowErrors.flatMap((row) => [row?.fromChild, row?.percent])].find((e) => e?.message),
  );
  // The order is a rule of the whole list: once the form was sent, a changed number checks the list again (not only itself),
  // so a corrected order loses its message at once.
  const recheck = () => {
    if (form.formState.isSubmitted) void form.trigger('siblingDiscounts');
  };
  const invalid = (i: number, key: 'fromChild' | 'percent') => !!rowErrors[i]?.[key] || !!listError?.message || !!listError?.root;

  // A removed tier's button is gone: the focus goes to the tier now in its place, the one before, or Add, not to the page.
  const box = useRef<HTMLFieldSetElement>(null);
  const removeTier = (i: number) => {
    flushSync(() => remove(i));
    const buttons = [...(box.current?.querySelectorAll<HTMLElement>('[data-testid="sibling-remove"]') ?? [])];
    (buttons[i] ?? buttons[i - 1] ?? box.current?.querySelector<HTMLElement>('[data-testid="sibling-add"]'))?.focus();
  };

  const last = tiers[tiers.length - 1];
  const nextFrom = last ? (Number.isFinite(last.fromChild) ? last.fromChild + 1 : FIRST_CHILD) : FIRST_CHILD;
  const canAdd = canWrite && fields.length < MAX_TIERS && nextFrom <= LAST_CHILD;
  const add = () =>
    append({ fromChild: nextFrom, percent: last && Number.isFinite(last.percent) ? last.percent : FIRST_PERCENT }, { shouldFocus: true });

  return (
    <fieldset ref={box} className="space-y-2" disabled={!canWrite} aria-describedby={hintId} data-testid="sibling-prices">
      <legend className="text-sm font-medium text-slate-700">
        <FormattedMessage id="collections.settings.siblings" />
      </legend>
      <p id={hintId} className="text-xs text-slate-500">
        <FormattedMessage id="collections.settings.siblingsHint" />
      </p>
      {fields.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="sibling-none">
          <FormattedMessage id="collections.settings.noSiblings" />
        </p>
      ) : (
        <ol className="space-y-2">
          {fields.map((field, i) => (
            <li key={field.id}>
              <fieldset data-testid="sibling-tier">
                <legend className="sr-only">
                  <FormattedMessage id="collections.settings.siblingTier" values={{ n: i + 1 }} />
                </legend>
                {/* The two numbers wrap on a narrow screen; Remove stays at the row's end. */}
                <div className="flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
                  <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-2">
                    <label htmlFor={`${rowId}-${i}-from`} className="flex items-center gap-2 text-sm text-slate-700">
                      <FormattedMessage
                        id="collections.settings.siblingFrom"
                        values={{
                          input: (
                            <input
                              id={`${rowId}-${i}-from`}
                              type="number"
                              min={FIRST_CHILD}
                              max={LAST_CHILD}
                              inputMode="numeric"
                              className={`${inputClass(invalid(i, 'fromChild') ? error : undefined)} w-16! py-1! text-center`}
                              aria-invalid={invalid(i, 'fromChild') || undefined}
                              aria-describedby={error ? errorId : undefined}
                              data-testid="sibling-from"
                              {...form.register(`siblingDiscounts.${i}.fromChild`, { valueAsNumber: true, onChange: recheck })}
                            />
                          ),
                        }}
                      />
                    </label>
                    <label htmlFor={`${rowId}-${i}-percent`} className="flex items-center gap-2 text-sm text-slate-700">
                      <FormattedMessage
                        id="collections.settings.siblingPercent"
                        values={{
                          input: (
                            <input
                              id={`${rowId}-${i}-percent`}
                              type="number"
                              min={1}
                              max={90}
                              inputMode="numeric"
                              className={`${inputClass(invalid(i, 'percent') ? error : undefined)} w-16! py-1! text-center`}
                              aria-invalid={invalid(i, 'percent') || undefined}
                              aria-describedby={error ? errorId : undefined}
                              data-testid="sibling-percent"
                              {...form.register(`siblingDiscounts.${i}.percent`, { valueAsNumber: true, onChange: recheck })}
                            />
                          ),
                        }}
                      />
                    </label>
                  </div>
                  {canWrite && (
                    <button
                      type="button"
                      className="min-h-10 min-w-10 shrink-0 rounded px-2 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                      aria-label={intl.formatMessage({ id: 'collections.settings.removeSibling' }, { n: i + 1 })}
                      onClick={() => removeTier(i)}
                      data-testid="sibling-remove"
                    >
                      ×
                    </button>
                  )}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {canAdd && (
        <Button variant="ghost" onClick={add} data-testid="sibling-add">
          <FormattedMessage id="collections.settings.addSibling" />
        </Button>
      )}
    </fieldset>
  );
}
