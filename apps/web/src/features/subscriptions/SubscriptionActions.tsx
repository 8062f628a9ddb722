import type { Package, SubscriptionRow } from '@kora/contracts';
import { lazy, Suspense, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { DialogLoading } from '../../components/DialogLoading';
import { inputClass } from '../../components/Field';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import type { MessageId } from '../../lib/message-ids';
import { useSubscriptionMutations } from './api';
import { actionsOf, paymentLink } from './helpers';

// The dialogs' forms (zod, react-hook-form, Radix) load when one opens, not with the list.
const ActivateDialog = lazy(() => import('./ActivateDialog').then((m) => ({ default: m.ActivateDialog })));
const CancelDialog = lazy(() => import('./CancelDialog').then((m) => ({ default: m.CancelDialog })));
const FamilyLinkDialog = lazy(() => import('./FamilyLinkDialog').then((m) => ({ default: m.FamilyLinkDialog })));

const small = 'min-h-9! px-3! py-1.5!';

/** A package select of a row, named after its player for screen readers. */
function PackageSelect({
  packages,
  value,
  onChange,
  label,
  disabled,
}: {
  packages: { id: string; name: string; nameArabic: string | null }[];
  value: string;
  onChange(id: string): void;
  label: string;
  disabled?: boolean;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        className={`${inputClass()} h-9 max-w-52 py-0!`}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{intl.formatMessage({ id: 'subscriptions.choosePackage' })}</option>
        {packages.map((p) => (
          <option key={p.id} value={p.id}>
            {displayName(p, locale)}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * The actions of one row by the state of its subscription (docs/domain.md, "Subscription lifecycle"): none (or cancelled) —
 * choose a package, then Activate (creates the PENDING subscription); PENDING — change the package,
 * Activate (cash), copy the payment link, Cancel; PAUSED — Resume; INACTIVE — copy the renewal link
 * or start a new one; otherwise Pause (when the package allows) and Cancel. Without W:Settings there
 * is none (the screen says why).
 */
export function SubscriptionActions({ row, packages, canWrite }: { row: SubscriptionRow; packages: Package[]; canWrite: boolean }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const m = useSubscriptionMutations();
  const [chosen, setChosen] = useState('');
  const [activating, setActivating] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [familyLink, setFamilyLink] = useState(false);
  const name = displayName(row.player, locale);
  const s = row.subscription;
  const kind = actionsOf(row);
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  /** Runs an action with a toast for its success or its failure (by the server's code). */
  const act = async (work: () => Promise<unknown>, done: MessageId, failed: MessageId) => {
    try {
      await work();
      toast(t(done, { name }));
      return true;
    } catch (err) {
      toast(errorText(err, failed), 'error');
      return false;
    }
  };
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast(t('subscriptions.linkCopied'));
    } catch {
      toast(t('subscriptions.copyFailed'), 'error');
    }
  };

  const cancelButton = s && (kind === 'pending' || kind === 'running') && (
    <Button variant="outline" className={`${small} text-red-700!`} onClick={() => setConfirmCancel(true)}>
      <FormattedMessage id="subscriptions.cancel" />
    </Button>
  );

  // Without W:Settings a row has no action; the screen says why once, under its title.
  if (!canWrite) return null;

  const choosable = packages.filter((p) => p.isActive);
  const startNew = (
    <>
      <PackageSelect packages={choosable} value={chosen} onChange={setChosen} label={t('subscriptions.packageFor', { name })} />
      <Button
        className={small}
        disabled={!chosen}
        title={chosen ? undefined : t('subscriptions.selectPackageFirst')}
        loading={m.create.isPending}
        onClick={async () => {
          if (!chosen) {
            toast(t('subscriptions.selectPackageFirst'), 'error');
            return;
          }
          if (
            await act(
              () => m.create.mutateAsync({ playerId: row.player.id, packageId: chosen }),
              'subscriptions.created',
              'subscriptions.createFailed',
            )
          )
            setChosen('');
        }}
      >
        <FormattedMessage id="subscriptions.activate" />
      </Button>
    </>
  );

  return (
    // A running subscription's two buttons (Pause, Cancel) stay on one line: the table's period column gives way, not the row.
    <div className={`flex items-center gap-2 ${kind === 'running' ? '[&>*]:whitespace-nowrap' : 'flex-wrap'}`}>
      {kind === 'new' && startNew}
      {kind === 'expired' && s && (
        <>
          <Button variant="outline" className={small} onClick={() => copy(paymentLink('renew-subscription', s.id, location))}>
            <FormattedMessage id="subscriptions.copyRenewalLink" />
          </Button>
          <Button variant="outline" className={small} onClick={() => setFamilyLink(true)} data-testid="family-link-open">
            <FormattedMessage id="subscriptions.familyLink" />
          </Button>
          {startNew}
        </>
      )}
      {kind === 'pending' && s && (
        <>
          <PackageSelect
            packages={choosable.some((p) => p.id === s.package.id) ? choosable : [s.package, ...choosable]}
            value={s.package.id}
            disabled={m.changePackage.isPending}
            label={t('subscriptions.packageFor', { name })}
            onChange={(packageId) => {
              if (!packageId || packageId === s.package.id) return;
              void act(
                () => m.changePackage.mutateAsync({ subscriptionId: s.id, packageId }),
                'subscriptions.packageChanged',
                'subscriptions.changeFailed',
              );
            }}
          />
          <Button className={small} onClick={() => setActivating(true)}>
            <FormattedMessage id="subscriptions.activate" />
          </Button>
          <Button variant="outline" className={small} onClick={() => copy(paymentLink('initial-subscription', s.id, location))}>
            <FormattedMessage id="subscriptions.copyPaymentLink" />
          </Button>
          <Button variant="outline" className={small} onClick={() => setFamilyLink(true)} data-testid="family-link-open">
            <FormattedMessage id="subscriptions.familyLink" />
          </Button>
        </>
      )}
      {kind === 'paused' && s && (
        <Button
          className={small}
          loading={m.resume.isPending}
          onClick={() => act(() => m.resume.mutateAsync(s.id), 'subscriptions.resumed', 'subscriptions.resumeFailed')}
        >
          <FormattedMessage id="subscriptions.resume" />
        </Button>
      )}
      {kind === 'running' && s?.package.allowPause && (
        <Button
          variant="outline"
          className={small}
          loading={m.pause.isPending}
          onClick={() => act(() => m.pause.mutateAsync(s.id), 'subscriptions.paused', 'subscriptions.pauseFailed')}
        >
          <FormattedMessage id="subscriptions.pause" />
        </Button>
      )}
      {cancelButton}
      {activating && s && (
        <Suspense fallback={<DialogLoading />}>
          <ActivateDialog subscription={s} playerName={name} onClose={() => setActivating(false)} />
        </Suspense>
      )}
      {familyLink && (
        <Suspense fallback={<DialogLoading />}>
          <FamilyLinkDialog playerId={row.player.id} onClose={() => setFamilyLink(false)} />
        </Suspense>
      )}
      {confirmCancel && s && (
        <Suspense fallback={<DialogLoading />}>
          <CancelDialog subscription={s} playerName={name} onClose={() => setConfirmCancel(false)} />
        </Suspense>
      )}
    </div>
  );
}
