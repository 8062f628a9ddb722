/**
 * ZATCA onboarding and reporting against the built-in simulator, in process: the
 * simulator really checks CSRs, hashes, signatures and the ICV/PIH chain, and counts what it receives.
 */
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Academy, asMember, createTestApp, expectInvalid, registerAndLogin, type TestContext } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { rowsOf } from '../../db/client.js';
import { academies, invoiceDocuments, packages, subscriptions, users, zatcaCredentials, zatcaReports } from '../../db/schema.js';
import { withTenant } from '../../db/tenant.js';
import { unseal } from '../invoices/formats/credentials.js';
import { invoiceHash } from '../invoices/formats/signing.js';
import { activatePaid } from '../subscriptions/activate.js';
import { sealingKeyFor } from './keys.js';
import { onboard } from './service.js';
import { localZatcaApi } from './zatca/index.js';
import { tokenOfCertificate } from './zatca/provider.js';
import { createZatcaSimulator, SIMULATOR_REFUSED_OTP } from './zatca/simulator.js';

const simulator = createZatcaSimulator();
const logLines: string[] = [];
let t: TestContext;
let a: Academy;

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

beforeAll(async () => {
  const capture = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({}, { logger: pino({ level: 'trace' }, capture) }, { zatca: localZatcaApi(simulator) });
  a = await registerAndLogin(t.app);
});
afterAll(() => t.close());

const member = (academy: Academy) => asMember(t.app, academy);
const setProfile = (academy: Academy, values: Partial<typeof academies.$inferInsert>) =>
  withTenant(t.deps.db, academy.id, (tx) => tx.update(academies).set(values).where(eq(academies.id, academy.id)));

/** Players with paid (cash) invoices, issued at successive minutes. */
async function issueInvoices(academy: Academy, count: number, startAt = '2026-11-22T10:00:00Z') {
  const ids = await withTenant(t.deps.db, academy.id, async (tx) => {
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
    return subs.map((s) => s.id);
  });
  for (const [i, id] of ids.entries())
    await withTenant(t.deps.db, academy.id, (tx) =>
      activatePaid(tx, id, { method: 'Cash', withInvoice: true, now: new Date(Date.parse(startAt) + i * 60_000) }),
    );
}

const documentsOf = (academy: Academy) =>
  withTenant(t.deps.db, academy.id, (tx) =>
    tx
      .select({
        icv: invoiceDocuments.icv,
        uuid: invoiceDocuments.uuid,
        hash: invoiceDocuments.hash,
        xml: invoiceDocuments.xml,
        state: zatcaReports.state,
        attempts: zatcaReports.attempts,
      })
      .from(invoiceDocuments)
      .leftJoin(zatcaReports, eq(zatcaReports.documentId, invoiceDocuments.id))
      .orderBy(invoiceDocuments.icv),
  );

/** An academy with its profile, onboarded through the API. */
async function onboardedAcademy() {
  const academy = await registerAndLogin(t.app);
  await setProfile(academy, PROFILE);
  const res = await member(academy)({ method: 'POST', url: '/api/academies/e-invoicing/onboard', payload: { otp: '123456' } });
  expect(res.statusCode, res.body).toBe(200);
  return academy;
}

