import { describe, expect, it } from 'vitest';
import { countries, regionName } from './countries';
import { arabicLabels } from './PhoneInput';

describe('country names', () => {
  it('name countries and territories in Arabic as people write them, not word for word', () => {
    expect(regionName('ar', 'RE')).toBe('ريونيون');
    expect(regionName('ar', 'GL')).toBe('غرينلاند');
    expect(regionName('ar', 'PS')).toBe('فلسطين');
    expect(regionName('en', 'RE')).toBe('Réunion');
  });

  it("give the phone picker's Arabic list the same names as the nationality picker", () => {
    expect(arabicLabels.RE).toBe('ريونيون');
    expect(arabicLabels.GL).toBe('غرينلاند');
    const sa = countries('ar').find((c) => c.code === 'SA');
    expect(arabicLabels.SA).toBe(sa?.name);
    // The package's own words stay.
    expect(arabicLabels.country).toBeTruthy();
    expect(Object.values(arabicLabels)).not.toContain('جمع شمل');
    expect(Object.values(arabicLabels)).not.toContain('الأرض الخضراء');
  });
});
