/**
 * The cryptographic stamp of a ZATCA phase-2 document (docs/domain.md, "ZATCA: the facts Kora builds on"): the invoice hash, the ECDSA
 * signature over it, the XAdES signed properties of the certificate, and the QR code with tags 1–9.
 * Checked by tools/zatca/validate.mjs (the rules of ZATCA's SDK) in signing.test.ts and the
 * invoices module's tests.
 */
import { createHash, createPrivateKey, createSign, type KeyObject, X509Certificate } from 'node:crypto';
import { tlv } from './qr.js';
import type { UnsignedDocument } from './ubl.js';

/**
 * The previous-invoice hash of an academy's first document: ZATCA's seed (tools/zatca/PIH/pih.txt),
 * the base64 of the hex SHA-256 of "0".
 */
export const PIH_SEED = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data);

/** SHA-256 of canonical XML text, base64: the invoice hash of the document it was cut from. */
export const hashCanonical = (canonical: string) => sha256(Buffer.from(canonical, 'utf8')).digest('base64');

/**
 * The invoice hash of a document Kora wrote (ubl.ts writes it in canonical form, C14N): the
 * document element without `ext:UBLExtensions`, `cac:Signature` and the QR reference, SHA-256,
 * base64. For XML from elsewhere, which may not be canonical, this is not the ZATCA hash.
 */
export function invoiceHash(xml: string): string {
  const start = xml.indexOf('<Invoice');
  const pure = xml
    .slice(start)
    .replace(/<ext:UBLExtensions>[\s\S]*?<\/ext:UBLExtensions>/, '')
    .replace(/<cac:Signature>[\s\S]*?<\/cac:Signature>/, '')
    .replace(/<cac:AdditionalDocumentReference>\s*<cbc:ID>QR<\/cbc:ID>[\s\S]*?<\/cac:AdditionalDocumentReference>/, '')
    .trimEnd();
  return hashCanonical(pure);
}

/** ECDSA-SHA256 with the academy's secp256k1 key over the hash's 32 bytes (not its base64 text); DER, base64. */
export function signInvoiceHash(hash: string, privateKey: KeyObject): string {
  return createSign('sha256').update(Buffer.from(hash, 'base64')).sign(privateKey).toString('base64');
}

/** What the signature and the QR need of the signing certificate. */
export interface SigningCertificate {
  /** The DER certificate in base64 on one line, as `ds:X509Certificate` carries it. */
  base64: string;
  /** ZATCA's certificate digest: SHA-256 of that base64 text, as hex, then base64. */
  digest: string;
  /** The issuer as XAdES writes it, most specific first: 'CN=…, DC=…'. */
  issuerName: string;
  /** The serial number in decimal. */
  serialNumber: string;
  /** QR tag 8: the public key as DER SubjectPublicKeyInfo. */
  publicKey: Buffer;
  /** QR tag 9: the certificate's own signature (by the CA), DER. */
  signature: Buffer;
  validTo: Date;
}

export function readCertificate(pem: string): SigningCertificate {
  const x509 = new X509Certificate(pem);
  const base64 = x509.raw.toString('base64');
  return {
    base64,
    digest: Buffer.from(sha256(base64).digest('hex')).toString('base64'),
    issuerName: x509.issuer.split('\n').reverse().join(', '),
    serialNumber: BigInt(`0x${x509.serialNumber}`).toString(10),
    publicKey: x509.publicKey.export({ type: 'spki', format: 'der' }),
    signature: certificateSignature(x509.raw),
    validTo: new Date(x509.validTo),
  };
}

/** One DER element's tag and content bounds. */
function derAt(der: Buffer, offset: number) {
  let length = der[offset + 1];
  let header = 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[offset + 2 + i];
    header += bytes;
  }
  return { tag: der[offset], start: offset + header, end: offset + header + length };
}

/** Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm, signatureValue BIT STRING }: the signature's bytes. */
export function certificateSignature(der: Buffer): Buffer {
  const certificate = derAt(der, 0);
  const tbs = derAt(der, certificate.start);
  const algorithm = derAt(der, tbs.end);
  const value = derAt(der, algorithm.end);
  if (value.tag !== 0x03) throw new Error('Not an X.509 certificate: no signature bit string');
  return der.subarray(value.start + 1, value.end); // after the unused-bits byte
}

export const privateKeyFrom = (pem: string) => createPrivateKey(pem);

// ── XAdES ─────────────────────────────────────────────────────────────────────

interface SignedProperties {
  signingTime: string;
  certificate: SigningCertificate;
}

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

/**
 * `xades:SignedProperties` as written in the document, or as ZATCA's SDK digests it: the same text
 * with the ds namespace declared on each ds element (`forDigest`). The digest covers the exact
 * characters, indentation included, so both come from this one template: it reproduces the
 * digest of the SDK's own sample (signing.test.ts).
 */
function signedPropertiesXml({ signingTime, certificate }: SignedProperties, forDigest: boolean) {
  const ds = forDigest ? ` xmlns:ds="${DS}"` : '';
  const i = (n: number) => `\n${' '.repeat(n)}`;
  return (
    `<xades:SignedProperties${forDigest ? ' xmlns:xades="http://uri.etsi.org/01903/v1.3.2#"' : ''} Id="xadesSignedProperties">` +
    `${i(36)}<xades:SignedSignatureProperties>` +
    `${i(40)}<xades:SigningTime>${signingTime}</xades:SigningTime>` +
    `${i(40)}<xades:SigningCertificate>` +
    `${i(44)}<xades:Cert>` +
    `${i(48)}<xades:CertDigest>` +
    `${i(52)}<ds:DigestMethod${ds} Algorithm="${SHA256}"/>` +
    `${i(52)}<ds:DigestValue${ds}>${certificate.digest}</ds:DigestValue>` +
    `${i(48)}</xades:CertDigest>` +
    `${i(48)}<xades:IssuerSerial>` +
    `${i(52)}<ds:X509IssuerName${ds}>${escapeText(certificate.issuerName)}</ds:X509IssuerName>` +
    `${i(52)}<ds:X509SerialNumber${ds}>${certificate.serialNumber}</ds:X509SerialNumber>` +
    `${i(48)}</xades:IssuerSerial>` +
    `${i(44)}</xades:Cert>` +
    `${i(40)}</xades:SigningCertificate>` +
    `${i(36)}</xades:SignedSignatureProperties>` +
    `${i(32)}</xades:SignedProperties>`
  );
}

