// Why: Settings → Packages (spec part 2 §2, §4, §6): the academy's packages, added, edited, deleted and switched on or off with W:Settings.
import type { Package } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { PageHeader } from '../../components/form/PageHeader';
import { EmptyState, SkeletonRows } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { codeText, useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { packagesQuery, usePackageMutations } from './api';
import { PackageDialog } from './PackageDialog';

/** A failed load: the spec's message and its Try again action. */
function LoadFailed({ children, onRetry, retrying }: { children: ReactNode; onRetry(): void; retrying: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      <p>{children}</p>
      <Button variant="outline" onClick={onRetry} loading={retrying}>
        <FormattedMessage id="packages.tryAgain" />
      </Button>
    </div>
  );
}

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
    type: intl.formatMessage({ id: `packages.type.${p.packageType}` as MessageId }),
    price: intl.formatNumber(p.price, { style: 'currency', currency: 'SAR' }),
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
  const actions = (p: Package) =>
    canWrite && (
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" data-testid="row-action" onClick={() => setEditing({ pkg: p })}>
          <FormattedMessage id="common.edit" />
        </Button>
        <Button
          variant="ghost"
          className="text-red-700 hover:bg-red-50"
          onClick={() => {
            remove.reset();
            setDeleting(p);
          }}
        >
          <FormattedMessage id="common.delete" />
        </Button>
      </div>
    );

  return (
    <div className="space-y-6">
      <PageHeader title={<FormattedMessage id="settings.packages" />} actions={canWrite && !empty && add} />
      {packages.isError && !packages.data ? (
        <LoadFailed onRetry={() => packages.refetch()} retrying={packages.isFetching}>
          {errorText(packages.error, 'packages.loadFailed')}
        </LoadFailed>
      ) : packages.isPending ? (
        <SkeletonRows rows={3} />
      ) : packages.data.length === 0 ? (
        <EmptyState>
          <p>
            <FormattedMessage id="packages.empty" />
          </p>
          {canWrite && <div className="mt-4">{add}</div>}
        </EmptyState>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white">
          {/* Phones: one card per package, every action reachable without sideways scrolling. */}
          <ul className="divide-y divide-slate-100 md:hidden">
            {packages.data.map((p) => {
              const t = text(p);
              return (
                <li key={p.id} className="space-y-3 p-4" data-testid="package-row">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium break-words">{t.name}</p>
                      {p.description && <p className="mt-0.5 line-clamp-2 text-xs text-slate-500">{p.description}</p>}
                    </div>
                    <p className="shrink-0 font-semibold">{t.price}</p>
                  </div>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                    {(
                      [
                        ['packages.col.type', t.type],
                        ['packages.col.duration', t.duration],
                        ['packages.col.trial', t.trial],
                        ['packages.col.pause', t.pause],
                      ] as const
                    ).map(([label, value]) => (
                      <div key={label}>
                        <dt className="text-xs text-slate-500">
                          <FormattedMessage id={label} />
                        </dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    {status(p)}
                    {actions(p)}
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-sm">
              <TableHead
                columns={[
                  'packages.col.name',
                  'packages.col.type',
                  'packages.col.price',
                  'packages.col.duration',
                  'packages.col.trial',
                  'packages.col.pause',
                  'packages.col.status',
                  ...(canWrite ? (['packages.col.actions'] as const) : []),
                ]}
              />
              <tbody className="divide-y divide-slate-100">
                {packages.data.map((p) => {
                  const t = text(p);
                  return (
                    <tr key={p.id} data-testid="package-row">
                      <td className="px-4 py-3">
                        <p className="font-medium">{t.name}</p>
                        {p.description && <p className="mt-0.5 line-clamp-1 max-w-xs text-xs text-slate-500">{p.description}</p>}
                      </td>
                      <td className="px-4 py-3">{t.type}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{t.price}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{t.duration}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{t.trial}</td>
                      <td className="px-4 py-3">{t.pause}</td>
                      <td className="px-4 py-3">{status(p)}</td>
                      {canWrite && <td className="px-4 py-3">{actions(p)}</td>}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {editing && <PackageDialog pkg={editing.pkg} onClose={() => setEditing(null)} />}
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
    </div>
  );
}
