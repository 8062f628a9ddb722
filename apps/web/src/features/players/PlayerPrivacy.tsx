// Why: a family may ask the academy on paper for its data or for a child who left to be erased
// (docs/domain.md, "Privacy requests"): the player page produces the same export as the portal and erases on request.
import type { PrivacyExportStatus } from '@kora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { call } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { loadCatalog, useLocale } from '../../lib/i18n';
import { unconfirmedGuardiansQuery } from './api';

function ExportLink({ id, token }: { id: string; token: string }) {
  const status = useQuery({
    queryKey: ['data-export', id],
    queryFn: () => call('playerExportStatus', { params: { id } }),
    refetchInterval: (q) => (q.state.data?.state === 'building' ? 1500 : false),
  });
  const [taken, setTaken] = useState(false);
  const errorText = useErrorText();
  // A status that cannot be read is said, not shown as a file being prepared (its polling stopped).
  if (status.isError && !status.data)
    return <span className="text-xs text-red-700">{errorText(status.error, 'privacy.player.failed')}</span>;
  const state: PrivacyExportStatus['state'] = status.data?.state ?? 'building';
  if (state === 'building')
    return (
      <span className="text-xs text-slate-600" data-testid="player-export-progress">
        <FormattedMessage id="privacy.player.building" values={{ progress: status.data?.progress ?? 0 }} />
      </span>
    );
  if (state === 'ready' && !taken)
    return (
      <a
        href={`/api/data-exports/download/${encodeURIComponent(token)}`}
        className="text-sm font-semibold text-brand-700 underline"
        data-testid="player-export-download"
        onClick={() => setTaken(true)}
      >
        <FormattedMessage id="privacy.player.download" />
      </a>
    );
  return (
    <span className="text-xs text-slate-600">
      <FormattedMessage id={state === 'failed' ? 'privacy.player.failed' : 'privacy.player.taken'} />
    </span>
  );
}

/** The player page's privacy actions: the family's data for a paper request (medical and identity), erasure (W:Players). */
export function PlayerPrivacy({
  playerId,
  name,
  canExport,
  canErase,
}: {
  playerId: string;
  name: string;
  canExport: boolean;
  canErase: boolean;
}) {
  const { locale } = useLocale();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const qc = useQueryClient();
  // Its words are the catalogs' `settings` part, loaded with this chunk (not by the shell's player route).
  const texts = useQuery({
    queryKey: ['catalog', locale, 'settings'],
    queryFn: () => loadCatalog(locale, ['settings']),
    staleTime: Infinity,
  });
  const guardians = useQuery(unconfirmedGuardiansQuery);
  const unconfirmed = guardians.data?.playerIds.includes(playerId) ?? false;
  const [started, setStarted] = useState<{ id: string; token: string } | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState<string>();
  const request = useMutation({
    mutationFn: () => call('requestPlayerExport', { params: { id: playerId }, body: { language: locale === 'ar' ? 'ar' : 'en' } }),
    onSuccess: setStarted,
    onError: (err) => setError(errorText(err, 'privacy.player.failed')),
  });
  const erase = useMutation({ mutationFn: () => call('erasePlayer', { params: { id: playerId } }), meta: { deletesId: true } });
  const confirmErase = async () => {
    try {
      await erase.mutateAsync();
      await qc.invalidateQueries({ queryKey: ['users'] });
      setConfirm(false);
      void navigate({ to: '/players' });
    } catch (err) {
      setError(errorText(err, 'privacy.player.eraseFailed'));
    }
  };
  if (!texts.data) return null;
  return (
    <section className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4" data-testid="player-privacy">
      <span className="text-sm font-semibold text-slate-800">
        <FormattedMessage id="privacy.player.title" />
      </span>
      {unconfirmed && (
        <span
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800"
          data-testid="player-guardian-unconfirmed"
        >
          <FormattedMessage id="privacy.player.guardianUnconfirmed" />
        </span>
      )}
      {canExport && (
        <Button variant="outline" loading={request.isPending} onClick={() => request.mutate()} data-testid="player-export-request">
          <FormattedMessage id="privacy.player.export" />
        </Button>
      )}
      {started && <ExportLink key={started.id} id={started.id} token={started.token} />}
      {canErase && (
        <Button variant="outline" className="text-red-700" onClick={() => setConfirm(true)} data-testid="player-erase">
          <FormattedMessage id="privacy.player.erase" />
        </Button>
      )}
      {error && !confirm && <span className="text-xs text-red-700">{error}</span>}
      <ConfirmDialog
        open={confirm}
        onOpenChange={(o) => {
          setConfirm(o);
          if (!o) setError(undefined);
        }}
        title={<FormattedMessage id="privacy.player.eraseTitle" />}
        text={<FormattedMessage id="privacy.player.eraseText" values={{ name }} />}
        confirmLabel={<FormattedMessage id="privacy.player.erase" />}
        onConfirm={() => void confirmErase()}
        loading={erase.isPending}
        error={confirm ? error : undefined}
      />
    </section>
  );
}
