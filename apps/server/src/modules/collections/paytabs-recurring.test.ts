// The PayTabs adapter's tokenised and recurring calls against answers in PayTabs' shapes (as
// payments/providers/paytabs.test.ts does): the page asks for a recurring token, the callback's
// token is read, a merchant-initiated charge carries tran_class "recur" with the token and the
// first tran_ref, a cart is asked about by its cart_id, a token is deleted; refusals and failures.
import { describe, expect, it } from 'vitest';
import { createPaytabsProvider } from '../payments/providers/paytabs.js';
import { PaymentProviderError } from '../payments/providers/provider.js';

const SERVER_KEY = 'SJJN9RBZ2K-JGDJT6K9ZM-JTZLZGKGNL';
const TRY = '7d1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6';

/** A fetch that answers recorded responses in turn and keeps what it was asked. */
function recorded(...answers: [number, unknown][]) {
  const calls: { url: string; body: unknown }[] = [];
  const fetch: typeof globalThis.fetch = async (url, init) => {
    calls.push({ url: String(url), body: JSON.parse(String(init?.body ?? 'null')) });
    const [status, answer] = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, calls };
}
const provider = (fetch: typeof globalThis.fetch) =>
  createPaytabsProvider({ profileId: '12345', serverKey: SERVER_KEY, baseUrl: 'https://secure.paytabs.sa', fetch });

const sale = (status: string, message: string, extra: object = {}) => ({
  tran_ref: 'TST2234500099999',
  tran_type: 'Sale',
  tran_class: 'Recurring',
  cart_id: TRY,
  cart_currency: 'SAR',
  cart_amount: '450.00',
  payment_result: { response_status: status, response_code: status === 'A' ? 'G12345' : '51', response_message: message },
  payment_info: { payment_method: 'Visa', card_scheme: 'Visa', payment_description: '4111 11## #### 1111' },
  ...extra,
});
const charge = {
  cartId: TRY,
  amountHalalas: 45000,
  description: 'Demo — Monthly — Faisal',
  token: '2C4654BC67A3EE30C6B690F7BE8277B2',
  firstTranRef: 'TST2234500012345',
};

describe('PayTabs: saved cards and recurring charges', () => {
  it('asks for a recurring token on the page when the payer consented, and reads the callback’s token and card', async () => {
    const { fetch, calls } = recorded([200, { tran_ref: 'TST1', redirect_url: 'https://secure.paytabs.sa/payment/page/X' }]);
    await provider(fetch).createPage({
      cartId: TRY,
      amountHalalas: 45000,
      description: 'x',
      lang: 'ar',
      customer: { name: 'K', email: 'k@example.sa', phone: '+966501112233', city: 'Riyadh', ip: '1.1.1.1' },
      callbackUrl: 'https://kora.sa/api/payments/callback',
      returnUrl: 'https://demo.kora.sa/api/payments/return',
      tokenise: true,
    });
    expect(calls[0].body).toMatchObject({ tran_class: 'ecom', tokenise: 2, show_save_card: false });
    const q = recorded([200, sale('A', 'Authorised', { token: '2C4654BC67A3EE30C6B690F7BE8277B2', tran_class: 'ECom' })]);
    expect(await provider(q.fetch).query('TST2234500099999')).toMatchObject({
      status: 'A',
      token: '2C4654BC67A3EE30C6B690F7BE8277B2',
      cardLabel: '4111 11## #### 1111',
    });
  });

  it('charges a token merchant-initiated (tran_class recur, token, the first tran_ref) and answers the verdict', async () => {
    const { fetch, calls } = recorded([200, sale('A', 'Authorised')]);
    const result = await provider(fetch).chargeToken(charge);
    expect(calls[0].url).toBe('https://secure.paytabs.sa/payment/request');
    expect(calls[0].body).toEqual({
      profile_id: 12345,
      tran_type: 'sale',
      tran_class: 'recur',
      cart_id: TRY,
      cart_currency: 'SAR',
      cart_amount: 450,
      cart_description: 'Demo — Monthly — Faisal',
      token: '2C4654BC67A3EE30C6B690F7BE8277B2',
      tran_ref: 'TST2234500012345',
    });
    expect(result).toMatchObject({ status: 'A', tranRef: 'TST2234500099999', cartId: TRY, amountHalalas: 45000 });
    // A decline, and one the bank wants the payer to authenticate.
    expect(await provider(recorded([200, sale('D', 'Insufficient funds')]).fetch).chargeToken(charge)).toMatchObject({ status: 'D' });
    const auth = await provider(recorded([200, sale('D', 'Authentication required (3DS)')]).fetch).chargeToken(charge);
    expect(auth.needsPayer).toBe(true);
  });

  it('takes a {code, message} refusal as a verdict (nothing charged), and a failure without an answer as unknown', async () => {
    const refused = await provider(recorded([400, { code: 206, message: 'Token is expired' }]).fetch).chargeToken(charge);
    expect(refused).toMatchObject({ status: 'E', tranRef: '', message: 'Token is expired' });
    await expect(provider(recorded([502, { message: 'Bad gateway' }]).fetch).chargeToken(charge)).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    await expect(provider(recorded([200, new TypeError('fetch failed')]).fetch).chargeToken(charge)).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    await expect(provider(recorded([200, 'not json']).fetch).chargeToken(charge)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('asks about a cart by its cart_id: the paid sale first, null when PayTabs has none, refunds left out', async () => {
    const { fetch, calls } = recorded([200, [sale('D', 'Declined', { tran_ref: 'TST0' }), sale('A', 'Authorised')]]);
    expect(await provider(fetch).queryCart(TRY)).toMatchObject({ status: 'A', tranRef: 'TST2234500099999' });
    expect(calls[0]).toEqual({ url: 'https://secure.paytabs.sa/payment/query', body: { profile_id: 12345, cart_id: TRY } });
    expect(await provider(recorded([200, []]).fetch).queryCart(TRY)).toBeNull();
    expect(await provider(recorded([200, [sale('A', 'Authorised', { tran_type: 'Refund' })]]).fetch).queryCart(TRY)).toBeNull();
    await expect(provider(recorded([500, { message: 'down' }]).fetch).queryCart(TRY)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('deletes a token (POST /payment/token/delete); a refusal is false, no answer throws', async () => {
    const { fetch, calls } = recorded([200, { code: 0, message: 'Token deleted successfully' }]);
    expect(await provider(fetch).deleteToken('2C4654BC67A3EE30C6B690F7BE8277B2')).toBe(true);
    expect(calls[0]).toEqual({
      url: 'https://secure.paytabs.sa/payment/token/delete',
      body: { profile_id: 12345, token: '2C4654BC67A3EE30C6B690F7BE8277B2' },
    });
    expect(await provider(recorded([400, { code: 208, message: 'Invalid token' }]).fetch).deleteToken('x')).toBe(false);
    await expect(provider(recorded([200, new TypeError('fetch failed')]).fetch).deleteToken('x')).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
  });
});
