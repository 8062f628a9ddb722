// Why: a registration made with this parent's own e-mail or mobile waits apart from the family until
// its owner (or the academy) says whether the child is theirs (docs/domain.md, "The family portal").
import type { FamilyJoinDecision, FamilyJoinOffer } from '@kora/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { textLanguage } from '../../lib/text-language';
import { answerFamilyJoin, familyJoinOffersQuery } from './api';
import { Card } from './parts';

/** "Is this your child?" on the home screen, one card per waiting registration; nothing when none waits. */
export function JoinOffers() {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const client = useQueryClient();
  const offers = useQuery(familyJoinOffersQuery);
  const answer = useMutation({
    mutationFn: ({ offer, decision }: { offer: FamilyJoinOffer; decision: FamilyJoinDecision['decision'] }) =>
      answerFamilyJoin(offer.id, decision),
    onSuccess: (_r, { offer, decision }) =>
      toast(
        intl.formatMessage(
          { id: decision === 'confirm' ? 'family.joins.confirmed' : 'family.joins.separated' },
          { child: displayName(offer.child, locale) },
        ),
      ),
    onError: (err) => toast(errorText(err), 'error'),
    // The family itself changes: every family answer is asked again.
    onSettled: () => client.invalidateQueries({ queryKey: ['family'] }),
  });
  return (offers.data ?? []).map((offer) => {
    const child = displayName(offer.child, locale);
    return (
      <Card key={offer.id} className="space-y-3 border-amber-300 bg-amber-50" data-testid="family-join-offer">
        <h2 className="font-semibold text-amber-900">
          <FormattedMessage id="family.joins.title" values={{ child: <bdi lang={textLanguage(child)}>{child}</bdi> }} />
        </h2>
        <p className="text-sm text-amber-900">
          <FormattedMessage
            id="family.joins.text"
            values={{ by: <bdi lang={textLanguage(offer.registeredBy)}>{offer.registeredBy}</bdi> }}
          />
        </p>
        <div className="flex flex-wrap gap-2">
          <Button disabled={answer.isPending} onClick={() => answer.mutate({ offer, decision: 'confirm' })}>
            <FormattedMessage id="family.joins.confirm" />
          </Button>
          <Button variant="outline" disabled={answer.isPending} onClick={() => answer.mutate({ offer, decision: 'separate' })}>
            <FormattedMessage id="family.joins.separate" />
          </Button>
        </div>
      </Card>
    );
  });
}
