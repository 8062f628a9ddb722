/**
 * The certificate signing request of an academy's e-invoicing unit, with the subject fields and
 * template name ZATCA asks for (ZATCA's onboarding guide; the SDK's csr-config), and the X.509
 * parts the local simulator needs to act as ZATCA's CA. Keys are secp256k1 (ECDSA-SHA256).
 */
import { createPublicKey, createSign, createVerify, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Extension,
  Extensions,
  GeneralName,
  id_ce_keyUsage,
  id_ce_subjectAltName,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
} from '@peculiar/asn1-x509';

const OID = {
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  /** ZATCA's "SN" of the SAN: the unit's serial 1-…|2-…|3-… (surname). */
  serial: '2.5.4.4',
  /** The VAT number (userid). */
  uid: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  domainComponent: '0.9.2342.19200300.100.1.25',
  /** Microsoft's certificate template name, which ZATCA reads. */
  templateName: '1.3.6.1.4.1.311.20.2',
  extensionRequest: '1.2.840.113549.1.9.14',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
};

/** What ZATCA asks a CSR to say of the taxpayer and its unit. */
export interface UnitIdentity {
  /** CN: the unit's name. */
  commonName: string;
  /** O: the taxpayer's name. */
  organization: string;
  /** OU: the branch. */
  organizationalUnit: string;
  /** UID: the 15-digit VAT number. */
  vatNumber: string;
  /** SN: `1-<solution>|2-<version>|3-<unit uuid>`. */
  serialNumber: string;
  /** title: the document types, `0100` for simplified only. */
  invoiceType: string;
  registeredAddress: string;
  businessCategory: string;
  /** The template name of the environment (provider.ts, CERTIFICATE_TEMPLATES). */
  template: string;
}

/** A new secp256k1 key pair; the private key as SEC 1 PEM (the SDK's form). */
export function generateUnitKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  return { privateKey, publicKey, privateKeyPem: privateKey.export({ type: 'sec1', format: 'pem' }).toString() };
}

const utf8 = (type: string, value: string) => new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: value }) });
const rdn = (...values: AttributeTypeAndValue[]) => new RelativeDistinguishedName(values);
const der = (value: unknown) => Buffer.from(AsnConvert.serialize(value));
/** A copy of the bytes in an ArrayBuffer of their own (never a shared or pooled one). */
const toArrayBuffer = (b: Buffer): ArrayBuffer => new Uint8Array(b).buffer;
const ecdsaSha256 = () => new AlgorithmIdentifier({ algorithm: OID.ecdsaWithSha256 });
const spkiOf = (key: KeyObject) => AsnConvert.parse(key.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo);

/** An ASN.1 PrintableString, as ZATCA's CSR configuration writes the template name. */
function printableString(text: string) {
  const bytes = Buffer.from(text, 'ascii');
  return Buffer.concat([Buffer.from([0x13, bytes.length]), bytes]);
}

const pem = (label: string, der: Buffer) =>
  `-----BEGIN ${label}-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n$/, '')}\n-----END ${label}-----\n`;

/** The unit's subject: C=SA, OU, O, CN. */
const subjectOf = (id: UnitIdentity) =>
  new Name([
    rdn(new AttributeTypeAndValue({ type: OID.country, value: new AttributeValue({ printableString: 'SA' }) })),
    rdn(utf8(OID.organizationalUnit, id.organizationalUnit)),
    rdn(utf8(OID.organization, id.organization)),
    rdn(utf8(OID.commonName, id.commonName)),
  ]);

/** The SAN's directory name: SN, UID, title, registeredAddress, businessCategory. */
const alternativeNameOf = (id: UnitIdentity) =>
  new SubjectAlternativeName([
    new GeneralName({
      directoryName: new Name([
        rdn(utf8(OID.serial, id.serialNumber)),
        rdn(utf8(OID.uid, id.vatNumber)),
        rdn(utf8(OID.title, id.invoiceType)),
        rdn(utf8(OID.registeredAddress, id.registeredAddress)),
        rdn(utf8(OID.businessCategory, id.businessCategory)),
      ]),
    }),
  ]);

/** The CSR, signed with the unit's key: PEM, and base64 of the PEM as ZATCA's API takes it. */
export function buildCsr(id: UnitIdentity, privateKey: KeyObject, publicKey: KeyObject) {
  const extensions = new Extensions([
    new Extension({ extnID: OID.templateName, critical: false, extnValue: new OctetString(printableString(id.template)) }),
    new Extension({ extnID: id_ce_subjectAltName, critical: false, extnValue: new OctetString(der(alternativeNameOf(id))) }),
  ]);
  const info = new CertificationRequestInfo({
    version: 0,
    subject: subjectOf(id),
    subjectPKInfo: spkiOf(publicKey),
    attributes: new Attributes([new Attribute({ type: OID.extensionRequest, values: [toArrayBuffer(der(extensions))] })]),
  });
  const infoDer = der(info);
  const signature = createSign('sha256').update(infoDer).sign(privateKey);
  const request = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: ecdsaSha256(),
    signature: toArrayBuffer(signature),
  });
  const text = pem('CERTIFICATE REQUEST', der(request));
  return { pem: text, base64: Buffer.from(text).toString('base64') };
}

// ── reading (the simulator, tests) ───────────────────────────────────────────

const textOf = (name: Name) => {
  const out: Record<string, string> = {};
  for (const r of name) for (const a of r) out[a.type] = a.value.toString();
  return out;
};

