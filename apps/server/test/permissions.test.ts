/**
 * The permission matrix (docs/domain.md, "What each call needs"): every route of the endpoint map is
 * in TABLE with who may call it, and for every non-public row and every one of the 17 flags, a
 * member whose account type holds only that flag gets 403 exactly when the flag is not listed.
 * Anything else (200, 201, 204, 400, 404, 409) counts as allowed: requests carry minimal bodies and
 * ids that do not exist, so nothing changes. A new route fails the test until it has its row.
 */
import { allFlags, type Endpoint, endpoints, PERMISSION_FLAGS, type PermissionFlag, ROUTES, type RouteKey } from '@kora/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTypes, users } from '../src/db/schema.js';
import { withSystem, withTenant } from '../src/db/tenant.js';
import { CSRF_HEADER, type SessionKind, sessionCookieName } from '../src/http/session-cookie.js';
import { createSession } from '../src/modules/auth/sessions.js';
import { createFamilySession } from '../src/modules/family/session.js';
import { addPlayer, coachLogin, multipart } from './fixtures.js';
import { type Academy, academyHost, createTestApp, registerAndLogin, type TestContext } from './harness.js';

/** `parent`: a parent session's route (access 'parent'), refused to every staff token, and the only kind a parent's session reaches. */
type Rule = 'public' | 'member' | 'parent' | PermissionFlag[];
interface Case {
  key: RouteKey;
  allow: Rule;
  /** What distinguishes this row from another of the same route (a role, a body form). */
  variant?: string;
  /** Path parameters by name; absent ones are an id that does not exist. */
  params?: (f: Fixtures) => Record<string, string>;
  query?: string;
  body?: (f: Fixtures) => unknown;
  form?: Record<string, string>;
}
interface Fixtures {
  academyId: string;
  handle: string;
  playerId: string;
  coachId: string;
  adminId: string;
  /** An account type without any flag (anyone with W:Settings may give it). */
  emptyTypeId: string;
}

const NONE = '3f2b5c1e-8d4a-4b6f-9c2d-1a2b3c4d5e6f';
const R = (area: string) => `canRead${area}` as PermissionFlag;
const W = (area: string) => `canWrite${area}` as PermissionFlag;

