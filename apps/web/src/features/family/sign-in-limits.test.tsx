// The parents' sign-in says truthfully why no code came: a cap on the address, texts
// unavailable to the academy, too many tries, each with how long to wait, in English and Arabic.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json } from '../../test-render';
import { renderPortal } from './test-portal';

function stubApi(answers: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://demo.kora.test');
      const answer = answers[`${init.method ?? 'GET'} ${url.pathname}`];
      return answer ? answer() : json({ message: 'Not found', code: 'not_found' }, 404);
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 20_000 });

const limited = (code: string, minutes: number) => () => json({ message: 'limited', code, params: { minutes } }, 429);

describe('the sign-in tells why no code came', () => {
  it('a cap on the address: no new code, the newest message still works, and the wait (English)', async () => {
    stubApi({ 'POST /api/family/sign-in': limited('family.code_limit', 12) });
    const user = userEvent.setup();
    renderPortal('/family/sign-in', 'en', { signedIn: false });
    await user.type(await screen.findByLabelText('E-mail or mobile number'), 'parent@demo.kora.sa');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('no new one was sent');
    expect(alert.textContent).toContain('newest message');
    expect(alert.textContent).toContain('12 minutes');
    // Still on the address step: nothing claims a code is on its way.
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
  });

  it('texts unavailable to the academy, and too many tries with the wait (Arabic)', async () => {
    stubApi({
      'POST /api/family/sign-in': () => json({ message: 'no sms', code: 'family.sms_unavailable' }, 409),
    });
    const user = userEvent.setup();
    renderPortal('/family/sign-in', 'ar', { signedIn: false });
    await user.type(await screen.findByLabelText('البريد الإلكتروني أو رقم الجوال'), '0500000001');
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'لا تستطيع هذه الأكاديمية إرسال رسائل نصية بعد: سجّل الدخول ببريدك الإلكتروني',
    );

    stubApi({
      'POST /api/family/sign-in': () => json({ message: 'ok' }, 202),
      'POST /api/family/verify': limited('family.too_many_tries', 14),
    });
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    await user.type(await screen.findByLabelText('الرمز المكوّن من 6 أرقام'), '000000');
    await user.click(screen.getByRole('button', { name: 'دخول' }));
    expect((await screen.findByRole('alert')).textContent).toBe('محاولات كثيرة: انتظر 14 دقيقة، أو افتح الرابط في أحدث رسالة');
  });
});

describe('an address the contract refuses', () => {
  it('is said under the field in the screen language and sends nothing; corrected, the code is sent (Arabic)', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://demo.kora.test');
        if (`${init.method ?? 'GET'} ${url.pathname}` !== 'POST /api/family/sign-in')
          return json({ message: 'Not found', code: 'not_found' }, 404);
        asked.push(JSON.parse(String(init.body)).address);
        return json({ message: 'sent' }, 202);
      }),
    );
    const user = userEvent.setup();
    renderPortal('/family/sign-in', 'ar', { signedIn: false });
    const field = await screen.findByLabelText('البريد الإلكتروني أو رقم الجوال');
    await user.type(field, 'noura@');
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    expect(await screen.findByText('أدخل البريد الإلكتروني أو رقم الجوال السعودي المسجّل لدى الأكاديمية')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual([]);
    await user.type(field, 'kora.sa');
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    await screen.findByLabelText('الرمز المكوّن من 6 أرقام');
    expect(asked).toEqual(['noura@kora.sa']);
  });
});

describe('a new code from the code step', () => {
  it('asks again for the same address, says a new code is coming, then waits before another (Arabic)', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        const url = new URL(String(input), 'http://demo.kora.test');
        if (`${init.method ?? 'GET'} ${url.pathname}` !== 'POST /api/family/sign-in')
          return json({ message: 'Not found', code: 'not_found' }, 404);
        asked.push(JSON.parse(String(init.body)).address);
        return json({ message: 'sent' }, 202);
      }),
    );
    const user = userEvent.setup();
    renderPortal('/family/sign-in', 'ar', { signedIn: false });
    await user.type(await screen.findByLabelText('البريد الإلكتروني أو رقم الجوال'), '0501234567');
    await user.click(screen.getByRole('button', { name: 'أرسل الرمز' }));
    await screen.findByLabelText('الرمز المكوّن من 6 أرقام');
    await user.click(screen.getByRole('button', { name: 'أرسل رمزًا جديدًا' }));
    expect(await screen.findByText('رمز جديد في طريقه إليك: استخدم أحدث رسالة.')).toBeTruthy();
    expect(asked).toEqual(['0501234567', '0501234567']);
    const wait = screen.getByRole('button', { name: /أرسل رمزًا جديدًا بعد/ });
    expect(wait).toHaveProperty('disabled', true);
  });
});
