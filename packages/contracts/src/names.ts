/**
 * What makes a name readable (free of zod, like dates.ts, so messages.ts can name its limit): at
 * least one letter or digit that shows, and at most MAX_MARKS_PER_LETTER combining marks on any one
 * character. A name made only of blank "letters" (U+3164 HANGUL FILLER, U+2800 BRAILLE PATTERN
 * BLANK) prints as nothing, and one letter under fifty stacked marks spills over the lines around it
 * in every list, PDF and mail that shows it. Arabic needs at most a shadda and a vowel on a letter,
 * other scripts (Devanagari, Thai, Vietnamese) two or three.
 */
export const MAX_MARKS_PER_LETTER = 3;

/** Characters that are letters or symbols to Unicode yet print as blank space. */
const BLANK = /[\p{Default_Ignorable_Code_Point}\u2800\u3164\uFFA0\u115F\u1160]/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const STACKED_MARKS = new RegExp(`\\p{M}{${MAX_MARKS_PER_LETTER + 1},}`, 'u');

/** Whether a (trimmed) name has a visible letter or digit and no character under more than MAX_MARKS_PER_LETTER marks. */
export const isReadableName = (name: string) => LETTER_OR_DIGIT.test(name.replace(BLANK, '')) && !STACKED_MARKS.test(name);