/** What a CSR says, once its own signature is checked; throws on anything that is not a valid secp256k1 CSR. */
export function readCsr(base64Pem: string) {
  const text = Buffer.from(base64Pem, 'base64').toString('ascii');
  const body = /-----BEGIN CERTIFICATE REQUEST-----([\s\S]+?)-----END CERTIFICATE REQUEST-----/.exec(text)?.[1];
  if (!body) throw new Error('Not a PEM certificate request');
  const request = AsnConvert.parse(Buffer.from(body.replace(/\s+/g, ''), 'base64'), CertificationRequest);
  const info = request.certificationRequestInfo;
  const spki = der(info.subjectPKInfo);
  const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' });
  if (publicKey.asymmetricKeyDetails?.namedCurve !== 'secp256k1') throw new Error('The key is not secp256k1');
  const signed = request.certificationRequestInfoRaw ? Buffer.from(request.certificationRequestInfoRaw) : der(info);
  if (!createVerify('sha256').update(signed).verify(publicKey, Buffer.from(request.signature)))
    throw new Error('The request is not signed by its key');
  const requested = (info.attributes ?? []).find((a) => a.type === OID.extensionRequest);
  const extensions = requested ? AsnConvert.parse(requested.values[0], Extensions) : new Extensions();
  const extension = (oid: string) => extensions.find((e) => e.extnID === oid)?.extnValue.buffer;
  const templateDer = extension(OID.templateName);
  const sanDer = extension(id_ce_subjectAltName);
  const san = sanDer ? AsnConvert.parse(sanDer, SubjectAlternativeName) : null;
  const directory = san?.find((g) => g.directoryName)?.directoryName;
  return {
    subject: info.subject,
    subjectText: textOf(info.subject),
    alternativeName: directory ? textOf(directory) : {},
    /** The template name's text (a PrintableString or UTF8String after its two header bytes). */
    template: templateDer ? Buffer.from(templateDer).subarray(2).toString('utf8') : null,
    extensionsDer: { san: sanDer ? Buffer.from(sanDer) : null, template: templateDer ? Buffer.from(templateDer) : null },
    spki,
    publicKey,
  };
}
export type ReadCsr = ReturnType<typeof readCsr>;

export const CSR_FIELDS = OID;

/** The fields of a certificate's SAN directory name (ZATCA's SN, UID…), by OID. */
export function alternativeNameOfCertificate(certificateDer: Buffer): Record<string, string> {
  const cert = AsnConvert.parse(certificateDer, Certificate);
  const ext = cert.tbsCertificate.extensions?.find((e) => e.extnID === id_ce_subjectAltName);
  if (!ext) return {};
  const san = AsnConvert.parse(ext.extnValue.buffer, SubjectAlternativeName);
  const directory = san.find((g) => g.directoryName)?.directoryName;
  return directory ? textOf(directory) : {};
}

// ── issuing (the simulator's CA) ─────────────────────────────────────────────

/** A positive serial number of 16 random bytes. */
const serialNumber = () => {
  const bytes = randomBytes(16);
  bytes[0] &= 0x7f;
  bytes[0] |= 0x01;
  return bytes;
};

interface IssueInput {
  issuer: Name;
  issuerKey: KeyObject;
  subject: Name;
  spki: Buffer;
  notBefore: Date;
  notAfter: Date;
  extensions: Extension[];
}

/** A v3 certificate signed ECDSA-SHA256 by the issuer's key; DER. */
export function issueCertificate(input: IssueInput): Buffer {
  const tbs = new TBSCertificate({
    version: 2,
    serialNumber: toArrayBuffer(serialNumber()),
    signature: ecdsaSha256(),
    issuer: input.issuer,
    validity: new Validity({ notBefore: input.notBefore, notAfter: input.notAfter }),
    subject: input.subject,
    subjectPublicKeyInfo: AsnConvert.parse(input.spki, SubjectPublicKeyInfo),
    extensions: new Extensions(input.extensions),
  });
  const signature = createSign('sha256').update(der(tbs)).sign(input.issuerKey);
  return der(new Certificate({ tbsCertificate: tbs, signatureAlgorithm: ecdsaSha256(), signatureValue: toArrayBuffer(signature) }));
}

/** The certificate of a unit: its CSR's subject and key, its SAN and template copied, digital signature only. */
export function unitCertificateExtensions(csr: ReadCsr): Extension[] {
  const ext: Extension[] = [
    new Extension({
      extnID: id_ce_keyUsage,
      critical: true,
      extnValue: new OctetString(der(new KeyUsage(KeyUsageFlags.digitalSignature))),
    }),
  ];
  if (csr.extensionsDer.san) ext.push(new Extension({ extnID: id_ce_subjectAltName, extnValue: new OctetString(csr.extensionsDer.san) }));
  if (csr.extensionsDer.template)
    ext.push(new Extension({ extnID: OID.templateName, extnValue: new OctetString(csr.extensionsDer.template) }));
  return ext;
}

/** A CA's name in ZATCA's style (domain components, then the common name). */
export const caName = (commonName: string, domain: string[]) =>
  new Name([
    ...domain.map((dc) => rdn(new AttributeTypeAndValue({ type: OID.domainComponent, value: new AttributeValue({ ia5String: dc }) }))),
    rdn(utf8(OID.commonName, commonName)),
  ]);

/** A self-signed CA certificate (the simulator's root). */
export function selfSignedCa(name: Name, privateKey: KeyObject, publicKey: KeyObject, notBefore: Date, notAfter: Date) {
  return issueCertificate({
    issuer: name,
    issuerKey: privateKey,
    subject: name,
    spki: publicKey.export({ type: 'spki', format: 'der' }),
    notBefore,
    notAfter,
    extensions: [],
  });
}

export const certificatePem = (certDer: Buffer) => pem('CERTIFICATE', certDer);
