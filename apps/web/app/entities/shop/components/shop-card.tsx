import type { ShopCard as ShopCardData } from '@shop/contracts/catalog';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { TILE_GRID, TILE_GRID_IMAGE_SIZES } from '../../../components/ui/grid';
import { StarIcon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

/** A shop tile: banner, logo, name, rating, Online/Offline and product count; opens /shops/{slug}. */
export function ShopCard({ shop }: { shop: ShopCardData }) {
  const t = useT();
  const online = shop.shop_status === 'Online';
  return (
    <Link
      to={paths.shop(shop.slug)}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200/80 bg-white outline-none transition hover:-translate-y-0.5 hover:shadow-lg hover:shadow-slate-900/5 focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:ring-offset-2"
    >
      <div className="relative aspect-[3/1] bg-gradient-to-br from-primary-100 to-primary-300">
        {shop.banner && (
          <Img
            src={shop.banner}
            alt=""
            width={480}
            height={160}
            sizes={TILE_GRID_IMAGE_SIZES}
            className="size-full object-cover"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 px-2.5 pb-3 sm:flex-row sm:items-start sm:gap-3 sm:px-3">
        <Avatar
          src={shop.logo}
          name={shop.name}
          size={56}
          className="relative z-10 -mt-5 size-11 rounded-full bg-white shadow ring-4 ring-white sm:-mt-6 sm:size-14"
          initialClassName="text-lg font-bold text-primary-600"
        />
        <div className="min-w-0 flex-1 sm:pt-2">
          <h3
            dir="auto"
            className="truncate text-start text-sm font-semibold text-slate-900 group-hover:text-primary-700"
          >
            {shop.name}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500">
            <span className="inline-flex items-center gap-0.5 font-medium text-slate-700">
              <StarIcon className="size-3.5 text-amber-500" />
              <span className="sr-only">{t('Rating')}</span>
              {shop.rating.toFixed(1)}
            </span>
            <span aria-hidden="true" className="hidden text-slate-300 sm:inline">
              |
            </span>
            <span className="whitespace-nowrap">{t('{{count}} Products', { count: shop.total_products })}</span>
          </p>
          {/* Below the banner, not over it: shop banners carry their own text in any corner. */}
          <p
            className={`mt-1 inline-flex items-center gap-1 text-[11px] font-semibold ${online ? 'text-emerald-700' : 'text-slate-500'}`}
          >
            <span
              className={`size-1.5 rounded-full ${online ? 'bg-emerald-500' : 'bg-slate-400'}`}
              aria-hidden="true"
            />
            {online ? t('Online') : t('Offline')}
          </p>
        </div>
      </div>
    </Link>
  );
}

/** Shop tiles in the page's tile grid (/shops, a province's shops, the search page's Shops tab). */
export function ShopGrid({ shops }: { shops: readonly ShopCardData[] }) {
  return (
    <ul className={TILE_GRID}>
      {shops.map((shop) => (
        <li key={shop.id}>
          <ShopCard shop={shop} />
        </li>
      ))}
    </ul>
  );
}
