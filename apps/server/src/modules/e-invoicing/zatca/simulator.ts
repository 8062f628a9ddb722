/**
 * The built-in stand-in for ZATCA's API (docs/domain.md, "E-invoicing with ZATCA: onboarding and reporting"),
 * the default when no ZATCA environment is
 * configured: Kora's HTTP client (fatoora.ts) talks to it through an in-process `fetch`, so a
 * development server and the tests need no network. It answers in ZATCA's shapes and checks what
 * ZATCA checks:
 *  - certificates: the CSR's signature, ZATCA's subject fields and template name; it is a CA of its
 *    own (a secp256k1 key made once per data directory, or per process) and signs each unit's key
 *    into an X.509 certificate; the API secret of a certificate is derived from the CA key, so a
 *    restart keeps every issued credential working;
 *  - documents: the invoice hash recomputed from the XML (signing.ts), the ECDSA signature with the
 *    embedded certificate, that certificate being the caller's and issued here, the QR's hash and
 *    signature, and for reporting the chain of each unit: ICV +1 and PIH = the hash of the
 *    unit's previous document. A tampered document is NOT_REPORTED.
 * Tests make it fail (`outage`) and count what it received (`calls`).
 */
import { createHmac, createPrivateKey, createVerify, generateKeyPairSync, timingSafeEqual, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { invoiceHash, PIH_SEED } from '../../invoices/formats/signing.js';
import {
  alternativeNameOfCertificate,
  CSR_FIELDS,
  caName,
  certificatePem,
  issueCertificate,
  type ReadCsr,
  readCsr,
  selfSignedCa,
  unitCertificateExtensions,
} from './csr.js';
import { CERTIFICATE_TEMPLATES, tokenOfCertificate, type ValidationMessage, type ValidationResults } from './provider.js';

export const SIMULATOR_BASE_URL = 'http://zatca-simulator.invalid/e-invoicing/local';
/** The one-time password the simulator refuses (any other six digits are accepted). */
export const SIMULATOR_REFUSED_OTP = '000000';

const DAY_MS = 24 * 3600_000;
/** How long the simulator's certificates are valid. */
export const SIMULATOR_CERTIFICATE_DAYS = 365;

export interface SimulatorCall {
  method: string;
  path: string;
  status: number;
  /** The document's UUID for document calls. */
  uuid?: string;
}

export interface ZatcaSimulator {
  /** The in-process transport for fatoora.ts. */
  fetch: typeof fetch;
  /** While true every call answers 503, as during an outage of ZATCA's platform. */
  outage: boolean;
  /** Every call received, in order. */
  readonly calls: SimulatorCall[];
  /** How many times a document UUID was received and answered for reporting (not counting outage answers). */
  reportsOf(uuid: string): number;
  /** The CA certificate (PEM). */
  readonly caCertificate: string;
}

interface Options {
  /** Keeps the CA key under `<dataDir>/zatca-simulator/`, so certificates outlive a restart. */
  dataDir?: string;
  now?: () => Date;
}

interface Answer {
  status: number;
  body: unknown;
}

const CA_NAME = caName('Kora ZATCA Simulator CA', ['local', 'kora']);

function loadCa(dataDir: string | undefined, now: Date) {
  const dir = dataDir ? join(dataDir, 'zatca-simulator') : null;
  if (dir && existsSync(join(dir, 'ca-key.pem')) && existsSync(join(dir, 'ca.pem'))) {
    const privateKey = createPrivateKey(readFileSync(join(dir, 'ca-key.pem'), 'utf8'));
    return { privateKey, certificate: new X509Certificate(readFileSync(join(dir, 'ca.pem'), 'utf8')) };
  }
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const der = selfSignedCa(CA_NAME, privateKey, publicKey, new Date(now.getTime() - DAY_MS), new Date(now.getTime() + 20 * 365 * DAY_MS));
  if (dir) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'ca-key.pem'), privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(join(dir, 'ca.pem'), certificatePem(der));
  }
  return { privateKey, certificate: new X509Certificate(der) };
}

const message = (type: ValidationMessage['type'], code: string, category: string, text: string): ValidationMessage => ({
  type,
  code,
  category,
  message: text,
  status: type === 'INFO' ? 'PASS' : type,
});

