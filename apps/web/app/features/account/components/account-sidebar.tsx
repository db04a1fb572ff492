import { type ReactNode, useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { Icon, type IconName } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';
import { marketYear } from '../../../lib/market-time';
import { paths } from '../../../lib/paths';
import { UserAvatar } from './user-avatar';

export interface AccountSidebarUser {
  name: string;
  phone: string | null;
  phone_code?: string | null;
  profile_photo: string | null;
}

export interface AccountSidebarProps {
  user: AccountSidebarUser;
  unreadMessages: number;
  footerText: string | null | undefined;
  /** The marketplace's time zone (the year of the © line is its year). */
  timeZone: string;
  /** Rendered at the end of the list (the Log Out entry of the auth issue). */
  extra?: ReactNode;
}

/** The account menu's entries, in the spec's order. */
export const ACCOUNT_ENTRIES: readonly { to: string; label: string; icon: IconName }[] = [
  { to: paths.dashboard, label: 'Dashboard', icon: 'dashboard' },
  { to: paths.orderHistory, label: 'Order History', icon: 'clipboard' },
  { to: paths.returnedOrders, label: 'Return Orders', icon: 'returns' },
  { to: paths.wishlist, label: 'Wishlist', icon: 'heart' },
  { to: paths.messages, label: 'Message', icon: 'chat' },
  { to: paths.profile, label: 'My Profile', icon: 'idCard' },
  { to: paths.addresses, label: 'Manage Address', icon: 'mapPin' },
  { to: paths.supportTickets, label: 'Support Ticket', icon: 'lifebuoy' },
  { to: paths.changePassword, label: 'Change Password', icon: 'lock' },
  { to: paths.termsAndConditions, label: 'Terms & Conditions', icon: 'document' },
  { to: paths.privacyPolicy, label: 'Privacy Policy', icon: 'shield' },
];

export function AccountSidebar({ user, unreadMessages, footerText, timeZone, extra }: AccountSidebarProps) {
  const t = useT();
  const year = marketYear(timeZone);
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // Under lg the entries are one sideways row: bring the current one into view.
  useEffect(() => {
    const row = list.current;
    if (!pathname || !row || row.scrollWidth <= row.clientWidth) return;
    row.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [pathname]);
  return (
    <aside className="flex flex-col rounded-2xl border border-slate-200 bg-white">
      <div className="flex items-center gap-3 border-b border-slate-100 p-5">
        <UserAvatar name={user.name} photo={user.profile_photo} />
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{user.name}</p>
          {user.phone ? (
            <p className="truncate text-sm text-slate-500" dir="ltr">
              {[user.phone_code, user.phone].filter(Boolean).join(' ')}
            </p>
          ) : null}
        </div>
      </div>
      <nav aria-label={t('My account')} className="p-3">
        {/* Under lg the entries scroll sideways above the page instead of pushing it down. */}
        <ul
          ref={list}
          className="relative flex gap-1 overflow-x-auto pb-1 lg:block lg:space-y-0.5 lg:overflow-visible lg:pb-0"
        >
          {ACCOUNT_ENTRIES.map((entry) => (
            <li key={entry.to} className="shrink-0">
              <NavLink
                to={entry.to}
                className={({ isActive }) =>
                  `flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors ${
                    isActive
                      ? 'bg-primary-50 text-primary-700'
                      : 'text-slate-600 hover:bg-slate-50 hover:text-slate-900'
                  }`
                }
              >
                <Icon name={entry.icon} className="size-5" />
                <span className="flex-1 whitespace-nowrap">{t(entry.label)}</span>
                {entry.to === paths.messages && unreadMessages > 0 ? (
                  <span className="rounded-full bg-rose-500 px-2 py-0.5 text-xs font-semibold text-white">
                    <span className="sr-only">{t('Unread messages')}: </span>
                    {unreadMessages > 99 ? '99+' : unreadMessages}
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
          {extra}
        </ul>
      </nav>
      <p dir="auto" className="mt-auto border-t border-slate-100 px-5 py-4 text-xs text-slate-500 rtl:text-right">
        © {year} {footerText || t('All rights reserved')}
      </p>
    </aside>
  );
}
