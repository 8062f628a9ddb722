import { describe, expect, it } from 'vitest';
import { displayName, initials } from './display-name';

const THIN_SPACE = '\u2009';

describe('displayName', () => {
  const player = { name: 'Maha Al-Anazi', nameArabic: 'مها العنزي' };

  it('shows the Arabic form in the Arabic UI and the name in English', () => {
    expect(displayName(player, 'ar')).toBe('مها العنزي');
    expect(displayName(player, 'en')).toBe('Maha Al-Anazi');
  });

  it('falls back to the name when there is no (or a blank) Arabic form', () => {
    expect(displayName({ name: 'U12 Eagles' }, 'ar')).toBe('U12 Eagles');
    expect(displayName({ name: 'U12 Eagles', nameArabic: null }, 'ar')).toBe('U12 Eagles');
    expect(displayName({ name: 'U12 Eagles', nameArabic: '  ' }, 'ar')).toBe('U12 Eagles');
    expect(displayName(null, 'ar')).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of the first two words, upper-cased', () => {
    expect(initials('Abdulrahman Al-Fahad')).toBe('AA');
    expect(initials('omar saeed al-otaibi')).toBe('OS');
    expect(initials('Faisal')).toBe('F');
    expect(initials('  ')).toBe('');
    expect(initials(null)).toBe('');
  });

  it('keeps Arabic letters, skips the article of a family name and keeps the two letters apart', () => {
    expect(initials('مها العنزي')).toBe(`م${THIN_SPACE}ع`);
    expect(initials('خالد سعود')).toBe(`خ${THIN_SPACE}س`);
    expect(initials('عبدالرحمن')).toBe('ع');
    // A word that is only the article followed by one letter is not an article.
    expect(initials('محمد ال')).toBe(`م${THIN_SPACE}ا`);
  });

  it('skips leading punctuation and never yields a question mark or an empty half', () => {
    expect(initials('"Nasser" (Coach)')).toBe('NC');
    expect(initials('- Saad')).toBe('S');
  });
});
