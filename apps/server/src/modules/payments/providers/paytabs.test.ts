// The PayTabs adapter against answers in PayTabs' recorded shapes (Saudi region), with known
// signature vectors: HMAC-SHA256 keyed by the server key, hex, over the raw callback bytes and over
// the return's other non-empty fields sorted by key and form-encoded.
import { describe, expect, it } from 'vitest';
import { createPaytabsProvider, returnSigningString } from './paytabs.js';
import { PaymentProviderError } from './provider.js';

const SERVER_KEY = 'SJJN9RBZ2K-JGDJT6K9ZM-JTZLZGKGNL';
const CART = '0c3f7c2e-5a7b-4c1e-9d3a-2f4b6c8d0e1f';

/** A callback as PayTabs posts it (raw bytes, with a non-ASCII description) and its recorded signature. */
const CALLBACK_BODY =
  '{"tran_ref":"TST2234500012345","merchant_id":6789,"profile_id":12345,"cart_id":"0c3f7c2e-5a7b-4c1e-9d3a-2f4b6c8d0e1f","cart_description":"Demo Academy — Monthly — Faisal","cart_currency":"SAR","cart_amount":"450.50","tran_currency":"SAR","tran_total":"450.50","tran_type":"Sale","tran_class":"ECom","customer_details":{"name":"Khalid Al-Otaibi","email":"khalid@example.sa","phone":"+966501112233","street1":"Riyadh","city":"Riyadh","state":"Riyadh","country":"SA","ip":"94.49.1.10"},"payment_result":{"response_status":"A","response_code":"G96375","response_message":"Authorised","transaction_time":"2026-11-22T09:01:12Z"},"payment_info":{"payment_method":"Visa","card_type":"Credit","card_scheme":"Visa","payment_description":"4111 11## #### 1111","expiryMonth":12,"expiryYear":2030}}';
const CALLBACK_SIGNATURE = 'a2a22d8e35ce6cb805b045f44e30e00b456d8c16de6bdc03bf4a6cf7da5c0f75';

/** The browser's return form and its recorded signature. */
const RETURN_FIELDS = {
  acquirerMessage: '',
  acquirerRCode: '',
  cartId: CART,
  customerEmail: 'khalid@example.sa',
  respCode: 'G96375',
  respMessage: 'Authorised',
  respStatus: 'A',
  token: '',
  tranRef: 'TST2234500012345',
  signature: '5cbd286557e0c7ac28e796d125cdbeedf5359a8a8570f87ee85b8c470255f04c',
};

const CREATE_ANSWER = {
  tran_ref: 'TST2234500012345',
  tran_type: 'Sale',
  cart_id: CART,
  cart_description: 'Demo Academy — Monthly — Faisal',
  cart_currency: 'SAR',
  cart_amount: '450.50',
  tran_currency: 'SAR',
  tran_total: '450.50',
  callback: 'https://kora.sa/api/payments/callback?lang=ar',
  return: 'https://demo.kora.sa/api/payments/return?lang=ar',
  redirect_url: 'https://secure.paytabs.sa/payment/page/599E6E8D82B2D0F1C5B4E1D6B5C6C0E7F0F3F8F8F8F8F8F8',
  serviceId: 2,
  profileId: 12345,
  merchantId: 6789,
  trace: 'PMNT0401.62A9E3C4.0001B7E4',
};

const QUERY_ANSWER = {
  tran_ref: 'TST2234500012345',
  cart_id: CART,
  cart_description: 'Demo Academy — Monthly — Faisal',
  cart_currency: 'SAR',
  cart_amount: '450.50',
  tran_currency: 'SAR',
  tran_total: '450.50',
  customer_details: { name: 'Khalid Al-Otaibi', email: 'khalid@example.sa', country: 'SA' },
  payment_result: {
    response_status: 'A',
    response_code: 'G96375',
    response_message: 'Authorised',
    transaction_time: '2026-11-22T09:01:12Z',
  },
  payment_info: { payment_method: 'Visa', card_type: 'Credit', card_scheme: 'Visa', payment_description: '4111 11## #### 1111' },
  serviceId: 2,
  profileId: 12345,
  merchantId: 6789,
  trace: 'PMNT0401.62A9E3C5.0001B7E9',
};

