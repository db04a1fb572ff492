import type { ProductCard as ProductCardData } from '@shop/contracts/catalog';
import { ProductCard } from '../../products/components/product-card';

/** The responsive product grid of the home sections: 2 columns on a phone up to 6 on a desktop. */
export function ProductGrid({ products, eager = 0 }: { products: ProductCardData[]; eager?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < eager} />
        </li>
      ))}
    </ul>
  );
}
