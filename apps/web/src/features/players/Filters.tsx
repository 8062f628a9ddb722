// Why: the filters the player lists share (team, age band, medical condition): players, subscriptions, growth, coaches.
import { keysOf, type TeamRef } from '@kora/contracts';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { FilterSelect } from '../../components/FilterSelect';
import { displayName, distinctByName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { AGE_BANDS } from './helpers';

export function AgeBandFilter({ value, onChange }: { value: string; onChange(v: string): void }) {
  const intl = useIntl();
  return (
    <FilterSelect label={intl.formatMessage({ id: 'players.filter.age' })} value={value} onChange={onChange}>
      {keysOf(AGE_BANDS).map((b) => (
        <option key={b} value={b}>
          {b === 'all' ? intl.formatMessage({ id: 'players.filter.all' }) : b.replace('-', '–')}
        </option>
      ))}
    </FilterSelect>
  );
}

export function ConditionFilter({ value, onChange }: { value: string; onChange(v: string): void }) {
  const intl = useIntl();
  const t = (id: 'players.filter.all' | 'players.filter.withCondition' | 'players.filter.withoutCondition' | 'players.condition') =>
    intl.formatMessage({ id });
  return (
    <FilterSelect label={t('players.condition')} value={value} onChange={onChange}>
      <option value="">{t('players.filter.all')}</option>
      <option value="with">{t('players.filter.withCondition')}</option>
      <option value="without">{t('players.filter.withoutCondition')}</option>
    </FilterSelect>
  );
}

/** The team filter: "All" (or `all`, a catalog key), then `teams` by their shown names. */
export function TeamFilter({
  teams,
  value,
  onChange,
  all = 'players.filter.all',
}: {
  teams: readonly Pick<TeamRef, 'id' | 'name' | 'nameArabic'>[];
  value: string;
  onChange(v: string): void;
  all?: 'players.filter.all' | 'coaches.allTeams';
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <FilterSelect
      label={intl.formatMessage({ id: 'players.filter.team' })}
      value={value}
      onChange={onChange}
      all={intl.formatMessage({ id: all })}
      options={teams.map((x) => ({ value: x.id, label: displayName(x, locale) }))}
    />
  );
}

/** The teams the listed players play in (for the team filter without a second call), in reading order. */
export function useListedTeams(rows: readonly { player: { teams: TeamRef[] } }[] | undefined) {
  const { locale } = useLocale();
  return useMemo(
    () =>
      distinctByName(
        (rows ?? []).flatMap((r) => r.player.teams),
        locale,
      ),
    [rows, locale],
  );
}
