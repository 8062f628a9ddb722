import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { type CardMethod, cardMethodOf, PAYTABS_METHOD_CODES, sarDecimal, sarToHalalas } from '@kora/contracts';
import {
  type HostedPage,
  type HostedPageRequest,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentResult,
  type RefundQuery,
  type RefundRequest,
  type RefundResult,
  type ReturnResult,
  type TokenCharge,
} from './provider.js';

/**
 * PayTabs (Saudi region, docs/domain.md, "Card payments with PayTabs"): a hosted page opened by `POST /payment/request` and shown
 * framed, a server-to-server callback signed with the server key, a signed browser return,
 * `POST /payment/query` to confirm a transaction, and refunds (`POST /payment/request` with
 * `tran_type` "refund" on the paid transaction's `tran_ref`).
 */
export interface PaytabsOptions {
  profileId: string;
  serverKey: string;
  /** The region's endpoint, e.g. https://secure.paytabs.sa */
  baseUrl: string;
  /** The profile's methods its pages offer (`payment_methods`; PAYTABS_PAYMENT_METHODS): mada, cards and STC Pay unless told. */
  methods?: readonly CardMethod[];
  /** Injectable for tests (recorded answers); the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** Lower-case hex HMAC-SHA256 of the raw bytes, keyed by the server key (the callback's `Signature` header). */
export const hmacHex = (key: string, data: string | Buffer) => createHmac('sha256', key).update(data).digest('hex');

/** Compares two hex signatures in constant time (a length mismatch is simply false). */
export function sameSignature(expected: string, given: string | undefined) {
  if (!given) return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** PHP's urlencode (what PayTabs' http_build_query uses): only letters, digits and -_. stay; space is '+'. */
const phpUrlencode = (s: string) =>
  encodeURIComponent(s)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

/** The string a return's `signature` is computed over: the other non-empty fields, sorted by key, form-encoded. */
export function returnSigningString(fields: Record<string, string>) {
  return Object.keys(fields)
    .filter((k) => k !== 'signature' && fields[k] !== '' && fields[k] !== undefined)
    .sort()
    .map((k) => `${phpUrlencode(k)}=${phpUrlencode(fields[k])}`)
    .join('&');
}

export const returnSignature = (key: string, fields: Record<string, string>) => hmacHex(key, returnSigningString(fields));

const read = (from: unknown, name: string): unknown => (typeof from === 'object' && from !== null ? Reflect.get(from, name) : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** Halalas of a PayTabs amount ("450.00" or 450), or null when it is not a number. */
export function amountToHalalas(v: unknown): number | null {
  const text = str(v).trim();
  if (!/^\d{1,9}(\.\d{1,3})?$/.test(text)) return null;
  return sarToHalalas(Number(text));
}

/** SAR with two decimals, as PayTabs takes `cart_amount`. */
export const halalasToAmount = (halalas: number) => Number(sarDecimal(halalas));

/** The transaction a callback or query answer describes, or null when it is not one. */
export function parseResult(json: unknown): PaymentResult | null {
  const tranRef = str(read(json, 'tran_ref'));
  const result = read(json, 'payment_result');
  const info = read(json, 'payment_info');
  // Which way it was paid (docs/domain.md, "Payment methods"): "Mada", "Visa", "ApplePay", "STCPay"…, else the card's scheme.
  const method = cardMethodOf(str(read(info, 'payment_method')), str(read(info, 'card_scheme')));
  const status = str(read(result, 'response_status'));
  if (!tranRef || !status) return null;
  const token = str(read(json, 'token'));
  const message = str(read(result, 'response_message'));
  return {
    tranRef,
    cartId: str(read(json, 'cart_id')),
    status,
    amountHalalas: amountToHalalas(read(json, 'cart_amount')),
    currency: str(read(json, 'cart_currency')) || null,
    ...(method ? { method } : {}),
    message,
    // A tokenised payment (`tokenise`): the token and the masked card it stands for.
    ...(token ? { token, cardLabel: str(read(read(json, 'payment_info'), 'payment_description')).slice(0, 40) } : {}),
    // A recurring charge the issuer wants the payer to authenticate (3-D Secure): only the payer can pay it.
    ...(status !== 'A' && /authenticat|3-?d ?secure/i.test(message) ? { needsPayer: true } : {}),
  };
}

/** The return's fields once its signature is known to be good. */
export function parseReturn(fields: Record<string, string>): ReturnResult | null {
  const tranRef = fields.tranRef ?? '';
  const status = fields.respStatus ?? '';
  if (!tranRef || !status) return null;
  return { tranRef, cartId: fields.cartId ?? '', status };
}

const header = (headers: IncomingHttpHeaders, name: string) => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** A verified callback: the signature over the exact bytes received, then the JSON they hold. */
export function verifySignedCallback(key: string, rawBody: Buffer, headers: IncomingHttpHeaders): PaymentResult | null {
  if (!sameSignature(hmacHex(key, rawBody), header(headers, 'signature'))) return null;
  try {
    return parseResult(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return null;
  }
}

export function verifySignedReturn(key: string, fields: Record<string, string>): ReturnResult | null {
  if (!sameSignature(returnSignature(key, fields), fields.signature)) return null;
  return parseReturn(fields);
}

/** A framed page (Kora's payment page) cannot take Apple Pay at PayTabs: mada, cards and STC Pay unless the profile says more. */
export const DEFAULT_PAYTABS_METHODS: readonly CardMethod[] = ['mada', 'visa_mastercard', 'stcpay'];

export function createPaytabsProvider(opts: PaytabsOptions): PaymentProvider {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const base = opts.baseUrl.replace(/\/+$/, '');
  const profileId = Number(opts.profileId);
  const methods = opts.methods ?? DEFAULT_PAYTABS_METHODS;

  async function post(path: string, body: object): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: opts.serverKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new PaymentProviderError(`PayTabs unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(`PayTabs answered ${res.status} without JSON`);
    }
    // Errors come as {code, message} (with a 4xx status, or sometimes a 200).
    const code = read(json, 'code');
    if (!res.ok || (code !== undefined && read(json, 'tran_ref') === undefined)) {
      throw new PaymentProviderError(str(read(json, 'message')) || `PayTabs answered ${res.status}`, str(code) || undefined, res.status);
    }
    return json;
  }

  return {
    name: 'paytabs',
    methods,

    async createPage(r: HostedPageRequest): Promise<HostedPage> {
      const c = r.customer;
      const json = await post('/payment/request', {
        profile_id: profileId,
        tran_type: 'sale',
        tran_class: 'ecom',
        cart_id: r.cartId,
        cart_currency: 'SAR',
        cart_amount: halalasToAmount(r.amountHalalas),
        cart_description: r.description.slice(0, 128),
        paypage_lang: r.lang,
        callback: r.callbackUrl,
        return: r.returnUrl,
        // Incomplete details make PayTabs refuse the request; without an e-mail its page asks for them instead.
        ...(c.email
          ? {
              customer_details: {
                name: c.name,
                email: c.email,
                phone: c.phone,
                street1: c.city,
                city: c.city,
                state: c.city,
                country: 'SA',
                ip: c.ip,
              },
            }
          : {}),
        hide_shipping: true,
        framed: true,
        // The profile's methods, PayTabs' codes ("mada", "creditcard", "applepay", "stcpay").
        payment_methods: (r.methods ?? methods).map((m) => PAYTABS_METHOD_CODES[m]),
        // Consent was taken on Kora's page (collections/cards.ts): a recurring token (format 2), PayTabs' own box not shown.
        ...(r.tokenise ? { tokenise: 2, show_save_card: false } : {}),
      });
      const tranRef = str(read(json, 'tran_ref'));
      const redirectUrl = str(read(json, 'redirect_url'));
      if (!tranRef || !/^https:\/\//.test(redirectUrl)) throw new PaymentProviderError('PayTabs answered without a payment page');
      return { tranRef, redirectUrl };
    },

    verifyCallback: (rawBody, headers) => verifySignedCallback(opts.serverKey, rawBody, headers),
    verifyReturn: (fields) => verifySignedReturn(opts.serverKey, fields),

    async query(tranRef: string): Promise<PaymentResult> {
      const result = parseResult(await post('/payment/query', { profile_id: profileId, tran_ref: tranRef }));
      if (!result) throw new PaymentProviderError('PayTabs answered a query without a result');
      return result;
    },

    async queryRefund(q: RefundQuery): Promise<RefundResult | null> {
      // By cart_id PayTabs answers the transactions made with it (one object, or a list of them).
      const json = await post('/payment/query', { profile_id: profileId, cart_id: q.cartId });
      const found = (Array.isArray(json) ? json : [json])
        .filter((t) => /refund/i.test(str(read(t, 'tran_type'))) && str(read(t, 'cart_id')) === q.cartId)
        .map(parseResult)
        .filter((r): r is PaymentResult => r !== null);
      if (found.length === 0) {
        if (!Array.isArray(json) && parseResult(json) === null) throw new PaymentProviderError('PayTabs answered a query without a result');
        return null;
      }
      // A refund that went through wins over a refused try of the same cart.
      const verdict = found.find((r) => r.status === 'A') ?? found[found.length - 1];
      return { status: verdict.status, tranRef: verdict.tranRef, message: verdict.message };
    },

    async chargeToken(c: TokenCharge): Promise<PaymentResult> {
      let json: unknown;
      try {
        json = await post('/payment/request', {
          profile_id: profileId,
          tran_type: 'sale',
          tran_class: 'recur',
          cart_id: c.cartId,
          cart_currency: 'SAR',
          cart_amount: halalasToAmount(c.amountHalalas),
          cart_description: c.description.slice(0, 128),
          token: c.token,
          tran_ref: c.firstTranRef,
        });
      } catch (err) {
        // A `{code, message}` answer below 500 (an unknown or expired token…) is a verdict: nothing was charged.
        if (err instanceof PaymentProviderError && err.providerCode !== undefined && (err.httpStatus ?? 500) < 500)
          return { tranRef: '', cartId: c.cartId, status: 'E', amountHalalas: c.amountHalalas, currency: 'SAR', message: err.message };
        throw err;
      }
      const result = parseResult(json);
      if (!result) throw new PaymentProviderError('PayTabs answered a recurring charge without a result');
      return result;
    },

    async queryCart(cartId: string): Promise<PaymentResult | null> {
      const json = await post('/payment/query', { profile_id: profileId, cart_id: cartId });
      const found = (Array.isArray(json) ? json : [json])
        .filter((t) => !/refund/i.test(str(read(t, 'tran_type'))) && str(read(t, 'cart_id')) === cartId)
        .map(parseResult)
        .filter((r): r is PaymentResult => r !== null);
      if (found.length === 0) {
        if (!Array.isArray(json) && parseResult(json) === null) throw new PaymentProviderError('PayTabs answered a query without a result');
        return null;
      }
      return found.find((r) => r.status === 'A') ?? found[found.length - 1];
    },

    async deleteToken(token: string): Promise<boolean> {
      try {
        await post('/payment/token/delete', { profile_id: profileId, token });
        return true;
      } catch (err) {
        // A 200 with `{code, message}` is the delete's own answer; a 4xx one is a refusal (an unknown token…).
        if (err instanceof PaymentProviderError && err.httpStatus === 200) return true;
        if (err instanceof PaymentProviderError && err.providerCode !== undefined && (err.httpStatus ?? 500) < 500) return false;
        throw err;
      }
    },

    async refund(r: RefundRequest): Promise<RefundResult> {
      let json: unknown;
      try {
        json = await post('/payment/request', {
          profile_id: profileId,
          tran_type: 'refund',
          tran_class: 'ecom',
          tran_ref: r.tranRef,
          cart_id: r.cartId,
          cart_currency: 'SAR',
          cart_amount: halalasToAmount(r.amountHalalas),
          cart_description: r.description.slice(0, 128),
        });
      } catch (err) {
        // A `{code, message}` answer below 500 is PayTabs' verdict (e.g. more than is left to refund): refused.
        if (err instanceof PaymentProviderError && err.providerCode !== undefined && (err.httpStatus ?? 500) < 500)
          return { status: 'E', tranRef: '', message: err.message };
        throw err;
      }
      const result = parseResult(json);
      if (!result) throw new PaymentProviderError('PayTabs answered a refund without a result');
      return { status: result.status, tranRef: result.tranRef, message: result.message };
    },
  };
}
