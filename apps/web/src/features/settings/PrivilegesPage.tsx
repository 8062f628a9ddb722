import type { AccountTypeListItem } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { DialogLoading } from '../../components/DialogLoading';
import { riyadhDateOf } from '../../components/date-format';
import { PageHeader } from '../../components/form/PageHeader';
import { CardFields } from '../../components/ListScreen';
import { PlanDate } from '../../components/PlanDate';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { TableHead } from '../../components/TableHead';
import { useToast } from '../../components/Toaster';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { accountTypesQuery, staffQuery, useAccountTypeMutations, useStaffMutations } from './api';
import { AREA_LABEL } from './areas';
import { grantedAreas } from './flags';
import type { StaffUser } from './UserAccountDialog';

const AccountTypeDialog = lazy(() => import('./AccountTypeDialog').then((m) => ({ default: m.AccountTypeDialog })));
const UserAccountDialog = lazy(() => import('./UserAccountDialog').then((m) => ({ default: m.UserAccountDialog })));

/** One account type: its name and granted permissions; Edit and Delete for a custom type with W:Settings. */
function TypeCard({
  type,
  canWrite,
  onEdit,
  onDelete,
}: {
  type: AccountTypeListItem;
  canWrite: boolean;
  onEdit(): void;
  onDelete(): void;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const granted = grantedAreas(type);
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4" data-testid="account-type">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold break-words">{displayName(type, locale)}</h3>
        {type.isDefault && (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
            <FormattedMessage id="privileges.default" />
          </span>
        )}
      </div>
      <p className="mt-0.5 text-xs text-slate-500">
        <FormattedMessage id="privileges.usersCount" values={{ count: type.usersCount }} />
      </p>
      <ul className="mt-3 flex flex-1 flex-wrap content-start gap-1.5 text-xs">
        {granted.length === 0 && !type.canReadMedicalIdentity && (
          <li className="text-slate-500">
            <FormattedMessage id="privileges.noRights" />
          </li>
        )}
        {granted.map(({ area, write }) => (
          <li key={area} className={`rounded-full px-2 py-0.5 ${write ? 'bg-brand-50 text-brand-800' : 'bg-slate-100 text-slate-700'}`}>
            {intl.formatMessage(
              { id: write ? 'privileges.grantWrite' : 'privileges.grantRead' },
              { area: intl.formatMessage({ id: AREA_LABEL[area] }) },
            )}
          </li>
        ))}
        {type.canReadMedicalIdentity && (
          <li className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-800" data-testid="grant-sensitive">
            {intl.formatMessage({ id: 'privileges.grantRead' }, { area: intl.formatMessage({ id: 'privileges.sensitive' }) })}
          </li>
        )}
      </ul>
      {canWrite && !type.isDefault && (
        <div className="mt-4 flex gap-2">
          <Button variant="outline" onClick={onEdit}>
            <FormattedMessage id="common.edit" />
          </Button>
          <Button variant="danger" onClick={onDelete}>
            <FormattedMessage id="common.delete" />
          </Button>
        </div>
      )}
    </li>
  );
}

