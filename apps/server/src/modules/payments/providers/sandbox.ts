import { randomBytes, randomInt } from 'node:crypto';
import { CARD_METHODS, type CardMethod, formatSar } from '@kora/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { hmacHex, returnSignature, verifySignedCallback, verifySignedReturn } from './paytabs.js';
import {
  type HostedPageRequest,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentResult,
  type RefundRequest,
  type RefundResult,
} from './provider.js';

/**
 * The built-in provider used when PayTabs is not configured (docs/domain.md, "Card payments with PayTabs"): it serves its own card
 * page (`/sandbox/pay/:tranRef`), and on submit behaves like PayTabs — a callback signed with its own
 * secret (hex HMAC-SHA256 of the raw body in `Signature`) posted to Kora's callback route, then the
 * browser sent to the return address with a signed form POST. No money moves.
 */
export const SANDBOX_CARDS = [
  { number: '4111111111111111', status: 'A', code: 'G12345', message: 'Authorised', label: { en: 'succeeds', ar: 'تنجح' } },
  { number: '4000000000000002', status: 'D', code: '51', message: 'Declined', label: { en: 'is declined', ar: 'تُرفض' } },
  // PayTabs' X (expired): the payer's result page says so, apart from a decline.
  { number: '4000000000000069', status: 'X', code: '54', message: 'Expired card', label: { en: 'is expired', ar: 'منتهية الصلاحية' } },
  // mada (BIN 446404, a mada issuer's): recorded as paid by mada.
  { number: '4464040000000007', status: 'A', code: 'G12350', message: 'Authorised', label: { en: 'mada: succeeds', ar: 'مدى: تنجح' } },
  { number: '4464040000000015', status: 'D', code: '51', message: 'Declined', label: { en: 'mada: is declined', ar: 'مدى: تُرفض' } },
  // Saved cards (automatic renewals): each pays on the page, then its merchant-initiated charges behave as named.
  {
    number: '4000000000000341',
    status: 'A',
    code: 'G12346',
    message: 'Authorised',
    label: { en: 'saved: declines its 2nd charge', ar: 'محفوظة: تُرفض عمليتها الثانية' },
  },
  {
    number: '4000000000000119',
    status: 'A',
    code: 'G12347',
    message: 'Authorised',
    label: { en: 'saved: its token expires', ar: 'محفوظة: تنتهي صلاحية رمزها' },
  },
  {
    number: '4000000000003220',
    status: 'A',
    code: 'G12348',
    message: 'Authorised',
    label: { en: 'saved: renewals need the payer (3-D Secure)', ar: 'محفوظة: التجديد يحتاج تحقق الدافع' },
  },
] as const;

/** What a merchant-initiated charge of a saved sandbox card answers, by card and by the token's charge number (the page's is 1). */
function recurringVerdict(cardNumber: string, chargeNo: number) {
  // The declined test card never pays (a token of it exists only where a test saved one).
  if (cardNumber === '4000000000000002') return { status: 'D', message: 'Declined' };
  if (cardNumber === '4000000000000341' && chargeNo === 2) return { status: 'D', message: 'Declined: insufficient funds' };
  if (cardNumber === '4000000000000119') return { status: 'X', message: 'Token expired' };
  if (cardNumber === '4000000000003220') return { status: 'D', message: 'Authentication required (3-D Secure)', needsPayer: true };
  return { status: 'A', message: 'Authorised' };
}

/** A sandbox token names its card, so a restarted sandbox still charges it (its charge count starts again). */
const tokenCard = (token: string) => /^sbx_(\d{16})_[0-9a-f]+$/.exec(token)?.[1] ?? null;

/** Apple Pay and STC Pay on the sandbox's page: a button each, with the test's choice of what the wallet answers. */
export const SANDBOX_WALLETS = [
  { number: 'applepay:A', method: 'applepay', status: 'A', code: 'G12351', message: 'Authorised' },
  { number: 'applepay:D', method: 'applepay', status: 'D', code: '05', message: 'Declined' },
  { number: 'stcpay:A', method: 'stcpay', status: 'A', code: 'G12352', message: 'Authorised' },
  { number: 'stcpay:D', method: 'stcpay', status: 'D', code: '05', message: 'Declined' },
] as const;

