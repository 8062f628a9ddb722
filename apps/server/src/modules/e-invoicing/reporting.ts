/**
 * Reporting to ZATCA (docs/domain.md, "E-invoicing with ZATCA: onboarding and reporting"): every simplified
 * invoice and credit note is reported within 24
 * hours through a persistent queue, table zatca_reports (migration 0022), one row per document,
 * written in the transaction that issues it. Rows are the whole state, so a restart loses nothing.
 *
 * - Order: an academy's documents form one chain (ICV, PIH), so they are reported in ICV order; a
 *   document waits while an earlier one of its academy waits.
 * - Never twice: a claim locks the academy's first waiting row (FOR UPDATE) and moves the next
 *   attempt of its waiting rows into the future in the same transaction, so no other process (or
 *   run) sends it until that attempt has been answered.
 * - Credential: each document goes with the certificate that signed it (invoice_documents.credential_id),
 *   even after a renewal: ZATCA refuses a document signed with another certificate than the
 *   authenticated one. A document issued while no certificate was valid is signed first (waiting.ts).
 * - Outages (network, timeouts, 5xx, 429) and refusals of the credential are retried with a
 *   doubling delay, 1 minute up to 1 hour; ZATCA's 400 with errors is final: rejected, listed by
 *   the bell. ZATCA's answer (warnings and errors) is kept with the row.
 */
import { X509Certificate } from 'node:crypto';
import { isOneOf, REPORTING_STATES, type ReportingState } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import { zatcaCredentials } from '../../db/schema.js';
import type { DataAccess, TenantTx } from '../../db/tenant.js';
import type { Clock } from '../../lib/clock.js';
import { unseal, validProductionCredential } from '../invoices/formats/credentials.js';
import { signWaitingIfPossible } from './waiting.js';
import { type Csid, type DocumentResult, tokenOfCertificate, type ZatcaApi, ZatcaRefusal, ZatcaUnavailable } from './zatca/provider.js';

/** The first retry waits this long; each further one twice as long, up to MAX_DELAY_S. */
const FIRST_DELAY_S = 60;
const MAX_DELAY_S = 3600;
/** An academy without a production certificate is looked at again after this long (onboarding wakes it at once). */
const NO_CREDENTIAL_DELAY_S = 3600;
const WAITING_FOR_A_CERTIFICATE =
  'Waiting for a certificate: issued while no certificate was valid; signed and reported once the academy renews in Settings → Academy → E-invoicing';
const NO_CREDENTIAL = 'No production certificate to report with: onboard in Settings → Academy → E-invoicing';
/** Academies taken per look-up of the due ones. */
const ACADEMIES_PER_RUN = 50;
export const REPORT_EVERY_MS = 30_000;

/**
 * Queues the e-invoice of an invoice (or credit note) for reporting, in the transaction that issued
 * it; nothing when it has no e-invoice (issued without VAT). A document behind others that wait for
 * a retry waits with them.
 */
export async function enqueueReport(tx: TenantTx, invoiceId: string) {
  await tx.execute(sql`
    insert into zatca_reports (academy_id, document_id, next_attempt_at)
    select d.academy_id, d.id, (select max(w.next_attempt_at) from zatca_reports w where w.state = 'waiting')
    from invoice_documents d where d.invoice_id = ${invoiceId}
    on conflict do nothing`);
}

/** After onboarding or renewal: the academy's waiting documents are due at once. */
export async function wakeReports(tx: TenantTx) {
  await tx.execute(sql`update zatca_reports set next_attempt_at = null where state = 'waiting'`);
}

/** The document states that count for the history and the settings page. */
export const isReportingState = (s: string): s is ReportingState => isOneOf(REPORTING_STATES, s);

interface Claimed {
  document_id: string;
  attempts: number;
  uuid: string;
  hash: string;
  xml: string;
  icv: number;
  /** The credential that signed it; null: the SDK test credential (development). */
  credential_id: string | null;
  unsigned: boolean;
}