const TABLE: Case[] = [
  { key: 'registerAcademy', allow: 'public', body: () => ({}) },
  { key: 'checkHandle', allow: 'public', params: () => ({ handle: 'no-such-academy' }) },
  { key: 'login', allow: 'public', body: () => ({}) },
  { key: 'me', allow: 'member' },
  { key: 'logout', allow: 'member' },
  { key: 'forgotPassword', allow: 'public', body: () => ({}) },
  { key: 'resetPassword', allow: 'public', body: () => ({}) },
  // One's own password: any member (an empty body is refused before the current password is tried).
  { key: 'changePassword', allow: 'member', body: () => ({}) },
  { key: 'registerParent', allow: 'public', body: () => ({}) },
  { key: 'confirmOwner', allow: 'public', body: () => ({}) },
  // Mails the owner a new confirmation link: the fixtures' academy is confirmed already (409, nothing mailed).
  { key: 'resendOwnerConfirmation', allow: [W('Settings')] },

  { key: 'listPublicPackages', allow: 'public', query: 'handle=no-such-academy' },
  { key: 'listPackages', allow: 'member' },
  { key: 'createPackage', allow: [W('Settings')], body: () => ({}) },
  { key: 'updatePackage', allow: [W('Settings')], body: () => ({ name: 'X', price: 1, monthsNumber: 1 }) },
  { key: 'deletePackage', allow: [W('Settings')] },
  { key: 'togglePackage', allow: [W('Settings')], body: () => ({ isActive: false }) },

  { key: 'listTeams', allow: 'member' },
  { key: 'getTeam', allow: 'member' },
  { key: 'createTeam', allow: [W('ManageTeam')], body: () => ({}) },
  { key: 'updateTeam', allow: [W('ManageTeam')], variant: 'full', body: () => ({ name: 'X' }) },
  { key: 'updateTeam', allow: [W('ManageTeam'), W('Players')], variant: 'players only', body: () => ({ playerIds: [] }) },
  { key: 'deleteTeam', allow: [W('ManageTeam')] },

  { key: 'listUsers', allow: [R('Players'), R('Growth'), R('Settings')], variant: 'players', query: 'role=PLAYER' },
  { key: 'listUsers', allow: 'member', variant: 'coaches', query: 'role=COACH' },
  { key: 'listUsers', allow: [R('Settings')], variant: 'staff', query: 'role=ADMIN' },
  { key: 'getUser', allow: [R('Players'), R('Growth'), R('Settings')], variant: 'a player', params: (f) => ({ id: f.playerId }) },
  { key: 'getUser', allow: 'member', variant: 'a coach', params: (f) => ({ id: f.coachId }) },
  { key: 'getUser', allow: [R('Settings')], variant: 'a staff user', params: (f) => ({ id: f.adminId }) },
  { key: 'updateUser', allow: [W('Settings')], variant: 'JSON account', body: () => ({ accountTypeId: NONE }) },
  { key: 'updateUser', allow: [W('Players')], variant: 'multipart player', form: { name: 'X', birthdate: '2015-01-01' } },
  { key: 'deleteUser', allow: [W('Players')] },
  { key: 'createParentPlayer', allow: [W('Players'), W('Settings')], form: {} },
  { key: 'createCoach', allow: [W('Coaches'), W('Settings')], variant: 'no login', body: () => ({ name: 'X', teamIds: [NONE] }) },
  {
    key: 'createCoach',
    allow: [W('Settings')],
    variant: 'with a login',
    body: (f) => ({ name: 'X', email: 'matrix@x.sa', accountTypeId: f.emptyTypeId, teamIds: [NONE] }),
  },
  { key: 'updateCoach', allow: [W('Coaches')], body: () => ({ name: 'X', coachType: 'HEAD_COACH' }) },
  { key: 'createStaffUser', allow: [W('Settings')], body: () => ({}) },
  { key: 'sendUserPasswordReset', allow: [W('Settings')] },

  { key: 'listAccountTypes', allow: [R('Settings')] },
  { key: 'createAccountType', allow: [W('Settings')], body: () => ({}) },
  { key: 'listAuditEvents', allow: [W('Settings')], query: 'startDate=2026-01-01&endDate=2026-01-31' },
  { key: 'updateAccountType', allow: [W('Settings')], body: () => ({ name: 'X' }) },
  { key: 'deleteAccountType', allow: [W('Settings')] },

  { key: 'getAcademy', allow: 'member', params: (f) => ({ id: f.academyId }) },
  { key: 'updateAcademy', allow: [W('Settings')], params: (f) => ({ id: f.academyId }), form: {} },
  { key: 'refundPolicy', allow: 'public', params: (f) => ({ handle: f.handle }) },
  { key: 'getEInvoicing', allow: [R('Settings')] },
  // An empty body is refused (400) before ZATCA is asked: nothing changes.
  { key: 'onboardEInvoicing', allow: [W('Settings')], body: () => ({}) },
  { key: 'renewEInvoicing', allow: [W('Settings')], body: () => ({}) },

  { key: 'listGrowthPlayers', allow: [R('Growth')] },
  { key: 'playerGrowth', allow: [R('Growth')] },
  { key: 'growthAgeGroupMedians', allow: [R('Growth')] },
  { key: 'createGrowthMetric', allow: [W('Growth')], body: () => ({}) },
  { key: 'updateGrowthMetric', allow: [W('Growth')], body: () => ({}) },
  { key: 'deleteGrowthMetric', allow: [W('Growth')] },

  { key: 'playerAttendance', allow: [R('Players')] },
  { key: 'playerSubscriptions', allow: [R('Players')] },
  { key: 'playerSessions', allow: [R('Players')] },
  { key: 'playerEvents', allow: [R('Players')] },
  { key: 'playerImportTemplate', allow: [W('Players')] },
  { key: 'previewPlayerImport', allow: [W('Players')], form: {} },
  { key: 'importPlayers', allow: [W('Players')], form: {} },
  { key: 'exportPlayers', allow: [R('Players')] },

  { key: 'setParticipantStatus', allow: [W('MyTrainings'), W('Players'), W('Schedule')], body: () => ({ status: 'ATTENDED' }) },
  { key: 'setEventParticipantStatus', allow: [W('MyTrainings'), W('Players'), W('Schedule')], body: () => ({ status: 'ATTENDED' }) },
  { key: 'markAllPresent', allow: [W('MyTrainings'), W('Players'), W('Schedule')] },
  {
    key: 'syncAttendance',
    allow: [W('MyTrainings'), W('Players'), W('Schedule')],
    body: () => ({
      sentAt: '2026-11-22T09:00:00Z',
      marks: [{ id: NONE, participantId: NONE, status: 'ATTENDED', markedAt: '2026-11-22T08:00:00Z' }],
    }),
  },

  { key: 'listEvents', allow: [R('Dashboard'), R('MyTrainings'), R('Schedule')], query: 'startDate=2026-11-22&endDate=2026-11-28' },
  { key: 'createEvent', allow: [W('Schedule')], body: () => ({}) },
  { key: 'updateEvent', allow: [W('Schedule')], body: () => ({}) },
  { key: 'deleteEvent', allow: [W('Schedule')] },
  { key: 'monthlyStats', allow: [R('Dashboard')] },
  { key: 'monthCollections', allow: [R('Settings')] },
  { key: 'attendanceReport', allow: [R('Schedule')], query: 'startDate=2026-10-01&endDate=2026-10-31' },
  { key: 'exportAttendanceReport', allow: [R('Schedule')], query: 'startDate=2026-10-01&endDate=2026-10-31' },

  { key: 'createCalendarFeed', allow: [R('Schedule'), R('MyTrainings')], variant: 'mine', body: () => ({ scope: 'mine', teamId: NONE }) },
  { key: 'createCalendarFeed', allow: [R('Schedule')], variant: 'a team', body: () => ({ teamId: NONE }) },
  { key: 'getCalendarFeed', allow: 'member' },
  { key: 'revokeCalendarFeed', allow: 'member' },
  { key: 'calendarFeed', allow: 'public', params: () => ({ token: 'no-such-token' }) },

  { key: 'attention', allow: [R('Players'), R('Settings')] },

  { key: 'listSubscriptions', allow: [R('Settings')] },
  { key: 'createSubscription', allow: [W('Settings')], body: () => ({ packageId: NONE }) },
  { key: 'activateSubscription', allow: [W('Settings')], body: () => ({ status: 'ACTIVE' }) },
  { key: 'changeSubscriptionPackage', allow: [W('Settings')], body: () => ({ packageId: NONE }) },
  { key: 'cancelSubscription', allow: [W('Settings')] },
  { key: 'cancelSubscription', allow: [W('Settings')], variant: 'with a refund', body: () => ({ refund: { reason: 'Moved away' } }) },
  { key: 'pauseSubscription', allow: [W('Settings')] },
  { key: 'resumeSubscription', allow: [W('Settings')] },
  { key: 'subscriptionRefundable', allow: [R('Settings')] },

  { key: 'listInvoices', allow: [R('Settings')], query: 'startDate=2026-11-01&endDate=2026-11-30' },
  { key: 'exportInvoices', allow: [R('Settings')], query: 'month=2026-11' },
  { key: 'invoicePdf', allow: 'public' },
  { key: 'invoiceXml', allow: 'public' },
  // An invoice that does not exist: 404 for those allowed, nothing issued or refunded.
  { key: 'createCreditNote', allow: [W('Settings')], body: () => ({ reason: 'Refund' }) },
  // Pending card refunds: the list reads, retrying and marking settled write; a refund that does not exist is 404.
  { key: 'listPendingRefunds', allow: [R('Settings')] },
  { key: 'retryRefund', allow: [W('Settings')] },
  { key: 'settleRefund', allow: [W('Settings')], body: () => ({ outcome: 'refunded' }) },

  { key: 'paymentDetails', allow: 'public' },
  { key: 'paymentResult', allow: 'public' },
  { key: 'initiatePayment', allow: 'public', body: () => ({}) },
  // A family payment link: made by those who take payments; its page and checkout are public (404 for an unknown token).
  { key: 'createFamilyPaymentLink', allow: [W('Settings')], params: (f) => ({ id: f.playerId }) },
  { key: 'familyPaymentPage', allow: 'public', params: () => ({ token: 'x'.repeat(43) }) },
  { key: 'startFamilyPaymentLink', allow: 'public', params: () => ({ token: 'x'.repeat(43) }), body: () => ({}) },
  // The provider's callback and the payer's return are public and proven by their signatures (401 when bad); minimal bodies are 400.
  { key: 'paymentCallback', allow: 'public', body: () => ({}) },
  { key: 'paymentReturn', allow: 'public', body: () => ({ signature: 'x'.repeat(2001) }) },

  // The family portal: sign-in and verify are public (on the academy's host); the rest
  // take only a parent session, so every staff flag gets 401.
  { key: 'familySignIn', allow: 'public', body: () => ({}) },
  { key: 'familyVerify', allow: 'public', body: () => ({}) },
  { key: 'familySignOut', allow: 'parent' },
  { key: 'familyMe', allow: 'parent' },
  { key: 'familyHome', allow: 'parent' },
  { key: 'familyEvents', allow: 'parent' },
  { key: 'setFamilyAvailability', allow: 'parent' },
  { key: 'familyProgress', allow: 'parent' },
  { key: 'familyMoney', allow: 'parent' },
  { key: 'familySavedCards', allow: 'parent' },
  { key: 'removeFamilySavedCard', allow: 'parent' },
  { key: 'familyCheckoutOffer', allow: 'parent' },
  { key: 'startFamilyCheckout', allow: 'parent' },
  { key: 'familyDetails', allow: 'parent' },
  { key: 'updateFamilyParent', allow: 'parent' },
  { key: 'updateFamilyChild', allow: 'parent' },
  // A child's consents: a child that is not the family's is 404.
  { key: 'familyChildConsents', allow: 'parent' },
  { key: 'updateFamilyChildConsents', allow: 'parent', body: () => ({ language: 'en', photos: false }) },
  { key: 'familyAnnouncements', allow: 'parent' },
  { key: 'openFamilyAnnouncement', allow: 'parent' },
  { key: 'familyJoinOffers', allow: 'parent' },
  { key: 'answerFamilyJoin', allow: 'parent' },
  { key: 'listAnnouncements', allow: [R('Players')] },
  // Without a body: 400 for those allowed, nothing sent.
  { key: 'createAnnouncement', allow: [W('Players')], body: () => ({}) },
  { key: 'getFamilySettings', allow: [R('Settings')] },
  { key: 'updateFamilySettings', allow: [W('Settings')], body: () => ({}) },
  { key: 'getCollectionSettings', allow: [R('Settings')] },
  { key: 'updateCollectionSettings', allow: [W('Settings')], body: () => ({}) },
  { key: 'listFamilyJoins', allow: [R('Players')] },
  // A registration that does not exist: 404 for those allowed, nothing decided.
  { key: 'decideFamilyJoin', allow: [W('Players')], body: () => ({ decision: 'confirm' }) },

  // Messages: a parent's own choices and devices; a member's devices; the VAPID key and WhatsApp's
  // webhook are public (an empty body or query is 400 before any signature is read); Settings → Messages.
  { key: 'familyNotificationPreferences', allow: 'parent' },
  { key: 'updateFamilyNotificationPreferences', allow: 'parent', body: () => ({}) },
  { key: 'familyPushSubscribe', allow: 'parent', body: () => ({}) },
  { key: 'familyPushUnsubscribe', allow: 'parent', body: () => ({ endpoint: 'https://push.example.com/none' }) },
  { key: 'pushSubscribe', allow: 'member', body: () => ({}) },
  { key: 'pushUnsubscribe', allow: 'member', body: () => ({ endpoint: 'https://push.example.com/none' }) },
  { key: 'pushPublicKey', allow: 'public' },
  { key: 'whatsappVerify', allow: 'public' },
  { key: 'whatsappWebhook', allow: 'public', body: () => ({}) },
  { key: 'listMessages', allow: [R('Settings')] },
  { key: 'getMessageSettings', allow: [R('Settings')] },
  { key: 'updateMessageSettings', allow: [W('Settings')], body: () => ({}) },
  // A parent's paper WhatsApp opt-in (the player's page; an id that is no parent is 404) and a member's own channels.
  { key: 'parentWhatsappOptIn', allow: [R('Players')] },
  { key: 'recordParentWhatsappOptIn', allow: [W('Players')], body: () => ({ signedOn: '2026-11-01', note: 'Registration form' }) },
  { key: 'memberNotificationPreferences', allow: 'member' },
  { key: 'updateMemberNotificationPreferences', allow: 'member', body: () => ({}) },
  // Privacy: a family's export and erasure in the portal (an invalid language is 400, a child not theirs 404);
  // the paper request's export needs the medical and identity flag (its contents include both), the erasure
  // W:Players; retention is Settings'; the download link and the academy's notice are public.
  { key: 'requestFamilyExport', allow: 'parent', body: () => ({ language: 'xx' }) },
  { key: 'familyExportStatus', allow: 'parent' },
  { key: 'eraseFamilyChild', allow: 'parent' },
  { key: 'requestPlayerExport', allow: ['canReadMedicalIdentity'], body: () => ({}) },
  { key: 'playerExportStatus', allow: ['canReadMedicalIdentity'] },
  { key: 'downloadDataExport', allow: 'public', params: () => ({ token: 'x'.repeat(43) }) },
  { key: 'erasePlayer', allow: [W('Players')] },
  { key: 'retentionReview', allow: [R('Settings')] },
  { key: 'eraseInactivePlayers', allow: [W('Settings')], body: () => ({}) },
  { key: 'getPrivacySettings', allow: [R('Settings')] },
  { key: 'updatePrivacySettings', allow: [W('Settings')], body: () => ({}) },
  { key: 'privacyNotice', allow: 'public', query: 'handle=no-such-academy' },
  { key: 'unconfirmedGuardians', allow: [R('Players')] },
  { key: 'playerConsents', allow: [R('Players')], params: (f) => ({ id: f.playerId }) },
];