/** mada's issuers' BINs the sandbox knows (its mada test cards' among them): any other card is Visa/Mastercard. */
const MADA_BINS = ['446404', '588845', '440647', '457865', '968208', '636120', '417633', '468540'];

/** A test card or wallet choice by its number ('applepay:A'…). */
const sandboxPayment = (n: string | null) => SANDBOX_CARDS.find((c) => c.number === n) ?? SANDBOX_WALLETS.find((w) => w.number === n);

/** How a sandbox payment was made: its wallet, a mada card by its BIN, else Visa/Mastercard; null: none (cancelled). */
export function sandboxMethod(n: string | null): CardMethod | null {
  const wallet = SANDBOX_WALLETS.find((w) => w.number === n);
  if (wallet) return wallet.method;
  if (!n || !SANDBOX_CARDS.some((c) => c.number === n)) return null;
  return MADA_BINS.includes(n.slice(0, 6)) ? 'mada' : 'visa_mastercard';
}

/** PayTabs' `payment_info` of a sandbox payment. */
function paymentInfo(n: string | null) {
  const method = sandboxMethod(n);
  if (!n || !method) return {};
  if (method === 'applepay' || method === 'stcpay')
    return { payment_method: method === 'applepay' ? 'ApplePay' : 'STCPay', card_type: '', card_scheme: '', payment_description: '' };
  const scheme = method === 'mada' ? 'Mada' : n.startsWith('5') ? 'MasterCard' : 'Visa';
  return {
    payment_method: scheme,
    card_type: method === 'mada' ? 'Debit' : 'Credit',
    card_scheme: scheme,
    payment_description: `${n.slice(0, 4)} ${n.slice(4, 6)}## #### ${n.slice(-4)}`,
  };
}

interface Transaction {
  request: HostedPageRequest;
  result: PaymentResult | null;
}

/** A refund the sandbox made (no money moves): what was asked and its answer. */
export interface SandboxRefund {
  request: RefundRequest;
  result: RefundResult;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Every refund asked of this sandbox, in order (tests and journeys check them). */
  readonly refunds: SandboxRefund[];
  /** Signs a callback body exactly as the sandbox does (tests send their own callbacks with it). */
  signCallback(rawBody: string | Buffer): string;
  /** Signs return fields exactly as the sandbox does. */
  signReturn(fields: Record<string, string>): string;
  /** Settles a transaction without the card page (tests): answers the callback body it would post. */
  settle(tranRef: string, cardNumber: string): string;
  plugin(app: FastifyInstance): Promise<void>;
}

