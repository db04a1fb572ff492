import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ProductGridSkeleton, Skeleton } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import type { FlashSaleLink } from '../api/home-query-options';

/** How far below the screen the sections start loading: about a phone screen ahead. */
const LOAD_AHEAD = '0px 0px 900px 0px';

export interface BelowTheFoldProps {
  /** The running and incoming sales, linked for visitors without JavaScript. */
  flashSales: FlashSaleLink[];
  multiVendor: boolean;
  /** Called once the placeholder comes near the screen (at once where that cannot be watched). */
  onNear: () => void;
}

/**
 * Stands in for the home page's lower sections until they load: grey placeholders while the
 * visitor is near, and (without JavaScript) links to the pages that list the same products.
 */
export function BelowTheFold({ flashSales, multiVendor, onNear }: BelowTheFoldProps) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      onNear();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onNear();
        }
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onNear]);

  const link = 'font-semibold text-primary-700 underline-offset-2 hover:underline';
  return (
    <div ref={ref} className="space-y-5 sm:space-y-6">
      <noscript>
        <nav aria-label={t('More products')} className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {flashSales.map((sale) => (
              <li key={sale.id}>
                <Link to={paths.flashSale(sale.id)} className={link}>
                  {sale.name}
                </Link>
              </li>
            ))}
            <li>
              <Link to={paths.mostPopular} className={link}>
                {t('Popular Products')}
              </Link>
            </li>
            {multiVendor && (
              <li>
                <Link to={paths.shops} className={link}>
                  {t('Top Rated Shops')}
                </Link>
              </li>
            )}
            <li>
              <Link to={paths.products} className={link}>
                {t('Just For You')}
              </Link>
            </li>
          </ul>
        </nav>
      </noscript>
      {/* Grey cards only where they will be replaced: without scripts the links above stand alone. */}
      <div className="rounded-2xl bg-white p-4 shadow-sm sm:p-5 [@media(scripting:none)]:hidden">
        <Skeleton className="mb-4 h-6 w-48" />
        <ProductGridSkeleton count={6} />
      </div>
    </div>
  );
}
