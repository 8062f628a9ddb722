import { describe, expect, it } from 'vitest';
import { announcementBody, familyAddressSchema, familySignInBody, saudiMobile } from './family.js';

describe('family contracts', () => {
  it('reads a Saudi mobile written any usual way as one E.164 number, and nothing else as one', () => {
    for (const typed of ['0501234567', '501234567', '+966501234567', '00966501234567', '+966 50 123 4567', '966-50-123-4567'])
      expect(saudiMobile(typed), typed).toBe('+966501234567');
    // A landline, a foreign mobile, too short, letters.
    for (const typed of ['0112345678', '+447700900123', '05012', 'abc']) expect(saudiMobile(typed), typed).toBeNull();
  });

  it('takes an e-mail (lower-cased) or a Saudi mobile as the sign-in address, with one message otherwise', () => {
    expect(familyAddressSchema.parse(' Noura@Family.SA ')).toEqual({ kind: 'email', email: 'noura@family.sa' });
    expect(familyAddressSchema.parse('0551234567')).toEqual({ kind: 'phone', phone: '+966551234567' });
    const bad = familySignInBody.safeParse({ address: 'noura@' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Enter the e-mail or the Saudi mobile number the academy has for you');
    expect(familySignInBody.parse({ address: '0551234567' }).language).toBe('ar');
  });

  it('asks a team announcement for its team and a family one for its player', () => {
    const base = { title: 'T', body: 'B' };
    expect(announcementBody.safeParse({ ...base, audience: 'team' }).error?.issues[0].path).toEqual(['teamId']);
    expect(announcementBody.safeParse({ ...base, audience: 'family' }).error?.issues[0].path).toEqual(['playerId']);
    expect(announcementBody.parse({ ...base, audience: 'academy', bodyArabic: '' })).toMatchObject({
      bodyArabic: null,
      sms: false,
      teamId: null,
    });
  });
});
