// Why: a parent sees what they agreed to for each child, in which version and when, and changes the
// optional consents at any time (docs/domain.md, "Data map"); a withdrawn photo consent hides the photo at once.
import {
  CONSENT_TEXTS,
  type Consent,
  type ConsentPurpose,
  isOneOf,
  OPTIONAL_CONSENTS,
  type OptionalConsent,
  riyadhToday,
} from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { PlanDate } from '../../components/PlanDate';
import { LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { displayName } from '../../lib/display-name';
import { useErrorText } from '../../lib/errors';
import { useLocale } from '../../lib/i18n';
import { familyConsentsQuery, useUpdateConsents } from './api';
import { Card } from './parts';

const ORDER: ConsentPurpose[] = ['terms_privacy', 'medical', 'photos', 'messages_sms', 'messages_email'];
const BODY_FIELD: Record<OptionalConsent, 'photos' | 'messagesSms' | 'messagesEmail'> = {
  photos: 'photos',
  messages_sms: 'messagesSms',
  messages_email: 'messagesEmail',
};
const isOptional = (p: ConsentPurpose): p is OptionalConsent => isOneOf(OPTIONAL_CONSENTS, p);

function ConsentRow({ childId, purpose, consent }: { childId: string; purpose: ConsentPurpose; consent: Consent | undefined }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateConsents(childId);
  const lang = locale === 'ar' ? 'ar' : 'en';
  const granted = consent?.granted ?? false;
  const change = async (on: boolean) => {
    if (!isOptional(purpose)) return;
    try {
      await update.mutateAsync({ language: lang, [BODY_FIELD[purpose]]: on });
      toast(intl.formatMessage({ id: 'family.consents.saved' }));
    } catch (err) {
      toast(errorText(err, 'family.consents.failed'), 'error');
    }
  };
  return (
    <li className="py-3" data-testid={`family-consent-${purpose}`}>
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-brand-600"
          checked={granted}
          disabled={!isOptional(purpose) || update.isPending}
          onChange={(e) => void change(e.target.checked)}
        />
        <span>{CONSENT_TEXTS[purpose][lang]}</span>
      </label>
      <p className="ms-7 mt-1 text-xs text-slate-500">
        {consent ? (
          <FormattedMessage
            id={consent.givenBy === 'staff' ? 'family.consents.recordedOn' : 'family.consents.givenOn'}
            values={{
              // The day in Riyadh, as every date of the academy is shown.
              date: <PlanDate iso={riyadhToday(new Date(consent.at))} />,
              version: <bdi dir="ltr">{consent.version}</bdi>,
              language: intl.formatMessage({ id: consent.language === 'ar' ? 'family.consents.arabic' : 'family.consents.english' }),
            }}
          />
        ) : (
          <FormattedMessage id="family.consents.never" />
        )}
      </p>
    </li>
  );
}

/** One child's consents: the required two as given, the optional ones to change. */
export function ConsentsSection({ child }: { child: { id: string; name: string; nameArabic: string | null } }) {
  const { locale } = useLocale();
  const errorText = useErrorText();
  const consents = useQuery(familyConsentsQuery(child.id));
  return (
    <Card>
      <section className="space-y-1" data-testid="family-consents">
        <h2 className="font-semibold break-words text-slate-900">
          <FormattedMessage id="family.consents.title" values={{ name: displayName(child, locale) }} />
        </h2>
        <p className="text-sm text-slate-500">
          <FormattedMessage id="family.consents.hint" />
        </p>
        {consents.isError ? (
          <LoadError onRetry={() => void consents.refetch()} retrying={consents.isFetching}>
            {errorText(consents.error, 'family.loadFailed')}
          </LoadError>
        ) : consents.isPending ? (
          <SkeletonRows rows={3} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {ORDER.map((purpose) => (
              <ConsentRow
                key={purpose}
                childId={child.id}
                purpose={purpose}
                consent={consents.data.consents.find((c) => c.purpose === purpose)}
              />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