let t: TestContext;
let owner: Academy;
let fixtures: Fixtures;
/** A session token per flag: its user's account type holds that flag alone ('none': no flag at all). */
const tokens = new Map<PermissionFlag | 'none', string>();
let holderIds = new Map<PermissionFlag | 'none', string>();
let parentToken = '';

/** A new session for every holder (the matrix's logout row ends the ones it was called with). */
async function openSessions(academyId: string) {
  await withSystem(t.deps.db, async (tx) => {
    for (const [flag, id] of holderIds) tokens.set(flag, await createSession(tx, academyId, id));
  });
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerAndLogin(t.app);
  const playerId = await addPlayer(t.app, owner);
  const coach = await coachLogin(t.app, owner);
  const academyId = owner.id;
  const holders = await withTenant(t.deps.db, academyId, async (tx) => {
    const [empty] = await tx
      .insert(accountTypes)
      .values({ academyId, name: 'No rights', ...allFlags(false) })
      .returning();
    const made = new Map<PermissionFlag | 'none', string>([['none', '']]);
    for (const flag of PERMISSION_FLAGS) {
      const [type] = await tx
        .insert(accountTypes)
        .values({ academyId, name: `Only ${flag}`, ...allFlags(false), [flag]: true })
        .returning();
      made.set(flag, type.id);
    }
    const rows = await tx
      .insert(users)
      .values(
        [...made].map(([flag, typeId]) => ({
          academyId,
          role: 'ADMIN' as const,
          name: `Holder of ${flag}`,
          accountTypeId: typeId || empty.id,
        })),
      )
      .returning({ id: users.id, name: users.name });
    return { emptyTypeId: empty.id, users: rows };
  });
  holderIds = new Map(holders.users.map((u) => [u.name.replace('Holder of ', '') as PermissionFlag | 'none', u.id]));
  await openSessions(academyId);
  fixtures = { academyId, handle: owner.handle, playerId, coachId: coach.id, adminId: owner.userId, emptyTypeId: holders.emptyTypeId };
  // The player's parent, signed in to the family portal.
  const [parent] = await withTenant(t.deps.db, academyId, (tx) =>
    tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, 'PARENT')),
  );
  parentToken = await withSystem(t.deps.db, (tx) =>
    createFamilySession(tx, academyId, {
      parentId: parent.id,
      parentIds: [parent.id],
      address: { kind: 'email', email: parent.email ?? 'parent@example.sa' },
    }),
  );
}, 60_000);
afterAll(() => t.close());

