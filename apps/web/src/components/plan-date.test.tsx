import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Locale, LocaleProvider } from '../lib/i18n';
import { PlanDate, PlanRange, useDateText } from './PlanDate';

afterEach(() => localStorage.clear());

const inLocale = (locale: Locale, node: ReactNode) => render(<LocaleProvider locale={locale}>{node}</LocaleProvider>);
/** Each line (or side) of a date or range: its text and the direction it is isolated in. */
const parts = (testId: string) =>
  [...screen.getByTestId(testId).children].map((c) => [
    c.textContent,
    (c.tagName === 'BDI' ? c : c.querySelector('bdi'))?.getAttribute('dir'),
  ]);

function Sentence({ iso }: { iso: string }) {
  const dateText = useDateText();
  return <p data-testid="sentence">{dateText(iso)}</p>;
}

describe('dates in the calendars chosen on the device', () => {
  it('shows a range the way it shows a day: the Gregorian one left to right, the Hijri one in the page’s direction', () => {
    // Arabic without a choice: both.
    const both = inLocale('ar', <PlanRange start="2026-11-08" end="2026-11-14" stacked />);
    expect(parts('plan-range')).toEqual([
      ['2026/11/08\u00A0– 2026/11/14', 'ltr'],
      ['28 جمادى الأولى – 4 جمادى الآخرة 1448 هـ', null],
    ]);
    expect(screen.getByTestId('hijri-range').className).toBe('text-slate-500');
    both.unmount();

    localStorage.setItem('calendar', 'hijri');
    const hijri = inLocale('ar', <PlanRange start="2026-11-22" end="2026-12-22" />);
    expect(parts('plan-range')).toEqual([['12 جمادى الآخرة – 13 رجب 1448 هـ', null]]);
    // Wrapped in a narrow column, the year keeps its era.
    expect(screen.getByTestId('hijri-range').querySelector('.whitespace-nowrap')?.textContent).toBe('1448 هـ');
    hijri.unmount();

    localStorage.setItem('calendar', 'gregorian');
    inLocale('ar', <PlanRange start="2026-11-22" end={null} />);
    expect(parts('plan-range')).toEqual([['2026/11/22\u00A0– —', 'ltr']]);
  });

  it('gives a day as text for a sentence or a label, and as PlanDate, in the same calendars', () => {
    localStorage.setItem('calendar', 'hijri');
    const hijri = inLocale(
      'en',
      <>
        <Sentence iso="2026-03-20" />
        <PlanDate iso="2026-03-20" />
      </>,
    );
    expect(screen.getByTestId('sentence').textContent).toBe('Shawwal 1, 1447 AH');
    expect(parts('plan-date')).toEqual([['Shawwal 1, 1447 AH', null]]);
    // Shown alone, the Hijri date is the date: not greyed as it is beside the Gregorian one.
    expect(screen.getByTestId('hijri-date').className).toBe('');
    hijri.unmount();

    localStorage.setItem('calendar', 'both');
    inLocale('ar', <Sentence iso="2026-03-20" />);
    expect(screen.getByTestId('sentence').textContent).toBe('2026/03/20 · 1 شوال 1447 هـ');
  });
});
