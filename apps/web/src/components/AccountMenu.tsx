import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { call } from '../lib/api';
import { useAuth } from '../lib/auth';
import { displayName } from '../lib/display-name';
import { useErrorText } from '../lib/errors';
import { useLocale } from '../lib/i18n';
import { currentPushSubscription, pushSupport, subscribeThisDevice, unsubscribeThisDevice } from '../lib/push';
import { Avatar } from './Avatar';
import { CalendarSwitcher } from './CalendarSwitcher';
import { LanguageSwitcher } from './LanguageSwitcher';
import { useToast } from './Toaster';

const item = 'cursor-pointer rounded-lg px-2 py-2 text-sm outline-none';
// The dialog and its form kit load when asked for, not with the menu.
const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })));
const MyNotificationsDialog = lazy(() => import('./MyNotificationsDialog').then((m) => ({ default: m.MyNotificationsDialog })));

/**
 * Notifications on this device for the member (a coach's own sessions added or changed): shown where the
 * browser can take them and the page has its service worker (the installed app), on or off in one click.
 */
function PushItem() {
  const intl = useIntl();
  const toast = useToast();
  const errorText = useErrorText();
  const [state, setState] = useState<'unknown' | 'none' | 'on' | 'off'>('unknown');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    if (pushSupport() !== 'ok') setState('none');
    else
      currentPushSubscription().then(
        (s) => live && setState(s ? 'on' : 'off'),
        () => live && setState('none'),
      );
    return () => {
      live = false;
    };
  }, []);
  if (state === 'unknown' || state === 'none') return null;
  const toggle = async () => {
    setBusy(true);
    try {
      if (state === 'on') {
        const endpoint = await unsubscribeThisDevice();
        if (endpoint) await call('pushUnsubscribe', { body: { endpoint } });
        setState('off');
        toast(intl.formatMessage({ id: 'account.push.offToast' }));
      } else {
        const { publicKey } = await call('pushPublicKey', { session: 'none' });
        if (!publicKey) {
          setState('none');
          toast(intl.formatMessage({ id: 'account.push.unavailable' }), 'error');
          return;
        }
        await call('pushSubscribe', { body: await subscribeThisDevice(publicKey) });
        setState('on');
        toast(intl.formatMessage({ id: 'account.push.onToast' }));
      }
    } catch (err) {
      toast(errorText(err, 'account.push.unavailable'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <DropdownMenu.Item
      className={`${item} text-slate-700 data-[disabled]:opacity-60 data-[highlighted]:bg-slate-50`}
      disabled={busy}
      onSelect={(e) => {
        e.preventDefault();
        void toggle();
      }}
      data-testid="account-push"
    >
      <FormattedMessage id={state === 'on' ? 'account.push.turnOff' : 'account.push.turnOn'} />
    </DropdownMenu.Item>
  );
}

/**
 * The avatar's menu: who is signed in and as what (their account type, in the UI's language), the
 * language (on phones) and calendar, Change password and Logout. Loaded after the shell's first
 * paint (components/Shell.tsx), with the menu library it needs.
 */
export function AccountMenu() {
  const auth = useAuth();
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const [changingPassword, setChangingPassword] = useState(false);
  const [choosingMessages, setChoosingMessages] = useState(false);
  const user = auth.user;
  if (!user) return null;
  const name = displayName(user, locale);
  // The account type names what the member may do; a member without one is named by their role.
  const role = user.accountType ? displayName(user.accountType, locale) : intl.formatMessage({ id: `shell.role.${user.role}` });
  return (
    <>
      {/* Not modal: the dialog it opens takes the focus, and the menu must not hand it back to the avatar. */}
      <DropdownMenu.Root dir={locale === 'ar' ? 'rtl' : 'ltr'} modal={false}>
        <DropdownMenu.Trigger className="rounded-full" aria-label={intl.formatMessage({ id: 'shell.account' })} data-testid="avatar-menu">
          <Avatar name={name} src={user.avatar} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 w-64 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-xl"
          >
            <div className="px-2 py-2">
              <p className="truncate font-semibold text-slate-900">{name}</p>
              <p className="mt-0.5 truncate text-xs font-medium text-brand-800" data-testid="account-role">
                {role}
              </p>
              <p className="mt-0.5 truncate text-sm text-slate-500">
                <bdi dir="ltr">{user.email}</bdi>
              </p>
            </div>
            <div className="px-2 pb-2 sm:hidden">
              <LanguageSwitcher />
            </div>
            <div className="px-2 pb-2">
              <CalendarSwitcher />
            </div>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
            <PushItem />
            <DropdownMenu.Item
              className={`${item} text-slate-700 data-[highlighted]:bg-slate-50`}
              onSelect={() => setChoosingMessages(true)}
              data-testid="account-my-notifications"
            >
              <FormattedMessage id="account.myNotifications" />
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={`${item} text-slate-700 data-[highlighted]:bg-slate-50`}
              onSelect={() => setChangingPassword(true)}
            >
              <FormattedMessage id="shell.changePassword" />
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={`${item} text-red-700 data-[highlighted]:bg-red-50`}
              onSelect={async () => {
                await auth.logout();
                await navigate({ to: '/auth/login' });
              }}
            >
              <FormattedMessage id="shell.logout" />
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {choosingMessages && (
        <Suspense fallback={null}>
          <MyNotificationsDialog onClose={() => setChoosingMessages(false)} />
        </Suspense>
      )}
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
}
