/**
 * Certificates over time, against the built-in simulator on the test
 * clock: a renewal with documents waiting (each reported with the certificate that signed it, in ICV
 * order), an outage across a renewal, a certificate that ends (documents wait for a certificate and
 * are signed and reported after the renewal; never the SDK test credential), the bell's warnings 30,
 * 7 and 1 days ahead, and phase 1 for an academy that never onboarded where production is configured.
 */
import { randomBytes, X509Certificate } from 'node:crypto';
import { riyadhToday } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Academy, asMember, createTestApp, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { qrTexts } from '../../../test/pdf-qr.js';
import { academies, invoiceDocuments, invoices, packages, subscriptions, users, zatcaCredentials, zatcaReports } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { allowDevelopmentSigning } from '../invoices/formats/credentials.js';
import { SDK_TEST_CERTIFICATE } from '../invoices/formats/dev-credentials/sdk-test.js';
import { readTlv } from '../invoices/formats/qr.js';
import { invoiceHash } from '../invoices/formats/signing.js';
import { activatePaid } from '../subscriptions/activate.js';
import { localZatcaApi } from './zatca/index.js';
import { createZatcaSimulator, type ZatcaSimulator } from './zatca/simulator.js';

const VAT = '310122393500003';
const PROFILE = {
  vatNumber: VAT,
  crNumber: '1010987654',
  buildingNumber: '7421',
  district: 'Al Olaya',
  postalCode: '12214',
  city: 'Riyadh',
  address: 'King Fahd Road',
};
const DAY_MS = 24 * 3600_000;
const SDK_TEST_CERTIFICATE_BASE64 = new X509Certificate(SDK_TEST_CERTIFICATE).raw.toString('base64');

/**
 * An app whose simulator follows its test clock (certificate validity included). Sessions start on
 * the database's clock, so they are kept for years here: the tests move the clock a year ahead.
 */
async function appOnTheClock(env: Record<string, string> = {}) {
  const holder: { t?: TestContext } = {};
  const simulator = createZatcaSimulator({ now: () => holder.t?.clock.now() ?? new Date() });
  holder.t = await createTestApp({ SESSION_IDLE_DAYS: '3650', ...env }, {}, { zatca: localZatcaApi(simulator) });
  return { t: holder.t, simulator };
}

