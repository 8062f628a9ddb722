import { describe, expect, it } from 'vitest';
import { displayDescription, displayName, initials } from './display-name';

// A narrow no-break space: apart, yet never on two lines.
const GAP = '\u202F';

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

describe('displayDescription', () => {
  it("shows a package's description by the rule of names: Arabic in the Arabic UI when there is one, else the other", () => {
    const both = { description: 'Three sessions a week', descriptionArabic: 'ثلاثة تمارين في الأسبوع' };
    expect(displayDescription(both, 'ar')).toBe('ثلاثة تمارين في الأسبوع');
    expect(displayDescription(both, 'en')).toBe('Three sessions a week');
    expect(displayDescription({ description: 'Bring water', descriptionArabic: ' ' }, 'ar')).toBe('Bring water');
    expect(displayDescription({ description: null, descriptionArabic: 'احضر متى ما استطعت' }, 'en')).toBe('احضر متى ما استطعت');
    expect(displayDescription({ description: null, descriptionArabic: null }, 'ar')).toBe('');
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
    expect(initials('مها العنزي')).toBe(`م${GAP}ع`);
    expect(initials('خالد سعود')).toBe(`خ${GAP}س`);
    expect(initials('عبدالرحمن')).toBe('ع');
    // A word that is only the article followed by one letter is not an article.
    expect(initials('محمد ال')).toBe(`م${GAP}ا`);
  });

  it('takes one whole character per word: a letter with its accent, a bare Arabic letter without its vowels', () => {
    expect(initials('E\u0301mile Zola')).toBe('E\u0301Z');
    expect(initials('مُحَمَّد عَلِي')).toBe(`م${GAP}ع`);
    expect(initials('ÖMER çelik')).toBe('ÖÇ');
  });

  it('never gives a line break a place between two Arabic initials', () => {
    for (const name of ['مها العنزي', 'خالد سعود', 'عبد الله']) expect(initials(name)).not.toMatch(/[ \u2009\u200A\u200B]/u);
  });

  it('keeps to the script of the first word', () => {
    expect(initials('نورة Smith')).toBe('ن');
    expect(initials('نورة e2e1 العتيبي')).toBe(`ن${GAP}ع`);
    expect(initials('Sara سعود Ali')).toBe('SA');
  });

  it('skips leading punctuation and never yields a question mark or an empty half', () => {
    expect(initials('"Nasser" (Coach)')).toBe('NC');
    expect(initials('- Saad')).toBe('S');
  });
});