/** Settings → Privileges: account type cards and the staff users with their account types (docs/domain.md, "Screens"). */
export function PrivilegesPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const toast = useToast();
  const { locale } = useLocale();
  const canWrite = useAuth().canWrite('Settings');
  const types = useQuery(accountTypesQuery);
  const users = useQuery(staffQuery);
  const { remove } = useAccountTypeMutations();
  const { sendReset } = useStaffMutations();
  const [typeDialog, setTypeDialog] = useState<{ type: AccountTypeListItem | null } | null>(null);
  const [userDialog, setUserDialog] = useState<{ user: StaffUser | null } | null>(null);
  const [deleting, setDeleting] = useState<AccountTypeListItem | null>(null);

  const typeName = (u: StaffUser) => {
    const t = (types.data ?? []).find((x) => x.id === u.accountTypeId);
    if (t) return displayName(t, locale);
    return u.role === 'COACH' ? intl.formatMessage({ id: 'coaches.access.coach' }) : '—';
  };
  const deleteError = (err: unknown) =>
    err instanceof ApiError && err.code === 'account_type.in_use'
      ? intl.formatMessage({ id: 'privileges.inUse' }, { count: deleting?.usersCount ?? 0 })
      : errorText(err, 'privileges.deleteTypeFailed');
  const resetFor = (u: StaffUser) =>
    sendReset.mutate(u.id, {
      onSuccess: () => toast(intl.formatMessage({ id: 'privileges.resetSent' }, { email: u.email ?? '' })),
      onError: (err) => toast(errorText(err, 'privileges.resetFailed')),
    });
  const actions = (u: StaffUser, className = '') =>
    canWrite && (
      <div className={`flex flex-wrap gap-2 ${className}`}>
        <Button variant="outline" data-testid="row-action" onClick={() => setUserDialog({ user: u })}>
          <FormattedMessage id="common.edit" />
        </Button>
        {u.hasLogin && u.email && (
          <Button variant="ghost" onClick={() => resetFor(u)} loading={sendReset.isPending && sendReset.variables === u.id}>
            <FormattedMessage id="privileges.sendReset" />
          </Button>
        )}
      </div>
    );

  const loading = (types.isPending && !types.isError) || (users.isPending && !users.isError);

  return (
    <div className="space-y-6">
      <PageHeader
        title={<FormattedMessage id="settings.privileges" />}
        actions={
          canWrite && (
            <Button onClick={() => setTypeDialog({ type: null })}>
              <FormattedMessage id="privileges.addType" />
            </Button>
          )
        }
      />
      {/* Both parts appear together: the account types' cards arriving first pushed the users down (CLS 0.32). */}
      {loading ? (
        <SkeletonRows rows={6} />
      ) : (
        <>
          <section className="space-y-3">
            <h2 className="text-lg font-semibold">
              <FormattedMessage id="privileges.accountTypes" />
            </h2>
            {types.isError && !types.data ? (
              <LoadError onRetry={() => types.refetch()} retrying={types.isFetching}>
                {errorText(types.error, 'privileges.loadFailed')}
              </LoadError>
            ) : !types.data ? null : (
              <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                {types.data.map((t) => (
                  <TypeCard
                    key={t.id}
                    type={t}
                    canWrite={canWrite}
                    onEdit={() => setTypeDialog({ type: t })}
                    onDelete={() => {
                      remove.reset();
                      setDeleting(t);
                    }}
                  />
                ))}
              </ul>
            )}
          </section>
          <section className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold">
                <FormattedMessage id="privileges.users" />
              </h2>
              {canWrite && (
                <Button variant="outline" onClick={() => setUserDialog({ user: null })}>
                  <FormattedMessage id="privileges.addUser" />
                </Button>
              )}
            </div>
            {users.isError && !users.data ? (
              <LoadError onRetry={() => users.refetch()} retrying={users.isFetching}>
                {errorText(users.error, 'privileges.loadFailed')}
              </LoadError>
            ) : !users.data ? null : users.data.length === 0 ? (
              <EmptyState>
                <FormattedMessage id="privileges.noUsers" />
              </EmptyState>
            ) : (
              <div className="rounded-2xl border border-slate-200 bg-white">
                {/* Phones: one card per user, every action reachable without sideways scrolling. */}
                <ul className="divide-y divide-slate-100 md:hidden">
                  {users.data.map((u) => (
                    <li key={u.id} className="space-y-2 p-4" data-testid="user-row">
                      <p className="font-medium break-words">{displayName(u, locale)}</p>
                      <p className="truncate text-sm text-slate-500">
                        <bdi dir="ltr">{u.email ?? '—'}</bdi>
                      </p>
                      <CardFields
                        fields={[
                          { label: 'privileges.col.accountType', value: typeName(u) },
                          { label: 'privileges.col.joined', value: <PlanDate iso={riyadhDateOf(u.createdAt)} stacked /> },
                        ]}
                      />
                      {actions(u)}
                    </li>
                  ))}
                </ul>
                <div className="hidden overflow-x-auto rounded-t-[inherit] md:block">
                  <table className="w-full text-sm">
                    <TableHead
                      columns={[
                        'privileges.col.name',
                        'privileges.col.email',
                        'privileges.col.accountType',
                        'privileges.col.joined',
                        'privileges.col.actions',
                      ]}
                    />
                    <tbody className="divide-y divide-slate-100">
                      {users.data.map((u) => (
                        <tr key={u.id} data-testid="user-row">
                          <td className="px-4 py-3 font-medium">{displayName(u, locale)}</td>
                          <td className="px-4 py-3">
                            <bdi dir="ltr">{u.email ?? '—'}</bdi>
                          </td>
                          <td className="px-4 py-3">{typeName(u)}</td>
                          <td className="px-4 py-3">
                            <PlanDate iso={riyadhDateOf(u.createdAt)} stacked />
                          </td>
                          <td className="px-4 py-3">{actions(u)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </div>
            )}
          </section>
        </>
      )}
      {typeDialog && (
        <Suspense fallback={<DialogLoading />}>
          <AccountTypeDialog type={typeDialog.type} onClose={() => setTypeDialog(null)} />
        </Suspense>
      )}
      {userDialog && (
        <Suspense fallback={<DialogLoading />}>
          <UserAccountDialog user={userDialog.user} onClose={() => setUserDialog(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={<FormattedMessage id="privileges.deleteTitle" />}
        text={<FormattedMessage id="privileges.deleteText" values={{ name: deleting ? displayName(deleting, locale) : '' }} />}
        confirmLabel={<FormattedMessage id="common.delete" />}
        loading={remove.isPending}
        error={remove.isError ? deleteError(remove.error) : undefined}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast(intl.formatMessage({ id: 'privileges.typeDeleted' }));
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}
