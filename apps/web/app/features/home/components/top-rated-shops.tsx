import type { ShopCard as ShopCardData } from '@shop/contracts/catalog';
import { HOME_TOP_SHOPS_SHOWN } from '@shop/contracts/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { Section } from './section-shell';

/**
 * Section 6 of the home page (multi-vendor only): the four best-rated shops, each drawn by
 * `renderShop` (the shops feature's card, handed over by the route: features do not import each other).
 */
export function TopRatedShops({
  shops,
  renderShop,
}: {
  shops: ShopCardData[];
  renderShop: (shop: ShopCardData) => ReactNode;
}) {
  const { t } = useTranslation();
  if (shops.length === 0) return null;
  return (
    <Section id="home-top-shops" title={t('Top Rated Shops')} viewAllTo={paths.shops}>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {shops.slice(0, HOME_TOP_SHOPS_SHOWN).map((shop) => (
          <li key={shop.id}>{renderShop(shop)}</li>
        ))}
      </ul>
    </Section>
  );
}
