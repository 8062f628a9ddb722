import { describe, expect, it } from 'vitest';
import { formatSar, halalasToSar, sarDecimal, sarToHalalas } from './money.js';

describe('money', () => {
  it('converts halalas and SAR both ways', () => {
    expect(halalasToSar(45_050)).toBe(450.5);
    expect(sarToHalalas(450.5)).toBe(45_050);
    expect(sarDecimal(-5)).toBe('-0.05');
  });

  it("formats an amount for the server's mails and pages, Latin digits in both languages", () => {
    expect(formatSar(45_050, 'en')).toBe('SAR\u00a0450.50');
    expect(formatSar(45_050, 'ar')).toMatch(/^\u200f?450\.50\s?ر\.س\.\u200f?$/);
  });
});
