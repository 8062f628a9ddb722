import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FamilyTx, familyTransaction } from '../../db/family.js';
import { academies } from '../../db/schema.js';
import { authOf } from '../../http/access.js';
import { noteAudit, noteBefore } from '../../http/audit.js';
import { HttpError, notFound } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie.js';
import { createSmsBudget } from '../../sms/budget.js';
import { createSmsSender } from '../../sms/sms.js';
import { type AcademyRow, findAcademyByHandle } from '../academies/lookup.js';
import { changeConsents, currentConsents, withholdPhoto } from '../consents/service.js';
import { ageGroupMedians } from '../growth/service.js';
import { confirmGuardians } from '../privacy/guardian.js';
import { createAnnouncement, familyAnnouncements, listAnnouncements, openAnnouncement } from './announcements.js';
import { answerFamilyJoin, decideFamilyJoin, joinOffers, listFamilyJoins } from './joins.js';
import {
  familyDetails,
  familyEvents,
  familyHome,
  familyMe,
  familyMoney,
  familyProgress,
  requireChild,
  setAvailability,
  setParentLanguage,
  updateChild,
  updateParent,
} from './service.js';
import { createFamilySession, familyKey, familyOf, revokeFamilySession } from './session.js';
import { checkSignInRequest, sendSignInCode, verifySignIn } from './sign-in.js';

/** The one answer of a sign-in request, whether or not the address is known. */
const SIGN_IN_ANSWER = 'If the academy has this address, a sign-in code is on its way.';

/**
 * The family portal (docs/domain.md, "The family portal"): the parents' routes under /api/family,
 * guarded by the parent session (session.ts), and the staff's announcements and family settings.
 */
