import type { ShopCard as ShopCardData } from '@shop/contracts/catalog';
import { HOME_TOP_SHOPS_SHOWN } from '@shop/contracts/constants';
import { ShopCard } from '../../../entities/shop/components/shop-card';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { Section } from './section-shell';

/** Section 6 of the home page (multi-vendor only): the four best-rated shops. */
export function TopRatedShops({ shops }: { shops: ShopCardData[] }) {
  const t = useT();
  if (shops.length === 0) return null;
  return (
    <Section id="home-top-shops" title={t('Top Rated Shops')} viewAllTo={paths.shops}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {shops.slice(0, HOME_TOP_SHOPS_SHOWN).map((shop) => (
          <li key={shop.id}>
            <ShopCard shop={shop} />
          </li>
        ))}
      </ul>
    </Section>
  );
}