/** Keeps the newest transactions only; the sandbox is for development and journeys, not for volume. */
const MAX_TRANSACTIONS = 5000;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const TEXT = {
  en: {
    title: 'Test card payment',
    banner: 'Sandbox: no real card is charged.',
    amount: 'Amount',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    name: 'Name on card',
    pay: 'Pay',
    cancel: 'Cancel',
    cards: 'Test cards',
    anyExpiry: 'Any future expiry date and any 3-digit CVC.',
    unknownCard: 'Use one of the test cards below.',
    badExpiry: 'Enter the expiry as MM/YY.',
    badCvc: 'Enter a 3-digit CVC.',
    notFound: 'This payment session does not exist or has expired.',
    done: 'This payment session is already completed.',
    continue: 'Continue',
    redirecting: 'Returning to the academy…',
    wallets: 'Apple Pay and STC Pay',
    walletOutcome: 'The wallet (test)',
    walletSucceeds: 'succeeds',
    walletDeclined: 'is declined',
  },
  ar: {
    title: 'دفع تجريبي بالبطاقة',
    banner: 'بيئة تجريبية: لن تُخصم أي مبالغ من بطاقة حقيقية.',
    amount: 'المبلغ',
    number: 'رقم البطاقة',
    expiry: 'تاريخ الانتهاء (شهر/سنة)',
    cvc: 'رمز التحقق',
    name: 'الاسم على البطاقة',
    pay: 'ادفع',
    cancel: 'إلغاء',
    cards: 'بطاقات الاختبار',
    anyExpiry: 'أي تاريخ انتهاء مستقبلي وأي رمز تحقق من ٣ أرقام.',
    unknownCard: 'استخدم إحدى بطاقات الاختبار أدناه.',
    badExpiry: 'أدخل تاريخ الانتهاء بصيغة شهر/سنة.',
    badCvc: 'أدخل رمز تحقق من ٣ أرقام.',
    notFound: 'جلسة الدفع هذه غير موجودة أو انتهت صلاحيتها.',
    done: 'جلسة الدفع هذه مكتملة بالفعل.',
    continue: 'متابعة',
    redirecting: 'جارٍ العودة إلى الأكاديمية…',
    wallets: 'أبل باي وإس تي سي باي',
    walletOutcome: 'المحفظة (تجريبية)',
    walletSucceeds: 'تنجح',
    walletDeclined: 'تُرفض',
  },
} as const;
type Lang = keyof typeof TEXT;

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;background:#f1f5f9;color:#0f172a}
main{max-width:440px;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:20px;box-shadow:0 1px 2px rgba(0,0,0,.05)}
h1{font-size:18px;margin:0 0 4px}.banner{background:#fef3c7;color:#92400e;border-radius:10px;padding:8px 12px;font-size:13px;margin:12px 0}
.amount{display:flex;justify-content:space-between;font-size:15px;margin:8px 0 16px}.amount b{font-size:18px}
label{display:block;font-size:13px;font-weight:600;margin:12px 0 4px}input{width:100%;font-size:16px;padding:10px 12px;border:1px solid #cbd5e1;border-radius:10px}
input:focus{outline:2px solid #047857;border-color:#047857}.row{display:flex;gap:12px}.row>div{flex:1}
.actions{display:flex;gap:8px;margin-top:18px}button{font-size:15px;font-weight:600;border-radius:10px;padding:11px 16px;border:0;cursor:pointer}
.pay{background:#047857;color:#fff;flex:1}.cancel{background:#fff;border:1px solid #cbd5e1;color:#334155}
.error{background:#fef2f2;color:#b91c1c;border:1px solid #fecaca;border-radius:10px;padding:8px 12px;font-size:13px;margin-top:12px}
table{width:100%;border-collapse:collapse;font-size:13px;margin-top:8px}td{padding:6px 4px;border-top:1px solid #e2e8f0}
td.num{font-family:ui-monospace,Menlo,Consolas,monospace;direction:ltr;text-align:start;white-space:nowrap}
h2{font-size:14px;margin:18px 0 0}.hint{color:#64748b;font-size:12px;margin:6px 0 0}[dir=ltr]{unicode-bidi:isolate}`;

function page(lang: Lang, body: string) {
  return `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(TEXT[lang].title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const spaced = (n: string) => n.replace(/(\d{4})(?=\d)/g, '$1 ');

function cardPage(tranRef: string, t: Transaction, error?: string, values: Record<string, string> = {}) {
  const lang = t.request.lang;
  const x = TEXT[lang];
  const v = (k: string) => escapeHtml(values[k] ?? '');
  const rows = SANDBOX_CARDS.map(
    (c) => `<tr><td class="num" dir="ltr">${spaced(c.number)}</td><td>${escapeHtml(c.label[lang])}</td></tr>`,
  ).join('');
  return page(
    lang,
    `<div class="card" data-testid="sandbox-page"><h1>${escapeHtml(x.title)}</h1>
<p class="banner">${escapeHtml(x.banner)}</p>
<p class="amount"><span>${escapeHtml(t.request.description)}</span><b dir="ltr">${escapeHtml(formatSar(t.request.amountHalalas, lang))}</b></p>
<form method="post" action="/sandbox/pay/${encodeURIComponent(tranRef)}" autocomplete="off">
<label for="card">${escapeHtml(x.number)}</label><input id="card" name="card" inputmode="numeric" dir="ltr" required maxlength="23" value="${v('card')}" placeholder="4111 1111 1111 1111">
<div class="row"><div><label for="expiry">${escapeHtml(x.expiry)}</label><input id="expiry" name="expiry" dir="ltr" required maxlength="5" value="${v('expiry')}" placeholder="12/30"></div>
<div><label for="cvc">${escapeHtml(x.cvc)}</label><input id="cvc" name="cvc" inputmode="numeric" dir="ltr" required maxlength="4" value="${v('cvc')}" placeholder="123"></div></div>
<label for="holder">${escapeHtml(x.name)}</label><input id="holder" name="holder" maxlength="80" value="${v('holder')}">
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<div class="actions"><button class="pay" type="submit" name="action" value="pay">${escapeHtml(x.pay)} ${escapeHtml(formatSar(t.request.amountHalalas, lang))}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(x.cancel)}</button></div>
</form>
<h2>${escapeHtml(x.wallets)}</h2>
<form method="post" action="/sandbox/pay/${encodeURIComponent(tranRef)}" data-testid="sandbox-wallets">
<label for="outcome">${escapeHtml(x.walletOutcome)}</label><select id="outcome" name="outcome"><option value="A">${escapeHtml(x.walletSucceeds)}</option><option value="D">${escapeHtml(x.walletDeclined)}</option></select>
<div class="actions"><button class="pay" type="submit" name="action" value="applepay">Apple Pay</button><button class="pay" type="submit" name="action" value="stcpay">STC Pay</button></div>
</form>
<h2>${escapeHtml(x.cards)}</h2><table>${rows}</table><p class="hint">${escapeHtml(x.anyExpiry)}</p></div>`,
  );
}

function messagePage(lang: Lang, text: string) {
  return page(lang, `<div class="card"><p role="alert">${escapeHtml(text)}</p></div>`);
}

/** The browser's way back to Kora: a form POST to the return address, sent by a script of this origin (the CSP allows no inline script). */
function returnPage(lang: Lang, returnUrl: string, fields: Record<string, string>) {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return page(
    lang,
    `<div class="card"><p>${escapeHtml(TEXT[lang].redirecting)}</p><form id="sandbox-return" method="post" action="${escapeHtml(returnUrl)}">${inputs}
<div class="actions"><button class="pay" type="submit">${escapeHtml(TEXT[lang].continue)}</button></div></form></div>
<script src="/sandbox/return.js"></script>`,
  );
}

const randomTranRef = () => `TST${String(randomInt(10 ** 6)).padStart(6, '0')}${String(randomInt(10 ** 7)).padStart(7, '0')}`;

export function createSandboxProvider(opts: { secret?: string } = {}): SandboxProvider {
  const secret = opts.secret ?? randomBytes(32).toString('hex');
  const transactions = new Map<string, Transaction>();
  const refunds: SandboxRefund[] = [];

  /**
   * Refunds as PayTabs does: only a paid transaction, never more than is left of it. A transaction
   * it does not know (made before a restart, or seeded demo data) is refunded as asked.
   */
  function refund(request: RefundRequest): RefundResult {
    const t = transactions.get(request.tranRef);
    const refunded = refunds
      .filter((r) => r.request.tranRef === request.tranRef && r.result.status === 'A')
      .reduce((sum, r) => sum + r.request.amountHalalas, 0);
    const refusal = !t
      ? null
      : t.result?.status !== 'A'
        ? 'Transaction is not authorised'
        : request.amountHalalas > t.request.amountHalalas - refunded
          ? 'Refund amount exceeds the remaining amount'
          : null;
    const result: RefundResult = refusal
      ? { status: 'E', tranRef: '', message: refusal }
      : { status: 'A', tranRef: randomTranRef(), message: 'Authorised' };
    refunds.push({ request, result });
    if (refunds.length > MAX_TRANSACTIONS) refunds.shift();
    return result;
  }

  /** Merchant-initiated charges of saved cards, by tran_ref, and how many times each token was charged. */
  const charges = new Map<string, PaymentResult>();
  const tokenUses = new Map<string, number>();
  const masked = (n: string) => `${n.slice(0, 4)} ${n.slice(4, 6)}## #### ${n.slice(-4)}`;

  function resultOf(tranRef: string, t: Transaction, cardNumber: string | null): PaymentResult {
    const card = sandboxPayment(cardNumber);
    const status = card ? card.status : 'C';
    let saved = {};
    if (t.request.tokenise && status === 'A' && cardNumber) {
      const token = `sbx_${cardNumber}_${randomBytes(8).toString('hex')}`;
      tokenUses.set(token, 1);
      saved = { token, cardLabel: masked(cardNumber) };
    }
    return {
      tranRef,
      cartId: t.request.cartId,
      status,
      amountHalalas: t.request.amountHalalas,
      currency: 'SAR',
      message: card ? card.message : 'Cancelled',
      ...(sandboxMethod(cardNumber) ? { method: sandboxMethod(cardNumber) } : {}),
      ...saved,
    };
  }

  /** The callback body PayTabs would post for this result. */
  function callbackBody(t: Transaction, r: PaymentResult, cardNumber: string | null) {
    const card = sandboxPayment(cardNumber);
    return JSON.stringify({
      tran_ref: r.tranRef,
      merchant_id: 0,
      profile_id: 0,
      cart_id: r.cartId,
      cart_description: t.request.description,
      cart_currency: 'SAR',
      cart_amount: (t.request.amountHalalas / 100).toFixed(2),
      tran_currency: 'SAR',
      tran_total: (t.request.amountHalalas / 100).toFixed(2),
      tran_type: 'Sale',
      tran_class: 'ECom',
      ...(r.token ? { token: r.token } : {}),
      customer_details: { name: t.request.customer.name, email: t.request.customer.email, phone: t.request.customer.phone, country: 'SA' },
      payment_result: {
        response_status: r.status,
        response_code: card?.code ?? '',
        response_message: r.message,
        transaction_time: new Date().toISOString(),
      },
      payment_info: paymentInfo(cardNumber),
    });
  }

  function returnFields(t: Transaction, r: PaymentResult): Record<string, string> {
    const fields: Record<string, string> = {
      acquirerMessage: '',
      acquirerRCode: '',
      cartId: r.cartId,
      customerEmail: t.request.customer.email,
      respCode: r.status === 'A' ? 'G12345' : '',
      respMessage: r.message,
      respStatus: r.status,
      token: r.token ?? '',
      tranRef: r.tranRef,
    };
    return { ...fields, signature: returnSignature(secret, fields) };
  }

  /** Records the outcome once: a session is used once, like a provider's page. */
  function settle(tranRef: string, cardNumber: string | null) {
    const t = transactions.get(tranRef);
    if (!t) throw new PaymentProviderError('unknown sandbox transaction');
    if (t.result) throw new PaymentProviderError('sandbox transaction already completed');
    t.result = resultOf(tranRef, t, cardNumber);
    return { t, result: t.result, body: callbackBody(t, t.result, cardNumber) };
  }

  async function plugin(app: FastifyInstance) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
    const config = { access: 'public' as const, rateLimit: { max: 600, timeWindow: '1 minute' } };

    app.get('/sandbox/return.js', { config, schema: { hide: true } }, async (_req, reply) =>
      reply
        .header('content-type', 'text/javascript; charset=utf-8')
        .header('cache-control', 'no-store')
        .send("document.getElementById('sandbox-return').submit();\n"),
    );

    app.get<{ Params: { tranRef: string } }>('/sandbox/pay/:tranRef', { config, schema: { hide: true } }, async (req, reply) => {
      const t = transactions.get(req.params.tranRef);
      if (!t) return html(reply, 404, messagePage('en', TEXT.en.notFound));
      if (t.result) return html(reply, 409, messagePage(t.request.lang, TEXT[t.request.lang].done));
      return html(reply, 200, cardPage(req.params.tranRef, t));
    });

    app.post<{ Params: { tranRef: string }; Body: unknown }>(
      '/sandbox/pay/:tranRef',
      { config, schema: { hide: true } },
      async (req, reply) => {
        const tranRef = req.params.tranRef;
        const t = transactions.get(tranRef);
        if (!t) return html(reply, 404, messagePage('en', TEXT.en.notFound));
        if (t.result) return html(reply, 409, messagePage(t.request.lang, TEXT[t.request.lang].done));
        const form = req.body;
        const value = (k: string) => {
          const field: unknown = typeof form === 'object' && form ? Reflect.get(form, k) : undefined;
          return typeof field === 'string' ? field.slice(0, 100) : '';
        };
        const x = TEXT[t.request.lang];
        let cardNumber: string | null = null;
        // Apple Pay or STC Pay: the wallet answers as the test chose (succeeds unless "is declined" was picked).
        const wallet = SANDBOX_WALLETS.find((w) => w.number === `${value('action')}:${value('outcome') === 'D' ? 'D' : 'A'}`);
        if (wallet) cardNumber = wallet.number;
        else if (value('action') !== 'cancel') {
          const digits = value('card').replace(/[\s-]/g, '');
          const values = { card: value('card'), expiry: value('expiry'), cvc: value('cvc'), holder: value('holder') };
          if (!SANDBOX_CARDS.some((c) => c.number === digits)) return html(reply, 400, cardPage(tranRef, t, x.unknownCard, values));
          if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(value('expiry').trim())) return html(reply, 400, cardPage(tranRef, t, x.badExpiry, values));
          if (!/^\d{3,4}$/.test(value('cvc').trim())) return html(reply, 400, cardPage(tranRef, t, x.badCvc, values));
          cardNumber = digits;
        }
        const { result, body } = settle(tranRef, cardNumber);
        // The server-to-server callback first (as PayTabs does), in-process; then the browser's return.
        const callback = new URL(t.request.callbackUrl);
        try {
          const res = await app.inject({
            method: 'POST',
            url: `${callback.pathname}${callback.search}`,
            headers: { host: callback.host, 'content-type': 'application/json', signature: hmacHex(secret, body) },
            payload: body,
          });
          if (res.statusCode !== 200) req.log.warn({ status: res.statusCode, tranRef }, 'sandbox callback was not accepted');
        } catch (err) {
          req.log.warn({ err, tranRef }, 'sandbox callback failed; the return will confirm by query');
        }
        return html(reply, 200, returnPage(t.request.lang, t.request.returnUrl, returnFields(t, result)));
      },
    );
  }

  return {
    name: 'sandbox',
    methods: CARD_METHODS,
    async createPage(request) {
      const tranRef = randomTranRef();
      transactions.set(tranRef, { request, result: null });
      if (transactions.size > MAX_TRANSACTIONS) {
        const oldest = transactions.keys().next().value;
        if (oldest) transactions.delete(oldest);
      }
      // Served by this server, on the origin the payer returns to (so the page may sit in Kora's frame).
      return { tranRef, redirectUrl: new URL(`/sandbox/pay/${tranRef}`, request.returnUrl).toString() };
    },
    verifyCallback: (rawBody, headers) => verifySignedCallback(secret, rawBody, headers),
    verifyReturn: (fields) => verifySignedReturn(secret, fields),
    async query(tranRef) {
      const charged = charges.get(tranRef);
      if (charged) return { ...charged };
      const t = transactions.get(tranRef);
      if (!t) throw new PaymentProviderError('unknown sandbox transaction');
      return (
        t.result ?? {
          tranRef,
          cartId: t.request.cartId,
          status: 'P',
          amountHalalas: t.request.amountHalalas,
          currency: 'SAR',
          message: 'Pending',
        }
      );
    },
    async refund(request) {
      return refund(request);
    },
    async queryRefund(q) {
      const made = refunds.filter((r) => r.request.cartId === q.cartId && r.request.tranRef === q.tranRef);
      const verdict = made.find((r) => r.result.status === 'A') ?? made[made.length - 1];
      return verdict ? { ...verdict.result } : null;
    },
    async chargeToken(c) {
      const cardNumber = tokenCard(c.token);
      if (!cardNumber)
        return { tranRef: '', cartId: c.cartId, status: 'E', amountHalalas: c.amountHalalas, currency: 'SAR', message: 'Unknown token' };
      const chargeNo = (tokenUses.get(c.token) ?? 1) + 1;
      tokenUses.set(c.token, chargeNo);
      const verdict = recurringVerdict(cardNumber, chargeNo);
      const result: PaymentResult = {
        tranRef: randomTranRef(),
        cartId: c.cartId,
        amountHalalas: c.amountHalalas,
        currency: 'SAR',
        ...verdict,
      };
      charges.set(result.tranRef, result);
      if (charges.size > MAX_TRANSACTIONS) {
        const oldest = charges.keys().next().value;
        if (oldest) charges.delete(oldest);
      }
      return { ...result };
    },
    async queryCart(cartId) {
      const found = [...charges.values()].filter((r) => r.cartId === cartId);
      const verdict = found.find((r) => r.status === 'A') ?? found[found.length - 1];
      return verdict ? { ...verdict } : null;
    },
    async deleteToken(token) {
      tokenUses.delete(token);
      return true;
    },
    refunds,
    signCallback: (rawBody) => hmacHex(secret, rawBody),
    signReturn: (fields) => returnSignature(secret, fields),
    settle: (tranRef, cardNumber) => settle(tranRef, cardNumber).body,
    plugin,
  };
}
