import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocuments, checkerErrors, ZATCA_DIR } from '../../../../test/zatca-checker.js';
import { SDK_TEST_CERTIFICATE, SDK_TEST_PRIVATE_KEY } from './dev-credentials/sdk-test.js';
import {
  certificateSignature,
  invoiceHash,
  PIH_SEED,
  privateKeyFrom,
  readCertificate,
  type SigningCertificate,
  signDocument,
  signedPropertiesDigest,
} from './signing.js';
import { buildUbl, type UblInput } from './ubl.js';

const credentials = { privateKey: privateKeyFrom(SDK_TEST_PRIVATE_KEY), certificate: readCertificate(SDK_TEST_CERTIFICATE) };
const sample = readFileSync(join(ZATCA_DIR, 'Samples/Simplified/Invoice/Simplified_Invoice.xml'), 'utf8');
const tag = (xml: string, name: string) => new RegExp(`<${name}[^>]*>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';

/** The TLV fields of a QR payload by tag. */
function qrTags(base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  const tags = new Map<number, Buffer>();
  for (let i = 0; i < bytes.length; i += 2 + bytes[i + 1]) tags.set(bytes[i], bytes.subarray(i + 2, i + 2 + bytes[i + 1]));
  return tags;
}

const invoice = (over: Partial<UblInput> = {}): UblInput => ({
  typeCode: '388',
  number: 7,
  uuid: randomUUID(),
  issuedAt: new Date('2026-11-20T21:15:00Z'),
  icv: 7,
  pih: PIH_SEED,
  seller: {
    name: 'Riyadh Falcons Football Academy',
    vatNumber: '310123456700003',
    crNumber: '1010123456',
    street: 'طريق الملك فهد',
    buildingNumber: '2121',
    district: 'العليا',
    city: 'الرياض',
    postalCode: '12214',
  },
  buyerName: 'فيصل العتيبي',
  line: { name: 'Monthly', totalHalalas: 45_000, vatHalalas: 5_870 },
  paymentMethod: 'Cash',
  ...over,
});

describe('the ZATCA stamp, against the SDK sample', () => {
  it('digests the signed properties as the SDK does (its sample invoice gives its own digest)', () => {
    const certificate = {
      digest: 'YTJkM2JhYTcwZTBhZTAxOGYwODMyNzY3NTdkZDM3YzhjY2IxOTIyZDZhM2RlZGJiMGY0NDUzZWJhYWI4MDhmYg==',
      issuerName: tag(sample, 'ds:X509IssuerName'),
      serialNumber: tag(sample, 'ds:X509SerialNumber'),
    } as SigningCertificate;
    expect(signedPropertiesDigest({ signingTime: tag(sample, 'xades:SigningTime'), certificate })).toBe(
      /URI="#xadesSignedProperties">\s*<ds:DigestMethod[^>]*\/>\s*<ds:DigestValue>([^<]+)/.exec(sample)?.[1],
    );
  });

  it("reads a certificate's digest, issuer, serial, public key and signature the way the sample states them", () => {
    const body = tag(sample, 'ds:X509Certificate');
    const cert = readCertificate(`-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`);
    expect(cert.base64).toBe(body);
    expect(cert.digest).toBe('YTJkM2JhYTcwZTBhZTAxOGYwODMyNzY3NTdkZDM3YzhjY2IxOTIyZDZhM2RlZGJiMGY0NDUzZWJhYWI4MDhmYg==');
    expect(cert.issuerName).toBe(tag(sample, 'ds:X509IssuerName'));
    expect(cert.serialNumber).toBe(tag(sample, 'ds:X509SerialNumber'));
    // The sample's QR carries the same key (tag 8) and certificate signature (tag 9).
    const qr = qrTags(/<cbc:ID>QR<\/cbc:ID>[\s\S]*?mimeCode="text\/plain">([^<]+)/.exec(sample)?.[1] ?? '');
    expect(cert.publicKey.equals(qr.get(8) ?? Buffer.alloc(0))).toBe(true);
    expect(certificateSignature(Buffer.from(body, 'base64')).equals(qr.get(9) ?? Buffer.alloc(0))).toBe(true);
  });

  it("starts an academy's chain with the SDK's seed", () => {
    expect(PIH_SEED).toBe(readFileSync(join(ZATCA_DIR, 'PIH/pih.txt'), 'utf8').trim());
  });
});

describe('a signed simplified document', () => {
  it('passes the checker: invoice (cash), invoice (card) and a credit note referring to the first, chained', async () => {
    const cash = signDocument(buildUbl(invoice()), credentials, new Date('2026-11-20T21:15:00Z'));
    const card = signDocument(buildUbl(invoice({ number: 8, icv: 8, pih: cash.hash, paymentMethod: 'Card' })), credentials, new Date());
    const credit = signDocument(
      buildUbl(
        invoice({
          typeCode: '381',
          number: 9,
          icv: 9,
          pih: card.hash,
          line: { name: 'Monthly', totalHalalas: 20_000, vatHalalas: 2_609 },
          billingReference: { id: 'Invoice 7 (2026-11-21)', reason: 'Cancelled: partial refund' },
        }),
      ),
      credentials,
      new Date(),
    );
    for (const d of [cash, card, credit]) expect(invoiceHash(d.xml)).toBe(d.hash);
    const { exitCode, report } = await checkDocuments([cash.xml, card.xml, credit.xml]);
    expect(checkerErrors(report)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(report.results.map((r) => r.hash)).toEqual([cash.hash, card.hash, credit.hash]);
    expect(cash.xml).toContain('<cbc:IssueDate>2026-11-21</cbc:IssueDate>'); // Riyadh's date
    expect(cash.xml).toContain('<cbc:PaymentMeansCode>10</cbc:PaymentMeansCode>');
    expect(card.xml).toContain('<cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>');
    expect(credit.xml).toContain('<cbc:InstructionNote>Cancelled: partial refund</cbc:InstructionNote>');
  });

  it('fails the checker when an amount is changed after signing', async () => {
    const signed = signDocument(buildUbl(invoice()), credentials, new Date());
    const tampered = signed.xml.replace('<cbc:PayableAmount currencyID="SAR">450.00<', '<cbc:PayableAmount currencyID="SAR">45.00<');
    expect(tampered).not.toBe(signed.xml);
    expect(invoiceHash(tampered)).not.toBe(signed.hash);
    const { exitCode, report } = await checkDocuments([tampered], { chainOnly: true });
    expect(exitCode).toBe(1);
    expect(report.results[0].errors.join('\n')).toMatch(/differs from the signed digest/);
  });

  it('escapes what XML must and leaves out what it cannot hold, keeping hash and QR in step', async () => {
    const odd = invoice({
      seller: { ...invoice().seller, name: 'Falcons & <Sons>\u0007  "Academy"' },
      buyerName: 'Omar\r\nAl-Shehri',
    });
    const signed = signDocument(buildUbl(odd), credentials, new Date());
    expect(signed.xml).toContain('<cbc:RegistrationName>Falcons &amp; &lt;Sons&gt; "Academy"</cbc:RegistrationName>');
    expect(signed.xml).toContain('<cbc:RegistrationName>Omar Al-Shehri</cbc:RegistrationName>');
    expect(qrTags(signed.qr).get(1)?.toString('utf8')).toBe('Falcons & <Sons> "Academy"');
    const { report } = await checkDocuments([signed.xml], { chainOnly: true });
    expect(checkerErrors(report)).toEqual([]);
  });
});
