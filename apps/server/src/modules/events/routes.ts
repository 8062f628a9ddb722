import { EVENTS_DELETED_HEADER, type Event } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { authOf } from '../../http/access.js';
import { noteAudit } from '../../http/audit.js';
import { forbidden } from '../../http/errors.js';
import { sendCachedList } from '../../http/list-cache.js';
import { route } from '../../http/route.js';
import { eventStates, eventsInScopeIds, tellAdded, tellCancelled, tellEdited } from '../messages/events.js';
import { auditSensitive, sensitiveViewOf, viewKey } from '../players/sensitive.js';
import { participationsOf } from '../players/service.js';
import { calendarFeedStatus, createCalendarFeed, renderCalendarFeed, revokeCalendarFeed } from './calendar.js';
import { createEvent, deleteEvent, eventsListJson, updateEvent } from './service.js';

const write = { access: { anyOf: ['canWriteSchedule' as const] } };

/** The players of events' participants, as the audit of sensitive reads counts them. */
const participantsOf = (list: Pick<Event, 'participants'>[]) => list.flatMap((e) => e.participants.map((p) => p.user));

export async function eventRoutes(app: FastifyInstance) {
  // The dashboard, My Trainings and the schedule all read events. A member who reads neither the
  // dashboard nor the schedule (My Trainings alone) sees only the events they coach.
  route(app, 'listEvents', { access: { anyOf: ['canReadDashboard', 'canReadMyTrainings', 'canReadSchedule'] } }, async (req, reply) => {
    const { user } = authOf(req);
    const seesAll = user.accountType?.canReadDashboard || user.accountType?.canReadSchedule;
    if (!seesAll && req.query.coachId && req.query.coachId !== user.id) throw forbidden();
    const coachId = seesAll ? req.query.coachId : user.id;
    const query = { ...req.query, coachId };
    // Kept per view (players/sensitive.ts): participants' medical conditions are the view's.
    const view = await sensitiveViewOf(req);
    return sendCachedList(
      req,
      reply,
      `events ${JSON.stringify(query)} ${viewKey(view)}`,
      (tx) => eventsListJson(tx, query, view),
      (body) => view.medical !== 'none' && auditSensitive(req, participantsOf(JSON.parse(body))),
    );
  });
  route(app, 'createEvent', write, async (req) => {
    const view = await sensitiveViewOf(req);
    const now = app.deps.clock.now();
    // Parents and coaches are told in the change's own transaction (modules/messages/events.ts).
    const event = await req.tenant(async (tx) => {
      const created = await createEvent(tx, req.body, now, view);
      await tellAdded(tx, app.messenger.messaging, created.id, now);
      return created;
    });
    auditSensitive(req, participantsOf([event]));
    return event;
  });
  route(app, 'updateEvent', write, async (req) => {
    const view = await sensitiveViewOf(req);
    const now = app.deps.clock.now();
    const event = await req.tenant(async (tx) => {
      const before = await eventStates(tx, await eventsInScopeIds(tx, req.params.id, req.query.scope));
      const updated = await updateEvent(tx, req.params.id, req.body, req.query.scope, now, view);
      await tellEdited(tx, app.messenger.messaging, before, now);
      return updated;
    });
    auditSensitive(req, participantsOf([event]));
    return event;
  });
  // 204 as the contract has it; a header says how many events went, so the screen can say it (a series' rest is more than one).
  route(app, 'deleteEvent', { ...write, audit: true }, (req, reply) =>
    req.tenant(async (tx) => {
      // Told before the rows go: who the teams' parents and the coaches are.
      const ids = await eventsInScopeIds(tx, req.params.id, req.query.scope);
      await tellCancelled(tx, app.messenger.messaging, ids, app.deps.clock.now());
      const effect = await deleteEvent(tx, req.params.id, req.query.scope);
      noteAudit(req, effect);
      reply.header(EVENTS_DELETED_HEADER, String(effect.eventsDeleted));
    }),
  );
  // The player page's history of events (R:Players).
  route(app, 'playerEvents', { access: { anyOf: ['canReadPlayers'] } }, (req) =>
    req.tenant((tx) => participationsOf(tx, req.params.playerId)),
  );

  // A feed is offered where the events are read: the schedule (every event) and My Trainings (the events one coaches).
  const feedReaders = { access: { anyOf: ['canReadSchedule' as const, 'canReadMyTrainings' as const] } };
  route(app, 'createCalendarFeed', feedReaders, (req) => createCalendarFeed(app.deps, authOf(req), req.body));
  // One's own feed, like Revoke: any member may ask whether they have one.
  route(app, 'getCalendarFeed', { access: 'member' }, (req) => calendarFeedStatus(app.deps, authOf(req)));
  route(app, 'revokeCalendarFeed', { access: 'member' }, (req) => revokeCalendarFeed(app.deps, authOf(req)));
  // Public: the unguessable token is the credential (calendar apps send no bearer token).
  route(app, 'calendarFeed', { access: 'public', rateLimit: 'publicRead' }, async (req, reply) => {
    const ics = await renderCalendarFeed(app.deps, req.params.token, req.site);
    reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-cache');
    return ics;
  });
}