export async function familyRoutes(app: FastifyInstance) {
  const { deps } = app;
  const sms = createSmsSender(deps.data, { config: deps.config.sms, production: deps.config.production, log: app.log });
  const budget = createSmsBudget(deps.counters, deps.config, app.log);

  /** The academy of the request's host: parents sign in on their academy's own address only. */
  async function hostAcademy(req: FastifyRequest): Promise<AcademyRow> {
    if (req.site.kind !== 'academy') throw new HttpError(404, 'family.academy_host_required');
    const academy = await findAcademyByHandle(deps.data, req.site.handle);
    if (!academy) throw notFound('academy.not_found');
    return academy;
  }
  const inFamily = <T>(req: FastifyRequest, work: (tx: FamilyTx) => Promise<T>) =>
    familyTransaction(deps.data, familyKey(familyOf(req)), work);
  const now = () => deps.clock.now();

  route(app, 'familySignIn', { access: 'public', rateLimit: 'publicWrite' }, async (req, reply) => {
    const academy = await hostAcademy(req);
    const { address, language } = req.body;
    // What the answer may truthfully say (SMS off for the academy, a cap reached) depends on nothing about the address.
    await checkSignInRequest(sms, budget, academy, address);
    // Looked up after answering: neither the answer nor its time tells whether the address is known.
    app.background.run(() => sendSignInCode(deps, sms, budget, academy, address, language), req.log);
    reply.status(202);
    return { message: SIGN_IN_ANSWER };
  });

  route(app, 'familyVerify', { access: 'public', rateLimit: 'publicWrite' }, async (req, reply) => {
    const academy = await hostAcademy(req);
    const family = await verifySignIn(deps, academy, req.body, req.ip);
    // The code proves the address: a public registration's guardian is checked (docs/domain.md, "Privacy requests").
    await deps.data.tenant(academy.id, (tx) => confirmGuardians(tx, family.parentIds, now()));
    const token = await deps.data.system((tx) => createFamilySession(tx, academy.id, family));
    setSessionCookie(reply, deps.config, 'parent', token);
    const key = familyKey({ academyId: academy.id, ...family });
    const language = req.body.language;
    const me = await familyTransaction(deps.data, key, async (tx) => {
      if (language) await setParentLanguage(tx, language);
      return familyMe(tx);
    });
    return { token, ...me };
  });

  route(app, 'familySignOut', { access: 'parent' }, async (req, reply) => {
    const family = familyOf(req);
    await deps.data.system((tx) => revokeFamilySession(tx, family.sessionId, now()));
    clearSessionCookie(reply, deps.config, 'parent');
  });

  route(app, 'familyMe', { access: 'parent' }, (req) => inFamily(req, familyMe));
  route(app, 'familyHome', { access: 'parent' }, (req) => inFamily(req, (tx) => familyHome(tx, now())));
  route(app, 'familyEvents', { access: 'parent' }, (req) => inFamily(req, (tx) => familyEvents(tx, req.query, now())));

  route(app, 'setFamilyAvailability', { access: 'parent', audit: true }, (req) =>
    inFamily(req, async (tx) => {
      const { event, before } = await setAvailability(tx, req.params.participantId, req.body, now());
      noteBefore(req, before);
      noteAudit(req, { childId: event.childId, eventId: event.event.id });
      return event;
    }),
  );

  route(app, 'familyProgress', { access: 'parent' }, async (req) => {
    const progress = await inFamily(req, (tx) => familyProgress(tx, req.params.childId, now()));
    // The age group's medians are aggregates over the academy's players, which the family's own
    // transaction cannot read: computed in the academy's, for a child just proven to be theirs.
    const medians = await deps.data.tenant(familyOf(req).academyId, (tx) => ageGroupMedians(tx, req.params.childId, now()));
    return { ...progress, medians };
  });

  route(app, 'familyMoney', { access: 'parent' }, (req) => inFamily(req, (tx) => familyMoney(tx, req.params.childId)));
  route(app, 'familyDetails', { access: 'parent' }, (req) => inFamily(req, familyDetails));

  route(app, 'updateFamilyParent', { access: 'parent', audit: true }, (req) =>
    inFamily(req, async (tx) => {
      const before = await updateParent(tx, req.body, now());
      const { phoneNumber, emergencyPhone1, emergencyPhone2 } = before;
      noteBefore(req, { phoneNumber, emergencyPhone1, emergencyPhone2 }, tx.parentId);
      return familyDetails(tx);
    }),
  );

  route(app, 'updateFamilyChild', { access: 'parent', audit: true }, (req) =>
    inFamily(req, async (tx) => {
      noteBefore(req, await updateChild(tx, req.params.childId, req.body, now()));
      return familyDetails(tx);
    }),
  );

  // The child's consents (docs/domain.md, "Data map"); the parent changes the optional ones. A withdrawn
  // photo consent leaves the photo out of every answer in the same transaction, and its address is refused.
  route(app, 'familyChildConsents', { access: 'parent' }, (req) =>
    inFamily(req, async (tx) => {
      await requireChild(tx, req.params.childId);
      return currentConsents(tx, req.params.childId);
    }),
  );
  route(app, 'updateFamilyChildConsents', { access: 'parent', audit: true }, async (req) => {
    const { answer, photo } = await inFamily(req, async (tx) => {
      await requireChild(tx, req.params.childId);
      const before = await currentConsents(tx, req.params.childId);
      const { changed, photo } = await changeConsents(tx, req.params.childId, tx.parentId, req.body, now());
      noteBefore(req, before.consents);
      noteAudit(req, { changed });
      return { answer: await currentConsents(tx, req.params.childId), photo };
    });
    if (photo) await withholdPhoto(deps.data, photo.path, photo.withheld);
    return answer;
  });

  route(app, 'familyAnnouncements', { access: 'parent' }, (req) => inFamily(req, familyAnnouncements));
  // Registrations made with this session's address: its owner may say the child is theirs (joins.ts).
  route(app, 'familyJoinOffers', { access: 'parent' }, (req) => {
    const family = familyOf(req);
    return deps.data.tenant(family.academyId, (tx) => joinOffers(tx, family));
  });
  route(app, 'answerFamilyJoin', { access: 'parent', audit: true }, async (req) => {
    const family = familyOf(req);
    const decided = await deps.data.tenant(family.academyId, (tx) => answerFamilyJoin(tx, family, req.params.id, req.body, now()));
    noteAudit(req, decided);
  });
  route(app, 'openFamilyAnnouncement', { access: 'parent' }, (req) => inFamily(req, (tx) => openAnnouncement(tx, req.params.id, now())));

  // ── staff ──
  route(app, 'listAnnouncements', { access: { anyOf: ['canReadPlayers'] } }, (req) => req.tenant(listAnnouncements));

  route(app, 'createAnnouncement', { access: { anyOf: ['canWritePlayers'] }, audit: true }, async (req) => {
    const auth = authOf(req);
    const academy = await findAcademyByHandle(deps.data, auth.handle);
    if (!academy) throw notFound('academy.not_found');
    const author = { id: auth.user.id, name: auth.user.name, nameArabic: auth.user.nameArabic ?? null };
    const sent = await createAnnouncement(deps, sms, budget, academy, author, req.body, (work) => app.background.run(work, req.log));
    noteAudit(req, { recipients: sent.recipients }, sent.id);
    return sent;
  });

  route(app, 'getFamilySettings', { access: { anyOf: ['canReadSettings'] } }, async (req) => {
    const auth = authOf(req);
    const [row] = await deps.data.system((tx) =>
      tx.select({ minutes: academies.availabilityCutoffMinutes }).from(academies).where(eq(academies.id, auth.academyId)),
    );
    return { availabilityCutoffMinutes: row.minutes, smsConfigured: sms.configured };
  });

  route(app, 'updateFamilySettings', { access: { anyOf: ['canWriteSettings'] }, audit: true }, async (req) => {
    const minutes = req.body.availabilityCutoffMinutes;
    await req.tenant((tx) => tx.update(academies).set({ availabilityCutoffMinutes: minutes }).where(eq(academies.id, tx.academyId)));
    return { availabilityCutoffMinutes: minutes, smsConfigured: sms.configured };
  });

  // Registrations whose address was already a parent's wait apart until staff decide (joins.ts).
  route(app, 'listFamilyJoins', { access: { anyOf: ['canReadPlayers'] } }, (req) => req.tenant(listFamilyJoins));
  route(app, 'decideFamilyJoin', { access: { anyOf: ['canWritePlayers'] }, audit: true }, async (req) => {
    const decided = await req.tenant((tx) => decideFamilyJoin(tx, req.params.id, req.body, now()));
    noteAudit(req, decided);
  });

  if (deps.config.exposeOutbox) {
    // The development SMS outbox, read like the mail outbox (tests only; never in production).
    app.get('/api/dev/sms-outbox', { config: { access: 'public' }, schema: { hide: true } }, async () => sms.outbox());
  }
}
