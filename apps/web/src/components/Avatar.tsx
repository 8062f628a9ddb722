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
 * Up to `max` avatars overlapping by a fifth (margin-inline-start, so right to left too), each with
 * a white ring that keeps its neighbour's initials readable, then "+n". `label` names them on hover
 * and, unless `announce` is false (inside a control that names itself), for screen readers.
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
      className="flex shrink-0 items-center"
      title={label}
      {...(announce ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-testid="avatar-stack"
    >
      {shown.map((p, i) => (
        <span key={p.id} className={`relative shrink-0 rounded-full ring-2 ring-white ${i > 0 ? '-ms-1.5' : ''}`}>
          <Avatar name={p.name} nameArabic={p.nameArabic} src={p.avatar} size={size} />
        </span>
      ))}
      {more > 0 && (
        <span
          className={`relative -ms-1.5 flex ${size} shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700 ring-2 ring-white`}
        >
          +{more}
        </span>
      )}
    </span>
  );
}
