import type { Player } from '@kora/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/States';
import { ColorDot } from '../../components/TeamColor';
import { useToast } from '../../components/Toaster';
import { errorMessage } from '../../lib/api';
import { useTeamMutations, useTeams } from '../teams/api';

/** Adds a player to teams or removes them: each changed team is saved with only its player ids. */
export function PlayerTeamsDialog({ player, onClose }: { player: Player; onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const teams = useTeams();
  const { update } = useTeamMutations();
  const [chosen, setChosen] = useState(() => new Set(player.teamsPlaying.map((t) => t.id)));
  const [error, setError] = useState<string>();

  const save = async () => {
    setError(undefined);
    try {
      for (const team of teams.data ?? []) {
        const has = team.players.some((p) => p.id === player.id);
        if (has === chosen.has(team.id)) continue;
        const playerIds = has
          ? team.players.filter((p) => p.id !== player.id).map((p) => p.id)
          : [...team.players.map((p) => p.id), player.id];
        await update.mutateAsync({ id: team.id, body: { playerIds } });
      }
      toast(intl.formatMessage({ id: 'players.teamsSaved' }, { name: player.name }));
      onClose();
    } catch (err) {
      setError(errorMessage(err, intl.formatMessage({ id: 'players.teamsFailed' })));
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={<FormattedMessage id="players.teamsTitle" values={{ name: player.name }} />}>
      <ul className="max-h-80 space-y-1 overflow-y-auto">
        {(teams.data ?? []).map((t) => (
          <li key={t.id}>
            <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-50">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={chosen.has(t.id)}
                onChange={(e) =>
                  setChosen((s) => {
                    const next = new Set(s);
                    if (e.target.checked) next.add(t.id);
                    else next.delete(t.id);
                    return next;
                  })
                }
              />
              <ColorDot color={t.color} />
              <span className="flex-1">{t.name}</span>
              <span className="text-xs text-slate-400">
                <FormattedMessage id="teams.playerCount" values={{ count: t.players.length }} />
              </span>
            </label>
          </li>
        ))}
      </ul>
      {error && <ErrorBox>{error}</ErrorBox>}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          <FormattedMessage id="common.cancel" />
        </Button>
        <Button onClick={save} loading={update.isPending}>
          <FormattedMessage id="common.save" />
        </Button>
      </div>
    </Dialog>
  );
}
