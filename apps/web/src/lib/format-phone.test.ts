import { describe, expect, it } from 'vitest';
import { formatPhone } from './format-phone';

describe('formatPhone', () => {
  it('groups a stored E.164 number for reading', () => {
    expect(formatPhone('+966598579507')).toBe('+966 59 857 9507');
    expect(formatPhone('+962791234567')).toBe('+962 7 9123 4567');
  });

  it('shows what it cannot parse as it is, and nothing for nothing', () => {
    expect(formatPhone('call the office')).toBe('call the office');
    expect(formatPhone(null)).toBe('');
  });
});
