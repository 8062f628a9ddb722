import {
  parentInfoSchema,
  parentPlayerFieldsSchema,
  playerInfoSchema,
  playerUpdateSchema,
  recordOf,
  startDateBounds,
} from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { Button } from '../../components/Button';
import { todayIso } from '../../components/date-format';
import { useDateField } from '../../components/form/FormDate';
import { FormDialog } from '../../components/form/FormDialog';
import { useFields } from '../../components/form/fields';
import { useZodForm } from '../../components/form/useZodForm';
import { useToast } from '../../components/Toaster';
import { ApiError } from '../../lib/api';
import { displayName } from '../../lib/display-name';
import { useLocale } from '../../lib/i18n';
import { formatSar } from '../../lib/money';
import { packagesQuery } from '../packages/api';
import { usePlayerMutations } from './api';
import { CONSENT_FIELDS, ConsentFields, noConsents } from './ConsentFields';
import { emptyParent, ParentFields } from './ParentFields';
import { PhotoField } from './PhotoInput';
import { emptyPlayer, PlayerFields } from './PlayerFields';

/**
 * The wizard's fields: the contract's parent and player (birthdate worded as in Add Player,
 * docs/domain.md, "Dates, times and ages"), package, photo.
 */
const addPlayerSchema = z.object({
  parentInfo: parentInfoSchema,
  playerInfo: playerInfoSchema.extend({ birthdate: playerUpdateSchema.shape.birthdate }),
  selectedPackage: parentPlayerFieldsSchema.shape.selectedPackage,
  subscriptionStartDate: parentPlayerFieldsSchema.shape.subscriptionStartDate,
  photo: z.instanceof(Blob).nullable(),
  /** What the guardian agreed to on paper; sent only with the terms agreed (a condition needs the medical one). */
  consents: z.object(
    recordOf(
      CONSENT_FIELDS.map(([field]) => field),
      () => z.boolean(),
    ),
  ),
});
type AddPlayer = z.output<typeof addPlayerSchema>;

/** Add Player wizard: step 1 parent, step 2 player (photo, optional package), then FINISH. */
export function AddPlayerDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const toast = useToast();
  const { create } = usePlayerMutations();
  const [step, setStep] = useState<1 | 2>(1);
  const today = todayIso();
  const start = startDateBounds(today);
  const packages = useQuery(packagesQuery);
  const form = useZodForm(addPlayerSchema, {
    defaultValues: {
      parentInfo: emptyParent(),
      playerInfo: emptyPlayer(),
      selectedPackage: '',
      subscriptionStartDate: today,
      photo: null,
      consents: noConsents(),
    },
  });
  const f = { ...useFields(form), ...useDateField(form) };
  const packageId = form.watch('selectedPackage');

  const next = async () => {
    if (step !== 1) return true;
    if (await form.trigger('parentInfo', { shouldFocus: true })) setStep(2);
    return false;
  };

  const finish = async ({ parentInfo, playerInfo, selectedPackage, subscriptionStartDate, photo, consents }: AddPlayer) => {
    try {
      const { player } = await create.mutateAsync({
        parentInfo: JSON.stringify(parentInfo),
        playerInfo: JSON.stringify(playerInfo),
        selectedPackage,
        packageType: packages.data?.find((p) => p.id === selectedPackage)?.packageType ?? null,
        subscriptionStartDate: selectedPackage ? subscriptionStartDate : null,
        photo,
        ...(consents.termsPrivacy ? { consents: JSON.stringify({ ...consents, language: locale === 'ar' ? 'ar' : 'en' }) } : {}),
      });
      toast(intl.formatMessage({ id: 'players.added' }, { name: displayName(player, locale) }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.issues.some((i) => i.path.startsWith('parentInfo.'))) setStep(1);
      throw err;
    }
  };

  return (
    <FormDialog
      form={form}
      onSubmit={finish}
      onBeforeSubmit={next}
      onClose={onClose}
      errorFallback="players.addFailed"
      wide
      columns={2}
      title={<FormattedMessage id="players.addTitle" />}
      description={<FormattedMessage id={step === 1 ? 'players.step1' : 'players.step2'} />}
      submitLabel={<FormattedMessage id={step === 1 ? 'common.next' : 'players.finish'} />}
      actions={
        step === 2 && (
          <Button variant="outline" onClick={() => setStep(1)}>
            <FormattedMessage id="common.back" />
          </Button>
        )
      }
    >
      {step === 1 ? (
        <ParentFields form={form} names={(field) => `parentInfo.${field}`} autoFocus />
      ) : (
        <>
          <PhotoField form={form} name="photo" names={(field) => `playerInfo.${field}`} />
          <PlayerFields form={form} names={(field) => `playerInfo.${field}`} autoFocus />
          <f.Select name="selectedPackage" label={<FormattedMessage id="parent.package" />}>
            <option value="">{intl.formatMessage({ id: 'parent.skipPackage' })}</option>
            {packages.data
              ?.filter((p) => p.isActive)
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {displayName(p, locale)} — {formatSar(intl, p.price)}
                </option>
              ))}
          </f.Select>
          <f.Date
            name="subscriptionStartDate"
            label={<FormattedMessage id="parent.startDate" />}
            min={start.min}
            max={start.max}
            disabled={!packageId}
          />
          <ConsentFields control={form.control} names={(field) => `consents.${field}`} paper />
        </>
      )}
    </FormDialog>
  );
}