/** ZATCA's signed-properties digest: SHA-256 of the text above, as hex, then base64 (like the certificate digest). */
export const signedPropertiesDigest = (p: SignedProperties) =>
  Buffer.from(sha256(signedPropertiesXml(p, true)).digest('hex')).toString('base64');

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The enveloped XAdES signature in `ext:UBLExtensions`, laid out as the SDK's samples are. */
function ublExtensions(p: SignedProperties & { hash: string; signatureValue: string }) {
  return `<ext:UBLExtensions>
    <ext:UBLExtension>
        <ext:ExtensionURI>urn:oasis:names:specification:ubl:dsig:enveloped:xades</ext:ExtensionURI>
        <ext:ExtensionContent>
            <sig:UBLDocumentSignatures xmlns:sig="urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2" xmlns:sac="urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2" xmlns:sbc="urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2">
                <sac:SignatureInformation>
                    <cbc:ID>urn:oasis:names:specification:ubl:signature:1</cbc:ID>
                    <sbc:ReferencedSignatureID>urn:oasis:names:specification:ubl:signature:Invoice</sbc:ReferencedSignatureID>
                    <ds:Signature xmlns:ds="${DS}" Id="signature">
                        <ds:SignedInfo>
                            <ds:CanonicalizationMethod Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                            <ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>
                            <ds:Reference Id="invoiceSignedData" URI="">
                                <ds:Transforms>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::ext:UBLExtensions)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:Signature)</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/TR/1999/REC-xpath-19991116">
                                        <ds:XPath>not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])</ds:XPath>
                                    </ds:Transform>
                                    <ds:Transform Algorithm="http://www.w3.org/2006/12/xml-c14n11"/>
                                </ds:Transforms>
                                <ds:DigestMethod Algorithm="${SHA256}"/>
                                <ds:DigestValue>${p.hash}</ds:DigestValue>
                            </ds:Reference>
                            <ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">
                                <ds:DigestMethod Algorithm="${SHA256}"/>
                                <ds:DigestValue>${signedPropertiesDigest(p)}</ds:DigestValue>
                            </ds:Reference>
                        </ds:SignedInfo>
                        <ds:SignatureValue>${p.signatureValue}</ds:SignatureValue>
                        <ds:KeyInfo>
                            <ds:X509Data>
                                <ds:X509Certificate>${p.certificate.base64}</ds:X509Certificate>
                            </ds:X509Data>
                        </ds:KeyInfo>
                        <ds:Object>
                            <xades:QualifyingProperties xmlns:xades="http://uri.etsi.org/01903/v1.3.2#" Target="signature">
                                ${signedPropertiesXml(p, false)}
                            </xades:QualifyingProperties>
                        </ds:Object>
                    </ds:Signature>
                </sac:SignatureInformation>
            </sig:UBLDocumentSignatures>
        </ext:ExtensionContent>
    </ext:UBLExtension>
</ext:UBLExtensions>`;
}

// ── QR ────────────────────────────────────────────────────────────────────────

/** The phase-2 QR: phase 1's tags 1–5, then 6 the invoice hash, 7 the signature, 8 the public key, 9 the certificate's signature. */
export interface QrFields {
  sellerName: string;
  vatNumber: string;
  /** The issue date and time as the document states them ('2026-11-01T00:30:00', Riyadh). */
  timestamp: string;
  total: string;
  vat: string;
  hash: string;
  signatureValue: string;
  certificate: SigningCertificate;
}

export const qrPayload = (f: QrFields) =>
  Buffer.concat([
    tlv(1, f.sellerName),
    tlv(2, f.vatNumber),
    tlv(3, f.timestamp),
    tlv(4, f.total),
    tlv(5, f.vat),
    tlv(6, f.hash),
    tlv(7, f.signatureValue),
    tlv(8, f.certificate.publicKey),
    tlv(9, f.certificate.signature),
  ]).toString('base64');

// ── signing a document ────────────────────────────────────────────────────────

export interface SigningCredentials {
  privateKey: KeyObject;
  certificate: SigningCertificate;
}

export interface SignedDocument {
  xml: string;
  hash: string;
  qr: string;
  signatureValue: string;
}

/**
 * Stamps a document built by ubl.ts: hashes its canonical text, signs the hash, and fills the
 * signature (UBLExtensions) and the QR in. The signing time is the issue instant (UTC), so a
 * document is the same however often it is rebuilt from the same facts and key.
 */
export function signDocument(doc: UnsignedDocument, credentials: SigningCredentials, signingTime: Date): SignedDocument {
  const hash = hashCanonical(doc.canonical);
  const signatureValue = signInvoiceHash(hash, credentials.privateKey);
  const qr = qrPayload({ ...doc.qr, hash, signatureValue, certificate: credentials.certificate });
  const extensions = ublExtensions({
    hash,
    signatureValue,
    certificate: credentials.certificate,
    signingTime: `${signingTime.toISOString().slice(0, 19)}Z`,
  });
  return { xml: doc.assemble(extensions, qr), hash, qr, signatureValue };
}