/** A fetch that answers one recorded response and keeps what it was asked. */
function recorded(status: number, answer: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    return new Response(typeof answer === 'string' ? answer : JSON.stringify(answer), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const provider = (fetch?: typeof globalThis.fetch) =>
  createPaytabsProvider({ profileId: '12345', serverKey: SERVER_KEY, baseUrl: 'https://secure.paytabs.sa/', fetch });

const pageRequest = {
  cartId: CART,
  amountHalalas: 45050,
  description: 'Demo Academy — Monthly — Faisal',
  lang: 'ar' as const,
  customer: { name: 'Khalid Al-Otaibi', email: 'khalid@example.sa', phone: '+966501112233', city: 'Riyadh', ip: '94.49.1.10' },
  callbackUrl: 'https://kora.sa/api/payments/callback?lang=ar',
  returnUrl: 'https://demo.kora.sa/api/payments/return?lang=ar',
};

describe('PayTabs: creating the hosted page', () => {
  it('posts the documented request (raw server key, framed, paypage_lang) and answers the page', async () => {
    const { fetch, calls } = recorded(200, CREATE_ANSWER);
    const page = await provider(fetch).createPage(pageRequest);
    expect(page).toEqual({ tranRef: 'TST2234500012345', redirectUrl: CREATE_ANSWER.redirect_url });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('https://secure.paytabs.sa/payment/request');
    expect(calls[0].init.method).toBe('POST');
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.authorization).toBe(SERVER_KEY); // no "Bearer"
    expect(headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      profile_id: 12345,
      tran_type: 'sale',
      tran_class: 'ecom',
      cart_id: CART,
      cart_currency: 'SAR',
      cart_amount: 450.5,
      cart_description: 'Demo Academy — Monthly — Faisal',
      paypage_lang: 'ar',
      callback: pageRequest.callbackUrl,
      return: pageRequest.returnUrl,
      customer_details: {
        name: 'Khalid Al-Otaibi',
        email: 'khalid@example.sa',
        phone: '+966501112233',
        street1: 'Riyadh',
        city: 'Riyadh',
        state: 'Riyadh',
        country: 'SA',
        ip: '94.49.1.10',
      },
      hide_shipping: true,
      framed: true,
      // The profile's methods unless configured: mada, cards and STC Pay (Apple Pay does not work framed).
      payment_methods: ['mada', 'creditcard', 'stcpay'],
    });
  });

  it("sends the profile's methods (PAYTABS_PAYMENT_METHODS) as PayTabs' codes, or the page's own", async () => {
    const all = recorded(200, CREATE_ANSWER);
    const p = createPaytabsProvider({
      profileId: '12345',
      serverKey: SERVER_KEY,
      baseUrl: 'https://secure.paytabs.sa',
      fetch: all.fetch,
      methods: ['mada', 'visa_mastercard', 'applepay', 'stcpay'],
    });
    expect(p.methods).toEqual(['mada', 'visa_mastercard', 'applepay', 'stcpay']);
    await p.createPage(pageRequest);
    expect(JSON.parse(String(all.calls[0].init.body)).payment_methods).toEqual(['mada', 'creditcard', 'applepay', 'stcpay']);
    await p.createPage({ ...pageRequest, methods: ['mada'] });
    expect(JSON.parse(String(all.calls[1].init.body)).payment_methods).toEqual(['mada']);
  });

  it('leaves the customer to the hosted page when there is no e-mail', async () => {
    const { fetch, calls } = recorded(200, CREATE_ANSWER);
    await provider(fetch).createPage({ ...pageRequest, customer: { ...pageRequest.customer, email: '' } });
    expect(JSON.parse(String(calls[0].init.body)).customer_details).toBeUndefined();
  });

  it('turns an error answer {code, message} into a PaymentProviderError', async () => {
    const { fetch } = recorded(400, { code: 206, message: 'Profile ID is invalid', trace: 'PMNT0402.62A9E3C4.0001B7E5' });
    const err = await provider(fetch)
      .createPage(pageRequest)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PaymentProviderError);
    expect((err as PaymentProviderError).message).toBe('Profile ID is invalid');
    expect((err as PaymentProviderError).providerCode).toBe('206');
  });

  it('refuses an error answered with status 200, an answer that is not JSON, and an unreachable PayTabs', async () => {
    const ok200 = recorded(200, { code: 4, message: 'Authentication failed. Check authentication header.' });
    await expect(provider(ok200.fetch).createPage(pageRequest)).rejects.toThrow('Authentication failed');
    await expect(provider(recorded(502, '<html>Bad gateway</html>').fetch).createPage(pageRequest)).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    await expect(provider(down).createPage(pageRequest)).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('PayTabs: the callback', () => {
  const raw = Buffer.from(CALLBACK_BODY, 'utf8');

  it('accepts the recorded callback with its Signature header and reads its result', () => {
    expect(provider().verifyCallback(raw, { signature: CALLBACK_SIGNATURE, 'content-type': 'application/json' })).toEqual({
      tranRef: 'TST2234500012345',
      cartId: CART,
      status: 'A',
      amountHalalas: 45050,
      currency: 'SAR',
      message: 'Authorised',
      // payment_info.payment_method "Visa".
      method: 'visa_mastercard',
    });
    // Hex case does not matter.
    expect(provider().verifyCallback(raw, { signature: CALLBACK_SIGNATURE.toUpperCase() })?.status).toBe('A');
  });

  it('refuses a wrong, missing or truncated signature, a changed byte, and another key', () => {
    const p = provider();
    const flipped = `${CALLBACK_SIGNATURE.slice(0, -1)}${CALLBACK_SIGNATURE.endsWith('5') ? '6' : '5'}`;
    expect(p.verifyCallback(raw, { signature: flipped })).toBeNull();
    expect(p.verifyCallback(raw, {})).toBeNull();
    expect(p.verifyCallback(raw, { signature: CALLBACK_SIGNATURE.slice(0, 32) })).toBeNull();
    // The same JSON laid out otherwise is not the signed bytes.
    expect(p.verifyCallback(Buffer.from(JSON.stringify(JSON.parse(CALLBACK_BODY), null, 1)), { signature: CALLBACK_SIGNATURE })).toBeNull();
    expect(p.verifyCallback(Buffer.from(CALLBACK_BODY.replace('"450.50"', '"1.00"')), { signature: CALLBACK_SIGNATURE })).toBeNull();
    const other = createPaytabsProvider({ profileId: '12345', serverKey: 'another-key', baseUrl: 'https://secure.paytabs.sa' });
    expect(other.verifyCallback(raw, { signature: CALLBACK_SIGNATURE })).toBeNull();
  });
});

describe('PayTabs: the browser return', () => {
  it('signs the other non-empty fields sorted by key and form-encoded', () => {
    expect(returnSigningString(RETURN_FIELDS)).toBe(
      `cartId=${CART}&customerEmail=khalid%40example.sa&respCode=G96375&respMessage=Authorised&respStatus=A&tranRef=TST2234500012345`,
    );
    expect(returnSigningString({ respMessage: "Don't (do) it~ *now*", a: '' })).toBe('respMessage=Don%27t+%28do%29+it%7E+%2Anow%2A');
  });

  it('accepts the recorded return and refuses a changed field or signature', () => {
    const p = provider();
    expect(p.verifyReturn(RETURN_FIELDS)).toEqual({ tranRef: 'TST2234500012345', cartId: CART, status: 'A' });
    expect(p.verifyReturn({ ...RETURN_FIELDS, respStatus: 'D' })).toBeNull();
    expect(p.verifyReturn({ ...RETURN_FIELDS, signature: '0'.repeat(64) })).toBeNull();
    const { signature: _, ...unsigned } = RETURN_FIELDS;
    expect(p.verifyReturn(unsigned)).toBeNull();
  });
});

describe('PayTabs: querying a transaction', () => {
  it('posts {profile_id, tran_ref} and reads the recorded answer', async () => {
    const { fetch, calls } = recorded(200, QUERY_ANSWER);
    const result = await provider(fetch).query('TST2234500012345');
    expect(calls[0].url).toBe('https://secure.paytabs.sa/payment/query');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ profile_id: 12345, tran_ref: 'TST2234500012345' });
    expect(result).toEqual({
      tranRef: 'TST2234500012345',
      cartId: CART,
      status: 'A',
      amountHalalas: 45050,
      currency: 'SAR',
      message: 'Authorised',
      method: 'visa_mastercard',
    });
  });

  it('reads which way it was paid: mada, Apple Pay, STC Pay, a Mastercard by its scheme; none without payment_info', async () => {
    const paidBy = async (info: unknown) =>
      (await provider(recorded(200, { ...QUERY_ANSWER, payment_info: info }).fetch).query('TST2234500012345')).method;
    expect(
      await paidBy({ payment_method: 'Mada', card_type: 'Debit', card_scheme: 'Mada', payment_description: '4464 04## #### 0007' }),
    ).toBe('mada');
    expect(await paidBy({ payment_method: 'ApplePay', card_scheme: 'Visa' })).toBe('applepay');
    expect(await paidBy({ payment_method: 'STCPay' })).toBe('stcpay');
    expect(await paidBy({ payment_method: '', card_scheme: 'MasterCard' })).toBe('visa_mastercard');
    expect(await paidBy({ payment_method: 'Tabby' })).toBeUndefined();
    expect(await paidBy(undefined)).toBeUndefined();
  });

  it('reads a declined transaction as not paid and an error answer as a failure', async () => {
    const declined = {
      ...QUERY_ANSWER,
      payment_result: { response_status: 'D', response_code: '51', response_message: 'Insufficient funds' },
    };
    expect((await provider(recorded(200, declined).fetch).query('TST2234500012345')).status).toBe('D');
    await expect(provider(recorded(400, { code: 2, message: 'Transaction not found' }).fetch).query('TST0')).rejects.toThrow(
      'Transaction not found',
    );
  });
});

describe('PayTabs: refunding a paid transaction', () => {
  const REFUND_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
  /** A refund's answer: a new transaction of type Refund that names the sale it refunds. */
  const REFUND_ANSWER = {
    tran_ref: 'TST2234500012399',
    previous_tran_ref: 'TST2234500012345',
    tran_type: 'Refund',
    cart_id: REFUND_ID,
    cart_description: 'Refund of invoice 12: Moved away',
    cart_currency: 'SAR',
    cart_amount: '100.00',
    tran_currency: 'SAR',
    tran_total: '100.00',
    payment_result: {
      response_status: 'A',
      response_code: 'G96376',
      response_message: 'Authorised',
      transaction_time: '2026-11-23T10:00:00Z',
    },
    serviceId: 2,
    profileId: 12345,
    merchantId: 6789,
    trace: 'PMNT0401.62A9E3C6.0001B7EA',
  };
  const request = {
    tranRef: 'TST2234500012345',
    cartId: REFUND_ID,
    amountHalalas: 10_000,
    description: 'Refund of invoice 12: Moved away',
  };

  it('posts tran_type "refund" on the sale\'s tran_ref with the amount, and answers the refund transaction', async () => {
    const { fetch, calls } = recorded(200, REFUND_ANSWER);
    const result = await provider(fetch).refund(request);
    expect(result).toEqual({ status: 'A', tranRef: 'TST2234500012399', message: 'Authorised' });
    expect(calls[0].url).toBe('https://secure.paytabs.sa/payment/request');
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe(SERVER_KEY);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      profile_id: 12345,
      tran_type: 'refund',
      tran_class: 'ecom',
      tran_ref: 'TST2234500012345',
      cart_id: REFUND_ID,
      cart_currency: 'SAR',
      cart_amount: 100,
      cart_description: 'Refund of invoice 12: Moved away',
    });
  });

  it("answers PayTabs' refusals as refused, and throws when there is no verdict", async () => {
    const declined = {
      ...REFUND_ANSWER,
      payment_result: { response_status: 'D', response_code: '400', response_message: 'Refund declined' },
    };
    expect(await provider(recorded(200, declined).fetch).refund(request)).toEqual({
      status: 'D',
      tranRef: 'TST2234500012399',
      message: 'Refund declined',
    });
    // An error answer below 500 is a verdict: nothing was refunded.
    expect(await provider(recorded(400, { code: 113, message: 'Amount exceeds the remaining amount' }).fetch).refund(request)).toEqual({
      status: 'E',
      tranRef: '',
      message: 'Amount exceeds the remaining amount',
    });
    // No verdict: the refund may have happened, so the caller keeps it pending.
    await expect(provider(recorded(503, { code: 500, message: 'Service unavailable' }).fetch).refund(request)).rejects.toThrow(
      PaymentProviderError,
    );
    await expect(provider(recorded(200, '<html>gateway timeout</html>').fetch).refund(request)).rejects.toThrow(PaymentProviderError);
    const unreachable = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof globalThis.fetch;
    await expect(provider(unreachable).refund(request)).rejects.toThrow('PayTabs unreachable');
  });

  it('asks PayTabs what became of a refund by its cart_id: its verdict, or null when none was made', async () => {
    const query = { tranRef: 'TST2234500012345', cartId: REFUND_ID };
    // The answer of a refund that went through, as one transaction object.
    const one = recorded(200, REFUND_ANSWER);
    expect(await provider(one.fetch).queryRefund(query)).toEqual({ status: 'A', tranRef: 'TST2234500012399', message: 'Authorised' });
    expect(one.calls[0].url).toBe('https://secure.paytabs.sa/payment/query');
    expect((one.calls[0].init.headers as Record<string, string>).authorization).toBe(SERVER_KEY);
    expect(JSON.parse(String(one.calls[0].init.body))).toEqual({ profile_id: 12345, cart_id: REFUND_ID });
    // A list: a refused try, then the one that went through; other carts' and sales' transactions are not this refund.
    const refused = {
      ...REFUND_ANSWER,
      tran_ref: 'TST2234500012398',
      payment_result: { response_status: 'E', response_message: 'Timeout' },
    };
    const sale = { ...QUERY_ANSWER, tran_type: 'Sale', cart_id: REFUND_ID };
    const listed = recorded(200, [sale, refused, REFUND_ANSWER, { ...REFUND_ANSWER, cart_id: CART, tran_ref: 'TST0' }]);
    expect(await provider(listed.fetch).queryRefund(query)).toMatchObject({ status: 'A', tranRef: 'TST2234500012399' });
    expect(await provider(recorded(200, [sale, refused]).fetch).queryRefund(query)).toEqual({
      status: 'E',
      tranRef: 'TST2234500012398',
      message: 'Timeout',
    });
    // No refund of that cart: it never reached PayTabs.
    expect(await provider(recorded(200, []).fetch).queryRefund(query)).toBeNull();
    expect(await provider(recorded(200, [sale]).fetch).queryRefund(query)).toBeNull();
    // No answer: unknown, so the caller keeps it pending.
    await expect(provider(recorded(503, { code: 500, message: 'Service unavailable' }).fetch).queryRefund(query)).rejects.toThrow(
      PaymentProviderError,
    );
    await expect(provider(recorded(200, { unexpected: true }).fetch).queryRefund(query)).rejects.toThrow(PaymentProviderError);
  });
});
