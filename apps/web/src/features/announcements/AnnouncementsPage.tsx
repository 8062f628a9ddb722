// Why: staff tell families what changed (a time, a holiday, a match day) — the whole academy, a team's
// families or one player's — and see how many parents opened it (the family portal marks it opened).
import {
  ANNOUNCEMENT_AUDIENCES,
  type Announcement,
  type AnnouncementBody,
  announcementBody,
  type ParsedAnnouncementBody,
} from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { riyadhDateOf, riyadhTimeOf } from '../../components/date-format';
import { Form } from '../../components/form/Form';
import { useFields } from '../../components/form/fields';
import { PageHeader } from '../../components/form/PageHeader';
import { useZodForm } from '../../components/form/useZodForm';
import { PlanDate } from '../../components/PlanDate';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { playersQuery, useTeams } from '../teams/api';
import { announcementsQuery, useCreateAnnouncement } from './api';

const EMPTY: AnnouncementBody = {
  audience: 'academy',
  teamId: null,
  playerId: null,
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
  const teams = useTeams();
  const form = useZodForm(announcementBody, { defaultValues: EMPTY });
  const f = useFields(form);
  const audience = form.watch('audience');
  const players = useQuery({ ...playersQuery, enabled: audience === 'family' });
  const create = useCreateAnnouncement();

  // Only the chosen audience's team or player goes with it.
  const submit = async (values: ParsedAnnouncementBody) => {
    const sent = await create.mutateAsync({
      ...values,
      teamId: values.audience === 'team' ? values.teamId : null,
      playerId: values.audience === 'family' ? values.playerId : null,
    });
    toast(intl.formatMessage({ id: 'announcements.sent' }, { count: sent.recipients }));
    form.reset(EMPTY);
  };

  return (
    <Form
      form={form}
      onSubmit={submit}
      errorFallback="announcements.sendFailed"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4"
      data-testid="announcement-form"
    >
      <h2 className="font-semibold text-slate-900">
        <FormattedMessage id="announcements.new" />
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <f.Select name="audience" label={<FormattedMessage id="announcements.audience" />}>
          {ANNOUNCEMENT_AUDIENCES.map((a) => (
            <option key={a} value={a}>
              {intl.formatMessage({ id: `announcements.audience.${a}` })}
            </option>
          ))}
        </f.Select>
        {audience === 'team' && (
          <f.Select name="teamId" empty={null} label={<FormattedMessage id="announcements.team" />}>
            <option value="">{intl.formatMessage({ id: 'announcements.choose' })}</option>
            {(teams.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {displayName(t, locale)}
              </option>
            ))}
          </f.Select>
        )}
        {audience === 'family' && (
          <f.Select name="playerId" empty={null} label={<FormattedMessage id="announcements.player" />}>
            <option value="">{intl.formatMessage({ id: players.isPending ? 'common.loading' : 'announcements.choose' })}</option>
            {(players.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {displayName(p, locale)}
              </option>
            ))}
          </f.Select>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <f.Text name="title" label={<FormattedMessage id="announcements.title" />} maxLength={120} />
        <f.Text name="titleArabic" label={<FormattedMessage id="announcements.titleArabic" />} maxLength={120} dir="rtl" />
        <f.TextArea name="body" label={<FormattedMessage id="announcements.body" />} rows={4} maxLength={4000} />
        <f.TextArea name="bodyArabic" label={<FormattedMessage id="announcements.bodyArabic" />} rows={4} maxLength={4000} dir="rtl" />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" {...form.register('sms')} className="size-4 accent-brand-700" />
        <FormattedMessage id="announcements.sms" />
      </label>
      <Button type="submit" loading={form.formState.isSubmitting} className="w-full sm:w-auto">
        <FormattedMessage id="announcements.send" />
      </Button>
    </Form>
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
