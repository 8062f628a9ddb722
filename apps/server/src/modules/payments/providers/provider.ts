import type { IncomingHttpHeaders } from 'node:http';
import type { CardMethod } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The card payment provider behind the public payment page (docs/domain.md, "Card payments with PayTabs"): PayTabs when its
 * credentials are configured, otherwise the built-in sandbox. Both speak PayTabs' shapes, so the
 * routes never know which one runs.
 */
export interface PaymentProvider {
  /** Recorded with each payment (`payments.provider`). */
  readonly name: 'paytabs' | 'sandbox';
  /** The ways its pages take money (docs/domain.md, "Payment methods"): PayTabs' profile's, the sandbox's all. */
  readonly methods: readonly CardMethod[];
  /** Opens a hosted payment page for one cart; throws PaymentProviderError when the provider refuses. */
  createPage(request: HostedPageRequest): Promise<HostedPage>;
  /** The result of a server-to-server callback whose signature over the raw body is valid; null otherwise. */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentResult | null;
  /** The payer's return (a form POST) when its `signature` is valid; null otherwise. Never proof of payment. */
  verifyReturn(fields: Record<string, string>): ReturnResult | null;
  /** Asks the provider for a transaction's state (the proof a return or callback is checked against). */
  query(tranRef: string): Promise<PaymentResult>;
  /**
   * Gives back all or part of a paid transaction (PayTabs: `tran_type` "refund" on its `tran_ref`).
   * Answers the provider's verdict, refused ones included; throws PaymentProviderError when no
   * verdict came (unreachable, timed out, an answer of another shape): the refund may have happened.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * What became of a refund asked before (PayTabs: `POST /payment/query` by its `cart_id`, the
   * refund's id): the provider's verdict on it, or null when the provider has no refund of that
   * `cart_id` (it never arrived: asking again is safe). Throws PaymentProviderError when no answer came.
   */
  queryRefund(request: RefundQuery): Promise<RefundResult | null>;
  /**
   * A merchant-initiated charge of a saved card (PayTabs: `tran_class` "recur" with the `token` and
   * the original `tran_ref`). Answers the provider's verdict (refusals included); throws
   * PaymentProviderError when no verdict came (the charge may have happened: ask `queryCart`).
   */
  chargeToken(request: TokenCharge): Promise<PaymentResult>;
  /** The sale made with this `cart_id` (a paid one first), or null when the provider has none (asking again is safe). */
  queryCart(cartId: string): Promise<PaymentResult | null>;
  /** Deletes a saved card's token at the provider: true when it did (or had none), false when it refused. */
  deleteToken(token: string): Promise<boolean>;
  /** Routes the provider serves itself (the sandbox's card page): a Fastify plugin registered while the app is built. */
  plugin?(app: FastifyInstance): Promise<void>;
}

/** A merchant-initiated charge of a saved card. */
export interface TokenCharge {
  /** Kora's reference of this try (renewal_tries.id): one try, one cart. */
  cartId: string;
  amountHalalas: number;
  description: string;
  token: string;
  /** The payment that saved the card (the recurring agreement's first transaction). */
  firstTranRef: string;
}

export interface HostedPageRequest {
  /** Kora's reference of what is paid: the subscription id. */
  cartId: string;
  amountHalalas: number;
  description: string;
  lang: 'ar' | 'en';
  customer: Customer;
  /** Where the provider posts its signed notification. */
  callbackUrl: string;
  /** Where the payer's browser comes back (a form POST), inside the payment page's frame. */
  returnUrl: string;
  /** The methods the page offers (PayTabs `payment_methods`); absent: the provider's own. */
  methods?: readonly CardMethod[];
  /** The payer agreed on Kora's page to save the card for automatic renewals: ask for a recurring token. */
  tokenise?: boolean;
}

export interface Customer {
  name: string;
  email: string;
  phone: string;
  city: string;
  /** The payer's address as the server saw it. */
  ip: string;
}

export interface HostedPage {
  tranRef: string;
  /** The page to show in the payment page's frame. */
  redirectUrl: string;
}

/**
 * PayTabs' `payment_result.response_status`: A authorised (the only paid status), H hold, P pending,
 * V voided, E error, D declined, X expired, C cancelled.
 */
export type ResponseStatus = string;

export interface PaymentResult {
  tranRef: string;
  cartId: string;
  status: ResponseStatus;
  /** The amount of the cart in halalas (null when the answer did not say). */
  amountHalalas: number | null;
  currency: string | null;
  message: string;
  /** The way it was paid, when the answer names one (`payment_info.payment_method`, else the card scheme). */
  method?: CardMethod | null;
  /** A tokenised payment's card token, with the masked card (only when the provider made a token). */
  token?: string;
  cardLabel?: string;
  /** A merchant-initiated charge the issuer refused because the payer must authenticate it (3-D Secure). */
  needsPayer?: boolean;
}

export interface RefundRequest {
  /** The paid transaction's reference. */
  tranRef: string;
  /** Kora's reference of this refund (the refund row's id), PayTabs' `cart_id`. */
  cartId: string;
  amountHalalas: number;
  /** Why (PayTabs' `cart_description`). */
  description: string;
}

export interface RefundQuery {
  /** The paid transaction's reference (the refund was asked on it). */
  tranRef: string;
  /** Kora's reference of the refund (its `cart_id`). */
  cartId: string;
}

export interface RefundResult {
  /** `A`: the money went back; anything else: refused. */
  status: ResponseStatus;
  /** The provider's reference of the refund transaction ('' when it refused before making one). */
  tranRef: string;
  message: string;
}

export interface ReturnResult {
  tranRef: string;
  cartId: string;
  status: ResponseStatus;
}

/** Only 'A' (authorised) means paid; hold, pending and every other status do not. */
export const isPaid = (r: { status: ResponseStatus }) => r.status === 'A';

/** The provider could not open a page (its `{code, message}` answer, a network failure, an answer of the wrong shape). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string | number,
    /** The HTTP status of the provider's answer; absent when none came. */
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