describe('onboarding with the simulator', () => {
  it('needs the VAT number first, and refuses a malformed OTP without asking ZATCA', async () => {
    const calls = simulator.calls.length;
    const noVat = await member(a)({ method: 'POST', url: '/api/academies/e-invoicing/onboard', payload: { otp: '123456' } });
    expect(noVat.statusCode).toBe(409);
    expect(noVat.json().code).toBe('einvoicing.vat_required');
    await setProfile(a, PROFILE);
    const bad = await member(a)({ method: 'POST', url: '/api/academies/e-invoicing/onboard', payload: { otp: '12ab' } });
    expectInvalid(bad, 'einvoicing.otp_invalid', 'otp');
    expect(simulator.calls.length).toBe(calls);
  });

  it("answers ZATCA's refusal of an OTP in its words (400) and stays not onboarded", async () => {
    const res = await member(a)({ method: 'POST', url: '/api/academies/e-invoicing/onboard', payload: { otp: SIMULATOR_REFUSED_OTP } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'einvoicing.refused', message: expect.stringContaining('OTP') });
    const state = await member(a)({ method: 'GET', url: '/api/academies/e-invoicing' });
    expect(state.json()).toMatchObject({ state: 'not_onboarded', environment: 'local', certificate: null, vatNumber: VAT });
  });

  it('moves to production end to end: CSR, compliance certificate, three compliance checks, production certificate', async () => {
    const before = simulator.calls.length;
    const res = await member(a)({ method: 'POST', url: '/api/academies/e-invoicing/onboard', payload: { otp: '123456' } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ state: 'production', environment: 'local', certificate: { environment: 'local', renewalDue: false } });
    expect(body.certificate.unit).toBe(`Kora-${a.handle}`);
    expect(Date.parse(body.certificate.expiresAt) - Date.now()).toBeGreaterThan(360 * 24 * 3600_000);
    expect(simulator.calls.slice(before).map((c) => `${c.method} ${c.path} ${c.status}`)).toEqual([
      'POST /compliance 200',
      'POST /compliance/invoices 200',
      'POST /compliance/invoices 200',
      'POST /compliance/invoices 200',
      'POST /production/csids 200',
    ]);
    const read = await member(a)({ method: 'GET', url: '/api/academies/e-invoicing' });
    expect(read.json()).toEqual(body);
  });

  it('never shows the private key or the API secrets: not in an answer, not in a log, not in the database unsealed', async () => {
    const key = sealingKeyFor(t.deps.config);
    if (!key) throw new Error('no sealing key');
    const rows = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(zatcaCredentials));
    expect(rows.map((r) => r.kind).sort()).toEqual(['compliance', 'production']);
    const secrets = rows.flatMap((r) => {
      const pem = unseal(r.privateKeySealed, key, a.id);
      const body = pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
      return [body, body.slice(10, 40), unseal(r.secretSealed ?? '', key, a.id)];
    });
    for (const r of rows) expect(r.privateKeySealed).not.toMatch(/PRIVATE KEY/);
    const answers = [
      (await member(a)({ method: 'GET', url: '/api/academies/e-invoicing' })).body,
      (await member(a)({ method: 'GET', url: `/api/academies/${a.id}` })).body,
      (await member(a)({ method: 'POST', url: '/api/academies/e-invoicing/renew', payload: { otp: '654321' } })).body,
      (await member(a)({ method: 'GET', url: '/api/audit-events?startDate=2026-11-01&endDate=2026-11-30' })).body,
    ];
    const logs = logLines.join('\n');
    expect(logs).toContain('/api/academies/e-invoicing/onboard');
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(20);
      for (const text of answers) expect(text).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    // The OTP is not kept in the audit trail either.
    expect(answers[3]).toContain('onboardEInvoicing');
    expect(answers[3]).not.toContain('654321');
  });

  it('renews: a new key and certificate sign from then on, the state stays production', async () => {
    const before = await member(a)({ method: 'GET', url: '/api/academies/e-invoicing' });
    const res = await member(a)({ method: 'POST', url: '/api/academies/e-invoicing/renew', payload: { otp: '111111' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('production');
    expect(res.json().certificate.serialNumber).not.toBe(before.json().certificate.serialNumber);
    expect(simulator.calls.at(-1)).toMatchObject({ method: 'PATCH', path: '/production/csids', status: 200 });
  });

  it('refuses to onboard without a key to seal with (production without ZATCA_KEY_ENCRYPTION_KEY): 409, ZATCA not asked', async () => {
    const calls = simulator.calls.length;
    const deps = { data: t.app.deps.data, zatca: t.deps.zatca, clock: t.clock, sealingKey: () => null };
    await expect(onboard(deps, a.id, '123456')).rejects.toMatchObject({ statusCode: 409, code: 'einvoicing.key_missing' });
    expect(simulator.calls.length).toBe(calls);
    const saved = process.env.ZATCA_KEY_ENCRYPTION_KEY;
    delete process.env.ZATCA_KEY_ENCRYPTION_KEY;
    try {
      expect(sealingKeyFor({ production: true, dataDir: t.deps.config.dataDir })).toBeNull();
    } finally {
      process.env.ZATCA_KEY_ENCRYPTION_KEY = saved;
    }
  });
});

describe('reporting', () => {
  it('queues each document in its invoice transaction and reports it once ZATCA answers: an outage, then recovery', async () => {
    const academy = await onboardedAcademy();
    await issueInvoices(academy, 4);
    expect((await documentsOf(academy)).map((d) => d.state)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);

    simulator.outage = true;
    expect(await t.app.reporter.reportDue()).toBe(0);
    let docs = await documentsOf(academy);
    // Only the first of the chain was tried; the others wait behind it.
    expect(docs.map((d) => [d.state, d.attempts])).toEqual([
      ['waiting', 1],
      ['waiting', 0],
      ['waiting', 0],
      ['waiting', 0],
    ]);
    // Not due again before its delay.
    expect(await t.app.reporter.reportDue()).toBe(0);
    expect(simulator.calls.filter((c) => c.status === 503)).toHaveLength(1);

    simulator.outage = false;
    t.clock.advance(61_000);
    expect(await t.app.reporter.reportDue()).toBe(4);
    docs = await documentsOf(academy);
    expect(docs.map((d) => d.state)).toEqual(['reported', 'reported', 'reported', 'reported']);
    for (const d of docs) expect(simulator.reportsOf(d.uuid)).toBe(1);
    // Nothing is due any more: another run reports nothing again.
    expect(await t.app.reporter.reportDue()).toBe(0);
    for (const d of docs) expect(simulator.reportsOf(d.uuid)).toBe(1);

    const history = await member(academy)({ method: 'GET', url: '/api/invoices/all?startDate=2026-11-01&endDate=2026-11-30' });
    expect(history.json().map((i: { reporting: string }) => i.reporting)).toEqual(['reported', 'reported', 'reported', 'reported']);
  });

  it('reports with warnings (no commercial registration) and keeps ZATCA’s answer', async () => {
    const academy = await onboardedAcademy();
    await setProfile(academy, { crNumber: null });
    await issueInvoices(academy, 1);
    await t.app.reporter.reportDue();
    const [row] = await withTenant(t.deps.db, academy.id, (tx) => tx.select().from(zatcaReports));
    expect(row).toMatchObject({ state: 'reported_with_warnings', httpStatus: 202 });
    expect(row.answer).toMatchObject({ reportingStatus: 'REPORTED', validationResults: { warningMessages: [{ code: 'BR-KSA-08' }] } });
  });

  it('two workers at once never report a document twice', async () => {
    const academy = await onboardedAcademy();
    await issueInvoices(academy, 5);
    const second = await buildApp(t.deps);
    try {
      await Promise.all([t.app.reporter.reportDue(), second.reporter.reportDue(), t.app.reporter.reportDue()]);
      await Promise.all([t.app.reporter.reportDue(), second.reporter.reportDue()]);
    } finally {
      await second.close();
    }
    const docs = await documentsOf(academy);
    expect(docs.map((d) => d.state)).toEqual(Array(5).fill('reported'));
    for (const d of docs) expect(simulator.reportsOf(d.uuid)).toBe(1);
  });

  it('the queue survives a restart: a new app on the same database reports what the old one left', async () => {
    const academy = await onboardedAcademy();
    await issueInvoices(academy, 2);
    await t.app.close();
    // A development restart: the sealing key comes back from DATA_DIR before anything is signed.
    delete process.env.ZATCA_KEY_ENCRYPTION_KEY;
    t.app = await buildApp(t.deps);
    await t.app.ready();
    expect(process.env.ZATCA_KEY_ENCRYPTION_KEY).toBeTruthy();
    await issueInvoices(academy, 1, '2026-11-22T12:00:00Z');
    expect(await t.app.reporter.reportDue()).toBe(3);
    const docs = await documentsOf(academy);
    expect(docs.map((d) => d.state)).toEqual(['reported', 'reported', 'reported']);
    for (const d of docs) expect(simulator.reportsOf(d.uuid)).toBe(1);
  });

  it('the simulator rejects a tampered document (an amount changed after signing), whatever hash the request claims', async () => {
    const academy = await onboardedAcademy();
    await issueInvoices(academy, 1);
    const [doc] = await documentsOf(academy);
    const key = sealingKeyFor(t.deps.config) as Buffer;
    const [cred] = await withTenant(t.deps.db, academy.id, (tx) =>
      tx.select().from(zatcaCredentials).where(eq(zatcaCredentials.kind, 'production')),
    );
    const csid = {
      binarySecurityToken: tokenOfCertificate(Buffer.from(cred.certificate.replace(/-----[^-]+-----|\s/g, ''), 'base64')),
      secret: unseal(cred.secretSealed ?? '', key, academy.id),
    };
    const tampered = doc.xml.replace('<cbc:PayableAmount currencyID="SAR">450.00<', '<cbc:PayableAmount currencyID="SAR">45.00<');
    expect(tampered).not.toBe(doc.xml);
    const api = localZatcaApi(simulator);
    for (const claimed of [doc.hash, invoiceHash(tampered)]) {
      const result = await api.reportSingle(csid, {
        invoiceHash: claimed,
        uuid: doc.uuid,
        invoice: Buffer.from(tampered).toString('base64'),
      });
      expect(result.httpStatus).toBe(400);
      expect(result.answer.reportingStatus).toBe('NOT_REPORTED');
      expect(result.answer.validationResults.errorMessages.map((m) => m.code)).toEqual(
        expect.arrayContaining([claimed === doc.hash ? 'invalid-invoice-hash' : 'signed-invoice-hash']),
      );
    }
    // The untouched document is reported by the queue.
    await t.app.reporter.reportDue();
    expect((await documentsOf(academy))[0].state).toBe('reported');
  });
});

describe('the bell', () => {
  it('lists rejected documents with their number and buyer; a rejection is final and the chain goes on after it', async () => {
    const academy = await registerAndLogin(t.app);
    await setProfile(academy, PROFILE);
    // Documents signed with the development credential (before onboarding) are rejected once the academy reports.
    await issueInvoices(academy, 1);
    const res = await member(academy)({ method: 'POST', url: '/api/academies/e-invoicing/onboard', payload: { otp: '123456' } });
    expect(res.statusCode).toBe(200);
    await issueInvoices(academy, 1, '2026-11-22T11:00:00Z');
    await t.app.reporter.reportDue();
    const docs = await documentsOf(academy);
    expect(docs.map((d) => d.state)).toEqual(['rejected', 'reported']);
    const bell = await member(academy)({ method: 'GET', url: '/api/attention' });
    const rejected = bell.json().items.filter((i: { kind: string }) => i.kind === 'einvoice_rejected');
    expect(rejected).toEqual([expect.objectContaining({ kind: 'einvoice_rejected', invoiceNumber: 1, playerName: 'Player 1' })]);
    const rows = rowsOf<{ n: number }>(
      await withTenant(t.deps.db, academy.id, (tx) =>
        tx.execute(sql`select count(*)::int as n from zatca_reports where state = 'rejected'`),
      ),
    );
    expect(rows[0].n).toBe(1);
  });
});