const tag = (xml: string, pattern: string) => new RegExp(pattern).exec(xml)?.[1];

/** The TLV fields of a QR payload by tag. */
function qrTags(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  const tags = new Map<number, Buffer>();
  for (let i = 0; i + 1 < bytes.length; i += 2 + bytes[i + 1]) tags.set(bytes[i], bytes.subarray(i + 2, i + 2 + bytes[i + 1]));
  return tags;
}

export function createZatcaSimulator(opts: Options = {}): ZatcaSimulator {
  const now = opts.now ?? (() => new Date());
  const ca = loadCa(opts.dataDir, now());
  const caKeyDer = ca.privateKey.export({ type: 'pkcs8', format: 'der' });
  const template = CERTIFICATE_TEMPLATES.local;
  const calls: SimulatorCall[] = [];
  /** Compliance request id → the compliance certificate's serial and the document types that passed. */
  const complianceRequests = new Map<string, { serial: string; passed: Set<string>; csr: ReadCsr }>();
  /** Each unit's chain: the last document's ICV and hash. */
  const chains = new Map<string, { icv: number; hash: string }>();
  /** Reported UUIDs per unit. */
  const reported = new Map<string, Set<string>>();
  let requestSeq = 0;

  const secretOf = (kind: 'compliance' | 'production', serial: string) =>
    createHmac('sha256', caKeyDer).update(`${kind}:${serial}`).digest('base64url').slice(0, 43);

  /** The certificate and kind behind a basic authentication header, if it is one the simulator issued. */
  function authenticate(header: string | undefined, kind: 'compliance' | 'production') {
    const [scheme, value] = (header ?? '').split(' ');
    if (scheme !== 'Basic' || !value) return null;
    const [token, secret] = Buffer.from(value, 'base64').toString('utf8').split(':');
    if (!token || !secret) return null;
    try {
      const certificate = new X509Certificate(Buffer.from(Buffer.from(token, 'base64').toString('ascii'), 'base64'));
      if (!certificate.verify(ca.certificate.publicKey)) return null;
      const expected = Buffer.from(secretOf(kind, certificate.serialNumber));
      const given = Buffer.from(secret);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (new Date(certificate.validTo) < now()) return null;
      return certificate;
    } catch {
      return null;
    }
  }

  const unitOf = (certificate: X509Certificate) => alternativeNameOfCertificate(certificate.raw)[CSR_FIELDS.serial] ?? certificate.subject;

  function issue(kind: 'compliance' | 'production', csr: ReadCsr) {
    const der = issueCertificate({
      issuer: CA_NAME,
      issuerKey: ca.privateKey,
      subject: csr.subject,
      spki: csr.spki,
      notBefore: new Date(now().getTime() - 60_000),
      notAfter: new Date(now().getTime() + SIMULATOR_CERTIFICATE_DAYS * DAY_MS),
      extensions: unitCertificateExtensions(csr),
    });
    const serial = new X509Certificate(der).serialNumber;
    const requestID = `${Date.now()}${String(++requestSeq).padStart(4, '0')}`.slice(-13);
    return {
      serial,
      answer: {
        requestID,
        tokenType: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
        dispositionMessage: 'ISSUED',
        binarySecurityToken: tokenOfCertificate(der),
        secret: secretOf(kind, serial),
        errors: null,
      },
    };
  }

  const refused = (status: number, code: string, text: string): Answer => ({ status, body: { errors: [{ code, message: text }] } });

  /** ZATCA's checks of a CSR: signature, secp256k1, subject and SAN fields, the environment's template. */
  function checkCsr(csrBase64: unknown) {
    if (typeof csrBase64 !== 'string') return { error: 'The CSR is missing' };
    try {
      const csr = readCsr(csrBase64);
      const s = csr.subjectText;
      const san = csr.alternativeName;
      const missing = [
        s[CSR_FIELDS.country] === 'SA' ? null : 'C=SA',
        s[CSR_FIELDS.organization] ? null : 'O',
        s[CSR_FIELDS.organizationalUnit] ? null : 'OU',
        s[CSR_FIELDS.commonName] ? null : 'CN',
        /^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(san[CSR_FIELDS.serial] ?? '') ? null : 'SN (1-…|2-…|3-…)',
        /^3\d{13}3$/.test(san[CSR_FIELDS.uid] ?? '') ? null : 'UID (VAT number)',
        /^[01]{4}$/.test(san[CSR_FIELDS.title] ?? '') ? null : 'title (invoice type)',
        san[CSR_FIELDS.registeredAddress] ? null : 'registeredAddress',
        san[CSR_FIELDS.businessCategory] ? null : 'businessCategory',
        csr.template === template ? null : `certificate template ${template}`,
      ].filter(Boolean);
      if (missing.length > 0) return { error: `The CSR lacks or has a wrong ${missing.join(', ')}` };
      return { csr };
    } catch (err) {
      return { error: `The CSR is not valid: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  /** Hash, signature, certificate and QR of one document; the chain for reporting. */
  function checkDocument(body: Record<string, unknown>, certificate: X509Certificate, reporting: boolean) {
    const errors: ValidationMessage[] = [];
    const warnings: ValidationMessage[] = [];
    const infos: ValidationMessage[] = [];
    let xml = '';
    if (typeof body.invoice === 'string') xml = Buffer.from(body.invoice, 'base64').toString('utf8');
    if (!xml.includes('<Invoice')) {
      errors.push(message('ERROR', 'invalid-invoice', 'XSD validation', 'The invoice is not a UBL 2.1 invoice'));
      return { errors, warnings, infos, typeCode: null, authentic: false, uuid: null };
    }
    const uuid = tag(xml, '<cbc:UUID>([^<]+)</cbc:UUID>') ?? null;
    if (uuid !== body.uuid) errors.push(message('ERROR', 'invalid-uuid', 'UUID', 'The UUID of the request does not match the invoice'));
    if (tag(xml, '<cbc:ProfileID>([^<]+)</cbc:ProfileID>') !== 'reporting:1.0')
      errors.push(message('ERROR', 'BR-KSA-EN16931-01', 'KSA', 'The business process (ProfileID) must be reporting:1.0'));
    const typeName = tag(xml, '<cbc:InvoiceTypeCode name="([^"]+)"');
    const typeCode = tag(xml, '<cbc:InvoiceTypeCode[^>]*>([^<]+)</cbc:InvoiceTypeCode>') ?? null;
    if (reporting && !typeName?.startsWith('02'))
      errors.push(message('ERROR', 'invoiceTypeCode', 'KSA', 'Only simplified documents (02…) are reported; tax invoices are cleared'));

    const hash = invoiceHash(xml);
    const signedDigest = tag(xml, '<ds:Reference Id="invoiceSignedData"[\\s\\S]*?<ds:DigestValue>([^<]+)</ds:DigestValue>');
    const hashOk = hash === body.invoiceHash && hash === signedDigest;
    if (hash !== body.invoiceHash)
      errors.push(
        message(
          'ERROR',
          'invalid-invoice-hash',
          'INVOICE_HASHING_ERRORS',
          'The invoice hash API body does not match the (calculated) Hash of the XML',
        ),
      );
    if (hash !== signedDigest)
      errors.push(
        message(
          'ERROR',
          'signed-invoice-hash',
          'INVOICE_HASHING_ERRORS',
          'The signed digest does not match the (calculated) Hash of the XML: the document was changed after signing',
        ),
      );

    let embedded: X509Certificate | null = null;
    try {
      embedded = new X509Certificate(Buffer.from(tag(xml, '<ds:X509Certificate>([^<]+)</ds:X509Certificate>') ?? '', 'base64'));
    } catch {
      errors.push(message('ERROR', 'invalid-certificate', 'SIGNATURE_ERRORS', 'The signing certificate cannot be read'));
    }
    const certificateOk = !!embedded && embedded.raw.equals(certificate.raw);
    if (embedded && !certificateOk)
      errors.push(
        message(
          'ERROR',
          'certificate-mismatch',
          'SIGNATURE_ERRORS',
          'The document is not signed with the certificate of the authenticated unit',
        ),
      );
    const signatureValue = tag(xml, '<ds:SignatureValue>([^<]+)</ds:SignatureValue>') ?? '';
    const signatureOk =
      !!embedded &&
      !!signedDigest &&
      createVerify('sha256').update(Buffer.from(signedDigest, 'base64')).verify(embedded.publicKey, Buffer.from(signatureValue, 'base64'));
    if (embedded && !signatureOk)
      errors.push(
        message('ERROR', 'invalid-signature', 'SIGNATURE_ERRORS', 'The ECDSA signature does not verify with the embedded certificate'),
      );

    const qr = qrTags(tag(xml, '<cbc:ID>QR</cbc:ID>[\\s\\S]*?<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)<') ?? '');
    if (qr.get(6)?.toString('utf8') !== signedDigest || qr.get(7)?.toString('utf8') !== signatureValue)
      errors.push(
        message('ERROR', 'qr-code-invalid', 'QR_CODE_ERRORS', 'The QR code does not carry the hash and signature of the document'),
      );
    if (!/schemeID="CRN"/.test(xml))
      warnings.push(message('WARNING', 'BR-KSA-08', 'KSA', 'The seller identification (commercial registration, schemeID CRN) is missing'));

    const authentic = hashOk && certificateOk && signatureOk;
    if (reporting) {
      const unit = unitOf(certificate);
      const icv = Number(tag(xml, '<cbc:ID>ICV</cbc:ID>\\s*<cbc:UUID>([^<]+)</cbc:UUID>'));
      const pih = tag(xml, '<cbc:ID>PIH</cbc:ID>[\\s\\S]*?<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)<');
      const last = chains.get(unit);
      if (!Number.isInteger(icv) || icv < 1)
        errors.push(message('ERROR', 'invalid-icv', 'KSA', 'The invoice counter value (ICV) is missing'));
      else if (last && icv !== last.icv + 1)
        errors.push(message('ERROR', 'invalid-icv', 'KSA', `The invoice counter value ${icv} does not follow ${last.icv}`));
      if (last ? pih !== last.hash : icv === 1 && pih !== PIH_SEED)
        errors.push(
          message('ERROR', 'invalid-pih', 'KSA', "The previous invoice hash (PIH) is not the hash of the unit's previous document"),
        );
      if (!last && icv > 1) infos.push(message('INFO', 'chain-start', 'KSA', `The unit's chain starts at ICV ${icv}`));
      // A document the unit really signed takes its place in the chain, even when it is refused for another reason.
      if (authentic && Number.isInteger(icv)) chains.set(unit, { icv, hash });
    }
    if (errors.length === 0)
      infos.push(message('INFO', 'XSD_ZATCA_VALID', 'XSD validation', 'Complied with UBL 2.1 standards in line with ZATCA specifications'));
    return { errors, warnings, infos, typeCode, authentic, uuid };
  }

  function documentAnswer(checked: ReturnType<typeof checkDocument>): Answer {
    const failed = checked.errors.length > 0;
    const validationResults: ValidationResults = {
      infoMessages: checked.infos,
      warningMessages: checked.warnings,
      errorMessages: checked.errors,
      status: failed ? 'ERROR' : checked.warnings.length > 0 ? 'WARNING' : 'PASS',
    };
    return {
      status: failed ? 400 : checked.warnings.length > 0 ? 202 : 200,
      body: { validationResults, reportingStatus: failed ? 'NOT_REPORTED' : 'REPORTED', clearanceStatus: null },
    };
  }

  const unauthorized: Answer = { status: 401, body: { message: 'Unauthorized' } };

  function handle(method: string, path: string, headers: Headers, body: Record<string, unknown>): Answer & { uuid?: string } {
    if (headers.get('accept-version') !== 'V2') return refused(400, 'Invalid-Version', 'Accept-Version must be V2');
    if (method === 'POST' && path === '/compliance') {
      const otp = headers.get('otp') ?? '';
      if (!/^\d{6}$/.test(otp) || otp === SIMULATOR_REFUSED_OTP) return refused(400, 'Invalid-OTP', 'The OTP is invalid or has expired');
      const { csr, error } = checkCsr(body.csr);
      if (!csr) return refused(400, 'Invalid-CSR', error);
      const issued = issue('compliance', csr);
      complianceRequests.set(issued.answer.requestID, { serial: issued.serial, passed: new Set(), csr });
      return { status: 200, body: issued.answer };
    }
    if (method === 'POST' && path === '/compliance/invoices') {
      const certificate = authenticate(headers.get('authorization') ?? undefined, 'compliance');
      if (!certificate) return unauthorized;
      const checked = checkDocument(body, certificate, false);
      if (checked.errors.length === 0 && checked.typeCode && checked.uuid)
        for (const request of complianceRequests.values())
          if (request.serial === certificate.serialNumber) request.passed.add(checked.typeCode);
      return { ...documentAnswer(checked), uuid: checked.uuid ?? undefined };
    }
    if (method === 'POST' && path === '/production/csids') {
      const certificate = authenticate(headers.get('authorization') ?? undefined, 'compliance');
      if (!certificate) return unauthorized;
      const request = complianceRequests.get(String(body.compliance_request_id ?? ''));
      if (!request || request.serial !== certificate.serialNumber)
        return refused(400, 'Invalid-Request-ID', 'The compliance request id is not the one of this certificate');
      const missing = ['388', '381', '383'].filter((t) => !request.passed.has(t));
      if (missing.length > 0)
        return refused(400, 'Compliance-Checks-Missing', `The compliance checks of ${missing.join(', ')} have not passed`);
      // The production certificate is for the same unit and key as the compliance one.
      return { status: 200, body: issue('production', request.csr).answer };
    }
    if (method === 'PATCH' && path === '/production/csids') {
      const certificate = authenticate(headers.get('authorization') ?? undefined, 'production');
      if (!certificate) return unauthorized;
      const otp = headers.get('otp') ?? '';
      if (!/^\d{6}$/.test(otp) || otp === SIMULATOR_REFUSED_OTP) return refused(400, 'Invalid-OTP', 'The OTP is invalid or has expired');
      const { csr, error } = checkCsr(body.csr);
      if (!csr) return refused(400, 'Invalid-CSR', error);
      if (csr.alternativeName[CSR_FIELDS.uid] !== alternativeNameOfCertificate(certificate.raw)[CSR_FIELDS.uid])
        return refused(400, 'Invalid-CSR', 'A renewal keeps the VAT number of the certificate it renews');
      return { status: 200, body: issue('production', csr).answer };
    }
    if (method === 'POST' && path === '/invoices/reporting/single') {
      const certificate = authenticate(headers.get('authorization') ?? undefined, 'production');
      if (!certificate) return unauthorized;
      if (headers.get('clearance-status') !== '0') return refused(400, 'Clearance-Status', 'Reporting takes Clearance-Status: 0');
      const unit = unitOf(certificate);
      const uuid = typeof body.uuid === 'string' ? body.uuid : undefined;
      const seen = reported.get(unit) ?? new Set<string>();
      if (uuid && seen.has(uuid))
        return {
          status: 202,
          uuid,
          body: {
            validationResults: {
              infoMessages: [],
              warningMessages: [message('WARNING', 'duplicate-invoice', 'KSA', 'This invoice was already reported')],
              errorMessages: [],
              status: 'WARNING',
            },
            reportingStatus: 'REPORTED',
            clearanceStatus: null,
          },
        };
      const checked = checkDocument(body, certificate, true);
      if (checked.errors.length === 0 && uuid) {
        seen.add(uuid);
        reported.set(unit, seen);
      }
      return { ...documentAnswer(checked), uuid };
    }
    return { status: 404, body: { message: 'Not found' } };
  }

  const simulator: ZatcaSimulator = {
    outage: false,
    calls,
    caCertificate: certificatePem(ca.certificate.raw),
    reportsOf: (uuid) => calls.filter((c) => c.path === '/invoices/reporting/single' && c.uuid === uuid && c.status < 500).length,
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      const path = url.pathname.replace(new URL(SIMULATOR_BASE_URL).pathname, '');
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}');
      } catch {
        body = {};
      }
      const answer: Answer & { uuid?: string } = simulator.outage
        ? { status: 503, body: { message: 'Service Unavailable' }, uuid: typeof body.uuid === 'string' ? body.uuid : undefined }
        : handle(method, path, headers, body);
      calls.push({ method, path, status: answer.status, uuid: answer.uuid ?? (typeof body.uuid === 'string' ? body.uuid : undefined) });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    },
  };
  return simulator;
}
