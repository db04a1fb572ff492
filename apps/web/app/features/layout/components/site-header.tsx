import type { Category } from '@shop/contracts/catalog';
import type { Master } from '@shop/contracts/settings';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { AccountMenu, type HeaderUser } from './account-menu';
import { CategoryMegaMenu, type MegaMenuStatus } from './category-mega-menu';
import { CountBadge } from './count-badge';
import { DownloadAppMenu } from './download-app-menu';
import { MenuLink } from './menu-link';
import { MobileMenu } from './mobile-menu';
import { SearchForm } from './search-form';
import { SiteLogo } from './site-logo';

export interface SiteHeaderProps {
  master: Master | undefined;
  loading: boolean;
  categories: Category[];
  categoriesStatus: MegaMenuStatus;
  onRetryCategories?: () => void;
  wishlistCount: number;
  cartCount: number;
  /** Opens the cart side panel (cart issue). */
  onOpenCart?: () => void;
  /** The signed-in shopper, or null for a visitor. */
  user: HeaderUser | null;
  /** Opens the login dialog. */
  onLogin?: () => void;
  /** Opens the logout confirmation. */
  onLogout?: () => void;
}

const iconButton =
  'relative inline-flex size-11 items-center justify-center rounded-xl text-slate-700 transition-colors hover:bg-slate-100 hover:text-primary-700';

/** The header: logo, search, wishlist, cart, login, the mega-menu and menus. */
export function SiteHeader({
  master,
  loading,
  categories,
  categoriesStatus,
  onRetryCategories,
  wishlistCount,
  cartCount,
  onOpenCart,
  user,
  onLogin,
  onLogout,
}: SiteHeaderProps) {
  const t = useT();
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menus = master?.menus ?? [];

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/95 shadow-[0_1px_0_rgb(15_23_42/0.02)] backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 lg:h-[72px] lg:px-6">
        <button
          type="button"
          className={`${iconButton} -ms-1 lg:hidden`}
          aria-label={t('Open menu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <Icon name="menu" className="size-6" />
        </button>

        <SiteLogo master={master} loading={loading} className="h-8 lg:h-10" />

        <div className="mx-auto hidden max-w-2xl flex-1 lg:block">
          <SearchForm />
        </div>

        <div className="ms-auto flex items-center gap-0.5 sm:gap-1 lg:ms-0">
          <button
            type="button"
            className={`${iconButton} lg:hidden`}
            aria-label={t('Search')}
            aria-haspopup="dialog"
            onClick={() => setSearchOpen(true)}
          >
            <Icon name="search" className="size-6" />
          </button>
          <Link
            to={paths.wishlist}
            className={iconButton}
            aria-label={`${t('Wishlist')} (${wishlistCount})`}
            onClick={(event) => {
              // The wishlist needs login; a visitor gets the login dialog instead.
              if (user) return;
              event.preventDefault();
              onLogin?.();
            }}
          >
            <Icon name="heart" className="size-6" />
            <CountBadge count={wishlistCount} />
          </Link>
          <button
            type="button"
            className={iconButton}
            aria-label={`${t('My Cart')} (${cartCount})`}
            aria-haspopup="dialog"
            onClick={onOpenCart}
          >
            <Icon name="bag" className="size-6" />
            <CountBadge count={cartCount} />
          </button>
          <span aria-hidden="true" className="mx-2 hidden h-7 w-px bg-slate-200 lg:block" />
          {user ? (
            <AccountMenu user={user} onLogout={() => onLogout?.()} />
          ) : (
            <button
              type="button"
              onClick={onLogin}
              aria-haspopup="dialog"
              className="hidden h-10 items-center gap-2 rounded-lg border border-primary-600 px-4 text-sm font-semibold text-primary-700 transition-colors hover:bg-primary-50 lg:inline-flex"
            >
              <Icon name="user" className="size-5" />
              {t('Login')}
            </button>
          )}
        </div>
      </div>

      <nav aria-label={t('Main')} className="hidden border-t border-slate-100 lg:block">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-2 px-6">
          <CategoryMegaMenu categories={categories} status={categoriesStatus} onRetry={onRetryCategories} />
          {loading ? (
            <div className="flex items-center gap-6 ps-4">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-4 w-20" />
              ))}
            </div>
          ) : (
            <ul className="flex min-w-0 items-center gap-1 overflow-hidden ps-2">
              {menus.map((menu) => (
                <li key={menu.id}>
                  <MenuLink
                    url={menu.url}
                    external={menu.is_external}
                    target={menu.target}
                    className="inline-flex h-10 items-center whitespace-nowrap rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-primary-700"
                  >
                    {t(menu.name)}
                  </MenuLink>
                </li>
              ))}
            </ul>
          )}
          <div className="ms-auto">
            <DownloadAppMenu master={master} />
          </div>
        </div>
      </nav>

      <AppDialog open={searchOpen} onClose={() => setSearchOpen(false)} title={t('Search')} placement="top">
        <div className="p-4">
          <SearchForm autoFocus onSubmitted={() => setSearchOpen(false)} />
        </div>
      </AppDialog>

      <MobileMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        master={master}
        categories={categories}
        wishlistCount={wishlistCount}
        cartCount={cartCount}
        onOpenCart={onOpenCart}
        user={user}
        onLogin={onLogin}
        onLogout={onLogout}
      />
    </header>
  );
}
