import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useNavigate } from '@tanstack/react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAuth } from '../lib/auth';
import { displayName } from '../lib/display-name';
import { useLocale } from '../lib/i18n';
import { Avatar } from './Avatar';
import { CalendarSwitcher } from './CalendarSwitcher';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * The avatar's menu: who is signed in, the language (on phones) and calendar, and Logout. Loaded
 * after the shell's first paint (components/Shell.tsx), with the menu library it needs.
 */
export function AccountMenu() {
  const auth = useAuth();
  const intl = useIntl();
  const { locale } = useLocale();
  const navigate = useNavigate();
  const user = auth.user;
  if (!user) return null;
  const name = displayName(user, locale);
  return (
    <DropdownMenu.Root dir={locale === 'ar' ? 'rtl' : 'ltr'}>
      <DropdownMenu.Trigger className="rounded-full" aria-label={intl.formatMessage({ id: 'shell.account' })} data-testid="avatar-menu">
        <Avatar name={name} src={user.avatar} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
          <div className="px-2 py-2">
            <p className="truncate font-semibold text-slate-900">{name}</p>
            <p className="truncate text-sm text-slate-500">
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
          <DropdownMenu.Item
            className="cursor-pointer rounded-lg px-2 py-2 text-sm text-red-700 outline-none data-[highlighted]:bg-red-50"
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
  );
}
