import type { ReactNode } from 'react';
import { useCartControl, useCartCount } from '../entities/cart/components/cart-control';
import { useMenuCategories } from '../entities/category/api/categories';
import { AuthDialogs } from '../features/auth/components/auth-dialogs';
import { SignInRequest } from '../features/auth/components/sign-in-request';
import { useAuthStore } from '../features/auth/stores/auth-store';
import { SiteFooter } from '../features/layout/components/site-footer';
import { SiteHeader } from '../features/layout/components/site-header';
import { TopBar } from '../features/layout/components/top-bar';
import { CurrencyPicker } from '../features/settings/components/currency-picker';
import { LanguagePicker } from '../features/settings/components/language-picker';
import { useMaster } from '../lib/api/master';
import { useT } from '../lib/i18n';

/**
 * Top bar, header and footer around every layout's pages. Settings or categories that failed to
 * load leave their parts out; nothing here can take the page down.
 */
export function SiteChrome({ children }: { children: ReactNode }) {
  const t = useT();
  const { master, isPending } = useMaster();
  const { categories, status, refetch } = useMenuCategories();
  const loading = isPending && !master;
  const user = useAuthStore((s) => s.user);
  const wishlistCount = useAuthStore((s) => s.wishlistCount);
  const openDialog = useAuthStore((s) => s.openDialog);
  const cartCount = useCartCount();
  const cart = useCartControl();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-primary-700 shadow focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('Skip to content')}
      </a>
      <TopBar
        master={master}
        loading={loading}
        pickers={
          <>
            <CurrencyPicker />
            <LanguagePicker />
          </>
        }
      />
      <SiteHeader
        master={master}
        loading={loading}
        categories={categories}
        categoriesStatus={status}
        onRetryCategories={refetch}
        wishlistCount={user ? wishlistCount : 0}
        cartCount={user ? cartCount : 0}
        onOpenCart={cart?.openCart}
        user={user}
        onLogin={() => openDialog('login')}
        onLogout={() => openDialog('logout')}
      />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter master={master} />
      <AuthDialogs master={master} />
      <SignInRequest />
    </div>
  );
}
