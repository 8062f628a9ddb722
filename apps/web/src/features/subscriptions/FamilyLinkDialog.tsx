// Why: staff send a parent one link that pays every child's waiting period together (docs/domain.md, "A family
// payment link"). The link is made when the dialog opens (the server keeps only its hash, so it is shown once),
// then copied from here: the copy is a click of its own, which every browser lets write to the clipboard.
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { riyadhDateOf, toDisplay } from '../../components/date-format';
import { inputClass } from '../../components/Field';
import { ErrorBox } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { call } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';

export function FamilyLinkDialog({ playerId, onClose }: { playerId: string; onClose(): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const errorText = useErrorText();
  const toast = useToast();
  const make = useMutation({ mutationFn: () => call('createFamilyPaymentLink', { params: { id: playerId } }) });
  const { mutate } = make;
  useEffect(() => mutate(), [mutate]);
  const link = make.data;
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      toast(intl.formatMessage({ id: 'subscriptions.linkCopied' }));
    } catch {
      toast(intl.formatMessage({ id: 'subscriptions.copyFailed' }), 'error');
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={<FormattedMessage id="subscriptions.familyLinkTitle" />}>
      <div className="space-y-3" data-testid="family-link-dialog">
        {make.isError && <ErrorBox>{errorText(make.error, 'subscriptions.familyLinkFailed')}</ErrorBox>}
        {!link && !make.isError && <div className="h-20 animate-pulse rounded-xl bg-slate-200/70" aria-busy="true" />}
        {link && (
          <>
            <p className="text-sm text-slate-600">
              <FormattedMessage
                id="subscriptions.familyLinkHint"
                values={{ parent: displayName(link.parent, locale), date: <bdi dir="ltr">{toDisplay(riyadhDateOf(link.expiresAt))}</bdi> }}
              />
            </p>
            <input
              readOnly
              dir="ltr"
              value={link.url}
              aria-label={intl.formatMessage({ id: 'subscriptions.familyLinkTitle' })}
              className={`${inputClass()} font-mono text-xs`}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="family-link-url"
            />
          </>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="common.close" />
          </Button>
          <Button disabled={!link} onClick={copy} data-testid="family-link-copy">
            <FormattedMessage id="subscriptions.familyLinkCopy" />
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
