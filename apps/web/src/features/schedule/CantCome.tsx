// Why: parents say in the family portal when a child can't come; the coach sees it beside the player
// (with the reason) and how many players to expect, while attendance stays the coach's to mark.
import type { Event, EventParticipant } from '@kora/contracts';
import { FormattedMessage } from 'react-intl';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';

/** "Can't come (parent): reason" under a participant's name; nothing when no parent said so. */
export function CantComeNote({ participant }: { participant: Pick<EventParticipant, 'cantCome'> }) {
  const cantCome = participant.cantCome;
  if (!cantCome) return null;
  return (
    <p className="mt-0.5 text-xs font-semibold break-words text-amber-800" data-testid="participant-cant-come">
      <FormattedMessage id="events.cantCome" />
      {cantCome.reason && <span className="font-normal">: {cantCome.reason}</span>}
    </p>
  );
}

/** Players expected (the participants no parent said can't come), of all. */
export const expectedOf = (event: Pick<Event, 'participants' | 'expectedPlayers'>) =>
  event.expectedPlayers ?? event.participants.filter((p) => !p.cantCome).length;

/** The event's expected players and who can't come, with each reason (the schedule's event dialog). */
export function ExpectedPlayers({ event }: { event: Event }) {
  const { locale } = useLocale();
  if (event.participants.length === 0) return null;
  const away = event.participants.filter((p) => p.cantCome);
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm" data-testid="event-expected">
      <p className="font-medium text-slate-800">
        <FormattedMessage id="events.expected" values={{ expected: expectedOf(event), total: event.participants.length }} />
      </p>
      {away.length > 0 && (
        <ul className="mt-1 space-y-0.5">
          {away.map((p) => (
            <li key={p.id} className="break-words text-amber-800">
              {displayName(p.user, locale)}
              {p.cantCome?.reason && <span className="text-slate-600"> — {p.cantCome.reason}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
