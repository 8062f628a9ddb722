import { describe, expect, it } from 'vitest';
import {
  coachCreateBody,
  ERRORS,
  isReadableName,
  MAX_MARKS_PER_LETTER,
  parentInfoSchema,
  playerInfoSchema,
  registerAcademyBody,
  teamBodySchema,
} from './index.js';

const messages = (r: { error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('a readable name', () => {
  it('has a letter or digit that shows, and at most a few marks on one character', () => {
    for (const ok of ['Saad', 'مُحَمَّد', 'عبدالله', 'Nguyễn', 'फ़ैसल', '李小龙', 'U12', '7', `e${'\u0301'.repeat(MAX_MARKS_PER_LETTER)}`])
      expect(isReadableName(ok), ok).toBe(true);
    // Blank "letters" (Hangul fillers, the blank Braille pattern), marks stacked on a letter, punctuation alone.
    for (const bad of [
      '\u3164',
      '\u3164\u3164 \u3164',
      '\u2800\u2800',
      '\uFFA0',
      `a${'\u0301'.repeat(50)}`,
      `e${'\u0301'.repeat(MAX_MARKS_PER_LETTER + 1)}`,
      '-.-',
    ])
      expect(isReadableName(bad), JSON.stringify(bad)).toBe(false);
  });

  it('is the rule of every person, team and academy name, Arabic ones too', () => {
    const blank = '\u3164\u3164';
    for (const [what, result] of [
      ['team', teamBodySchema.safeParse({ name: blank })],
      ['team arabic', teamBodySchema.safeParse({ name: 'U10', nameArabic: blank })],
      ['coach', coachCreateBody.safeParse({ name: blank })],
      ['coach arabic', coachCreateBody.safeParse({ name: 'Waleed', nameArabic: `ا${'\u064e'.repeat(20)}` })],
      ['parent', parentInfoSchema.safeParse({ name: blank, phone: '+966501234567' })],
      ['player', playerInfoSchema.safeParse({ name: '\u2800', birthdate: '2015-01-01', gender: 'MALE' })],
      [
        'academy',
        registerAcademyBody.safeParse({
          academyName: blank,
          handle: 'abc',
          email: 'a@b.sa',
          phone: '+966501234567',
          password: 'long-enough',
        }),
      ],
    ] as const)
      expect(messages(result), what).toContain(ERRORS['name.unreadable']);
    // An empty optional name is still "none", and an empty required one says it is required.
    expect(teamBodySchema.parse({ name: 'U10', nameArabic: '' }).nameArabic).toBeNull();
    expect(messages(teamBodySchema.safeParse({ name: '' }))).not.toContain(ERRORS['name.unreadable']);
  });
});
