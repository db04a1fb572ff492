import type { ProductCard as ProductCardData } from '@shop/contracts/catalog';
import { EmptyState } from '../../../components/ui/states';
import { ProductGrid } from '../../../entities/product/components/product-grid';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { Section } from './section-shell';

/** Section 5 of the home page. */
export function PopularProducts({ products }: { products: ProductCardData[] }) {
  const t = useT();
  return (
    <Section id="home-popular" title={t('Popular Products')} viewAllTo={paths.mostPopular}>
      {products.length === 0 ? (
        <EmptyState icon="storefront" title={t('No popular products yet, check back soon')} />
      ) : (
        <ProductGrid products={products} />
      )}
    </Section>
  );
}
