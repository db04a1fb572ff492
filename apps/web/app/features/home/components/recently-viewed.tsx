import type { ProductCard as ProductCardData } from '@shop/contracts/catalog';
import { ProductGrid } from '../../../entities/product/components/product-grid';
import { useT } from '../../../lib/i18n';
import { Section } from './section-shell';

/**
 * Section 8 of the home page: the logged-in shopper's recently viewed products. It renders
 * nothing without products, which is every visit until logins and the recent-views call exist.
 */
export function RecentlyViewed({ products }: { products?: ProductCardData[] }) {
  const t = useT();
  if (!products || products.length === 0) return null;
  return (
    <Section id="home-recently-viewed" title={t('Recently Viewed')}>
      <ProductGrid products={products} />
    </Section>
  );
}