/** The academy's first waiting document (chain order), locked, and whether it is due at `now`; null when none waits. */
async function firstWaiting(tx: TenantTx, now: Date): Promise<(Claimed & { due: boolean }) | null> {
  const [first] = rowsOf<Claimed & { due: boolean }>(
    await tx.execute(sql`
      select q.document_id, q.attempts, d.uuid, d.hash, d.xml, d.icv, d.credential_id, d.unsigned,
        (q.next_attempt_at is null or q.next_attempt_at <= ${now.toISOString()}::timestamptz) as due
      from zatca_reports q join invoice_documents d on d.id = q.document_id
      where q.state = 'waiting'
      order by d.icv
      limit 1
      for update of q`),
  );
  return first ?? null;
}

/**
 * Claims the first waiting document: its attempt counted and every waiting row of the academy held
 * until `now + delay` (the retry time should this attempt fail).
 */
async function claimFirst(tx: TenantTx, first: Claimed, now: Date): Promise<Claimed> {
  const attempts = Number(first.attempts) + 1;
  const delay = Math.min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** (attempts - 1));
  await tx.execute(sql`
    update zatca_reports set
      attempts = attempts + (document_id = ${first.document_id})::int,
      next_attempt_at = ${new Date(now.getTime() + delay * 1000).toISOString()}::timestamptz
    where state = 'waiting'`);
  return { ...first, attempts };
}

/** Every waiting document of the academy put off by an hour, with why (nothing can be sent before that changes). */
async function putOff(tx: TenantTx, now: Date, why: string) {
  await tx.execute(sql`
    update zatca_reports set next_attempt_at = ${new Date(now.getTime() + NO_CREDENTIAL_DELAY_S * 1000).toISOString()}::timestamptz,
      last_error = ${why}
    where state = 'waiting'`);
}

const csidOf = (row: typeof zatcaCredentials.$inferSelect, key: Buffer, academyId: string): Csid | null =>
  row.secretSealed
    ? {
        binarySecurityToken: tokenOfCertificate(new X509Certificate(row.certificate).raw),
        secret: unseal(row.secretSealed, key, academyId),
      }
    : null;

/**
 * The credential a document is reported with: the one that signed it (ZATCA checks that the
 * authenticated unit's certificate is the one in the document), whether or not a newer one has
 * replaced it since. A document the SDK test credential signed (development, before onboarding) has
 * no such credential: it goes with the academy's newest valid one, and ZATCA rejects it.
 */
async function reportingCsid(tx: TenantTx, document: Claimed, now: Date, key: Buffer | null): Promise<Csid | null> {
  if (!key) return null;
  const row = document.credential_id
    ? (await tx.select().from(zatcaCredentials).where(eq(zatcaCredentials.id, document.credential_id)))[0]
    : await validProductionCredential(tx, now);
  return row ? csidOf(row, key, tx.academyId) : null;
}

