import type { Category } from '@shop/contracts/catalog';
import type { Master } from '@shop/contracts/settings';
import { Link } from 'react-router';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon, type IconName } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { ACCOUNT_MENU_ENTRIES, type HeaderUser, UserAvatar } from './account-menu';
import { StoreBadge, storeLinks } from './download-app-menu';
import { MenuLink } from './menu-link';

export interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  master: Master | undefined;
  categories: Category[];
  wishlistCount: number;
  cartCount: number;
  onOpenCart?: () => void;
  /** The signed-in shopper, or null for a visitor. */
  user: HeaderUser | null;
  onLogin?: () => void;
  onLogout?: () => void;
}

/** The digital top-up pages. */
const TOP_UPS: readonly { to: string; label: string; icon: IconName }[] = [
  { to: paths.pulsa('telkomsel'), label: 'Telkomsel credit', icon: 'phone' },
  { to: paths.pulsa('xl'), label: 'XL credit', icon: 'phone' },
  { to: paths.plnToken, label: 'PLN token', icon: 'bolt' },
];

const row =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-start text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-primary-700';

function RowContent({ icon, label, count }: { icon: IconName; label: string; count?: number }) {
  return (
    <>
      <span className="flex size-9 items-center justify-center rounded-lg bg-slate-100 text-slate-600">
        <Icon name={icon} className="size-5" />
      </span>
      <span className="flex-1">{label}</span>
      {count !== undefined ? (
        <span className="min-w-7 rounded-full bg-primary-50 px-2 py-0.5 text-center text-xs font-semibold tabular-nums text-primary-700">
          {count}
        </span>
      ) : (
        <Icon name="chevronEnd" flipRtl className="size-4 text-slate-400" />
      )}
    </>
  );
}

/** The slide-in menu of small screens (Menu title, login block, wishlist, cart, links). */
export function MobileMenu({
  open,
  onClose,
  master,
  categories,
  wishlistCount,
  cartCount,
  onOpenCart,
  user,
  onLogin,
  onLogout,
}: MobileMenuProps) {
  const t = useT();
  const { playStore, appStore } = storeLinks(master);
  const menus = master?.menus ?? [];
  return (
    <AppDialog open={open} onClose={onClose} title={t('Menu')} placement="start" className="flex flex-col">
      <div className="flex-1 space-y-5 overflow-y-auto p-4">
        {user ? (
          <section className="rounded-2xl border border-slate-200 p-3">
            <div className="flex items-center gap-3 px-1 pb-3">
              <UserAvatar user={user} className="size-11" />
              <p className="min-w-0 truncate font-semibold text-slate-900">{user.name}</p>
            </div>
            <ul className="space-y-1 border-t border-slate-100 pt-2">
              {ACCOUNT_MENU_ENTRIES.map((entry) => (
                <li key={entry.to}>
                  <Link to={entry.to} onClick={onClose} className={row}>
                    <RowContent icon={entry.icon} label={t(entry.label)} />
                  </Link>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  onClick={() => {
                    onClose();
                    onLogout?.();
                  }}
                  className={row}
                >
                  <RowContent icon="logout" label={t('Log Out')} />
                </button>
              </li>
            </ul>
          </section>
        ) : (
          <section className="rounded-2xl bg-gradient-to-br from-primary-600 to-primary-800 p-4 text-white">
            <div className="flex items-center gap-3">
              <span className="flex size-11 items-center justify-center rounded-full bg-white/15">
                <Icon name="user" className="size-6" />
              </span>
              <div className="min-w-0">
                <p className="font-semibold">{t('Welcome!')}</p>
                <p className="text-xs text-white/80">{t('Log in to see your orders and wishlist.')}</p>
              </div>
            </div>
            <button
              type="button"
              onClick={() => {
                onClose();
                onLogin?.();
              }}
              className="mt-4 h-10 w-full rounded-lg bg-white text-sm font-semibold text-primary-700 hover:bg-primary-50"
            >
              {t('Login')}
            </button>
          </section>
        )}

        <ul className="space-y-1">
          <li>
            <Link
              to={paths.wishlist}
              onClick={(event) => {
                onClose();
                if (user) return;
                event.preventDefault();
                onLogin?.();
              }}
              className={row}
            >
              <RowContent icon="heart" label={t('Wishlist')} count={wishlistCount} />
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                onClose();
                onOpenCart?.();
              }}
              className={row}
            >
              <RowContent icon="bag" label={t('My Cart')} count={cartCount} />
            </button>
          </li>
          {master?.multi_vendor ? (
            <>
              <li>
                <Link to={paths.sellerRegister} reloadDocument className={row}>
                  <RowContent icon="storefront" label={t('Become a Seller')} />
                </Link>
              </li>
              <li>
                <Link to={paths.sellerLogin} reloadDocument className={row}>
                  <RowContent icon="briefcase" label={t('Seller Center')} />
                </Link>
              </li>
            </>
          ) : null}
        </ul>

        <nav aria-label={t('Top-ups and bills')} className="border-t border-slate-100 pt-4">
          <h2 className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t('Top-ups and bills')}
          </h2>
          <ul className="space-y-1">
            {TOP_UPS.map((entry) => (
              <li key={entry.to}>
                <Link to={entry.to} onClick={onClose} className={row}>
                  <RowContent icon={entry.icon} label={t(entry.label)} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {menus.length > 0 ? (
          <nav aria-label={t('Menu')}>
            <ul className="space-y-1 border-t border-slate-100 pt-4">
              {menus.map((menu) => (
                <li key={menu.id}>
                  <MenuLink
                    url={menu.url}
                    external={menu.is_external}
                    target={menu.target}
                    className={row}
                    onClick={onClose}
                  >
                    <span className="flex-1">{t(menu.name)}</span>
                    <Icon name="chevronEnd" flipRtl className="size-4 text-slate-400" />
                  </MenuLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        {categories.length > 0 ? (
          <nav aria-label={t('Categories')} className="border-t border-slate-100 pt-4">
            <h2 className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {t('Categories')}
            </h2>
            <ul className="grid grid-cols-2 gap-1">
              {categories.map((category) => (
                <li key={category.id}>
                  <Link
                    to={paths.category(category.slug)}
                    onClick={onClose}
                    className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-50"
                  >
                    {category.thumbnail ? (
                      <img src={category.thumbnail} alt="" className="size-6 rounded object-cover" loading="lazy" />
                    ) : (
                      <span className="flex size-6 items-center justify-center rounded bg-primary-50 text-xs font-semibold text-primary-700">
                        {Array.from(category.name)[0]}
                      </span>
                    )}
                    <span className="truncate">{category.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        {master?.show_download_app && (playStore || appStore) ? (
          <section className="border-t border-slate-100 pt-4">
            <h2 className="px-3 pb-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {t('Download App')}
            </h2>
            <div className="flex flex-wrap gap-2 px-3">
              {playStore ? <StoreBadge store="play" href={playStore} /> : null}
              {appStore ? <StoreBadge store="apple" href={appStore} /> : null}
            </div>
          </section>
        ) : null}
      </div>
    </AppDialog>
  );
}
