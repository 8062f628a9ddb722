// Why: a parent who saved a card on the payment page must see what it will pay, and when, and be able to
// stop it in one place (the consent they gave says so: docs/domain.md, "Automatic renewals and retries").
import type { SavedCard } from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/Dialog';
import { riyadhDateOf } from '../../components/date-format';
import { PlanDate } from '../../components/PlanDate';
import { EmptyState, LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { familySavedCardsQuery, useRemoveSavedCard } from './api';
import { Card, DayText, sar } from './parts';

type Renewal = SavedCard['renewals'][number];

const STATE_TONE: Record<Renewal['state'], string> = {
  scheduled: 'bg-slate-100 text-slate-700',
  due: 'bg-amber-50 text-amber-800',
  charging: 'bg-sky-50 text-sky-800',
  paid: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-700',
  stopped: 'bg-slate-100 text-slate-600',
};

function RenewalLine({ renewal }: { renewal: Renewal }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const child = displayName({ name: renewal.childName, nameArabic: renewal.childNameArabic }, locale);
  const pkg = displayName({ name: renewal.packageName, nameArabic: renewal.packageNameArabic }, locale);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 py-2" data-testid="saved-card-renewal">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {child}
          <span className="text-slate-500"> · </span>
          {pkg}
        </p>
        <p className="text-xs text-slate-600">
          {renewal.nextChargeOn && renewal.instalment ? (
            // A plan being paid (docs/domain.md, "Instalments"): the next charge is its next instalment.
            <FormattedMessage
              id="family.cards.nextInstalment"
              values={{
                number: renewal.instalment.number,
                count: renewal.instalment.count,
                amount: <bdi dir="ltr">{sar(intl, renewal.amount)}</bdi>,
                date: <DayText date={renewal.nextChargeOn} />,
              }}
            />
          ) : renewal.nextChargeOn ? (
            <FormattedMessage
              id="family.cards.next"
              values={{ amount: <bdi dir="ltr">{sar(intl, renewal.amount)}</bdi>, date: <DayText date={renewal.nextChargeOn} /> }}
            />
          ) : (
            <FormattedMessage id="family.cards.byHand" />
          )}
        </p>
      </div>
      <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${STATE_TONE[renewal.state]}`} data-testid="saved-card-state">
        {renewal.state === 'due' && renewal.nextTryOn ? (
          <FormattedMessage id="family.cards.state.retry" values={{ date: <PlanDate iso={renewal.nextTryOn} /> }} />
        ) : (
          <FormattedMessage id={`family.cards.state.${renewal.state}`} />
        )}
      </span>
    </li>
  );
}

function SavedCardItem({ card, onRemove }: { card: SavedCard; onRemove(): void }) {
  return (
    <li className="rounded-xl border border-slate-200 p-3" data-testid="saved-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-mono text-sm font-semibold text-slate-900">
            <bdi dir="ltr">{card.label}</bdi>
          </p>
          <p className="text-xs text-slate-600">
            <FormattedMessage id="family.cards.savedOn" values={{ date: <PlanDate iso={riyadhDateOf(card.consentedAt)} /> }} />
          </p>
        </div>
        <Button variant="outline" onClick={onRemove} data-testid="saved-card-remove">
          <FormattedMessage id="family.cards.remove" />
        </Button>
      </div>
      {card.unusableReason && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900" role="status">
          <FormattedMessage id={`family.cards.unusable.${card.unusableReason}`} />
        </p>
      )}
      {card.renewals.length === 0 ? (
        <p className="mt-2 text-xs text-slate-600">
          <FormattedMessage id="family.cards.noRenewals" />
        </p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100">
          {card.renewals.map((r) => (
            <RenewalLine key={r.subscriptionId} renewal={r} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The family's saved cards: what each renews, when, and its state; a card is removed after a confirmation. */
export function SavedCardsSection() {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const cards = useQuery(familySavedCardsQuery);
  const remove = useRemoveSavedCard();
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const confirm = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      // The masked number reads left to right inside an Arabic sentence too (an isolate: the toast is plain text).
      toast(intl.formatMessage({ id: 'family.cards.removed' }, { label: `\u2066${removing.label}\u2069` }));
      setRemoving(null);
    } catch {
      // Shown in the dialog (remove.error), which stays open to try again.
    }
  };
  return (
    <section className="space-y-2" data-testid="saved-cards">
      <h2 className="font-semibold text-slate-900">
        <FormattedMessage id="family.cards.title" />
      </h2>
      {cards.isError ? (
        <LoadError onRetry={() => void cards.refetch()} retrying={cards.isFetching}>
          {errorText(cards.error, 'family.loadFailed')}
        </LoadError>
      ) : cards.isPending ? (
        <SkeletonRows rows={2} />
      ) : cards.data.cards.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="family.cards.none" />
        </EmptyState>
      ) : (
        <Card>
          <p className="mb-3 text-sm text-slate-600">
            <FormattedMessage id="family.cards.hint" />
          </p>
          <ul className="space-y-3">
            {cards.data.cards.map((c) => (
              <SavedCardItem
                key={c.id}
                card={c}
                onRemove={() => {
                  remove.reset();
                  setRemoving(c);
                }}
              />
            ))}
          </ul>
        </Card>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={<FormattedMessage id="family.cards.confirmTitle" />}
        text={<FormattedMessage id="family.cards.confirmText" values={{ label: <bdi dir="ltr">{removing?.label}</bdi> }} />}
        confirmLabel={<FormattedMessage id="family.cards.remove" />}
        onConfirm={() => void confirm()}
        loading={remove.isPending}
        error={remove.isError ? errorText(remove.error, 'family.cards.removeFailed') : undefined}
      />
    </section>
  );
}
