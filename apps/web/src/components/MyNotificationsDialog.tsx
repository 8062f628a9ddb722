import { COACH_MESSAGE_CHANNELS, type CoachChannel } from '@kora/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { z } from 'zod';
import { call } from '../lib/api';
import { loadCatalog, useLocale } from '../lib/i18n';
import { FormDialog } from './form/FormDialog';
import { useZodForm } from './form/useZodForm';
import { useToast } from './Toaster';

const schema = z.object({ email: z.boolean(), push: z.boolean() });

/**
 * The member's own channels for the messages about the sessions they coach (added, changed, cancelled):
 * e-mail, notifications on the devices where they turned them on, both or neither. Its texts are the
 * catalogs' `settings` part, loaded with it.
 */
export function MyNotificationsDialog({ onClose }: { onClose(): void }) {
  const { locale } = useLocale();
  const texts = useQuery({
    queryKey: ['catalog', locale, 'settings'],
    queryFn: () => loadCatalog(locale, ['settings']),
    staleTime: Infinity,
  });
  const prefs = useQuery({ queryKey: ['me', 'notifications'], queryFn: () => call('memberNotificationPreferences') });
  if (!texts.data || !prefs.data) return null;
  return <ChannelsForm initial={prefs.data.channels} devices={prefs.data.pushDevices} onClose={onClose} />;
}

function ChannelsForm({ initial, devices, onClose }: { initial: CoachChannel[]; devices: number; onClose(): void }) {
  const intl = useIntl();
  const toast = useToast();
  const form = useZodForm(schema, { defaultValues: { email: initial.includes('email'), push: initial.includes('push') } });
  const save = useMutation({
    mutationFn: (channels: CoachChannel[]) => call('updateMemberNotificationPreferences', { body: { channels } }),
  });
  const check = (name: 'email' | 'push', label: string, hint?: string) => (
    <label className="flex items-start gap-3 py-1 text-sm font-medium text-slate-700">
      <input type="checkbox" className="mt-0.5 size-4 accent-brand-600" data-testid={`my-notifications-${name}`} {...form.register(name)} />
      <span>
        {label}
        {hint && <span className="block text-xs font-normal text-slate-500">{hint}</span>}
      </span>
    </label>
  );
  return (
    <FormDialog
      form={form}
      title={<FormattedMessage id="messages.mine.title" />}
      description={<FormattedMessage id="messages.mine.explain" />}
      onClose={onClose}
      errorFallback="messages.mine.failed"
      submitLabel={<FormattedMessage id="common.save" />}
      onSubmit={async (values) => {
        await save.mutateAsync(COACH_MESSAGE_CHANNELS.filter((c) => values[c]));
        toast(intl.formatMessage({ id: 'messages.mine.saved' }));
        onClose();
      }}
    >
      {check('email', intl.formatMessage({ id: 'messages.channel.email' }))}
      {check(
        'push',
        intl.formatMessage({ id: 'messages.channel.push' }),
        intl.formatMessage({ id: devices > 0 ? 'messages.mine.pushHint' : 'messages.mine.pushNoDevice' }),
      )}
    </FormDialog>
  );
}
