// Why: Settings → Packages (docs/domain.md, "Packages"): the academy's packages, added, edited, deleted and
// switched on or off with W:Settings.
import type { Package } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { DialogLoading } from '../../components/DialogLoading';
import { CardFields, ListScreen, ROW_ACTION_CLASS } from '../../components/ListScreen';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayDescription, displayName } from '../../lib/display-name';
import { codeText, useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { formatSar } from '../../lib/money';
import { packagesQuery, usePackageMutations } from './api';
import { RenewalSettingsSection } from './RenewalSettingsSection';

const PackageDialog = lazy(() => import('./PackageDialog').then((m) => ({ default: m.PackageDialog })));

/** The on/off switch of a package's status (W:Settings). */
function StatusSwitch({ pkg, busy, onToggle }: { pkg: Package; busy: boolean; onToggle(): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={pkg.isActive}
        aria-label={intl.formatMessage({ id: 'packages.toggleLabel' }, { name: displayName(pkg, locale) })}
        aria-busy={busy || undefined}
        disabled={busy}
        onClick={onToggle}
        data-testid="package-toggle"
        className={`flex h-6 w-11 shrink-0 items-center rounded-full p-0.5 transition-colors focus-visible:ring-2 focus-visible:ring-brand-200 focus-visible:outline-none disabled:opacity-60 ${
          pkg.isActive ? 'justify-end bg-brand-600' : 'justify-start bg-slate-300'
        }`}
      >
        <span className="size-5 rounded-full bg-white shadow" />
      </button>
      <span className="text-sm text-slate-600" aria-hidden="true">
        <FormattedMessage id={pkg.isActive ? 'packages.active' : 'packages.inactive'} />
      </span>
    </span>
  );
}

/** The texts of a package's columns in the current language. */
function usePackageText() {
  const intl = useIntl();
  const { locale } = useLocale();
  return (p: Package) => ({
    name: displayName(p, locale),
    description: displayDescription(p, locale),
    type: intl.formatMessage({ id: `packages.type.${p.packageType}` }),
    price: formatSar(intl, p.price),
    duration:
      p.packageType === 'SESSION_BASED'
        ? intl.formatMessage({ id: 'packages.sessionCount' }, { count: p.sessionsCount ?? 0 })
        : intl.formatMessage({ id: 'packages.monthCount' }, { count: p.monthsNumber ?? 0 }),
    trial: p.hasTrial
      ? intl.formatMessage({ id: 'packages.trialDaysCount' }, { count: p.trialDays })
      : intl.formatMessage({ id: 'packages.noTrial' }),
    pause: intl.formatMessage({ id: p.allowPause ? 'packages.pauseAllowed' : 'packages.pauseNotAllowed' }),
  });
}

/** Settings → Packages. */
export function PackagesPage() {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const { locale } = useLocale();
  const canWrite = useAuth().canWrite('Settings');
  const packages = useQuery(packagesQuery);
  const { remove, toggle } = usePackageMutations();
  const [editing, setEditing] = useState<{ pkg: Package | null } | null>(null);
  const [deleting, setDeleting] = useState<Package | null>(null);
  const text = usePackageText();

  const empty = packages.data?.length === 0;
  const add = (
    <Button onClick={() => setEditing({ pkg: null })}>
      <FormattedMessage id="packages.add" />
    </Button>
  );

  const switchStatus = (p: Package) =>
    toggle.mutate(
      { id: p.id, isActive: !p.isActive },
      {
        onSuccess: (saved) =>
          toast(
            intl.formatMessage(
              { id: saved.isActive ? 'packages.activated' : 'packages.deactivated' },
              { name: displayName(saved, locale) },
            ),
          ),
        onError: (err) => toast(errorText(err, 'packages.toggleFailed'), 'error'),
      },
    );
  const status = (p: Package) =>
    canWrite ? (
      <StatusSwitch pkg={p} busy={toggle.isPending && toggle.variables?.id === p.id} onToggle={() => switchStatus(p)} />
    ) : (
      <span className={p.isActive ? 'text-brand-800' : 'text-slate-500'}>
        <FormattedMessage id={p.isActive ? 'packages.active' : 'packages.inactive'} />
      </span>
    );
  const startDelete = (p: Package) => {
    remove.reset();
    setDeleting(p);
  };
  /** A card's Edit and Delete buttons. */
  const actions = (p: Package) =>
    canWrite && (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" data-testid="row-action" onClick={() => setEditing({ pkg: p })}>
          <FormattedMessage id="common.edit" />
        </Button>
        <Button variant="ghost" className="text-red-700! hover:bg-red-50!" onClick={() => startDelete(p)}>
          <FormattedMessage id="common.delete" />
        </Button>
      </div>
    );
  /** The table's Edit and Delete: links on one line, like the other lists' row actions (the buttons took two). */
  const actionLinks = (p: Package) => (
    <span className="flex gap-4">
      <button type="button" data-testid="row-action" className={ROW_ACTION_CLASS} onClick={() => setEditing({ pkg: p })}>
        <FormattedMessage id="common.edit" />
      </button>
      <button type="button" className="font-semibold text-red-700 hover:underline" onClick={() => startDelete(p)}>
        <FormattedMessage id="common.delete" />
      </button>
    </span>
  );

  return (
    <ListScreen
      title={<FormattedMessage id="settings.packages" />}
      actions={canWrite && !empty && add}
      query={packages}
      texts="packages"
      retryLabel="packages.tryAgain"
      rows={packages.data ?? []}
      emptyAction={canWrite && add}
      testId="package-row"
      skeletonRows={3}
      card={(p) => {
        const t = text(p);
        return (
          <>
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{t.name}</p>
                {t.description && (
                  <p className="mt-0.5 line-clamp-2 text-xs text-slate-500" dir="auto">
                    {t.description}
                  </p>
                )}
              </div>
              <p className="shrink-0 font-semibold">{t.price}</p>
            </div>
            <CardFields
              fields={[
                { label: 'packages.col.type', value: t.type },
                { label: 'packages.col.duration', value: t.duration },
                { label: 'packages.col.trial', value: t.trial },
                { label: 'packages.col.pause', value: t.pause },
              ]}
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              {status(p)}
              {actions(p)}
            </div>
          </>
        );
      }}
      // The name takes the room the other columns leave, on two lines at most; the others keep to one line
      // (a 990 px table at 1280 px beside the settings menu, in both languages).
      columns={[
        {
          header: 'packages.col.name',
          className: 'w-full min-w-40',
          cell: (p) => {
            const t = text(p);
            return (
              <>
                <p className="line-clamp-2 font-medium break-words" title={t.name}>
                  {t.name}
                </p>
                {t.description && (
                  <p className="mt-0.5 line-clamp-1 max-w-xs text-xs text-slate-500" dir="auto">
                    {t.description}
                  </p>
                )}
              </>
            );
          },
        },
        { header: 'packages.col.type', className: 'whitespace-nowrap', cell: (p) => text(p).type },
        { header: 'packages.col.price', className: 'whitespace-nowrap', cell: (p) => text(p).price },
        { header: 'packages.col.duration', className: 'whitespace-nowrap', cell: (p) => text(p).duration },
        { header: 'packages.col.trial', className: 'whitespace-nowrap', cell: (p) => text(p).trial },
        { header: 'packages.col.pause', className: 'whitespace-nowrap', cell: (p) => text(p).pause },
        { header: 'packages.col.status', className: 'whitespace-nowrap', cell: status },
        ...(canWrite ? [{ header: 'packages.col.actions' as const, className: 'whitespace-nowrap', cell: actionLinks }] : []),
      ]}
    >
      <RenewalSettingsSection />
      {editing && (
        <Suspense fallback={<DialogLoading />}>
          <PackageDialog pkg={editing.pkg} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={<FormattedMessage id="packages.deleteTitle" />}
        text={<FormattedMessage id="packages.deleteText" values={{ name: deleting ? displayName(deleting, locale) : '' }} />}
        confirmLabel={<FormattedMessage id="common.delete" />}
        loading={remove.isPending}
        error={remove.isError ? errorText(remove.error, 'packages.deleteFailed') : undefined}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: ({ message, softDeleted }) => {
              toast(codeText(intl, softDeleted ? 'package.archived' : 'package.deleted', message), softDeleted ? 'info' : 'success');
              setDeleting(null);
            },
          })
        }
      />
    </ListScreen>
  );
}
