import { describe, expect, it } from 'vitest';
import { countIn, DAYS_AR, joinList, packageAr } from './arabic.js';

describe('Arabic wording', () => {
  it('counts by the Arabic plural categories in Latin digits', () => {
    expect([1, 2, 3, 10, 11, 99, 100, 101, 102, 103].map((n) => countIn('ar', n, DAYS_AR))).toEqual([
      'يوم واحد',
      'يومين',
      '3 أيام',
      '10 أيام',
      '11 يومًا',
      '99 يومًا',
      '100 يوم',
      '101 يوم',
      '102 يوم',
      '103 أيام',
    ]);
  });

  it('calls a package "باقة" once', () => {
    expect(packageAr('باقة شهرية')).toBe('باقة شهرية');
    expect(packageAr('الباقة الذهبية')).toBe('الباقة الذهبية');
    expect(packageAr('شهري')).toBe('باقة شهري');
    expect(packageAr('Monthly')).toBe('باقة Monthly');
    expect(packageAr('باقات')).toBe('باقة باقات');
  });

  it('joins an address with the Arabic comma when it is Arabic, the Latin one otherwise', () => {
    expect(joinList(['7421 طريق الملك فهد', 'العليا', 'الرياض 12214'])).toBe('7421 طريق الملك فهد، العليا، الرياض 12214');
    expect(joinList(['7421 King Fahd Road', 'العليا', 'Riyadh 12214'])).toBe('7421 King Fahd Road، العليا، Riyadh 12214');
    expect(joinList(['7421 King Fahd Road', 'Al Olaya', 'Riyadh 12214'])).toBe('7421 King Fahd Road, Al Olaya, Riyadh 12214');
  });
});
