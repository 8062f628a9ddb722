import { sarDecimal as sar } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { tlv, zatcaQrPayload, zatcaTimestamp } from './qr.js';

describe('the ZATCA phase 1 QR payload', () => {
  it('encodes the phase-1 check vector (docs/domain.md, "ZATCA: the facts Kora builds on")', () => {
    const payload = zatcaQrPayload({
      sellerName: 'Salla',
      vatNumber: '1234567891',
      timestamp: '2021-07-12T14:25:09Z',
      total: '100.00',
      vat: '15.00',
    });
    expect(payload).toBe('AQVTYWxsYQIKMTIzNDU2Nzg5MQMUMjAyMS0wNy0xMlQxNDoyNTowOVoEBjEwMC4wMAUFMTUuMDA=');
  });

  it('counts UTF-8 bytes, not characters, so an Arabic seller name keeps its length right', () => {
    const field = tlv(1, 'أكاديمية');
    expect(field[0]).toBe(1);
    expect(field[1]).toBe(16); // 8 Arabic letters, 2 bytes each
    expect(field.subarray(2).toString('utf8')).toBe('أكاديمية');
    const decoded = Buffer.from(
      zatcaQrPayload({ sellerName: 'نادي', vatNumber: '300000000000003', timestamp: 't', total: '1.00', vat: '0.13' }),
      'base64',
    );
    expect(decoded.subarray(0, 2)).toEqual(Buffer.from([1, 8]));
    expect(decoded.subarray(2, 10).toString('utf8')).toBe('نادي');
  });

  it('accepts a value of 255 bytes and refuses 256', () => {
    expect(tlv(1, 'x'.repeat(255))[1]).toBe(255);
    expect(() => tlv(1, 'x'.repeat(256))).toThrow(RangeError);
    expect(() => tlv(1, 'ب'.repeat(128))).toThrow(RangeError);
  });

  it('prints amounts with two decimals and timestamps in UTC to the second', () => {
    expect(sar(10000)).toBe('100.00');
    expect(sar(1500)).toBe('15.00');
    expect(sar(5)).toBe('0.05');
    expect(sar(45050)).toBe('450.50');
    expect(zatcaTimestamp(new Date('2021-07-12T17:25:09.123+03:00'))).toBe('2021-07-12T14:25:09Z');
  });
});
