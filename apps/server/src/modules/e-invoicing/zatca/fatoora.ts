import { z } from 'zod';
import {
  type Csid,
  type CsidAnswer,
  type DocumentAnswer,
  type DocumentResult,
  type SubmittedDocument,
  type ZatcaApi,
  type ZatcaEnvironment,
  ZatcaRefusal,
  ZatcaUnavailable,
} from './provider.js';

export interface FatooraOptions {
  environment: ZatcaEnvironment;
  /** The environment's gateway, e.g. https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation. */
  baseUrl: string;
  /** The transport: the global fetch, or the local simulator's in-process one. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** ZATCA's answer to a CSID request, as far as it is used: a token and its secret (both non-empty). */
const csidAnswerSchema = z.object({
  requestID: z.unknown(),
  dispositionMessage: z.string().optional().catch(undefined),
  binarySecurityToken: z.string().min(1),
  secret: z.string().min(1),
});

const validationMessageSchema = z.object({
  type: z.enum(['INFO', 'WARNING', 'ERROR']),
  code: z.string(),
  category: z.string(),
  message: z.string(),
  status: z.string(),
});

/** ZATCA's answer to a document: its validation results (an answer without them is a refusal). */
const documentAnswerSchema = z.object({
  validationResults: z.object({
    infoMessages: z.array(validationMessageSchema),
    warningMessages: z.array(validationMessageSchema),
    errorMessages: z.array(validationMessageSchema),
    status: z.enum(['PASS', 'WARNING', 'ERROR']),
  }),
  reportingStatus: z.enum(['REPORTED', 'NOT_REPORTED']).nullable().catch(null),
  clearanceStatus: z.null().catch(null),
}) satisfies z.ZodType<DocumentAnswer>;

const basic = (auth: Csid) => `Basic ${Buffer.from(`${auth.binarySecurityToken}:${auth.secret}`).toString('base64')}`;

/**
 * The HTTP client of ZATCA's API (docs/domain.md, "ZATCA: the facts Kora builds on"), the same for ZATCA's environments and the local
 * simulator: JSON bodies, `Accept-Version: V2`, the OTP header on certificate requests, basic
 * authentication with a certificate token and its secret afterwards.
 */
export function createFatooraApi(opts: FatooraOptions): ZatcaApi {
  const send = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 30_000;

  async function call(method: 'POST' | 'PATCH', path: string, headers: Record<string, string>, body: unknown) {
    let res: Response;
    try {
      res = await send(`${opts.baseUrl}${path}`, {
        method,
        headers: {
          Accept: 'application/json',
          'Accept-Language': 'en',
          'Accept-Version': 'V2',
          'Content-Type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ZatcaUnavailable(`ZATCA could not be reached: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = { message: text.slice(0, 300) };
    }
    // Outages and throttling are ZATCA's side: the same request may succeed later.
    if (res.status >= 500 || res.status === 429) throw new ZatcaUnavailable(`ZATCA answered ${res.status}`, res.status);
    return { status: res.status, json };
  }

  async function csid(method: 'POST' | 'PATCH', path: string, headers: Record<string, string>, body: unknown): Promise<CsidAnswer> {
    const { status, json } = await call(method, path, headers, body);
    const parsed = csidAnswerSchema.safeParse(json);
    if (status !== 200 || !parsed.success) throw new ZatcaRefusal(status, json);
    const a = parsed.data;
    return {
      requestID: String(a.requestID ?? ''),
      dispositionMessage: a.dispositionMessage,
      binarySecurityToken: a.binarySecurityToken,
      secret: a.secret,
    };
  }

  async function document(path: string, headers: Record<string, string>, doc: SubmittedDocument): Promise<DocumentResult> {
    const { status, json } = await call('POST', path, headers, doc);
    const parsed = documentAnswerSchema.safeParse(json);
    // 200 reported, 202 reported with warnings, 400 not reported: each carries validation results.
    if ([200, 202, 400].includes(status) && parsed.success) return { httpStatus: status, answer: parsed.data };
    throw new ZatcaRefusal(status, json);
  }

  return {
    environment: opts.environment,
    complianceCsid: (csr, otp) => csid('POST', '/compliance', { OTP: otp }, { csr }),
    complianceCheck: (auth, doc) => document('/compliance/invoices', { Authorization: basic(auth) }, doc),
    productionCsid: (auth, complianceRequestId) =>
      csid('POST', '/production/csids', { Authorization: basic(auth) }, { compliance_request_id: complianceRequestId }),
    renewProductionCsid: (auth, csr, otp) => csid('PATCH', '/production/csids', { Authorization: basic(auth), OTP: otp }, { csr }),
    reportSingle: (auth, doc) => document('/invoices/reporting/single', { Authorization: basic(auth), 'Clearance-Status': '0' }, doc),
  };
}
