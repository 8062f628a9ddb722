/**
 * ZATCA's e-invoicing API (Fatoora) as Kora uses it (docs/domain.md, "ZATCA: the facts Kora builds on"): onboarding an academy's
 * e-invoicing unit (compliance certificate with the portal's OTP, compliance checks, production
 * certificate, renewal) and reporting simplified documents. One HTTP client (fatoora.ts) speaks it
 * to ZATCA's environments or, by default, to the built-in local simulator (simulator.ts), which
 * answers in ZATCA's shapes and checks what ZATCA checks. Names are ZATCA's own.
 */

/** Where documents go: ZATCA's three environments, or the built-in simulator (no network). */
export const ZATCA_ENVIRONMENTS = ['local', 'developer-portal', 'simulation', 'core'] as const;
export type ZatcaEnvironment = (typeof ZATCA_ENVIRONMENTS)[number];

/** The gateway of each of ZATCA's environments. */
export const FATOORA_BASE_URLS: Record<Exclude<ZatcaEnvironment, 'local'>, string> = {
  'developer-portal': 'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal',
  simulation: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation',
  core: 'https://gw-fatoora.zatca.gov.sa/e-invoicing/core',
};

/** The certificate template name a CSR asks for (extension 1.3.6.1.4.1.311.20.2), by environment. */
export const CERTIFICATE_TEMPLATES: Record<ZatcaEnvironment, string> = {
  local: 'TSTZATCA-Code-Signing',
  'developer-portal': 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  core: 'ZATCA-Code-Signing',
};

/** A certificate answer (`POST /compliance`, `POST` and `PATCH /production/csids`). */
export interface CsidAnswer {
  requestID: string;
  dispositionMessage?: string;
  /** The certificate: base64 of its base64 DER text. It is also the API user name. */
  binarySecurityToken: string;
  /** The API password that goes with it. */
  secret: string;
}

/** Basic authentication of the calls after the first: the certificate token and its secret. */
export interface Csid {
  binarySecurityToken: string;
  secret: string;
}

/** One message of `validationResults`. */
export interface ValidationMessage {
  type: 'INFO' | 'WARNING' | 'ERROR';
  code: string;
  category: string;
  message: string;
  status: string;
}

export interface ValidationResults {
  infoMessages: ValidationMessage[];
  warningMessages: ValidationMessage[];
  errorMessages: ValidationMessage[];
  status: 'PASS' | 'WARNING' | 'ERROR';
}

/** ZATCA's answer to a document (reporting and compliance checks). */
export interface DocumentAnswer {
  validationResults: ValidationResults;
  reportingStatus: 'REPORTED' | 'NOT_REPORTED' | null;
  clearanceStatus: null;
}

/** A document as the API takes it. */
export interface SubmittedDocument {
  invoiceHash: string;
  uuid: string;
  /** The signed XML, base64. */
  invoice: string;
}

/** An answer ZATCA gave about a document: 200 reported, 202 reported with warnings, 400 not reported (errors). */
export interface DocumentResult {
  httpStatus: number;
  answer: DocumentAnswer;
}

export interface ZatcaApi {
  readonly environment: ZatcaEnvironment;
  /** `POST /compliance` with the portal's one-time password: a compliance certificate for the CSR (base64 of its PEM). */
  complianceCsid(csr: string, otp: string): Promise<CsidAnswer>;
  /** `POST /compliance/invoices`: one compliance check. */
  complianceCheck(auth: Csid, document: SubmittedDocument): Promise<DocumentResult>;
  /** `POST /production/csids`: the production certificate once the compliance checks passed. */
  productionCsid(auth: Csid, complianceRequestId: string): Promise<CsidAnswer>;
  /** `PATCH /production/csids` with a new CSR and OTP: a renewed production certificate. */
  renewProductionCsid(auth: Csid, csr: string, otp: string): Promise<CsidAnswer>;
  /** `POST /invoices/reporting/single` (`Clearance-Status: 0`): reports a simplified document. */
  reportSingle(auth: Csid, document: SubmittedDocument): Promise<DocumentResult>;
}

/**
 * ZATCA answered with a refusal that is not about a document (an unknown OTP, a bad CSR, wrong
 * credentials): `status` and ZATCA's body. Retrying the same request will not help.
 */
export class ZatcaRefusal extends Error {
  /** ZATCA's own words, for the user. */
  readonly reason: string;
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const reason = describeBody(body) || `HTTP ${status}`;
    super(`ZATCA refused the request (${status}): ${reason}`);
    this.reason = reason;
    this.name = 'ZatcaRefusal';
  }
}

/** ZATCA could not be reached or failed on its side (network, timeout, 5xx, 429): try again later. */
export class ZatcaUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ZatcaUnavailable';
  }
}

/** The `message` of an object that has a text one. */
const messageOf = (value: unknown): string | undefined =>
  value && typeof value === 'object' && 'message' in value && typeof value.message === 'string' ? value.message : undefined;

/** ZATCA's error bodies vary by call: `{message}`, `{errors: [...]}` or validation results. */
function describeBody(body: unknown): string {
  if (!body || typeof body !== 'object') return String(body ?? '');
  if ('message' in body && typeof body.message === 'string') return body.message;
  if ('errors' in body && Array.isArray(body.errors))
    return body.errors.map((e: unknown) => (typeof e === 'string' ? e : (messageOf(e) ?? JSON.stringify(e)))).join('; ');
  const results = 'validationResults' in body ? body.validationResults : undefined;
  const list = results && typeof results === 'object' && 'errorMessages' in results ? results.errorMessages : undefined;
  const messages = Array.isArray(list) ? list.map(messageOf).filter(Boolean) : undefined;
  return messages?.length ? messages.join('; ') : JSON.stringify(body).slice(0, 300);
}

/** The certificate a CSID token carries, as PEM. */
export const certificateOfToken = (binarySecurityToken: string) => {
  const base64 = Buffer.from(binarySecurityToken, 'base64').toString('ascii').replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${base64.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
};

/** The token of a certificate (PEM or DER). */
export const tokenOfCertificate = (der: Buffer) => Buffer.from(der.toString('base64'), 'ascii').toString('base64');
