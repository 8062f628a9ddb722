import type { FamilyJoin, FamilyJoinDecision } from '@kora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { ShowMore } from '../../components/ShowMore';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { textLanguage } from '../../lib/text-language';
import { decideFamilyJoin, familyJoinsQuery } from './api';

/** A name as the academy wrote it, marked with its own language (an English name on the Arabic page stays English). */
function Name({ text }: { text: string }) {
  return <bdi lang={textLanguage(text)}>{text}</bdi>;
}

/** How many are shown at first (and added by each "show more"): the players list stays in sight. */
const SHOWN = 3;

/**
 * Registrations to confirm (docs/domain.md, "The family portal"): a parent registration whose
 * e-mail or mobile was already a parent's waits apart from that parent's family until staff say it
 * is the same family (the child then shows in that parent's portal) or keep it separate. Shown above
 * the players list while any waits; the buttons need W:Players.
 */
export function FamilyJoinsPanel() {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const canWrite = useAuth().canWrite('Players');
  const client = useQueryClient();
  const joins = useQuery(familyJoinsQuery);
  const [shown, setShown] = useState(SHOWN);
  const decide = useMutation({
    mutationFn: ({ join, decision }: { join: FamilyJoin; decision: FamilyJoinDecision['decision'] }) => decideFamilyJoin(join.id, decision),
    onSuccess: (_r, { join, decision }) => {
      toast(
        intl.formatMessage(
          { id: decision === 'confirm' ? 'players.joins.confirmed' : 'players.joins.separated' },
          { child: displayName(join.player, locale), parent: displayName(join.existingParent, locale) },
        ),
      );
    },
    onError: (err) => toast(errorText(err), 'error'),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: familyJoinsQuery.queryKey }), client.invalidateQueries({ queryKey: ['users'] })]),
  });
  const list = joins.data ?? [];
  if (list.length === 0) return null;

  return (
    <section aria-labelledby="family-joins-title" className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="family-joins">
      <h2 id="family-joins-title" className="font-semibold text-amber-900">
        <FormattedMessage id="players.joins.title" values={{ count: list.length }} />
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        <FormattedMessage id="players.joins.hint" />
      </p>
      <ul className="mt-3 space-y-3">
        {list.slice(0, shown).map((join) => {
          const parent = <Name text={displayName(join.existingParent, locale)} />;
          const separator = intl.formatMessage({ id: 'players.joins.and' });
          const children = join.existingParent.children.map((c, i) => (
            <Fragment key={c.id}>
              {i > 0 && separator}
              <Name text={displayName(c, locale)} />
            </Fragment>
          ));
          const same =
            join.sameEmail && join.samePhone
              ? 'players.joins.sameBoth'
              : join.sameEmail
                ? 'players.joins.sameEmail'
                : 'players.joins.samePhone';
          const busy = decide.isPending && decide.variables?.join.id === join.id;
          return (
            <li key={join.id} className="rounded-lg border border-amber-200 bg-white p-3 text-sm" data-testid="family-join">
              <p className="font-medium text-slate-900">
                <FormattedMessage
                  id="players.joins.item"
                  values={{
                    child: (
                      <Link to="/players/$playerId" params={{ playerId: join.player.id }} className="text-brand-700 underline">
                        <Name text={displayName(join.player, locale)} />
                      </Link>
                    ),
                    parent: <Name text={displayName(join.parent, locale)} />,
                  }}
                />
              </p>
              <p className="mt-1 text-slate-700">
                <FormattedMessage id={same} values={{ parent }} />
                {children.length > 0 && (
                  <>
                    {' '}
                    <FormattedMessage id="players.joins.children" values={{ children }} />
                  </>
                )}
              </p>
              {canWrite && (
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button loading={busy} disabled={decide.isPending} onClick={() => decide.mutate({ join, decision: 'confirm' })}>
                    <FormattedMessage id="players.joins.confirm" values={{ parent }} />
                  </Button>
                  <Button variant="outline" disabled={decide.isPending} onClick={() => decide.mutate({ join, decision: 'separate' })}>
                    <FormattedMessage id="players.joins.separate" />
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ShowMore shown={Math.min(shown, list.length)} total={list.length} pageSize={SHOWN} onMore={() => setShown((n) => n + SHOWN)} />
    </section>
  );
}
