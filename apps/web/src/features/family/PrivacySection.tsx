// Why: a family may have all the data the academy holds about it, and may have a child who left erased
// (docs/domain.md, "Privacy requests"): the export is built by a job (progress shown) and linked once.
import type { PrivacyExportStatus } from '@kora/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { useToast } from '../../components/Toaster';
import { call } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { asParent } from './api';
import { Card } from './parts';

const FAMILY = 'family' as const;

function ExportProgress({ id, token }: { id: string; token: string }) {
  const status = useQuery({
    queryKey: ['family', 'data-export', id],
    queryFn: () => asParent(() => call('familyExportStatus', { params: { id }, session: FAMILY })),
    refetchInterval: (q) => (q.state.data?.state === 'building' ? 1500 : false),
  });
  const [taken, setTaken] = useState(false);
  const errorText = useErrorText();
  // A status that cannot be read is said, not shown as a file being prepared (its polling stopped).
  if (status.isError && !status.data)
    return <p className="mt-3 text-sm text-red-700">{errorText(status.error, 'family.privacy.failed')}</p>;
  const state: PrivacyExportStatus['state'] = status.data?.state ?? 'building';
  if (state === 'building')
    return (
      <div className="mt-3" data-testid="family-export-progress">
        <p className="text-sm text-slate-600">
          <FormattedMessage id="family.privacy.building" values={{ progress: status.data?.progress ?? 0 }} />
        </p>
        <div className="mt-2 h-2 overflow-hidden rounded bg-slate-200">
          <div className="h-2 bg-brand-600 transition-all" style={{ width: `${status.data?.progress ?? 0}%` }} />
        </div>
      </div>
    );
  if (state === 'ready' && !taken)
    return (
      <p className="mt-3 text-sm">
        <a
          href={`/api/data-exports/download/${encodeURIComponent(token)}`}
          className="font-semibold text-brand-700 underline"
          data-testid="family-export-download"
          onClick={() => setTaken(true)}
        >
          <FormattedMessage id="family.privacy.download" />
        </a>{' '}
        <span className="text-slate-500">
          <FormattedMessage id="family.privacy.once" />
        </span>
      </p>
    );
  return (
    <p className="mt-3 text-sm text-slate-600" data-testid="family-export-done">
      <FormattedMessage id={state === 'failed' ? 'family.privacy.failed' : 'family.privacy.taken'} />
    </p>
  );
}

function EraseChild({ child }: { child: { id: string; name: string; nameArabic: string | null } }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const [asking, setAsking] = useState(false);
  const erase = useMutation({
    mutationFn: () => asParent(() => call('eraseFamilyChild', { params: { childId: child.id }, session: FAMILY })),
  });
  const name = displayName(child, locale);
  const confirm = async () => {
    try {
      await erase.mutateAsync();
      toast(intl.formatMessage({ id: 'family.privacy.erased' }, { name }));
      window.location.reload();
    } catch (err) {
      setAsking(false);
      toast(errorText(err, 'family.privacy.eraseFailed'), 'error');
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-testid={`family-erase-${child.id}`}>
      <span className="text-sm text-slate-800">{name}</span>
      {asking ? (
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-xs text-red-700">
            <FormattedMessage id="family.privacy.eraseConfirm" values={{ name }} />
          </span>
          <Button variant="danger" loading={erase.isPending} onClick={() => void confirm()} data-testid="family-erase-confirm">
            <FormattedMessage id="family.privacy.eraseYes" />
          </Button>
          <Button variant="ghost" onClick={() => setAsking(false)}>
            <FormattedMessage id="family.privacy.cancel" />
          </Button>
        </span>
      ) : (
        <Button variant="outline" onClick={() => setAsking(true)}>
          <FormattedMessage id="family.privacy.erase" />
        </Button>
      )}
    </li>
  );
}

/** The family's data: download it all (a ZIP, once, for 24 hours), or erase a child who left. */
export function PrivacySection({ kids }: { kids: { id: string; name: string; nameArabic: string | null }[] }) {
  const { locale } = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const [started, setStarted] = useState<{ id: string; token: string } | null>(null);
  const request = useMutation({
    mutationFn: () => asParent(() => call('requestFamilyExport', { body: { language: locale === 'ar' ? 'ar' : 'en' }, session: FAMILY })),
    onSuccess: setStarted,
    onError: (err) => toast(errorText(err, 'family.privacy.failed'), 'error'),
  });
  return (
    <Card data-testid="family-privacy">
      <h2 className="text-base font-semibold text-slate-900">
        <FormattedMessage id="family.privacy.title" />
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <FormattedMessage id="family.privacy.hint" />
      </p>
      <div className="mt-3">
        <Button variant="outline" loading={request.isPending} onClick={() => request.mutate()} data-testid="family-export-request">
          <FormattedMessage id="family.privacy.request" />
        </Button>
      </div>
      {started && <ExportProgress key={started.id} id={started.id} token={started.token} />}
      <h3 className="mt-5 text-sm font-semibold text-slate-900">
        <FormattedMessage id="family.privacy.eraseTitle" />
      </h3>
      <p className="mt-1 text-xs text-slate-600">
        <FormattedMessage id="family.privacy.eraseHint" />
      </p>
      <ul className="mt-1 divide-y divide-slate-100">
        {kids.map((c) => (
          <EraseChild key={c.id} child={c} />
        ))}
      </ul>
    </Card>
  );
}
