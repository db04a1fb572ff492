import type { Master } from '@shop/contracts/settings';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

export interface TopBarProps {
  master: Master | undefined;
  loading: boolean;
  /** The currency and language pickers (owned by the settings feature). */
  pickers: ReactNode;
}

/** Hotline with the shop's mobile number, currency and language pickers, seller links. */
export function TopBar({ master, loading, pickers }: TopBarProps) {
  const t = useT();
  return (
    <div className="bg-primary-800 text-xs text-white">
      <div className="mx-auto flex h-9 max-w-7xl items-center gap-3 px-4 lg:px-6">
        {loading ? (
          <Skeleton className="h-3 w-40 bg-white/20" />
        ) : master?.mobile ? (
          <a
            href={`tel:${master.mobile.replace(/[^\d+]/g, '')}`}
            className="inline-flex min-w-0 items-center gap-1.5 text-white/90 hover:text-white"
          >
            <Icon name="phone" className="size-3.5 shrink-0" />
            <span className="hidden sm:inline">{t('Hotline')}:</span>
            <span className="truncate font-semibold" dir="ltr">
              {master.mobile}
            </span>
          </a>
        ) : null}
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          {master?.multi_vendor ? (
            <nav aria-label={t('Sellers')} className="hidden items-center md:flex">
              <Link
                to={paths.sellerRegister}
                reloadDocument
                className="inline-flex h-7 items-center gap-1.5 rounded-md px-2 font-medium text-white/90 hover:bg-white/10 hover:text-white"
              >
                <Icon name="storefront" className="size-4" />
                {t('Become a Seller')}
              </Link>
              <span aria-hidden="true" className="h-3 w-px bg-white/25" />
              <Link
                to={paths.sellerLogin}
                reloadDocument
                className="inline-flex h-7 items-center gap-1.5 rounded-md px-2 font-medium text-white/90 hover:bg-white/10 hover:text-white"
              >
                <Icon name="briefcase" className="size-4" />
                {t('Seller Center')}
              </Link>
              <span aria-hidden="true" className="mx-1 h-3 w-px bg-white/25" />
            </nav>
          ) : null}
          {pickers}
        </div>
      </div>
    </div>
  );
}
