// Why: any member can follow their events in the calendar app they already use, through a private link they can rotate or revoke.
import type { CalendarFeedBody } from '@kora/contracts';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { FieldShell, inputClass } from '../../components/Field';
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

/**
 * The private feed: which events (the member's own; with the schedule, the whole academy or one
 * team — each choice named as the feed will hold it), create (or replace) the link in the UI's
 * language, copy it, revoke it.
 */
export function CalendarLinkDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const readsSchedule = useAuth().canRead('Schedule');
  const teams = useTeams();
  const { create, revoke } = useCalendarFeed();
  const [choice, setChoice] = useState(MINE);
  const [url, setUrl] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string>();
  const selectId = useId();
  const urlId = useId();

  const make = async () => {
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
          <p className="text-xs text-slate-500">
            <FormattedMessage id="calendar.rotateHint" />
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="ghost" className="me-auto text-red-700! hover:bg-red-50!" onClick={drop} loading={revoke.isPending}>
            <FormattedMessage id="calendar.revoke" />
          </Button>
          <Button onClick={make} loading={create.isPending} variant={url ? 'outline' : 'primary'}>
            <FormattedMessage id={url ? 'calendar.rotate' : 'calendar.create'} />
          </Button>
        </div>
      </div>
    </Dialog>
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
