// Why: a parent decides how the academy reaches them (docs/domain.md, "Messages: every one accounted for") —
// which channels for each kind of message, quiet hours, stopping everything, WhatsApp only after an explicit
// opt-in the server records, and notifications on this device. Every message's "stop" link opens this page.
import {
  MESSAGE_CHANNELS,
  type MessageChannel,
  type NotificationPreferences,
  PARENT_MESSAGE_KINDS,
  type ParentMessageKind,
} from '@kora/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../components/Button';
import { riyadhDateOf, toDisplay } from '../../components/date-format';
import { LoadError, SkeletonRows } from '../../components/States';
import { useToast } from '../../components/Toaster';
import { useErrorText } from '../../lib/errors';
import {
  currentPushSubscription,
  PushSetupError,
  type PushSupport,
  pushSupport,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../../lib/push';
import {
  familyNotificationsQuery,
  familyPushSubscribe,
  familyPushUnsubscribe,
  pushPublicKeyQuery,
  useUpdateFamilyNotifications,
} from './api';
import { Card, PageTitle } from './parts';

const checkbox = 'mt-0.5 size-5 shrink-0 rounded border-slate-300 text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500';

/** A checkbox with its label and an explanation under it; the whole row is the label. */
function Toggle({
  checked,
  disabled,
  onChange,
  label,
  hint,
  testId,
}: {
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
  label: React.ReactNode;
  hint?: React.ReactNode;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        className={checkbox}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={testId}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div className="min-w-0">
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** The channels chosen per kind: one group of checkboxes per kind, saved together. */
function ChannelChoices({ prefs, disabled }: { prefs: NotificationPreferences; disabled: boolean }) {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateFamilyNotifications();
  const [channels, setChannels] = useState(prefs.channels);
  useEffect(() => setChannels(prefs.channels), [prefs.channels]);
  const changed = PARENT_MESSAGE_KINDS.some((k) => channels[k].join() !== prefs.channels[k].join());
  const toggle = (kind: ParentMessageKind, channel: MessageChannel, on: boolean) =>
    setChannels((c) => ({ ...c, [kind]: MESSAGE_CHANNELS.filter((x) => (x === channel ? on : c[kind].includes(x))) }));
  /** WhatsApp is offered once the parent opted in; a channel the parent cannot be reached on is said so. */
  // WhatsApp needs its opt-in; texts and e-mails the parent said no to in a child's consents are given again in Details.
  const usable = (channel: MessageChannel) =>
    channel === 'whatsapp' ? prefs.whatsapp.optedIn : channel === 'sms' || channel === 'email' ? !prefs.declined[channel] : true;
  const save = () =>
    update.mutate(
      { channels },
      {
        onSuccess: () => toast(intl.formatMessage({ id: 'family.notifications.saved' })),
        onError: (err) => toast(errorText(err, 'family.notifications.failed'), 'error'),
      },
    );
  return (
    <Card data-testid="family-notification-channels">
      <h2 className="font-semibold text-slate-900">
        <FormattedMessage id="family.notifications.channelsTitle" />
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <FormattedMessage id={prefs.usesDefaults ? 'family.notifications.usesDefaults' : 'family.notifications.ownChoices'} />
      </p>
      {(prefs.declined.sms || prefs.declined.email) && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="family-notifications-declined">
          <FormattedMessage
            id={
              prefs.declined.sms && prefs.declined.email
                ? 'family.notifications.declinedBoth'
                : prefs.declined.sms
                  ? 'family.notifications.declinedSms'
                  : 'family.notifications.declinedEmail'
            }
            values={{
              a: (text) => (
                <Link to="/family/details" className="font-semibold text-brand-700 hover:underline">
                  {text}
                </Link>
              ),
            }}
          />
        </p>
      )}
      <div className="mt-3 divide-y divide-slate-100">
        {PARENT_MESSAGE_KINDS.map((kind) => (
          <fieldset key={kind} className="py-3" data-testid={`family-notification-kind-${kind}`} disabled={disabled}>
            <legend className="text-sm font-medium text-slate-900">
              <FormattedMessage id={`messages.kind.${kind}`} />
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {MESSAGE_CHANNELS.map((channel) => {
                const on = channels[kind].includes(channel);
                return (
                  <label
                    key={channel}
                    className={`inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 ${on ? 'border-brand-300 bg-brand-50 text-brand-800' : 'border-slate-300 bg-white text-slate-700'} ${usable(channel) ? '' : 'cursor-not-allowed opacity-50'}`}
                  >
                    <input
                      type="checkbox"
                      className="size-4 rounded border-slate-300 text-brand-700"
                      checked={on}
                      disabled={!usable(channel)}
                      onChange={(e) => toggle(kind, channel, e.target.checked)}
                      data-testid={`family-channel-${kind}-${channel}`}
                    />
                    <FormattedMessage id={`messages.channel.${channel}`} />
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      {!prefs.available.sms && !prefs.declined.sms && (
        <p className="text-sm text-slate-600">
          <FormattedMessage id="family.notifications.noMobile" />
        </p>
      )}
      <Button
        className="mt-3"
        full
        disabled={!changed || disabled}
        loading={update.isPending}
        onClick={save}
        data-testid="family-notifications-save"
      >
        <FormattedMessage id="family.notifications.save" />
      </Button>
    </Card>
  );
}

/** WhatsApp: an explicit opt-in, with what the parent will receive and how to stop. */
function WhatsAppCard({ prefs }: { prefs: NotificationPreferences }) {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const update = useUpdateFamilyNotifications();
  const { whatsapp } = prefs;
  const set = (on: boolean) =>
    update.mutate(
      { whatsappOptIn: on },
      {
        onSuccess: () =>
          toast(
            intl.formatMessage({ id: on ? 'family.notifications.whatsapp.optedInToast' : 'family.notifications.whatsapp.optedOutToast' }),
          ),
        onError: (err) => toast(errorText(err, 'family.notifications.failed'), 'error'),
      },
    );
  return (
    <Card data-testid="family-whatsapp">
      <h2 className="font-semibold text-slate-900">
        <FormattedMessage id="messages.channel.whatsapp" />
      </h2>
      {!whatsapp.configured ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="family-whatsapp-unavailable">
          <FormattedMessage id="family.notifications.whatsapp.unavailable" />
        </p>
      ) : (
        <div className="mt-2 space-y-2">
          <Toggle
            checked={whatsapp.optedIn}
            disabled={update.isPending}
            onChange={set}
            testId="family-whatsapp-opt-in"
            label={<FormattedMessage id="family.notifications.whatsapp.optIn" />}
            hint={<FormattedMessage id="family.notifications.whatsapp.consent" />}
          />
          {whatsapp.optedIn && whatsapp.optedInAt && (
            <p className="text-sm text-slate-600" data-testid="family-whatsapp-since">
              <FormattedMessage
                id={whatsapp.optedInVia === 'staff' ? 'family.notifications.whatsapp.sinceStaff' : 'family.notifications.whatsapp.since'}
                values={{ date: <bdi dir="ltr">{toDisplay(riyadhDateOf(whatsapp.optedInAt))}</bdi> }}
              />
            </p>
          )}
        </div>
      )}
    </Card>
  );
}

type DeviceState = 'checking' | 'on' | 'off';

/** Notifications on this device: the browser's permission, the worker's subscription, the server told. */
function PushCard({ prefs }: { prefs: NotificationPreferences }) {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const key = useQuery(pushPublicKeyQuery);
  const [support, setSupport] = useState<PushSupport>(() => pushSupport());
  const [device, setDevice] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    currentPushSubscription()
      .then((s) => live && setDevice(s ? 'on' : 'off'))
      .catch((err) => {
        if (!live) return;
        setDevice('off');
        if (err instanceof PushSetupError && err.reason === 'unsupported') setSupport('unsupported');
      });
    return () => {
      live = false;
    };
  }, []);
  const serverOff = key.isSuccess && key.data.publicKey === null;
  const turnOn = async () => {
    const publicKey = key.data?.publicKey;
    if (!publicKey) return;
    setBusy(true);
    try {
      await familyPushSubscribe(await subscribeThisDevice(publicKey));
      setDevice('on');
      toast(intl.formatMessage({ id: 'family.notifications.push.onToast' }));
    } catch (err) {
      if (err instanceof PushSetupError && err.reason !== 'failed') setSupport(err.reason === 'denied' ? 'denied' : 'unsupported');
      else toast(errorText(err, 'family.notifications.push.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      const endpoint = await unsubscribeThisDevice();
      if (endpoint) await familyPushUnsubscribe(endpoint);
      setDevice('off');
      toast(intl.formatMessage({ id: 'family.notifications.push.offToast' }));
    } catch (err) {
      toast(errorText(err, 'family.notifications.push.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };
  const why = serverOff ? 'serverOff' : support !== 'ok' ? support : null;
  return (
    <Card data-testid="family-push">
      <h2 className="font-semibold text-slate-900">
        <FormattedMessage id="family.notifications.push.title" />
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        <FormattedMessage id="family.notifications.push.about" values={{ count: prefs.pushDevices }} />
      </p>
      {why ? (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note" data-testid="family-push-unavailable">
          <FormattedMessage id={`family.notifications.push.why.${why}`} />
        </p>
      ) : device === 'checking' || key.isPending ? (
        <SkeletonRows rows={1} />
      ) : key.isError ? (
        <LoadError onRetry={() => void key.refetch()} retrying={key.isFetching}>
          {errorText(key.error, 'family.loadFailed')}
        </LoadError>
      ) : device === 'on' ? (
        <div className="mt-3 space-y-2">
          <p className="text-sm font-medium text-emerald-700" role="status" data-testid="family-push-on">
            <FormattedMessage id="family.notifications.push.isOn" />
          </p>
          <Button variant="outline" full loading={busy} onClick={() => void turnOff()} data-testid="family-push-off-button">
            <FormattedMessage id="family.notifications.push.turnOff" />
          </Button>
        </div>
      ) : (
        <Button className="mt-3" full loading={busy} onClick={() => void turnOn()} data-testid="family-push-on-button">
          <FormattedMessage id="family.notifications.push.turnOn" />
        </Button>
      )}
    </Card>
  );
}

export function FamilyNotificationsPage() {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const prefs = useQuery(familyNotificationsQuery);
  const update = useUpdateFamilyNotifications();
  const set = (body: { quietHours: boolean } | { optedOut: boolean }) =>
    update.mutate(body, {
      onSuccess: () => toast(intl.formatMessage({ id: 'family.notifications.saved' })),
      onError: (err) => toast(errorText(err, 'family.notifications.failed'), 'error'),
    });
  return (
    <>
      <PageTitle>
        <FormattedMessage id="family.notifications.title" />
      </PageTitle>
      <p className="text-sm text-slate-600">
        <FormattedMessage id="family.notifications.intro" />
      </p>
      {prefs.isError ? (
        <LoadError onRetry={() => void prefs.refetch()} retrying={prefs.isFetching}>
          {errorText(prefs.error, 'family.loadFailed')}
        </LoadError>
      ) : prefs.isPending ? (
        <SkeletonRows rows={6} />
      ) : (
        <>
          <Card data-testid="family-notifications-general" className="space-y-4">
            <Toggle
              checked={prefs.data.optedOut}
              disabled={update.isPending}
              onChange={(optedOut) => set({ optedOut })}
              testId="family-opted-out"
              label={<FormattedMessage id="family.notifications.optedOut" />}
              hint={<FormattedMessage id="family.notifications.optedOutHint" />}
            />
            <Toggle
              checked={prefs.data.quietHours}
              disabled={update.isPending || prefs.data.optedOut}
              onChange={(quietHours) => set({ quietHours })}
              testId="family-quiet-hours"
              label={<FormattedMessage id="family.notifications.quietHours" />}
              hint={<FormattedMessage id="family.notifications.quietHoursHint" />}
            />
          </Card>
          <WhatsAppCard prefs={prefs.data} />
          <PushCard prefs={prefs.data} />
          <ChannelChoices prefs={prefs.data} disabled={prefs.data.optedOut} />
        </>
      )}
    </>
  );
}
