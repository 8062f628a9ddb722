import { displayName, initials, type Named } from '../lib/display-name';
import { useLocale } from '../lib/i18n';
import { textLanguage } from '../lib/text-language';

/**
 * A photo, or the initials of the name shown in the UI's language (the Arabic form in Arabic when
 * given). The circle never shrinks in a row, its initials never wrap and their size follows the
 * circle's (container units), so they fit any script at any size.
 */
export function Avatar({ name, nameArabic, src, size = 'size-9' }: Named & { src?: string | null; size?: string }) {
  const { locale } = useLocale();
  const letters = initials(displayName({ name, nameArabic }, locale));
  const lang = textLanguage(letters);
  return src ? (
    <img src={src} alt="" className={`${size} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      className={`${size} flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-bold leading-none whitespace-nowrap text-brand-800 [container-type:size]`}
      data-testid="avatar-initials"
      aria-hidden="true"
    >
      {/* Arabic letters draw smaller than Latin capitals at one font size. The initials keep the
          name's own language (a name stored only in Latin letters, in the Arabic UI). */}
      <span lang={lang} className={lang === 'ar' ? 'text-[50cqmin]' : 'text-[40cqmin]'}>
        {letters}
      </span>
    </span>
  );
}

export interface StackPerson extends Named {
  id: string;
  avatar?: string | null;
}

/**
 * Up to `max` avatars side by side in the reading direction, a hair apart, then "+n". They do not
 * overlap: initials fill most of their circle (two Arabic letters nearly all of it), so any overlap
 * hid the first one's second letter. `label` names them on hover and, unless `announce` is false
 * (inside a control that names itself), for screen readers.
 */
export function AvatarStack({
  people,
  label,
  size = 'size-7',
  max = 3,
  announce = true,
}: {
  people: StackPerson[];
  label: string;
  size?: string;
  max?: number;
  announce?: boolean;
}) {
  const shown = people.slice(0, max);
  const more = people.length - shown.length;
  return (
    <span
      className="flex shrink-0 items-center gap-0.5"
      title={label}
      {...(announce ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-testid="avatar-stack"
    >
      {shown.map((p) => (
        <span key={p.id} className="shrink-0 rounded-full">
          <Avatar name={p.name} nameArabic={p.nameArabic} src={p.avatar} size={size} />
        </span>
      ))}
      {more > 0 && (
        <span
          className={`flex ${size} shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700`}
        >
          +{more}
        </span>
      )}
    </span>
  );
}
