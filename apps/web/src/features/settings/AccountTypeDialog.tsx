import {
  type AccountTypeListItem,
  AREAS,
  accountTypeBody,
  allFlags,
  PERMISSION_FLAGS,
  type PermissionFlags,
  readFlag,
  recordOf,
  SENSITIVE_FLAG,
  writeFlag,
} from '@kora/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../components/form/FormDialog';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import { useAuth } from '../../lib/auth';
import { useAccountTypeMutations } from './api';
import { AREA_LABEL } from './areas';
import { toggleFlag } from './flags';

const flagsOf = (t: Partial<PermissionFlags> | null): PermissionFlags => recordOf(PERMISSION_FLAGS, (f) => !!t?.[f]);

/**
 * Create or edit an account type: a name, an optional Arabic name, the 8 areas × read/write (write implies read)
 * and medical and identity (read only).
 */
export function AccountTypeDialog({ type, onClose }: { type: AccountTypeListItem | null; onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const own = useAuth().user?.accountType;
  const { create, update } = useAccountTypeMutations();
  const form = useZodForm(accountTypeBody, {
    defaultValues: { name: type?.name ?? '', nameArabic: type?.nameArabic ?? '', ...(type ? flagsOf(type) : allFlags(false)) },
  });
  const f = useFields(form);
  const values = form.watch();
  const flags = flagsOf(values);
  const name = form.watch('name');

  const set = (next: PermissionFlags) => {
    for (const f of PERMISSION_FLAGS) if (next[f] !== flags[f]) form.setValue(f, next[f], { shouldDirty: true });
  };

  return (
    <FormDialog
      form={form}
      onSubmit={async (body) => {
        if (type) await update.mutateAsync({ id: type.id, body });
        else await create.mutateAsync(body);
        toast(intl.formatMessage({ id: type ? 'privileges.typeSaved' : 'privileges.typeAdded' }));
        onClose();
      }}
      onClose={onClose}
      errorFallback={type ? 'privileges.updateTypeFailed' : 'privileges.createTypeFailed'}
      title={<FormattedMessage id={type ? 'privileges.editType' : 'privileges.addType'} />}
      submitDisabled={!name?.trim()}
      columns={2}
    >
      <f.Text name="name" label={<FormattedMessage id="privileges.typeName" />} required autoFocus />
      <f.Text name="nameArabic" label={<FormattedMessage id="privileges.typeNameArabic" />} dir="rtl" />
      <table className="col-span-full w-full text-sm">
        <thead>
          <tr className="text-start text-xs text-slate-500">
            <th className="py-1 text-start font-medium">
              <FormattedMessage id="privileges.area" />
            </th>
            <th className="w-20 py-1 font-medium">
              <FormattedMessage id="privileges.read" />
            </th>
            <th className="w-20 py-1 font-medium">
              <FormattedMessage id="privileges.write" />
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {AREAS.map((area) => {
            const label = intl.formatMessage({ id: AREA_LABEL[area] });
            const box = (kind: 'read' | 'write') => {
              const flag = kind === 'read' ? readFlag(area) : writeFlag(area);
              // A right the signed-in user lacks cannot be given (the server refuses it too); one already there may be removed.
              const locked = !own?.[flag] && !flags[flag];
              return (
                <td className="py-2 text-center">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    aria-label={`${label}: ${intl.formatMessage({ id: kind === 'read' ? 'privileges.read' : 'privileges.write' })}`}
                    data-testid={`flag-${flag}`}
                    checked={flags[flag]}
                    disabled={locked || (kind === 'write' && !own?.[readFlag(area)] && !flags[readFlag(area)])}
                    onChange={(e) => set(toggleFlag(flags, area, kind, e.target.checked))}
                  />
                </td>
              );
            };
            return (
              <tr key={area}>
                <td className="py-2">{label}</td>
                {box('read')}
                {box('write')}
              </tr>
            );
          })}
          <tr>
            <td className="py-2">
              <span className="block">
                <FormattedMessage id="privileges.sensitive" />
              </span>
              <span className="block text-xs text-slate-500">
                <FormattedMessage id="privileges.sensitiveHint" />
              </span>
            </td>
            <td className="py-2 text-center">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                aria-label={`${intl.formatMessage({ id: 'privileges.sensitive' })}: ${intl.formatMessage({ id: 'privileges.read' })}`}
                data-testid={`flag-${SENSITIVE_FLAG}`}
                checked={flags[SENSITIVE_FLAG]}
                disabled={!own?.[SENSITIVE_FLAG] && !flags[SENSITIVE_FLAG]}
                onChange={(e) => set({ ...flags, [SENSITIVE_FLAG]: e.target.checked })}
              />
            </td>
            <td className="py-2 text-center text-slate-400">—</td>
          </tr>
        </tbody>
      </table>
    </FormDialog>
  );
}
