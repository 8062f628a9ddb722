// Why: any member can follow their events in the calendar app they already use, through a private link they can rotate or revoke.
import { type CalendarFeedBody, type CalendarFeedStatus, riyadhToday } from '@kora/contracts';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { ConfirmDialog, Dialog } from '../../components/Dialog';
import { FieldShell, inputClass } from '../../components/Field';
import { PlanDate } from '../../components/PlanDate';
import { ErrorBox } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { useTeams } from '../teams/api';
import { useCalendarFeed } from './api';

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M9 15h.01M12 15h.01M15 15h.01" strokeLinecap="round" />
    </svg>
  );
}

/** The choice's value: `mine`, `academy`, or a team's id. */
const MINE = 'mine';
const ACADEMY = 'academy';
const feedBody = (choice: string): CalendarFeedBody =>
  choice === MINE || choice === ACADEMY ? { scope: choice, teamId: null } : { scope: 'team', teamId: choice };

type LiveFeed = NonNullable<CalendarFeedStatus['feed']>;

/**
 * The private feed: which events (the member's own; with the schedule, the whole academy or one
 * team — each choice named as the feed will hold it), create the link in the UI's language, copy
 * it, revoke it. Revoke is offered only once a link exists, and a new link that would replace one
 * is asked first: the old link stops working.
 */
export function CalendarLinkDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const readsSchedule = useAuth().canRead('Schedule');
  const teams = useTeams();
  const { status, create, revoke } = useCalendarFeed();
  const [choice, setChoice] = useState(MINE);
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [url, setUrl] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string>();
  const selectId = useId();
  const urlId = useId();

  const live = status.data?.feed ?? null;
  // A link exists when the server says so or one was just made here; when the server could not say, a new one is asked first too.
  const exists = Boolean(url || live);
  const mayExist = exists || status.isError;

  const make = async () => {
    setConfirmReplace(false);
    setError(undefined);
    setCopied(false);
    try {
      setUrl((await create.mutateAsync({ ...feedBody(choice), language: locale })).url);
    } catch (err) {
      setError(errorText(err, 'calendar.failed'));
    }
  };
  const drop = async () => {
    setError(undefined);
    try {
      await revoke.mutateAsync();
      setUrl(undefined);
      toast(intl.formatMessage({ id: 'calendar.revoked' }));
    } catch (err) {
      setError(errorText(err, 'calendar.revokeFailed'));
    }
  };
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={<FormattedMessage id="calendar.title" />}
      description={<FormattedMessage id="calendar.explain" />}
    >
      <div className="space-y-4">
        <FieldShell id={selectId} label={<FormattedMessage id="calendar.which" />}>
          <select
            id={selectId}
            className={`${inputClass()} h-9.5 py-0!`}
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value);
              setUrl(undefined);
            }}
          >
            <option value={MINE}>{intl.formatMessage({ id: 'calendar.scope.mine' })}</option>
            {readsSchedule && <option value={ACADEMY}>{intl.formatMessage({ id: 'calendar.scope.academy' })}</option>}
            {readsSchedule && (teams.data ?? []).length > 0 && (
              <optgroup label={intl.formatMessage({ id: 'calendar.scope.team' })}>
                {(teams.data ?? []).map((t) => (
                  <option key={t.id} value={t.id}>
                    {displayName(t, locale)}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </FieldShell>
        {error && <ErrorBox>{error}</ErrorBox>}
        {!url && live && <CurrentLink feed={live} />}
        {url ? (
          <div className="space-y-2">
            <FieldShell id={urlId} label={<FormattedMessage id="calendar.url" />}>
              <div className="flex gap-2">
                <input
                  id={urlId}
                  readOnly
                  dir="ltr"
                  value={url}
                  onFocus={(e) => e.target.select()}
                  className={`${inputClass()} min-w-0 flex-1 font-mono text-xs`}
                  data-testid="calendar-url"
                />
                <Button variant="outline" onClick={copy}>
                  <FormattedMessage id={copied ? 'calendar.copied' : 'calendar.copy'} />
                </Button>
              </div>
            </FieldShell>
            <p className="text-xs text-slate-500">
              <FormattedMessage id="calendar.howTo" />
            </p>
          </div>
        ) : (
          !live && (
            <p className="text-xs text-slate-500">
              <FormattedMessage id="calendar.firstHint" />
            </p>
          )
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          {exists && (
            <Button variant="ghost" className="me-auto text-red-700! hover:bg-red-50!" onClick={drop} loading={revoke.isPending}>
              <FormattedMessage id="calendar.revoke" />
            </Button>
          )}
          <Button
            onClick={() => (mayExist ? setConfirmReplace(true) : make())}
            loading={create.isPending || status.isPending}
            variant={url ? 'outline' : 'primary'}
          >
            <FormattedMessage id={exists ? 'calendar.rotate' : 'calendar.create'} />
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirmReplace}
        onOpenChange={setConfirmReplace}
        title={<FormattedMessage id="calendar.replaceTitle" />}
        text={<FormattedMessage id="calendar.replaceText" />}
        confirmLabel={<FormattedMessage id="calendar.replace" />}
        onConfirm={make}
        loading={create.isPending}
      />
    </Dialog>
  );
}

/** The member's live link, whose address was shown once when it was made: what it holds and since when. */
function CurrentLink({ feed }: { feed: LiveFeed }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const teams = useTeams();
  const team = feed.teamId ? (teams.data ?? []).find((t) => t.id === feed.teamId) : undefined;
  const holds =
    feed.scope === 'team'
      ? team
        ? displayName(team, locale)
        : intl.formatMessage({ id: 'calendar.scope.team' })
      : intl.formatMessage({ id: feed.scope === 'academy' ? 'calendar.scope.academy' : 'calendar.scope.mine' });
  return (
    <div className="space-y-1 rounded-xl bg-slate-50 px-3 py-2.5 text-sm" data-testid="calendar-current">
      <p className="font-medium text-slate-900">
        <FormattedMessage id="calendar.current" values={{ holds }} />
      </p>
      <p className="flex flex-wrap items-baseline gap-x-1 text-xs text-slate-500">
        <FormattedMessage id="calendar.madeOn" values={{ date: <PlanDate iso={riyadhToday(new Date(feed.createdAt))} /> }} />
      </p>
      <p className="text-xs text-slate-500">
        <FormattedMessage id="calendar.shownOnce" />
      </p>
    </div>
  );
}

/** The "Calendar link" action of the schedule and My Trainings. */
export function CalendarLinkButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarIcon />
        <FormattedMessage id="calendar.link" />
      </Button>
      {open && <CalendarLinkDialog onClose={() => setOpen(false)} />}
    </>
  );
}
