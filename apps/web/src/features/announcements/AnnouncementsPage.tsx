// Why: staff tell families what changed (a time, a holiday, a match day) — the whole academy, a team's
// families or one player's — and see how many parents opened it (the family portal marks it opened).
import type { Announcement, AnnouncementAudience } from '@kora/contracts';
import { ANNOUNCEMENT_AUDIENCES } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { riyadhDateOf, riyadhTimeOf } from '../../components/date-format';
import { FieldShell, inputClass, TextField } from '../../components/Field';
import { PageHeader } from '../../components/form/PageHeader';
import { PlanDate } from '../../components/PlanDate';
import { EmptyState, ErrorBox, LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { issueText, useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { playersQuery, useTeams } from '../teams/api';
import { announcementsQuery, useCreateAnnouncement } from './api';

/** The form's fields as typed (ids empty until chosen). */
interface Draft {
  audience: AnnouncementAudience;
  teamId: string;
  playerId: string;
  title: string;
  titleArabic: string;
  body: string;
  bodyArabic: string;
  sms: boolean;
}
const EMPTY: Draft = {
  audience: 'academy',
  teamId: '',
  playerId: '',
  title: '',
  titleArabic: '',
  body: '',
  bodyArabic: '',
  sms: false,
};

function Compose() {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const ids = { audience: useId(), team: useId(), player: useId(), body: useId(), bodyArabic: useId() };
  const teams = useTeams();
  const [form, setForm] = useState(EMPTY);
  const players = useQuery({ ...playersQuery, enabled: form.audience === 'family' });
  const create = useCreateAnnouncement();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const set = (patch: Partial<Draft>) => setForm({ ...form, ...patch });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setErrors({});
    try {
      const sent = await create.mutateAsync({
        ...form,
        teamId: form.audience === 'team' ? form.teamId || null : null,
        playerId: form.audience === 'family' ? form.playerId || null : null,
      });
      toast(intl.formatMessage({ id: 'announcements.sent' }, { count: sent.recipients }));
      setForm(EMPTY);
    } catch (err) {
      const issues = err instanceof ApiError ? err.issues : [];
      if (issues.length) setErrors(Object.fromEntries(issues.map((i) => [i.path, issueText(intl, i)])));
      else setError(errorText(err, 'announcements.sendFailed'));
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="announcement-form"
    >
      <h2 className="font-semibold text-slate-900">
        <FormattedMessage id="announcements.new" />
      </h2>
      {error && <ErrorBox>{error}</ErrorBox>}
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldShell id={ids.audience} label={<FormattedMessage id="announcements.audience" />}>
          <select
            id={ids.audience}
            className={inputClass()}
            value={form.audience}
            onChange={(e) => set({ audience: ANNOUNCEMENT_AUDIENCES.find((a) => a === e.target.value) ?? 'academy' })}
          >
            {ANNOUNCEMENT_AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {intl.formatMessage({ id: `announcements.audience.${a}` })}
              </option>
            ))}
          </select>
        </FieldShell>
        {form.audience === 'team' && (
          <FieldShell id={ids.team} label={<FormattedMessage id="announcements.team" />} error={errors.teamId}>
            <select
              id={ids.team}
              className={inputClass(errors.teamId)}
              value={form.teamId}
              onChange={(e) => set({ teamId: e.target.value })}
            >
              <option value="">{intl.formatMessage({ id: 'announcements.choose' })}</option>
              {(teams.data ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {displayName(t, locale)}
                </option>
              ))}
            </select>
          </FieldShell>
        )}
        {form.audience === 'family' && (
          <FieldShell id={ids.player} label={<FormattedMessage id="announcements.player" />} error={errors.playerId}>
            <select
              id={ids.player}
              className={inputClass(errors.playerId)}
              value={form.playerId}
              onChange={(e) => set({ playerId: e.target.value })}
            >
              <option value="">{intl.formatMessage({ id: players.isPending ? 'common.loading' : 'announcements.choose' })}</option>
              {(players.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {displayName(p, locale)}
                </option>
              ))}
            </select>
          </FieldShell>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={<FormattedMessage id="announcements.title" />}
          value={form.title}
          maxLength={120}
          error={errors.title}
          onChange={(e) => set({ title: e.target.value })}
        />
        <TextField
          label={<FormattedMessage id="announcements.titleArabic" />}
          value={form.titleArabic}
          maxLength={120}
          dir="rtl"
          error={errors.titleArabic}
          onChange={(e) => set({ titleArabic: e.target.value })}
        />
        <FieldShell id={ids.body} label={<FormattedMessage id="announcements.body" />} error={errors.body}>
          <textarea
            id={ids.body}
            rows={4}
            maxLength={4000}
            className={inputClass(errors.body)}
            value={form.body}
            onChange={(e) => set({ body: e.target.value })}
          />
        </FieldShell>
        <FieldShell id={ids.bodyArabic} label={<FormattedMessage id="announcements.bodyArabic" />} error={errors.bodyArabic}>
          <textarea
            id={ids.bodyArabic}
            rows={4}
            maxLength={4000}
            dir="rtl"
            className={inputClass(errors.bodyArabic)}
            value={form.bodyArabic}
            onChange={(e) => set({ bodyArabic: e.target.value })}
          />
        </FieldShell>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={form.sms} onChange={(e) => set({ sms: e.target.checked })} className="size-4 accent-brand-700" />
        <FormattedMessage id="announcements.sms" />
      </label>
      <Button type="submit" loading={create.isPending} className="w-full sm:w-auto">
        <FormattedMessage id="announcements.send" />
      </Button>
    </form>
  );
}

function Row({ item }: { item: Announcement }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const title = (locale === 'ar' && item.titleArabic) || item.title;
  const to =
    item.audience === 'team' && item.team
      ? displayName(item.team, locale)
      : item.audience === 'family' && item.player
        ? displayName(item.player, locale)
        : intl.formatMessage({ id: `announcements.audience.${item.audience}` });
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="announcement-row">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-slate-900">{title}</p>
        <p className="text-sm font-medium text-brand-800" data-testid="announcement-opened">
          <FormattedMessage id="announcements.opened" values={{ opened: item.opened, recipients: item.recipients }} />
        </p>
      </div>
      <p className="text-xs text-slate-500">
        <PlanDate iso={riyadhDateOf(item.createdAt)} /> <bdi dir="ltr">{riyadhTimeOf(item.createdAt)}</bdi> · {to}
        {item.author && <> · {displayName(item.author, locale)}</>}
      </p>
      <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line break-words text-slate-700">
        {(locale === 'ar' && item.bodyArabic) || item.body}
      </p>
    </li>
  );
}

export function AnnouncementsPage() {
  const auth = useAuth();
  const errorText = useErrorText();
  const list = useQuery(announcementsQuery);
  return (
    <div className="space-y-4">
      <PageHeader title={<FormattedMessage id="announcements.pageTitle" />} subtitle={<FormattedMessage id="announcements.subtitle" />} />
      {auth.canWrite('Players') && <Compose />}
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching}>
          {errorText(list.error, 'announcements.loadFailed')}
        </LoadError>
      ) : list.isPending ? (
        <SkeletonRows rows={4} />
      ) : list.data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="announcements.none" />
        </EmptyState>
      ) : (
        <ul className="space-y-2">
          {list.data.map((a) => (
            <Row key={a.id} item={a} />
          ))}
        </ul>
      )}
    </div>
  );
}