/** ZATCA's answer as the document's state: 400 not reported (final), warnings or not. */
function stateOf(result: DocumentResult): ReportingState {
  const { answer } = result;
  if (result.httpStatus === 400 || answer.reportingStatus === 'NOT_REPORTED' || answer.validationResults.errorMessages.length > 0)
    return 'rejected';
  return result.httpStatus === 202 || answer.validationResults.warningMessages.length > 0 ? 'reported_with_warnings' : 'reported';
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ReporterDeps {
  data: DataAccess;
  zatca: ZatcaApi;
  clock: Clock;
  /** The key that opens the academies' API secrets (keys.ts); null: none can be opened. */
  sealingKey: () => Buffer | null;
  log: Logger;
}

export interface Reporter {
  /** Reports every document that is due, academy by academy; answers how many ZATCA answered. */
  reportDue(): Promise<number>;
  /** Reports on a timer (the server; tests call reportDue). */
  start(everyMs?: number): void;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

export function createReporter(deps: ReporterDeps): Reporter {
  let running: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;

  /** One academy: its due documents in chain order until one is not answered or none is due. */
  async function reportAcademy(academyId: string): Promise<number> {
    let answered = 0;
    for (;;) {
      const now = deps.clock.now();
      const claim = await deps.data.tenant(academyId, async (tx) => {
        const key = deps.sealingKey();
        let first = await firstWaiting(tx, now);
        if (!first?.due) return null;
        if (first.unsigned) {
          // Issued while no certificate was valid: signed now if one is, else everything waits behind it.
          if ((await signWaitingIfPossible(tx, now, key)) === 0) {
            await putOff(tx, now, WAITING_FOR_A_CERTIFICATE);
            return null;
          }
          first = await firstWaiting(tx, now);
          if (!first) return null;
        }
        const csid = await reportingCsid(tx, first, now, key);
        if (!csid) {
          // Not onboarded yet (development documents), or the key that opens its secret is missing.
          await putOff(tx, now, NO_CREDENTIAL);
          return null;
        }
        return { document: await claimFirst(tx, first, now), csid };
      });
      if (!claim) return answered;
      const { document, csid } = claim;
      let result: DocumentResult;
      try {
        result = await deps.zatca.reportSingle(csid, {
          invoiceHash: document.hash,
          uuid: document.uuid,
          invoice: Buffer.from(document.xml, 'utf8').toString('base64'),
        });
      } catch (err) {
        const known = err instanceof ZatcaUnavailable || err instanceof ZatcaRefusal;
        const message = err instanceof Error ? err.message : String(err);
        const status = err instanceof ZatcaUnavailable ? (err.status ?? null) : err instanceof ZatcaRefusal ? err.status : null;
        if (!known) deps.log.error({ err, academyId, documentId: document.document_id }, 'ZATCA reporting failed; it will be retried');
        else deps.log.warn({ academyId, documentId: document.document_id, status }, `ZATCA reporting not answered: ${message}`);
        // The claim already moved the academy's next attempt to the retry time.
        await deps.data.tenant(academyId, (tx) =>
          tx.execute(sql`
            update zatca_reports set last_error = ${message.slice(0, 500)}, http_status = ${status}
            where document_id = ${document.document_id} and state = 'waiting'`),
        );
        return answered;
      }
      const state = stateOf(result);
      const at = deps.clock.now();
      await deps.data.tenant(academyId, async (tx) => {
        await tx.execute(sql`
          update zatca_reports set state = ${state}, http_status = ${result.httpStatus}, answer = ${JSON.stringify(result.answer)}::jsonb,
            last_error = null, reported_at = ${at.toISOString()}::timestamptz
          where document_id = ${document.document_id} and state = 'waiting'`);
        // The next document of the chain may go at once.
        await wakeReports(tx);
      });
      if (state === 'rejected')
        deps.log.warn({ academyId, documentId: document.document_id, icv: document.icv }, 'ZATCA rejected a document (listed in the bell)');
      answered++;
    }
  }

  async function run() {
    const visited = new Set<string>();
    let answered = 0;
    for (;;) {
      const now = deps.clock.now();
      const due = rowsOf<{ id: string }>(
        await deps.data.system((tx) =>
          tx.execute(sql`select zatca_reports_due(${now.toISOString()}::timestamptz, ${ACADEMIES_PER_RUN}) as id`),
        ),
      )
        .map((r) => r.id)
        .filter((id) => !visited.has(id));
      if (due.length === 0) return answered;
      for (const academyId of due) {
        visited.add(academyId);
        try {
          answered += await reportAcademy(academyId);
        } catch (err) {
          deps.log.error({ err, academyId }, 'ZATCA reporting of an academy failed; the next run tries again');
        }
      }
    }
  }

  function reportDue(): Promise<number> {
    running ??= run()
      .catch((err) => {
        deps.log.error({ err }, 'ZATCA reporting failed; the next run tries again');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    reportDue,
    start(everyMs = REPORT_EVERY_MS) {
      timer ??= setInterval(() => void reportDue(), everyMs).unref();
      void reportDue();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      while (running) await running;
    },
  };
}
