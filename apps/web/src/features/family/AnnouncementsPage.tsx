// Why: what the academy tells families (a changed time, a holiday, a match day), in the parent's
// language where the academy wrote it; opening one tells staff it was read, and so does one whose
// whole text the list already shows (a short one: there is nothing more to open).
import type { FamilyAnnouncement } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { riyadhDateOf } from '../../components/date-format';
import { PlanDate } from '../../components/PlanDate';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { familyAnnouncementsQuery, useOpenAnnouncement } from './api';
import { PageTitle } from './parts';

/** The text in the screen's language when the academy wrote it, else the other. */
const textOf = (a: FamilyAnnouncement, locale: string) => ({
  title: (locale === 'ar' && a.titleArabic) || a.title,
  body: (locale === 'ar' && a.bodyArabic) || a.body,
});

function AnnouncementItem({ item }: { item: FamilyAnnouncement }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const open = useOpenAnnouncement();
  const [expanded, setExpanded] = useState(false);
  const { title, body } = textOf(item, locale);
  const unread = !item.openedAt;
  const preview = useRef<HTMLSpanElement>(null);
  const { mutate, isPending } = open;
  // Read in full in the list: the preview is not cut, and the item has been on the screen.
  useEffect(() => {
    const el = preview.current;
    if (!unread || !el || el.scrollHeight > el.clientHeight + 1) return;
    if (typeof IntersectionObserver === 'undefined') {
      mutate(item.id);
      return;
    }
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      mutate(item.id);
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [unread, item.id, mutate]);
  const audience =
    item.audience === 'team' && item.team
      ? displayName(item.team, locale)
      : item.audience === 'family' && item.player
        ? displayName(item.player, locale)
        : intl.formatMessage({ id: 'family.announcements.academy' });
  return (
    <li className="rounded-2xl border border-slate-200 bg-white shadow-xs" data-testid="family-announcement">
      <button
        type="button"
        aria-expanded={expanded}
        className="flex w-full items-start gap-3 p-4 text-start"
        onClick={() => {
          setExpanded(!expanded);
          if (unread && !isPending) mutate(item.id);
        }}
      >
        <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${unread ? 'bg-brand-600' : 'bg-transparent'}`} />
        <span className="min-w-0 flex-1">
          <span className={`block break-words ${unread ? 'font-bold text-slate-900' : 'font-medium text-slate-800'}`}>{title}</span>
          <span className="block text-xs text-slate-500">
            <PlanDate iso={riyadhDateOf(item.createdAt)} /> · {audience}
            {unread && (
              <>
                {' · '}
                <FormattedMessage id="family.announcements.new" />
              </>
            )}
          </span>
          {!expanded && (
            <span ref={preview} className="mt-1 line-clamp-2 block text-sm text-slate-600" data-testid="family-announcement-preview">
              {body}
            </span>
          )}
        </span>
      </button>
      {expanded && <p className="px-4 pb-4 text-sm whitespace-pre-line break-words text-slate-700 ps-9">{body}</p>}
    </li>
  );
}

export function FamilyAnnouncementsPage() {
  const errorText = useErrorText();
  const list = useQuery(familyAnnouncementsQuery);
  return (
    <>
      <PageTitle>
        <FormattedMessage id="family.announcements.title" />
      </PageTitle>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} retrying={list.isFetching}>
          {errorText(list.error, 'family.loadFailed')}
        </LoadError>
      ) : list.isPending ? (
        <SkeletonRows rows={4} />
      ) : list.data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="family.announcements.none" />
        </EmptyState>
      ) : (
        <ul className="space-y-2">
          {list.data.map((a) => (
            <AnnouncementItem key={a.id} item={a} />
          ))}
        </ul>
      )}
    </>
  );
}