const label = (c: Case) => `${c.key}${c.variant ? ` (${c.variant})` : ''}`;

/**
 * A call of a row as the browser makes it: the session as its cookie (a member's or a parent's), with the CSRF
 * header and the page's own origin that cookie-carried writes need. Bearer sessions are tested apart (session-cookie.test.ts).
 */
function request(c: Case, token: string | null, kind: SessionKind = 'member'): InjectOptions {
  const [method, path] = ROUTES[c.key];
  const params = c.params?.(fixtures) ?? {};
  const url = path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? NONE) + (c.query ? `?${c.query}` : '');
  const host = academyHost(fixtures.handle);
  const session = token
    ? { cookie: `${sessionCookieName(t.deps.config, kind)}=${token}`, [CSRF_HEADER]: '1', origin: `http://${host}` }
    : {};
  const base = { method: method as 'GET', url, headers: { host, ...session } };
  if (c.form) {
    const form = multipart(c.form);
    return { ...base, payload: form.payload, headers: { ...base.headers, ...form.headers } };
  }
  return c.body ? { ...base, payload: c.body(fixtures) as object } : base;
}

const allowed = (rule: Rule, flag: PermissionFlag | 'none') =>
  rule === 'member' || (typeof rule === 'object' && flag !== 'none' && rule.includes(flag));

