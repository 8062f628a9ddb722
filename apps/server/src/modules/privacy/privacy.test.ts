import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/api.js';
import { useTestApp } from '../../../test/fixture.js';
import { multipart, paperConsents, pngBytes } from '../../../test/fixtures.js';
import { type Academy, asMember } from '../../../test/harness.js';
import { rowsOf } from '../../db/client.js';
import {
  events,
  growthMetrics,
  invoices,
  messages,
  packages,
  participants,
  payments,
  privacyRequests,
  subscriptions,
  teamPlayers,
  teams,
  users,
} from '../../db/schema.js';
import { withSystem, withTenant } from '../../db/tenant.js';
import { TENANT_TABLES } from '../../db/tenant-tables.js';
import { createFamilySession } from '../family/session.js';
import { EXPORT_TABLES } from './export-map.js';
import { purgeExpired } from './retention.js';
import { unzip } from './zip.js';

/** A family's data on request, erasure and retention (docs/domain.md, "Privacy requests"). */
const t = useTestApp({ academies: 2 });
const [a, b] = t.academies;

interface Person {
  parentName: string;
  email: string;
  phone: string;
  childName: string;
  nationalId: string;
  birthdate: string;
}
interface Family extends Person {
  academy: Academy;
  parentId: string;
  childId: string;
  avatar: string | null;
  parent: { handle: string; token: string };
}

let seq = 0;
const person = (tag: string): Person => {
  seq++;
  const n = String(1000 + seq);
  return {
    parentName: `Parent ${tag} Zahrani${n}`,
    email: `parent.${tag}.${n}@example.sa`,
    phone: `+96650${n}${String(700 + seq)}`,
    childName: `Child ${tag} Qahtani${n}`,
    nationalId: `10${n}${String(9000 + seq)}9`,
    birthdate: `2014-0${(seq % 9) + 1}-1${seq % 10}`,
  };
};

/** A family registered on paper by staff (with a photo), with a growth record, a session, a paid and ended subscription, and a message. */
async function family(academy: Academy, tag: string): Promise<Family> {
  const p = person(tag);
  const res = await asMember(
    t.app,
    academy,
  )({
    method: 'POST',
    url: '/api/users/parent-player',
    ...multipart(
      {
        parentInfo: JSON.stringify({ name: p.parentName, phone: p.phone, email: p.email, emergencyPhone1: '', emergencyPhone2: '' }),
        playerInfo: JSON.stringify({
          name: p.childName,
          birthdate: p.birthdate,
          gender: 'male',
          nationality: 'SA',
          nationalId: p.nationalId,
          residentialNeighborhood: 'Al Malqa',
          medicalCondition: 'Asthma',
        }),
        consents: JSON.stringify(paperConsents),
      },
      { name: 'me.png', bytes: await pngBytes(), type: 'image/png' },
    ),
  });
  expect(res.statusCode, res.body).toBe(201);
  const childId: string = res.json().player.id;
  const { parentId, avatar } = await withTenant(t.deps.db, academy.id, async (tx) => {
    const [link] = rowsOf<{ parent_id: string }>(await tx.execute(sql`select parent_id from parent_players where player_id = ${childId}`));
    const [child] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, childId));
    const [team] = await tx
      .insert(teams)
      .values({ academyId: academy.id, name: `Team ${tag}` })
      .returning();
    await tx.insert(teamPlayers).values({ academyId: academy.id, teamId: team.id, playerId: childId });
    const [event] = await tx
      .insert(events)
      .values({ academyId: academy.id, type: 'TRAINING_SESSION', date: '2026-11-01', time: '17:00', endTime: '18:00' })
      .returning();
    await tx.insert(participants).values({ academyId: academy.id, eventId: event.id, userId: childId, status: 'ATTENDED' });
    await tx.insert(growthMetrics).values({ academyId: academy.id, playerId: childId, date: '2026-10-01', height: 140, weight: 35 });
    await tx.insert(messages).values({
      academyId: academy.id,
      recipientId: link.parent_id,
      channel: 'email',
      kind: 'event_cancelled',
      locale: 'en',
      idempotencyKey: `test-${childId}`,
      address: p.email,
      subject: `${p.childName}: training cancelled`,
      body: `Dear ${p.parentName}, ${p.childName}'s training is cancelled.`,
      link: '/family',
      templateParams: { child: p.childName },
    });
    return { parentId: link.parent_id, avatar: child.avatar };
  });
  const token = await withSystem(t.deps.db, (tx) =>
    createFamilySession(tx, academy.id, { parentId, parentIds: [parentId], address: { kind: 'email', email: p.email } }),
  );
  return { ...p, academy, parentId, childId, avatar, parent: { handle: academy.handle, token } };
}

