/**
 * The ZATCA adapter against the built-in simulator, without the app: the CSR Kora writes, what the
 * simulator refuses, outages as the client sees them, the CA kept per data directory, and a
 * document signed with a certificate it issued passing ZATCA's own offline checker.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocuments, checkerErrors } from '../../../../test/zatca-checker.js';
import { PIH_SEED, readCertificate, signDocument } from '../../invoices/formats/signing.js';
import { buildUbl } from '../../invoices/formats/ubl.js';
import { buildCsr, CSR_FIELDS, generateUnitKey, readCsr, type UnitIdentity } from './csr.js';
import { localZatcaApi } from './index.js';
import { CERTIFICATE_TEMPLATES, certificateOfToken, ZatcaRefusal, ZatcaUnavailable } from './provider.js';
import { createZatcaSimulator } from './simulator.js';

const identity = (over: Partial<UnitIdentity> = {}): UnitIdentity => ({
  commonName: 'Kora-falcons',
  organization: 'Riyadh Falcons Football Academy',
  organizationalUnit: 'Riyadh',
  vatNumber: '310123456700003',
  serialNumber: `1-Kora|2-1.0|3-${randomUUID()}`,
  invoiceType: '0100',
  registeredAddress: '7421 King Fahd Road, Al Olaya, Riyadh, 12214',
  businessCategory: 'Sports academy',
  template: CERTIFICATE_TEMPLATES.local,
  ...over,
});

const csrOf = (id: UnitIdentity) => {
  const unit = generateUnitKey();
  return { unit, csr: buildCsr(id, unit.privateKey, unit.publicKey) };
};

describe('the CSR', () => {
  it("carries ZATCA's subject, SAN fields and template name, signed by the unit's secp256k1 key", () => {
    const id = identity();
    const { csr } = csrOf(id);
    const read = readCsr(csr.base64);
    expect(read.subjectText).toEqual({
      [CSR_FIELDS.country]: 'SA',
      [CSR_FIELDS.organizationalUnit]: 'Riyadh',
      [CSR_FIELDS.organization]: 'Riyadh Falcons Football Academy',
      [CSR_FIELDS.commonName]: 'Kora-falcons',
    });
    expect(read.alternativeName).toEqual({
      [CSR_FIELDS.serial]: id.serialNumber,
      [CSR_FIELDS.uid]: '310123456700003',
      [CSR_FIELDS.title]: '0100',
      [CSR_FIELDS.registeredAddress]: id.registeredAddress,
      [CSR_FIELDS.businessCategory]: 'Sports academy',
    });
    expect(read.template).toBe('TSTZATCA-Code-Signing');
    expect(read.publicKey.asymmetricKeyDetails?.namedCurve).toBe('secp256k1');
    expect(CERTIFICATE_TEMPLATES.core).toBe('ZATCA-Code-Signing');
    expect(CERTIFICATE_TEMPLATES.simulation).toBe('PREZATCA-Code-Signing');
  });
});

describe('the simulator', () => {
  it("refuses a CSR for another environment's template, one without a VAT number, and a P-256 key", async () => {
    const api = localZatcaApi(createZatcaSimulator());
    for (const id of [identity({ template: CERTIFICATE_TEMPLATES.core }), identity({ vatNumber: '12345' })]) {
      const { csr } = csrOf(id);
      await expect(api.complianceCsid(csr.base64, '123456')).rejects.toMatchObject({ status: 400, reason: expect.stringMatching(/CSR/) });
    }
    const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const csr = buildCsr(identity(), p256.privateKey, p256.publicKey);
    await expect(api.complianceCsid(csr.base64, '123456')).rejects.toBeInstanceOf(ZatcaRefusal);
  });

  it('gives no production certificate before the three compliance checks passed', async () => {
    const api = localZatcaApi(createZatcaSimulator());
    const compliance = await api.complianceCsid(csrOf(identity()).csr.base64, '123456');
    await expect(api.productionCsid(compliance, compliance.requestID)).rejects.toMatchObject({
      status: 400,
      reason: expect.stringContaining('388, 381, 383'),
    });
  });

  it('answers 503 during an outage, which the client reports as unavailable (retry later)', async () => {
    const simulator = createZatcaSimulator();
    simulator.outage = true;
    await expect(localZatcaApi(simulator).complianceCsid(csrOf(identity()).csr.base64, '123456')).rejects.toBeInstanceOf(ZatcaUnavailable);
  });

  it('keeps its CA in the data directory: a certificate issued before a restart still authenticates after it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kora-zatca-sim-'));
    const first = createZatcaSimulator({ dataDir: dir });
    const compliance = await localZatcaApi(first).complianceCsid(csrOf(identity()).csr.base64, '123456');
    const again = createZatcaSimulator({ dataDir: dir });
    expect(again.caCertificate).toBe(first.caCertificate);
    // Authenticated (not 401): it refuses for the checks not passed, which only a known certificate reaches.
    await expect(localZatcaApi(again).productionCsid(compliance, compliance.requestID)).rejects.toMatchObject({ status: 400 });
    await expect(localZatcaApi(createZatcaSimulator()).productionCsid(compliance, compliance.requestID)).rejects.toMatchObject({
      status: 401,
    });
  });

  it("issues certificates whose documents pass ZATCA's offline checker (XSD, EN 16931, KSA rules, hash, signature, QR)", async () => {
    const { unit, csr } = csrOf(identity());
    const compliance = await localZatcaApi(createZatcaSimulator()).complianceCsid(csr.base64, '123456');
    const credentials = { privateKey: unit.privateKey, certificate: readCertificate(certificateOfToken(compliance.binarySecurityToken)) };
    const signed = signDocument(
      buildUbl({
        typeCode: '388',
        number: 1,
        uuid: randomUUID(),
        issuedAt: new Date('2026-11-22T09:00:00Z'),
        icv: 1,
        pih: PIH_SEED,
        seller: {
          name: 'Riyadh Falcons Football Academy',
          vatNumber: '310123456700003',
          crNumber: '1010123456',
          street: 'King Fahd Road',
          buildingNumber: '7421',
          district: 'Al Olaya',
          city: 'Riyadh',
          postalCode: '12214',
        },
        buyerName: 'Faisal',
        line: { name: 'Monthly', totalHalalas: 45_000, vatHalalas: 5_870 },
        paymentMethod: 'Card',
      }),
      credentials,
      new Date('2026-11-22T09:00:00Z'),
    );
    const { exitCode, report } = await checkDocuments([signed.xml]);
    expect(checkerErrors(report)).toEqual([]);
    expect(exitCode).toBe(0);
  });
});
