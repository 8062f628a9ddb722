import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness.js';
import { outgoingMails } from '../db/schema.js';
import { withSystem } from '../db/tenant.js';
import { createMailer } from './mailer.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowOf = async (to: string) => {
  const [row] = await withSystem(t.deps.db, (tx) => tx.select().from(outgoingMails).where(eq(outgoingMails.to, to)));
  return row;
};
const quiet = { info() {}, error() {} };

describe('the mail queue', () => {
  it('keeps a mail that could not be sent and retries it later, never inside the request', async () => {
    // Nothing listens on port 1: every delivery fails.
    const failing = createMailer(t.deps.db, { smtpUrl: 'smtp://127.0.0.1:1', from: 'kora@test', log: quiet });
    await failing.send({ academyId: null, to: 'retry@x.sa', subject: 'Hi', text: 'reset link' });
    await failing.stop(); // waits for the delivery that send() woke
    const row = await rowOf('retry@x.sa');
    expect(row).toMatchObject({ sentAt: null, attempts: 1, text: 'reset link' });
    expect(row.error).toBeTruthy();
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a second run leaves it alone.
    expect(await failing.deliverDue()).toBe(0);
    expect((await rowOf('retry@x.sa')).attempts).toBe(1);
  });

  it('sends each queued mail once even when two processes deliver at the same time, and forgets a delivered body', async () => {
    const sent: string[] = [];
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const recording = { ...transport, sendMail: async (m: { to: string }) => void sent.push(m.to) } as unknown as nodemailer.Transporter;
    const one = createMailer(t.deps.db, { transport: recording, from: 'kora@test', log: quiet });
    const two = createMailer(t.deps.db, { transport: recording, from: 'kora@test', log: quiet });
    const addresses = Array.from({ length: 30 }, (_, i) => `queued-${i}@x.sa`);
    await withSystem(t.deps.db, (tx) =>
      tx.insert(outgoingMails).values(addresses.map((to) => ({ academyId: null, to, subject: 'Link', text: 'https://x/reset/secret' }))),
    );
    await Promise.all([one.deliverDue(), two.deliverDue(), one.deliverDue()]);
    await Promise.all([one.stop(), two.stop()]);
    expect(sent.filter((to) => to.startsWith('queued-')).sort()).toEqual([...addresses].sort());
    const row = await rowOf('queued-7@x.sa');
    expect(row.sentAt).not.toBeNull();
    expect(row.text).toBe(''); // no live link kept once delivered (outside the development outbox)
  });

  it('keeps bodies in the development outbox (no SMTP): the mail is logged and marked sent', async () => {
    const logged: string[] = [];
    const dev = createMailer(t.deps.db, {
      from: 'kora@test',
      log: { info: (o: object) => void logged.push(JSON.stringify(o)), error() {} },
    });
    await dev.send({ academyId: null, to: 'dev@x.sa', subject: 'Hi', text: 'dev link' });
    await dev.stop();
    expect(logged.some((l) => l.includes('dev@x.sa'))).toBe(true);
    expect(await rowOf('dev@x.sa')).toMatchObject({ text: 'dev link', attempts: 1 });
    expect((await rowOf('dev@x.sa')).sentAt).not.toBeNull();
  });

  it('in production never writes a live link to the log nor keeps it, even without SMTP', async () => {
    const logged: string[] = [];
    const production = createMailer(t.deps.db, {
      from: 'kora@test',
      log: { info: (o: object, msg: string) => void logged.push(`${msg} ${JSON.stringify(o)}`), error() {} },
      keepBodies: true,
      production: true,
    });
    const link = 'https://demo.kora.sa/auth/reset-password/live-secret-token';
    await production.send({ academyId: null, to: 'prod@x.sa', subject: 'Reset', text: `Open ${link}`, html: `<a href="${link}">` });
    await production.stop();
    expect(logged.some((l) => l.includes('prod@x.sa'))).toBe(true);
    expect(logged.join('\n')).not.toContain('live-secret-token');
    const row = await rowOf('prod@x.sa');
    expect(row).toMatchObject({ text: '', html: null });
    expect(row.sentAt).not.toBeNull(); // not retried for ever: production starts only with SMTP_URL (config.ts)
  });
});