/** A paid cash subscription (an invoice issued naming the child), left ACTIVE. */
async function paidSubscription(f: Family) {
  const [pkg] = await withTenant(t.deps.db, f.academy.id, (tx) =>
    tx.insert(packages).values({ academyId: f.academy.id, name: 'Monthly', priceHalalas: 30000, monthsNumber: 1 }).returning(),
  );
  const created = await api(t.app, f.academy)('createSubscription', {
    params: { playerId: f.childId },
    body: { packageId: pkg.id, sendInvoice: false },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id: string = created.json().id;
  const paid = await asMember(
    t.app,
    f.academy,
  )({
    method: 'PATCH',
    url: `/api/subscriptions/${pkg.id}/${id}`,
    payload: { status: 'ACTIVE', sendInvoice: false, paymentMethod: 'Cash' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

const purgeDeps = (app: typeof t) => ({
  data: app.app.deps.data,
  dataDir: app.deps.config.dataDir,
  now: () => app.clock.now(),
  removeFile: (path: string) => app.app.deps.storage.remove(path),
});

let one: Family;
let two: Family;
let other: Family;
beforeAll(async () => {
  one = await family(a, 'one');
  two = await family(a, 'two');
  other = await family(b, 'other');
  for (const f of [one, two, other]) await paidSubscription(f);
});

async function exportFor(start: () => Promise<{ statusCode: number; json: () => { id: string; token: string }; body: string }>) {
  const started = await start();
  expect(started.statusCode, started.body).toBe(202);
  await t.app.background.idle();
  return started.json();
}
const download = (token: string) => t.app.inject({ method: 'GET', url: `/api/data-exports/download/${token}` });
const entriesOf = (zip: Buffer) => Object.fromEntries(unzip(zip).map((e) => [e.name, e.bytes]));

describe('a family’s data on request', () => {
  it('has a line for every tenant table of the schema: how it is exported for a family, or why not', () => {
    const missing = TENANT_TABLES.filter((table) => !(table in EXPORT_TABLES));
    expect(missing, 'tenant tables without their line in EXPORT_TABLES (modules/privacy/export-map.ts)').toEqual([]);
    expect(Object.keys(EXPORT_TABLES).filter((table) => !TENANT_TABLES.includes(table))).toEqual([]);
  });

  it('builds a ZIP of the family’s rows (JSON per table and a PDF) with progress, linked once, and holds none of another family’s', async () => {
    const { id, token } = await exportFor(() => api(t.app, one.parent)('requestFamilyExport', { body: { language: 'ar' } }));
    const status = await api(t.app, one.parent)('familyExportStatus', { params: { id } });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json()).toMatchObject({ id, state: 'ready', progress: 100, expiresAt: expect.any(String) });
    // Another family of the same academy does not see it.
    expect((await api(t.app, two.parent)('familyExportStatus', { params: { id } })).statusCode).toBe(404);

    const res = await download(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    const files = entriesOf(res.rawPayload);
    expect(files['ملخص-البيانات.pdf'].subarray(0, 5).toString()).toBe('%PDF-');
    const json = (name: string) => JSON.parse(files[`data/${name}.json`].toString()) as Record<string, unknown>[];
    // The family's rows of every kind.
    expect(
      json('users')
        .map((u) => u.id)
        .sort(),
    ).toEqual([one.parentId, one.childId].sort());
    expect(json('users').some((u) => 'password_hash' in u)).toBe(false);
    for (const table of ['consents', 'growth_metrics', 'participants', 'team_players', 'subscriptions', 'invoices'])
      expect(json(table).length, table).toBeGreaterThan(0);
    for (const table of ['consents', 'growth_metrics', 'team_players', 'subscriptions'])
      for (const row of json(table)) expect(row.player_id).toBe(one.childId);
    expect(json('payments')).toHaveLength(1);
    expect(json('invoices').map((i) => i.user_id)).toEqual([one.childId]);
    expect(json('messages').map((m) => m.recipient_id)).toEqual([one.parentId]);
    // Nothing of the other family here nor of the other academy's.
    const everything = Object.values(files)
      .map((bytes) => bytes.toString())
      .join('\n');
    for (const f of [two, other])
      for (const value of [f.childName, f.parentName, f.email, f.phone, f.nationalId, f.childId, f.parentId])
        expect(everything).not.toContain(value);
    expect(everything).toContain(one.nationalId);

    // Once: the link is spent and the file gone.
    expect((await download(token)).statusCode).toBe(404);
    expect((await api(t.app, one.parent)('familyExportStatus', { params: { id } })).json().state).toBe('downloaded');
    expect(await readdir(join(t.deps.config.dataDir, 'exports'))).not.toContain(`${id}.zip`);
  });

  it('lets staff with the medical and identity flag produce the same for a request on paper', async () => {
    const { id, token } = await exportFor(() => api(t.app, a)('requestPlayerExport', { params: { id: two.childId }, body: {} }));
    expect((await api(t.app, a)('playerExportStatus', { params: { id } })).json()).toMatchObject({ state: 'ready', progress: 100 });
    const files = entriesOf((await download(token)).rawPayload);
    const ids = (JSON.parse(files['data/users.json'].toString()) as { id: string }[]).map((u) => u.id).sort();
    expect(ids).toEqual([two.parentId, two.childId].sort());
    // The other academy cannot read its status.
    expect((await api(t.app, b)('playerExportStatus', { params: { id } })).statusCode).toBe(404);
  });

  it('expires a link not used within 24 hours, deleting its file', async () => {
    const { id, token } = await exportFor(() => api(t.app, other.parent)('requestFamilyExport', { body: {} }));
    t.clock.advance(25 * 3600_000);
    try {
      const done = await purgeExpired(purgeDeps(t));
      expect(done.exports).toBeGreaterThanOrEqual(1);
      expect((await download(token)).statusCode).toBe(404);
      expect((await api(t.app, other.parent)('familyExportStatus', { params: { id } })).json().state).toBe('expired');
    } finally {
      t.clock.advance(-25 * 3600_000);
    }
  });
});

/** Every column of every tenant table, as text, in an academy (the tax documents' columns apart). */
async function everyValue(academy: Academy) {
  const found: { table: string; text: string }[] = [];
  await withTenant(t.deps.db, academy.id, async (tx) => {
    for (const table of TENANT_TABLES) {
      const rows = rowsOf<Record<string, unknown>>(await tx.execute(sql`select * from ${sql.identifier(table)}`));
      for (const row of rows)
        for (const [column, value] of Object.entries(row)) {
          // Tax documents stay as issued (ZATCA, VAT law): the invoice's buyer and the signed XML name the child.
          if ((table === 'invoices' && column === 'buyer') || (table === 'invoice_documents' && column === 'xml')) continue;
          if (value !== null) found.push({ table: `${table}.${column}`, text: typeof value === 'string' ? value : JSON.stringify(value) });
        }
    }
  });
  return found;
}

describe('erasure', () => {
  it('refuses a child with an open subscription or money still open, with the reason, and records the refusal', async () => {
    const refused = await api(t.app, one.parent)('eraseFamilyChild', { params: { childId: one.childId } });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('privacy.open_subscription');
    await withTenant(t.deps.db, a.id, async (tx) => {
      await tx.update(subscriptions).set({ status: 'INACTIVE' }).where(eq(subscriptions.playerId, one.childId));
      const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.playerId, one.childId));
      await tx.insert(payments).values({ academyId: a.id, subscriptionId: sub.id, amountHalalas: 100, method: 'Cash', status: 'PENDING' });
    });
    const unpaid = await api(t.app, one.parent)('eraseFamilyChild', { params: { childId: one.childId } });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().code).toBe('privacy.unpaid_balance');
    const records = await withTenant(t.deps.db, a.id, (tx) =>
      tx.select().from(privacyRequests).where(eq(privacyRequests.playerId, one.childId)),
    );
    expect(records.filter((r) => r.kind === 'erasure').map((r) => [r.state, r.reason, r.via, r.parentId])).toEqual([
      ['refused', 'privacy.open_subscription', 'portal', one.parentId],
      ['refused', 'privacy.unpaid_balance', 'portal', one.parentId],
    ]);
    // Another family's child is not theirs to erase.
    expect((await api(t.app, one.parent)('eraseFamilyChild', { params: { childId: two.childId } })).statusCode).toBe(404);
  });

  it('leaves none of the child’s (and a parent left with no child’s) personal values in any column of any tenant table; invoices keep the buyer as issued', async () => {
    await withTenant(t.deps.db, a.id, (tx) =>
      tx
        .update(payments)
        .set({ status: 'FAILED' })
        .where(sql`status = 'PENDING' and subscription_id in (select id from subscriptions where player_id = ${one.childId})`),
    );
    // Something of them in the audit trail first: the parent's own change in the portal.
    const changed = await api(t.app, one.parent)('updateFamilyParent', {
      body: { phoneNumber: one.phone, emergencyPhone1: one.phone, emergencyPhone2: null },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const values = [one.childName, one.nationalId, one.birthdate, one.phone, one.email, one.parentName];
    const before = await everyValue(a);
    for (const value of values)
      expect(
        before.some((v) => v.text.includes(value)),
        value,
      ).toBe(true);

    const res = await api(t.app, one.parent)('eraseFamilyChild', { params: { childId: one.childId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toMatchObject({ attendance_attended: 1, growth_metrics: 1, parents: 1 });

    const after = await everyValue(a);
    for (const value of values)
      expect(
        after.filter((v) => v.text.includes(value)).map((v) => v.table),
        value,
      ).toEqual([]);
    // The other family is untouched.
    expect(after.some((v) => v.text.includes(two.childName))).toBe(true);
    // Tax documents as issued.
    const [invoice] = await withTenant(t.deps.db, a.id, (tx) => tx.select().from(invoices).where(eq(invoices.userId, one.childId)));
    expect(invoice.buyer.name).toBe(one.childName);
    // The photo is gone from disk; the request is recorded with its outcome.
    expect(one.avatar).toBeTruthy();
    expect(await t.deps.storage.get(String(one.avatar).replace('/uploads/', ''))).toBeNull();
    const [record] = await withTenant(t.deps.db, a.id, (tx) =>
      tx.select().from(privacyRequests).where(sql`player_id = ${one.childId} and state = 'erased'`),
    );
    expect(record).toMatchObject({ kind: 'erasure', via: 'portal', parentId: one.parentId, completedAt: expect.any(Date) });
    // The parent's session ended with them; a second erasure finds no such player.
    expect((await api(t.app, one.parent)('familyMe')).statusCode).toBe(401);
    expect((await api(t.app, a)('erasePlayer', { params: { id: one.childId } })).statusCode).toBe(404);
  });

  it('lets staff erase on a request made on paper (recorded with the member); the other academy cannot', async () => {
    await withTenant(t.deps.db, a.id, (tx) =>
      tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.playerId, two.childId)),
    );
    expect((await api(t.app, b)('erasePlayer', { params: { id: two.childId } })).statusCode).toBe(404);
    const res = await api(t.app, a)('erasePlayer', { params: { id: two.childId } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await everyValue(a);
    for (const value of [two.childName, two.nationalId, two.email])
      expect(after.filter((v) => v.text.includes(value)).map((v) => v.table)).toEqual([]);
    const [record] = await withTenant(t.deps.db, a.id, (tx) =>
      tx.select().from(privacyRequests).where(sql`player_id = ${two.childId} and state = 'erased'`),
    );
    expect(record).toMatchObject({ via: 'staff', memberId: expect.any(String) });
  });
});

describe('retention', () => {
  it('lists players inactive for the academy’s years for review, and erases those confirmed that are still listed', async () => {
    const [old, recent] = await withTenant(t.deps.db, b.id, (tx) =>
      tx
        .insert(users)
        .values([
          {
            academyId: b.id,
            role: 'PLAYER',
            name: 'Long Gone Player',
            birthdate: '2010-01-01',
            updatedAt: new Date('2022-06-01T00:00:00Z'),
          },
          { academyId: b.id, role: 'PLAYER', name: 'Recent Player', birthdate: '2011-01-01', updatedAt: new Date('2026-06-01T00:00:00Z') },
        ])
        .returning({ id: users.id }),
    );
    const review = await api(t.app, b)('retentionReview');
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().years).toBe(3);
    const listed = (review.json().players as { id: string; lastActivity: string }[]).map((p) => p.id);
    expect(listed).toContain(old.id);
    expect(listed).not.toContain(recent.id);

    const res = await api(t.app, b)('eraseInactivePlayers', { body: { playerIds: [old.id, recent.id] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ erased: [old.id], refused: [{ id: recent.id, code: 'privacy.not_inactive' }] });
    const rows = await withTenant(t.deps.db, b.id, (tx) => tx.select().from(users).where(sql`id in (${old.id}, ${recent.id})`));
    expect(rows.find((r) => r.id === old.id)).toMatchObject({ name: 'Erased player', birthdate: null, erasedAt: expect.any(Date) });
    expect(rows.find((r) => r.id === recent.id)).toMatchObject({ name: 'Recent Player', erasedAt: null });
    const [record] = await withTenant(t.deps.db, b.id, (tx) => tx.select().from(privacyRequests).where(sql`player_id = ${old.id}`));
    expect(record).toMatchObject({ via: 'retention', state: 'erased' });
  });

  it('keeps the years as a setting, stated on the academy’s public privacy notice', async () => {
    expect((await api(t.app, b)('getPrivacySettings')).json()).toEqual({
      retentionYears: 3,
      auditRetentionMonths: 24,
      loginRetentionMonths: 24,
    });
    const changed = await api(t.app, b)('updatePrivacySettings', { body: { retentionYears: 5 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api(t.app, b)('updatePrivacySettings', { body: { retentionYears: 0 } })).statusCode).toBe(400);
    const notice = await t.app.inject({ method: 'GET', url: `/api/privacy/notice?handle=${b.handle}` });
    expect(notice.json()).toEqual({ retentionYears: 5, auditRetentionMonths: 24, loginRetentionMonths: 24 });
    expect((await t.app.inject({ method: 'GET', url: '/api/privacy/notice?handle=no-such-academy' })).statusCode).toBe(404);
  });

  it('purges audit events and login records older than their stated time, every academy’s, and nothing newer', async () => {
    const now = t.clock.now();
    const old = new Date(now.getTime() - 25 * 31 * 24 * 3600_000);
    for (const academy of [a, b])
      await withTenant(t.deps.db, academy.id, (tx) =>
        tx.execute(
          sql`insert into audit_events (academy_id, action, created_at) values (${academy.id}, 'oldAction', ${old.toISOString()}::timestamptz), (${academy.id}, 'newAction', ${now.toISOString()}::timestamptz)`,
        ),
      );
    const done = await purgeExpired(purgeDeps(t));
    expect(done.audit).toBeGreaterThanOrEqual(2);
    for (const academy of [a, b]) {
      const actions = await withTenant(t.deps.db, academy.id, (tx) =>
        tx.execute(sql`select action from audit_events where action in ('oldAction', 'newAction')`),
      );
      expect(rowsOf<{ action: string }>(actions).map((r) => r.action)).toEqual(['newAction']);
    }
  });
});

describe('the guardian checked', () => {
  it('holds a public registration’s parent back from announcements until the sign-in code confirms them; staff see the child as unconfirmed', async () => {
    const phone = `+9665055${String(10000 + Math.floor(Math.random() * 89999))}`;
    const email = `wizard.${phone.slice(-5)}@example.sa`;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/parent',
      headers: { host: `${a.handle}.kora.test` },
      payload: {
        handle: a.handle,
        selectedPackage: null,
        subscriptionStartDate: null,
        parentInfo: { name: 'Wizard Parent', phone, email },
        playerInfo: { name: 'Wizard Child', birthdate: '2015-05-05', gender: 'FEMALE', medicalCondition: '' },
        consents: { language: 'en', termsPrivacy: true, medical: false, photos: false, messagesSms: true, messagesEmail: false },
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const childId: string = registered.json().player.id;
    const unconfirmed = await api(t.app, a)('unconfirmedGuardians');
    expect(unconfirmed.statusCode, unconfirmed.body).toBe(200);
    expect(unconfirmed.json().playerIds).toContain(childId);
    expect(unconfirmed.json().playerIds).not.toContain(two.childId);

    const announce = async () => {
      const sent = await api(t.app, a)('createAnnouncement', {
        body: { audience: 'family', playerId: childId, title: 'Hello', body: 'Welcome', sms: false },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      return sent.json().recipients as number;
    };
    expect(await announce()).toBe(0);

    // The portal's sign-in: the code sent to the e-mail, entered.
    const host = { host: `${a.handle}.kora.test` };
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/family/sign-in',
      headers: host,
      payload: { address: email, language: 'en' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    await t.app.background.idle();
    const mail = (await t.deps.mailer.outbox(500)).find((m) => m.to === email);
    const code = /(?:is|هو|كورة) (\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeTruthy();
    const verified = await t.app.inject({ method: 'POST', url: '/api/family/verify', headers: host, payload: { address: email, code } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await api(t.app, a)('unconfirmedGuardians')).json().playerIds).not.toContain(childId);
    expect(await announce()).toBe(1);
  });
});
