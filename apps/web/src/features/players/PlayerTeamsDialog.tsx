import { type Player, teamPlayersBodySchema } from '@kora/contracts';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { FormDialog } from '../../components/form/FormDialog';
import { useZodForm } from '../../components/form/useZodForm';
import { SkeletonRows } from '../../components/States';
import { ColorDot } from '../../components/TeamColor';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { useTeams } from '../teams/api';
import { useSavePlayerTeams } from './api';

/** The teams chosen for the player: ids as the contract's team player lists take them. */
const schema = z.object({ teamIds: teamPlayersBodySchema.shape.playerIds });

/** Adds a player to teams or removes them: each changed team is saved with only its player ids. */
export function PlayerTeamsDialog({ player, onClose }: { player: Player; onClose(): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const teams = useTeams();
  const name = displayName(player, locale);
  const form = useZodForm(schema, { defaultValues: { teamIds: player.teamsPlaying.map((t) => t.id) } });

  const save = useSavePlayerTeams(player.id, teams.data);

  return (
    <FormDialog
      form={form}
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        toast(intl.formatMessage({ id: 'players.teamsSaved' }, { name }));
        onClose();
      }}
      onClose={onClose}
      errorFallback="players.teamsFailed"
      title={<FormattedMessage id="players.teamsTitle" values={{ name }} />}
    >
      {teams.isPending ? (
        <SkeletonRows rows={4} />
      ) : (
        <Controller
          name="teamIds"
          control={form.control}
          render={({ field }) => (
            <ul className="max-h-80 space-y-1 overflow-y-auto">
              {(teams.data ?? []).map((t) => (
                <li key={t.id}>
                  <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50">
                    <input
                      type="checkbox"
                      className="size-4 accent-brand-700"
                      checked={field.value.includes(t.id)}
                      onChange={(e) =>
                        field.onChange(e.target.checked ? [...field.value, t.id] : field.value.filter((id: string) => id !== t.id))
                      }
                    />
                    <ColorDot color={t.color} />
                    <span className="flex-1">{displayName(t, locale)}</span>
                    <span className="text-xs text-slate-500">
                      <FormattedMessage id="teams.playerCount" values={{ count: t.players.length }} />
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        />
      )}
    </FormDialog>
  );
}
