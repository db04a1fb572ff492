import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from 'react-router';
import { PendingTrigger, useHydrated } from '../../../components/ui/hydrated';
import { Icon, type IconName } from '../../../components/ui/icons';
import { menuTimingStyle } from '../../../components/ui/menu-timing';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

/** Who the header greets (the auth store's user, passed down by the site chrome). */
export interface HeaderUser {
  name: string;
  profile_photo: string | null;
}

/** The account menu's entries, then Log Out. */
export const ACCOUNT_MENU_ENTRIES: readonly { to: string; label: string; icon: IconName }[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: 'dashboard' },
  { to: paths.orderHistory, label: 'Order History', icon: 'clipboard' },
  { to: paths.profile, label: 'My Profile', icon: 'idCard' },
  { to: paths.changePassword, label: 'Change Password', icon: 'lock' },
];

export function UserAvatar({ user, className = 'size-8' }: { user: HeaderUser; className?: string }) {
  return user.profile_photo ? (
    <img src={user.profile_photo} alt="" className={`${className} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${className} flex shrink-0 items-center justify-center rounded-full bg-primary-100 text-sm font-semibold text-primary-700`}
    >
      {Array.from(user.name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}

/** The desktop dropdown: the name (cut at about 6rem), the account pages, Log Out. */
export function AccountMenu({ user, onLogout }: { user: HeaderUser; onLogout: () => void }) {
  const t = useT();
  const hydrated = useHydrated();
  const buttonClass =
    'inline-flex h-10 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 data-open:bg-slate-100';
  const trigger = (
    <>
      <UserAvatar user={user} />
      <span className="max-w-24 truncate" title={user.name}>
        {user.name}
      </span>
      {/* Named by its content, the shown name first (WCAG 2.5.3 Label in Name), not by an aria-label. */}
      <span className="sr-only">{`, ${t('My account')}`}</span>
      <Icon name="chevronDown" className="size-4" />
    </>
  );
  if (!hydrated) {
    return (
      <PendingTrigger
        wrapperClassName="relative hidden lg:block"
        style={menuTimingStyle}
        className={buttonClass}
        popup="menu"
      >
        {trigger}
      </PendingTrigger>
    );
  }
  return (
    <Menu as="div" className="relative hidden lg:block" style={menuTimingStyle}>
      <MenuButton className={buttonClass}>{trigger}</MenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className="z-50 w-56 rounded-2xl border border-slate-200 bg-white p-2 shadow-panel outline-none [--anchor-gap:8px] transition ease-out data-closed:-translate-y-1 data-closed:opacity-0 data-enter:duration-(--menu-in) data-leave:duration-(--menu-out)"
      >
        {ACCOUNT_MENU_ENTRIES.map((entry) => (
          <MenuItem key={entry.to}>
            <Link
              to={entry.to}
              className="flex items-center gap-3 rounded-xl px-3 py-2 text-sm text-slate-700 data-focus:bg-slate-50 data-focus:text-primary-700"
            >
              <Icon name={entry.icon} className="size-5" />
              {t(entry.label)}
            </Link>
          </MenuItem>
        ))}
        <MenuItem>
          <button
            type="button"
            onClick={onLogout}
            className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-start text-sm text-rose-600 data-focus:bg-rose-50"
          >
            <Icon name="logout" className="size-5" />
            {t('Log Out')}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
