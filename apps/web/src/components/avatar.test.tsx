import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Locale, LocaleProvider } from '../lib/i18n';
import { Avatar, AvatarStack } from './Avatar';

const coaches = [
  { id: '1', name: 'Maha Al-Anazi', nameArabic: 'مها العنزي' },
  { id: '2', name: 'Khalid Saud', nameArabic: 'خالد سعود' },
  { id: '3', name: 'Omar Ali', nameArabic: 'عمر علي' },
  { id: '4', name: 'Saad Nasser', nameArabic: null },
  { id: '5', name: 'Fahad Salem', nameArabic: null },
];
const inLocale = (locale: Locale, ui: React.ReactNode) => render(<LocaleProvider locale={locale}>{ui}</LocaleProvider>);

describe('avatar', () => {
  it('keeps two Arabic initials on one line in a circle that does not shrink, their size following the circle', () => {
    inLocale('ar', <Avatar name="Maha Al-Anazi" nameArabic="مها العنزي" size="size-6" />);
    const circle = screen.getByTestId('avatar-initials');
    expect(circle.textContent).toBe('م\u202Fع');
    for (const c of ['size-6', 'shrink-0', 'whitespace-nowrap', 'overflow-hidden', '[container-type:size]'])
      expect(circle.className).toContain(c);
    expect((circle.firstElementChild as HTMLElement).className).toContain('text-[50cqmin]');
  });

  it('shows the English initials on English screens', () => {
    inLocale('en', <Avatar name="Maha Al-Anazi" nameArabic="مها العنزي" />);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('MA');
    expect((screen.getByTestId('avatar-initials').firstElementChild as HTMLElement).className).toContain('text-[40cqmin]');
  });
});

describe('avatar stack', () => {
  it.each(['en', 'ar'] as const)('shows three, then +2, side by side without covering one another (%s)', (locale) => {
    inLocale(locale, <AvatarStack people={coaches} label="Maha, Khalid, Omar, Saad, Fahad" />);
    const stack = screen.getByRole('img', { name: 'Maha, Khalid, Omar, Saad, Fahad' });
    const items = Array.from(stack.children) as HTMLElement[];
    expect(items.map((i) => i.textContent)).toEqual(
      locale === 'ar' ? ['م\u202Fع', 'خ\u202Fس', 'ع\u202Fع', '+2'] : ['MA', 'KS', 'OA', '+2'],
    );
    // A gap in the reading direction, no negative margin: an overlap hid the neighbour's second letter.
    expect(stack.className).toContain('gap-0.5');
    for (const item of items) expect(item.className).not.toMatch(/(^|\s)-m[se]?-/);
  });

  it('can leave the naming to the control around it', () => {
    inLocale('en', <AvatarStack people={coaches.slice(0, 2)} label="Maha, Khalid" announce={false} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('avatar-stack').getAttribute('title')).toBe('Maha, Khalid');
  });
});
