// Why: coaches lose time chasing who comes — a parent says "can't come" (with a reason if they like)
// for an upcoming training or match until the academy's cut-off, and may take it back until then.
import { addDaysIso, type FamilyEvent } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { todayIso } from '../../components/date-format';
import { TextField } from '../../components/Field';
import { EmptyState, ErrorBox, LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { familyEventsQuery, familyMeQuery, useSetAvailability } from './api';
import { CantComeTag, Card, DayText, EventFacts, PageTitle } from './parts';

/** How far ahead the screen looks. */
const DAYS_AHEAD = 30;

function EventAvailability({ item, childName }: { item: FamilyEvent; childName: string | null }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const toast = useToast();
  const set = useSetAvailability();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  const save = async (cantCome: boolean) => {
    setError(undefined);
    try {
      await set.mutateAsync({ participantId: item.participantId, body: { cantCome, reason: cantCome ? reason : '' } });
      setAsking(false);
      setReason('');
      toast(intl.formatMessage({ id: cantCome ? 'family.cantCome.saved' : 'family.cantCome.undone' }));
    } catch (err) {
      setError(errorText(err, 'family.cantCome.failed'));
    }
  };

  return (
    <li className="space-y-2 px-3 py-3" data-testid="family-availability-event">
      {childName && <p className="text-xs font-semibold text-brand-800">{childName}</p>}
      <EventFacts item={item} />
      <CantComeTag item={item} />
      {error && <ErrorBox>{error}</ErrorBox>}
      {!item.canChange ? (
        <p className="text-xs text-slate-500">
          <FormattedMessage id="family.cantCome.closed" />
        </p>
      ) : item.cantCome ? (
        <Button variant="outline" onClick={() => void save(false)} loading={set.isPending} data-testid="family-undo">
          <FormattedMessage id="family.cantCome.undo" />
        </Button>
      ) : asking ? (
        <div className="space-y-2">
          <TextField
            label={<FormattedMessage id="family.cantCome.reason" />}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
            autoFocus
            name="reason"
          />
          <div className="flex gap-2">
            <Button onClick={() => void save(true)} loading={set.isPending} className="flex-1" data-testid="family-cant-come-confirm">
              <FormattedMessage id="family.cantCome.confirm" />
            </Button>
            <Button variant="ghost" onClick={() => setAsking(false)} disabled={set.isPending}>
              <FormattedMessage id="common.cancel" />
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="outline" onClick={() => setAsking(true)} data-testid="family-cant-come">
          <FormattedMessage id="family.cantCome.action" />
        </Button>
      )}
    </li>
  );
}

export function FamilyAvailabilityPage() {
  const { locale } = useLocale();
  const errorText = useErrorText();
  const today = todayIso();
  const events = useQuery(familyEventsQuery(today, addDaysIso(today, DAYS_AHEAD)));
  const me = useQuery(familyMeQuery);
  const children = me.data?.children ?? [];
  const nameOf = (childId: string) => {
    const child = children.find((c) => c.id === childId);
    return children.length > 1 && child ? displayName(child, locale) : null;
  };
  const days = new Map<string, FamilyEvent[]>();
  for (const item of events.data ?? []) days.set(item.event.date, [...(days.get(item.event.date) ?? []), item]);
  return (
    <>
      <PageTitle>
        <FormattedMessage id="family.availability.title" />
      </PageTitle>
      <p className="text-sm text-slate-600">
        <FormattedMessage
          id="family.availability.intro"
          values={{ hours: Math.round(((me.data?.academy.availabilityCutoffMinutes ?? 120) / 60) * 10) / 10 }}
        />
      </p>
      {events.isError ? (
        <LoadError onRetry={() => void events.refetch()} retrying={events.isFetching}>
          {errorText(events.error, 'family.loadFailed')}
        </LoadError>
      ) : events.isPending ? (
        <SkeletonRows rows={5} />
      ) : days.size === 0 ? (
        <EmptyState>
          <FormattedMessage id="family.availability.none" />
        </EmptyState>
      ) : (
        [...days].map(([date, items]) => (
          <Card key={date} className="p-0!">
            <h2 className="border-b border-slate-100 px-3 py-2 text-sm font-semibold text-slate-700">
              <DayText date={date} />
            </h2>
            <ul className="divide-y divide-slate-100">
              {items.map((item) => (
                <EventAvailability key={item.participantId} item={item} childName={nameOf(item.childId)} />
              ))}
            </ul>
          </Card>
        ))
      )}
    </>
  );
}