// Logging out ends the session it is called with: that row runs last.
const ORDERED = [...TABLE.filter((c) => c.key !== 'logout'), ...TABLE.filter((c) => c.key === 'logout')];
const guarded = ORDERED.filter((c) => c.allow !== 'public' && c.allow !== 'parent');
// Signing a parent out ends their session: that row runs last.
const PARENT_ROWS = ORDERED.filter((c) => c.allow === 'parent').sort(
  (x, y) => Number(x.key === 'familySignOut') - Number(y.key === 'familySignOut'),
);

describe('the permission matrix', () => {
  it('has a row for every route of the endpoint map, and no other', () => {
    const keys = new Set(TABLE.map((c) => c.key));
    const missing = (Object.keys(ROUTES) as RouteKey[]).filter((k) => !keys.has(k));
    expect(missing, 'routes without a row in the permission TABLE').toEqual([]);
    expect([...keys].filter((k) => !(k in ROUTES))).toEqual([]);
    const labels = TABLE.map(label);
    expect(new Set(labels).size, 'each row of a route needs its own variant').toBe(labels.length);
  });

  it('refuses every staff token on the parent routes (401)', async () => {
    const failures: string[] = [];
    for (const c of PARENT_ROWS)
      for (const flag of [...PERMISSION_FLAGS, 'none' as const]) {
        const res = await t.app.inject(request(c, tokens.get(flag) ?? ''));
        if (res.statusCode !== 401) failures.push(`${label(c)} with only ${flag}: ${res.statusCode}`);
      }
    expect(failures).toEqual([]);
  });

  it("lets a parent's session call the parent routes, and refuses it (401) on every staff route", async () => {
    const failures: string[] = [];
    for (const c of guarded) {
      const res = await t.app.inject(request(c, parentToken, 'parent'));
      if (res.statusCode !== 401) failures.push(`${label(c)} with a parent's session: ${res.statusCode}`);
    }
    for (const c of PARENT_ROWS) {
      const res = await t.app.inject(request(c, parentToken, 'parent'));
      if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
        failures.push(`${label(c)} with a parent's session: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('lets public routes be called without a token', async () => {
    for (const c of ORDERED.filter((x) => x.allow === 'public')) {
      const res = await t.app.inject(request(c, null));
      expect([401, 403], `${label(c)} → ${res.statusCode} ${res.body.slice(0, 200)}`).not.toContain(res.statusCode);
      expect(res.statusCode, label(c)).toBeLessThan(500);
    }
  });

  it(`answers 403 exactly when the member's only flag is not allowed (${guarded.length} rows × ${PERMISSION_FLAGS.length} flags)`, async () => {
    const failures: string[] = [];
    for (const c of guarded) {
      const anonymous = await t.app.inject(request(c, null));
      if (anonymous.statusCode !== 401) failures.push(`${label(c)} without a token → ${anonymous.statusCode}`);
      for (const flag of [...PERMISSION_FLAGS, 'none' as const]) {
        const res = await t.app.inject(request(c, tokens.get(flag) ?? ''));
        const expected = allowed(c.allow, flag);
        const ok = res.statusCode < 500 && res.statusCode !== 401 && (res.statusCode === 403) === !expected;
        if (!ok)
          failures.push(
            `${label(c)} with only ${flag}: ${res.statusCode} (expected ${expected ? 'allowed' : '403'}) ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
    console.info(
      `permission matrix: ${guarded.length} guarded rows × ${PERMISSION_FLAGS.length} flags = ${guarded.length * PERMISSION_FLAGS.length} calls`,
    );
    // A thousand calls: well over the default 30 s on a busy machine.
  }, 300_000);

  it('changed nothing: the calls of the matrix were refused or invalid', async () => {
    const left = await withTenant(t.deps.db, fixtures.academyId, (tx) =>
      tx.select({ id: users.id }).from(users).where(eq(users.name, 'X')),
    );
    expect(left).toEqual([]);
  });
});

/**
 * Routes that read their body themselves (forms, and the JSON body of a route that also takes a
 * form) judge the right first: a member without it gets 403 for a broken or invalid body too, never
 * a 400 that tells how the input would have been judged. The same bodies from a member with the
 * right are 400, so they are really invalid.
 */
describe('the right before the body', () => {
  const BAD_FORMS: Record<string, string>[] = [
    // Fields that no contract accepts.
    { name: '', birthdate: 'not a date', parentInfo: '{', playerInfo: '{', email: 'x', phone: 'x' },
    // A form that cannot be read (a NUL byte).
    { name: 'a\u0000b' },
  ];
  const BAD_JSON = { accountTypeId: 'not a uuid', email: 'x' };
  const takesForm = (key: RouteKey) => Boolean((endpoints[key] as Endpoint).multipart);
  const readsItsBody = ORDERED.filter((c) => c.form || (c.body && takesForm(c.key)));
  beforeAll(() => openSessions(fixtures.academyId));

  it('has a form row for every multipart endpoint', () => {
    const multipartKeys = (Object.keys(endpoints) as RouteKey[]).filter(takesForm);
    expect(multipartKeys.filter((k) => !TABLE.some((c) => c.key === k && c.form))).toEqual([]);
  });

  it(`answers 403 to a member without the right, 400 to one with it (${readsItsBody.length} rows)`, async () => {
    const failures: string[] = [];
    for (const c of readsItsBody) {
      const bodies: Case[] = c.form ? BAD_FORMS.map((form) => ({ ...c, form })) : [{ ...c, body: () => BAD_JSON }];
      for (const flag of [...PERMISSION_FLAGS, 'none' as const])
        for (const bad of bodies) {
          const res = await t.app.inject(request(bad, tokens.get(flag) ?? ''));
          const expected = allowed(c.allow, flag) ? 400 : 403;
          if (res.statusCode !== expected)
            failures.push(`${label(c)} with only ${flag}: ${res.statusCode} (expected ${expected}) ${res.body.slice(0, 120)}`);
        }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
