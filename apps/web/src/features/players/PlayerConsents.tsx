// Why: staff must know what a family agreed to before they use a child's photo, text the parents or keep a
// condition (docs/domain.md, "Data map"): the player page lists each purpose's latest answer and who gave it.
import { CONSENT_PURPOSES, type Consent, type ConsentPurpose, riyadhToday } from '@kora/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { PlanDate } from '../../components/PlanDate';
import { LoadError, SkeletonRows } from '../../components/States';
import { call } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { loadCatalog, useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';

export const playerConsentsQuery = (id: string) =>
  queryOptions({ queryKey: ['players', id, 'consents'], queryFn: () => call('playerConsents', { params: { id } }) });

const LABEL: Record<ConsentPurpose, MessageId> = {
  terms_privacy: 'privacy.consents.terms_privacy',
  medical: 'privacy.consents.medical',
  photos: 'privacy.consents.photos',
  messages_sms: 'privacy.consents.messages_sms',
  messages_email: 'privacy.consents.messages_email',
};

function Answer({ consent }: { consent: Consent | undefined }) {
  if (!consent)
    return (
      <span className="text-slate-500">
        <FormattedMessage id="privacy.consents.never" />
      </span>
    );
  const values = {
    date: <PlanDate iso={riyadhToday(new Date(consent.at))} />,
    version: <bdi dir="ltr">{consent.version}</bdi>,
    name: <bdi>{consent.recordedByName ?? ''}</bdi>,
  };
  return (
    <span className="text-slate-600">
      <FormattedMessage id={consent.givenBy === 'staff' ? 'privacy.consents.recordedBy' : 'privacy.consents.byParent'} values={values} />
    </span>
  );
}

/** The player page's consents: each purpose, granted or not, when, in which version, and by whom. */
export function PlayerConsents({ playerId }: { playerId: string }) {
  const { locale } = useLocale();
  const errorText = useErrorText();
  // Its words are the catalogs' `settings` part (as the privacy actions beside it).
  const texts = useQuery({
    queryKey: ['catalog', locale, 'settings'],
    queryFn: () => loadCatalog(locale, ['settings']),
    staleTime: Infinity,
  });
  const consents = useQuery(playerConsentsQuery(playerId));
  if (texts.isPending) return null;
  return (
    <section
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5"
      data-testid="player-consents"
      aria-labelledby="player-consents"
    >
      <h2 id="player-consents" className="font-semibold text-slate-900">
        <FormattedMessage id="privacy.consents.title" />
      </h2>
      {consents.isError ? (
        <LoadError onRetry={() => void consents.refetch()} retrying={consents.isFetching}>
          {errorText(consents.error, 'privacy.consents.loadFailed')}
        </LoadError>
      ) : consents.isPending ? (
        <SkeletonRows rows={3} />
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {CONSENT_PURPOSES.map((purpose) => {
            const consent = consents.data.consents.find((c) => c.purpose === purpose);
            return (
              <li
                key={purpose}
                className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2"
                data-testid={`player-consent-${purpose}`}
              >
                <span className="flex items-center gap-2 font-medium text-slate-900">
                  <span
                    className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${consent?.granted ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
                    data-testid="player-consent-state"
                  >
                    <FormattedMessage id={consent?.granted ? 'privacy.consents.granted' : 'privacy.consents.notGranted'} />
                  </span>
                  <FormattedMessage id={LABEL[purpose]} />
                </span>
                <Answer consent={consent} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
