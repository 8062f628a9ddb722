import { describe, expect, it } from 'vitest';
import { ERRORS } from './messages.js';
import { columnOfHeader, IMPORT_COLUMNS, importBirthdateSchema, importDate, templateHeader } from './player-import.js';

describe('a players file birthdate', () => {
  it('is read day first, year first, with / - or ., in any digits, or as an Excel serial number', () => {
    const read = (v: string) => importBirthdateSchema.parse(v);
    expect(read('14/03/2015')).toBe('2015-03-14');
    expect(read('4/3/2015')).toBe('2015-03-04');
    expect(read('04.11.2013')).toBe('2013-11-04');
    expect(read('25-12-2012')).toBe('2012-12-25');
    expect(read('2016/7/1')).toBe('2016-07-01');
    expect(read('2015-03-04')).toBe('2015-03-04');
    expect(read(' ١٤/٠٣/٢٠١٥ ')).toBe('2015-03-14');
    expect(read('۱۴/۰۳/۲۰۱۵')).toBe('2015-03-14');
    expect(read('42078')).toBe('2015-03-15');
    expect(read('42078.75')).toBe('2015-03-15');
    expect(read('29/02/2016')).toBe('2016-02-29');
  });

  it('says how to write it when it is no date or no real day', () => {
    for (const v of ['31/31/2015', '30/02/2015', '29/02/2015', '2015', '14/03-2015', '03/14/2015', 'March 14, 2015']) {
      const result = importBirthdateSchema.safeParse(v);
      expect(
        result.error?.issues.map((i) => i.message),
        v,
      ).toEqual([ERRORS['import.birthdate_format']]);
    }
    expect(importBirthdateSchema.safeParse('').error?.issues[0].message).toBe(ERRORS['player.birthdate_required']);
    expect(importDate('no date')).toBeNull();
  });

  it("is named with its format in the template's header, which a file may keep", () => {
    expect(templateHeader('birthdate', 'en')).toBe('Birthdate (dd/mm/yyyy)');
    expect(templateHeader('birthdate', 'ar')).toBe('تاريخ الميلاد (يوم/شهر/سنة)');
    for (const lang of ['en', 'ar'] as const) for (const c of IMPORT_COLUMNS) expect(columnOfHeader(templateHeader(c, lang))).toBe(c);
    // A header whose own name ends in parentheses keeps its meaning.
    expect(columnOfHeader('Player name (Arabic)')).toBe('nameArabic');
    expect(columnOfHeader('Parent phone (mobile)')).toBe('parentPhone');
  });
});
