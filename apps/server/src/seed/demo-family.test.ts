/**
 * The demo's family portal: the README's parent signs in with the code from the outbox
 * and finds a child with upcoming events, announcements and availability marks; staff see the
 * marks and the announcements' reach.
 */
import type {
  Announcement,
  CollectionSettings,
  Event,
  FamilyAnnouncement,
  FamilyCheckoutOffer,
  FamilyHome,
  FamilySavedCards,
} from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestContext } from '../../test/harness.js';
import { findAcademyByHandle } from '../modules/academies/lookup.js';
import { runRenewals } from '../modules/collections/runner.js';
import { DEMO_LOGINS, seedDemo } from './demo.js';
import { DEMO_FAMILY_LOGINS } from './demo-family.js';

let t: TestContext;
let admin: string;
const host = { host: 'demo.kora.test' };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-11-22T09:00:00Z');
  await seedDemo(t.deps, { handle: 'demo' });
  admin = await loginAs(t.app, 'demo', DEMO_LOGINS.admin.email, DEMO_LOGINS.admin.password);
}, 120_000);
afterAll(() => t.close());

async function signInAs(email: string) {
  const asked = await t.app.inject({ method: 'POST', url: '/api/family/sign-in', headers: host, payload: { address: email } });
  expect(asked.statusCode).toBe(202);
  await t.app.background.idle();
  const mail = (await t.deps.mailer.outbox(20)).find((m) => m.to === email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  const res = await t.app.inject({ method: 'POST', url: '/api/family/verify', headers: host, payload: { address: email, code } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}
const get = async <T>(token: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...host, authorization: `Bearer ${token}` } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

/** The demo child whose subscription runs (its siblings wait for their first payment). */
function runningChild(home: FamilyHome) {
  const child = home.children.find((c) => c.subscription?.status === 'ACTIVE');
  if (!child) throw new Error('no running child');
  return child;
}

describe('the demo family', () => {
  it('has sibling prices and the Quarterly package paid in instalments, the whole quarter from the first', async () => {
    const settings = await get<CollectionSettings>(admin, '/api/collections/settings');
    expect(settings.siblingDiscounts).toEqual([
      { fromChild: 2, percent: 10 },
      { fromChild: 3, percent: 15 },
    ]);
    expect(settings.packages.filter((p) => p.instalments).map((p) => [p.name, p.instalments])).toEqual([['Quarterly', 'whole']]);
  });

  it('offers the two younger siblings together at the sibling prices (2nd child 10 % off, 3rd 15 %)', async () => {
    const father = await signInAs(DEMO_FAMILY_LOGINS.father.email);
    const offer = await get<FamilyCheckoutOffer>(father, '/api/family/checkout');
    expect(offer.items).toHaveLength(2);
    expect(offer.items.map((i) => i.price.sibling).sort((a, b) => (a?.position ?? 0) - (b?.position ?? 0))).toEqual([
      { position: 2, percent: 10 },
      { position: 3, percent: 15 },
    ]);
    expect(offer.items.every((i) => i.price.total < i.price.list && i.status === 'PENDING')).toBe(true);
  });

  it("lets both of a child's parents sign in, each to the child's card, announcements and a can't-come mark", async () => {
    const father = await signInAs(DEMO_FAMILY_LOGINS.father.email);
    const mother = await signInAs(DEMO_FAMILY_LOGINS.mother.email);
    for (const token of [father, mother]) {
      const home = await get<FamilyHome>(token, '/api/family/home');
      // The child of the running subscription, and two younger siblings waiting for their first month.
      expect(home.children).toHaveLength(3);
      const card = runningChild(home);
      expect(card.upcoming.length).toBeGreaterThan(0);
      expect(home.children.filter((c) => c.subscription?.status === 'PENDING')).toHaveLength(2);
      // The portal's pages open on the first child by name: the one with a history.
      expect(home.children[0].child.id).toBe(card.child.id);
      expect(card.upcoming[0].cantCome).not.toBeNull();
      const news = await get<FamilyAnnouncement[]>(token, '/api/family/announcements');
      expect(news.map((a) => a.audience).sort()).toEqual(['academy', 'family', 'team']);
    }
    const me = await get<{ parent: { language: string } }>(father, '/api/family/me');
    expect(me.parent.language).toBe('ar');
  });

  it("shows the father the sandbox card he saved, renewing the child's subscription, which the sandbox charges on its date", async () => {
    const father = await signInAs(DEMO_FAMILY_LOGINS.father.email);
    const { cards } = await get<FamilySavedCards>(father, '/api/family/saved-cards');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ label: '4111 11## #### 1111', unusableReason: null });
    const [renewal] = cards[0].renewals;
    const home = await get<FamilyHome>(father, '/api/family/home');
    expect(renewal).toMatchObject({ subscriptionId: runningChild(home).subscription?.id, state: 'scheduled' });
    expect(renewal.nextChargeOn).toBe(runningChild(home).subscription?.endDate);
    // The card is the father's: the mother has none.
    const mother = await signInAs(DEMO_FAMILY_LOGINS.mother.email);
    expect((await get<FamilySavedCards>(mother, '/api/family/saved-cards')).cards).toEqual([]);

    t.clock.set(`${renewal.nextChargeOn}T09:00:00Z`);
    const academy = await findAcademyByHandle(t.app.deps.data, 'demo');
    if (!academy) throw new Error('no demo academy');
    const run = await runRenewals(t.app.deps, academy, t.app.log);
    expect(run.results.filter((r) => r.subscriptionId === renewal.subscriptionId).map((r) => r.outcome)).toEqual(['paid']);
    // Paid, the subscription runs a new period: its next renewal is scheduled at the new period's end.
    const [next] = (await get<FamilySavedCards>(father, '/api/family/saved-cards')).cards[0].renewals;
    expect(next.state).toBe('scheduled');
    expect(next.nextChargeOn && renewal.nextChargeOn && next.nextChargeOn > renewal.nextChargeOn).toBe(true);
    t.clock.set('2026-11-22T09:00:00Z');
  });

  it('shows staff the marks on upcoming events and how many opened each announcement', async () => {
    const events = await get<Event[]>(admin, '/api/events?startDate=2026-11-23&endDate=2026-11-29');
    const marks = events.flatMap((e) => e.participants.filter((p) => p.cantCome));
    expect(marks.length).toBeGreaterThan(3);
    expect(events.some((e) => (e.expectedPlayers ?? 0) < e.participants.length)).toBe(true);
    const sent = await get<Announcement[]>(admin, '/api/announcements');
    expect(sent).toHaveLength(3);
    const academyWide = sent.find((a) => a.audience === 'academy');
    expect(academyWide?.recipients).toBeGreaterThan(40);
    expect(academyWide?.opened).toBeGreaterThan(10);
  });
});
