import { useEffect, useId, useState } from 'react';
import { Controller, type FieldValues, type Path, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { Avatar } from '../../components/Avatar';
import type { FormOf } from '../../components/form/fields';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';

/** An image file with a preview; anything that is not an image is refused here (and by the server). */
export function PhotoInput({
  file,
  onChange,
  current,
  name,
}: {
  file: File | null;
  onChange(f: File | null): void;
  current?: string | null;
  name: string;
}) {
  const id = useId();
  const intl = useIntl();
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return (
    <div className="flex items-center gap-4">
      {preview || current || name.trim() ? (
        <Avatar name={name || '?'} src={preview ?? current} size="size-16" />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-400">
          <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
            <circle cx="12" cy="13" r="3.5" />
          </svg>
        </span>
      )}
      <div className="space-y-1">
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
        >
          <FormattedMessage id="players.photo" />
        </label>
        <input
          id={id}
          type="file"
          accept="image/*"
          className="sr-only"
          onChange={(e) => {
            const f = e.target.files?.[0] ?? null;
            if (f && !f.type.startsWith('image/')) {
              setError(intl.formatMessage({ id: 'players.photoNotImage' }));
              onChange(null);
              return;
            }
            setError(undefined);
            onChange(f);
          }}
        />
        {error && (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The form's photo (a File or null, at `name`) with a preview named after the player (or academy) being
 * typed, whose name and Arabic name are at `names('name')` and `names('nameArabic')`.
 */
export function PhotoField<T extends FieldValues>({
  form,
  name,
  names: n,
  current,
}: {
  form: FormOf<T>;
  name: Path<T>;
  names(field: 'name' | 'nameArabic'): Path<T>;
  current?: string | null;
}) {
  const { locale } = useLocale();
  const [typed, typedArabic] = useWatch({ control: form.control, name: [n('name'), n('nameArabic')] });
  const named = { name: typeof typed === 'string' ? typed : '', nameArabic: typeof typedArabic === 'string' ? typedArabic : null };
  return (
    <div className="col-span-full">
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => {
          const file: unknown = field.value;
          return (
            <PhotoInput
              file={file instanceof File ? file : null}
              onChange={field.onChange}
              current={current}
              name={displayName(named, locale)}
            />
          );
        }}
      />
    </div>
  );
}