function helpers(t: TestContext) {
  const member = (academy: Academy) => asMember(t.app, academy);
  const setProfile = (academy: Academy, values: Partial<typeof academies.$inferInsert>) =>
    withTenant(t.deps.db, academy.id, (tx) => tx.update(academies).set(values).where(eq(academies.id, academy.id)));

  /** PENDING monthly subscriptions of new players, to activate. */
  async function pendingSubscriptions(academy: Academy, count: number) {
    return withTenant(t.deps.db, academy.id, async (tx) => {
      const [pkg] = await tx
        .insert(packages)
        .values({ academyId: academy.id, name: 'Monthly', priceHalalas: 45_000, packageType: 'TIME_BASED', monthsNumber: 1 })
        .returning();
      const players = await tx
        .insert(users)
        .values(Array.from({ length: count }, (_, i) => ({ academyId: academy.id, role: 'PLAYER' as const, name: `Player ${i + 1}` })))
        .returning({ id: users.id });
      const subs = await tx
        .insert(subscriptions)
        .values(players.map((p) => ({ academyId: academy.id, playerId: p.id, packageId: pkg.id, status: 'PENDING' as const })))
        .returning({ id: subscriptions.id });
      return subs.map((s) => ({ packageId: pkg.id, subscriptionId: s.id }));
    });
  }

  /** Cash payments with their invoices, a minute apart from the clock's now. */
  async function issueInvoices(academy: Academy, count: number) {
    for (const { subscriptionId } of await pendingSubscriptions(academy, count)) {
      t.clock.advance(60_000);
      await withTenant(t.deps.db, academy.id, (tx) =>
        activatePaid(tx, subscriptionId, { method: 'Cash', withInvoice: true, now: t.clock.now() }),
      );
    }
  }

  const documentsOf = (academy: Academy) =>
    withTenant(t.deps.db, academy.id, (tx) =>
      tx
        .select({
          icv: invoiceDocuments.icv,
          uuid: invoiceDocuments.uuid,
          hash: invoiceDocuments.hash,
          pih: invoiceDocuments.pih,
          xml: invoiceDocuments.xml,
          qr: invoiceDocuments.qr,
          credentialId: invoiceDocuments.credentialId,
          unsigned: invoiceDocuments.unsigned,
          state: zatcaReports.state,
          lastError: zatcaReports.lastError,
        })
        .from(invoiceDocuments)
        .leftJoin(zatcaReports, eq(zatcaReports.documentId, invoiceDocuments.id))
        .orderBy(invoiceDocuments.icv),
    );

  const productionCredentials = (academy: Academy) =>
    withTenant(t.deps.db, academy.id, (tx) =>
      tx.select().from(zatcaCredentials).where(eq(zatcaCredentials.kind, 'production')).orderBy(zatcaCredentials.createdAt),
    );

  async function onboardedAcademy() {
    const academy = await registerAndLogin(t.app);
    await setProfile(academy, PROFILE);
    const res = await member(academy)({ method: 'POST', url: '/api/academies/e-invoicing/onboard', payload: { otp: '123456' } });
    expect(res.statusCode, res.body).toBe(200);
    return academy;
  }

  const renew = async (academy: Academy) => {
    const res = await member(academy)({ method: 'POST', url: '/api/academies/e-invoicing/renew', payload: { otp: '222222' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  const bell = async (academy: Academy) => {
    const res = await member(academy)({ method: 'GET', url: '/api/attention' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items.filter((i: { kind: string }) => i.kind === 'einvoice_certificate');
  };

  return {
    member,
    setProfile,
    pendingSubscriptions,
    issueInvoices,
    documentsOf,
    productionCredentials,
    onboardedAcademy,
    renew,
    bell,
  };
}

/** The reporting calls the simulator answered (not outages), by document UUID, in order. */
const reportedUuids = (simulator: ZatcaSimulator, from: number) =>
  simulator.calls
    .slice(from)
    .filter((c) => c.path === '/invoices/reporting/single' && c.status < 500)
    .map((c) => c.uuid);

/** The certificate a signed document embeds (base64 DER). */
const embeddedCertificate = (xml: string) => /<ds:X509Certificate>([^<]+)<\/ds:X509Certificate>/.exec(xml)?.[1];

describe('a renewal never strands what is waiting (development configuration)', () => {
  let t: TestContext;
  let simulator: ZatcaSimulator;
  let h: ReturnType<typeof helpers>;
  beforeAll(async () => {
    ({ t, simulator } = await appOnTheClock());
    h = helpers(t);
  });
  afterAll(() => t.close());

  it('renewing before the reporter ran: each document is reported once, with the certificate that signed it, in ICV order, and accepted', async () => {
    const academy = await h.onboardedAcademy();
    await h.issueInvoices(academy, 3);
    const [first] = await h.productionCredentials(academy);
    await h.renew(academy);
    const [, second] = await h.productionCredentials(academy);
    expect(second.id).not.toBe(first.id);
    await h.issueInvoices(academy, 1);

    const from = simulator.calls.length;
    expect(await t.app.reporter.reportDue()).toBe(4);
    const docs = await h.documentsOf(academy);
    expect(docs.map((d) => [d.icv, d.state])).toEqual([
      [1, 'reported'],
      [2, 'reported'],
      [3, 'reported'],
      [4, 'reported'],
    ]);
    expect(docs.map((d) => d.credentialId)).toEqual([first.id, first.id, first.id, second.id]);
    const certificateOf = (pem: string) => new X509Certificate(pem).raw.toString('base64');
    expect(docs.map((d) => embeddedCertificate(d.xml))).toEqual([
      ...Array(3).fill(certificateOf(first.certificate)),
      certificateOf(second.certificate),
    ]);
    expect(reportedUuids(simulator, from)).toEqual(docs.map((d) => d.uuid));
    for (const d of docs) expect(simulator.reportsOf(d.uuid)).toBe(1);
    // Nothing left: another run sends nothing.
    expect(await t.app.reporter.reportDue()).toBe(0);
  });

  it('an outage across a renewal: what waited goes with the old certificate, then the new one, the chain unbroken', async () => {
    const academy = await h.onboardedAcademy();
    simulator.outage = true;
    await h.issueInvoices(academy, 2);
    expect(await t.app.reporter.reportDue()).toBe(0);
    simulator.outage = false;
    await h.renew(academy);
    await h.issueInvoices(academy, 2);
    t.clock.advance(61_000);
    const from = simulator.calls.length;
    expect(await t.app.reporter.reportDue()).toBe(4);
    const docs = await h.documentsOf(academy);
    expect(docs.map((d) => d.state)).toEqual(Array(4).fill('reported'));
    expect(reportedUuids(simulator, from)).toEqual(docs.map((d) => d.uuid));
    const [first, second] = await h.productionCredentials(academy);
    expect(docs.map((d) => d.credentialId)).toEqual([first.id, first.id, second.id, second.id]);
    for (const [i, d] of docs.entries()) if (i > 0) expect(d.pih).toBe(docs[i - 1].hash);
  });

  it('the simulator refuses a document reported with another certificate than the one that signed it, as ZATCA does', async () => {
    const academy = await h.onboardedAcademy();
    await h.issueInvoices(academy, 1);
    await h.renew(academy);
    const [doc] = await h.documentsOf(academy);
    const [, renewed] = await h.productionCredentials(academy);
    const { unseal } = await import('../invoices/formats/credentials.js');
    const { tokenOfCertificate } = await import('./zatca/provider.js');
    const { sealingKeyFor } = await import('./keys.js');
    const key = sealingKeyFor(t.deps.config) as Buffer;
    const result = await localZatcaApi(simulator).reportSingle(
      {
        binarySecurityToken: tokenOfCertificate(new X509Certificate(renewed.certificate).raw),
        secret: unseal(renewed.secretSealed ?? '', key, academy.id),
      },
      { invoiceHash: doc.hash, uuid: doc.uuid, invoice: Buffer.from(doc.xml).toString('base64') },
    );
    expect(result.httpStatus).toBe(400);
    expect(result.answer.validationResults.errorMessages.map((m) => m.code)).toContain('certificate-mismatch');
    // The queue sends it with its own certificate.
    await t.app.reporter.reportDue();
    expect((await h.documentsOf(academy))[0].state).toBe('reported');
  });

  it('the bell warns 30, 7 and 1 days before the certificate ends, then says it ended and how many documents wait', async () => {
    const academy = await h.onboardedAcademy();
    const [credential] = await h.productionCredentials(academy);
    const end = credential.expiresAt.getTime();
    const endDay = riyadhToday(new Date(end));
    const at = async (ms: number) => {
      t.clock.set(new Date(end - ms).toISOString());
    };

    await at(31 * DAY_MS);
    expect(await h.bell(academy)).toEqual([]);
    await at(30 * DAY_MS);
    expect(await h.bell(academy)).toEqual([
      expect.objectContaining({ kind: 'einvoice_certificate', warningDays: 30, endDate: endDay, documentsWaiting: 0, playerId: null }),
    ]);
    await at(8 * DAY_MS);
    expect((await h.bell(academy))[0].warningDays).toBe(30);
    await at(7 * DAY_MS);
    expect((await h.bell(academy))[0].warningDays).toBe(7);
    await at(2 * DAY_MS);
    expect((await h.bell(academy))[0].warningDays).toBe(7);
    await at(DAY_MS);
    expect((await h.bell(academy))[0].warningDays).toBe(1);
    await at(60_000);
    expect((await h.bell(academy))[0].warningDays).toBe(1);
    // Settings shows the end date all along.
    const status = await h.member(academy)({ method: 'GET', url: '/api/academies/e-invoicing' });
    expect(status.json()).toMatchObject({ state: 'production', signing: 'own_certificate', certificate: { renewalDue: true } });
    expect(status.json().certificate.expiresAt).toBe(credential.expiresAt.toISOString());

    await at(-60_000);
    await h.issueInvoices(academy, 2);
    const [ended] = await h.bell(academy);
    expect(ended).toMatchObject({ kind: 'einvoice_certificate', endDate: endDay, documentsWaiting: 2 });
    expect(ended.warningDays).toBeUndefined();
    // Renewed (onboarded again, the old one cannot authenticate a renewal): nothing to warn of.
    await h.renew(academy);
    expect(await h.bell(academy)).toEqual([]);
    expect(await t.app.reporter.reportDue()).toBe(2);
  });
});

describe('where production is configured (PUBLIC_PROTOCOL=https)', () => {
  let t: TestContext;
  let simulator: ZatcaSimulator;
  let h: ReturnType<typeof helpers>;
  const savedKey = process.env.ZATCA_KEY_ENCRYPTION_KEY;
  beforeAll(async () => {
    // Production has its sealing key in the environment (never a generated one).
    const key = randomBytes(32).toString('base64');
    process.env.ZATCA_KEY_ENCRYPTION_KEY = key;
    ({ t, simulator } = await appOnTheClock({ PUBLIC_PROTOCOL: 'https', ZATCA_KEY_ENCRYPTION_KEY: key }));
    expect(t.deps.config.production).toBe(true);
    h = helpers(t);
  });
  afterAll(async () => {
    await t.close();
    allowDevelopmentSigning(true);
    if (savedKey === undefined) delete process.env.ZATCA_KEY_ENCRYPTION_KEY;
    else process.env.ZATCA_KEY_ENCRYPTION_KEY = savedKey;
  });

  it('an academy with a VAT number that never onboarded issues phase-1 simplified invoices: QR tags 1–5, no document, nothing reported', async () => {
    const academy = await registerAndLogin(t.app);
    await h.setProfile(academy, PROFILE);
    const [{ packageId, subscriptionId }] = await h.pendingSubscriptions(academy, 1);
    const res = await h.member(academy)({
      method: 'PATCH',
      url: `/api/subscriptions/${packageId}/${subscriptionId}`,
      payload: { status: 'ACTIVE' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [invoice] = await withTenant(t.deps.db, academy.id, (tx) => tx.select().from(invoices));
    expect(invoice).toMatchObject({ vatNumber: VAT, vatHalalas: 5870 });
    expect(await h.documentsOf(academy)).toEqual([]);

    const pdf = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}`, headers: { host: `${academy.handle}.kora.test` } });
    expect(pdf.statusCode).toBe(200);
    const [qr] = qrTexts(pdf.rawPayload);
    const tags = readTlv(qr);
    expect([...tags.keys()]).toEqual([1, 2, 3, 4, 5]);
    expect(tags.get(2)?.toString()).toBe(VAT);
    expect(tags.get(4)?.toString()).toBe('450.00');
    expect(tags.get(5)?.toString()).toBe('58.70');
    const xml = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoice.id}/xml`,
      headers: { host: `${academy.handle}.kora.test` },
    });
    expect(xml.statusCode).toBe(404);

    const status = await h.member(academy)({ method: 'GET', url: '/api/academies/e-invoicing' });
    expect(status.json()).toMatchObject({ state: 'not_onboarded', signing: 'phase1', waitingForCertificate: 0 });
    const from = simulator.calls.length;
    await t.app.reporter.reportDue();
    expect(simulator.calls.length).toBe(from);
  });

  it('past the certificate’s end: the payment and its numbered, chained document, never signed by the test credential; signed and reported after the renewal', async () => {
    const academy = await h.onboardedAcademy();
    await h.issueInvoices(academy, 1);
    expect(await t.app.reporter.reportDue()).toBe(1);
    const [credential] = await h.productionCredentials(academy);
    t.clock.set(new Date(credential.expiresAt.getTime() + DAY_MS).toISOString());

    // A cash activation still answers 200: the payment is recorded and its invoice issued.
    const [{ packageId, subscriptionId }] = await h.pendingSubscriptions(academy, 1);
    const res = await h.member(academy)({
      method: 'PATCH',
      url: `/api/subscriptions/${packageId}/${subscriptionId}`,
      payload: { status: 'ACTIVE' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await h.issueInvoices(academy, 1);
    let docs = await h.documentsOf(academy);
    expect(docs.map((d) => [d.icv, d.unsigned, d.state])).toEqual([
      [1, false, 'reported'],
      [2, true, 'waiting'],
      [3, true, 'waiting'],
    ]);
    for (const d of docs.slice(1)) {
      expect(d.xml).not.toContain('X509Certificate');
      expect(d.xml).not.toContain(SDK_TEST_CERTIFICATE_BASE64);
      expect(d.credentialId).toBeNull();
      expect([...readTlv(d.qr).keys()]).toEqual([1, 2, 3, 4, 5]);
      // Chained all the same: the hash is the document's, which no signature changes.
      expect(d.hash).toBe(invoiceHash(d.xml));
    }
    expect(docs[1].pih).toBe(docs[0].hash);
    expect(docs[2].pih).toBe(docs[1].hash);

    // The reporter sends nothing while no certificate is valid, and says why.
    const before = simulator.calls.length;
    expect(await t.app.reporter.reportDue()).toBe(0);
    expect(simulator.calls.length).toBe(before);
    docs = await h.documentsOf(academy);
    expect(docs[1].lastError).toMatch(/Waiting for a certificate/);
    const status = await h.member(academy)({ method: 'GET', url: '/api/academies/e-invoicing' });
    expect(status.json()).toMatchObject({ state: 'expired', signing: 'waiting_for_certificate', waitingForCertificate: 2 });
    expect((await h.bell(academy))[0]).toMatchObject({ documentsWaiting: 2 });

    // Renewed: signed with the new certificate in ICV order, then reported and accepted.
    await h.renew(academy);
    const [, renewed] = await h.productionCredentials(academy);
    docs = await h.documentsOf(academy);
    expect(docs.slice(1).map((d) => [d.unsigned, d.credentialId])).toEqual([
      [false, renewed.id],
      [false, renewed.id],
    ]);
    expect(docs.slice(1).map((d) => embeddedCertificate(d.xml))).toEqual(
      Array(2).fill(new X509Certificate(renewed.certificate).raw.toString('base64')),
    );
    for (const d of docs) {
      expect(d.hash).toBe(invoiceHash(d.xml));
      expect(readTlv(d.qr).get(6)?.toString()).toBe(d.hash);
    }
    t.clock.advance(3600_000);
    const from = simulator.calls.length;
    expect(await t.app.reporter.reportDue()).toBe(2);
    docs = await h.documentsOf(academy);
    expect(docs.map((d) => d.state)).toEqual(['reported', 'reported', 'reported']);
    expect(reportedUuids(simulator, from)).toEqual(docs.slice(1).map((d) => d.uuid));

    // None of its documents is signed with the SDK test credential, before, during or after.
    for (const d of docs) expect(d.xml).not.toContain(SDK_TEST_CERTIFICATE_BASE64);
  });
});
