import type { ProductCard as ProductCardData } from '@shop/contracts/catalog';
import { PRODUCT_GRID } from '../../../components/ui/grid';
import { Pagination } from '../../../components/ui/pagination';
import { usePaginationLook } from '../../../components/ui/pagination-look';
import { useT } from '../../../lib/i18n';
import { ProductCard } from './product-card';

export interface ProductGridProps {
  products: ProductCardData[];
  /** The grid's columns (components/ui/grid.ts). */
  className?: string;
  /** How many of the first cards are above the fold: their pictures load at once. */
  eager?: number;
}

/** Product cards in a responsive grid. */
export function ProductGrid({ products, className = PRODUCT_GRID, eager = 0 }: ProductGridProps) {
  return (
    <ul className={className}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < eager} />
        </li>
      ))}
    </ul>
  );
}

export interface PagedProductGridProps extends ProductGridProps {
  /** Products in the whole list, and how many a page shows. */
  total: number;
  perPage: number;
  /** The page shown, from 1. */
  page: number;
  /** Link of page "[page]" (PAGE_PLACEHOLDER): pages are links, so crawlers and Back follow them. */
  urlTemplate: string;
  /** Names the page links for screen readers, e.g. "Pages of Best Deal". */
  ariaLabel?: string;
}

/**
 * One page of a product list with links to the other pages, in the page's direction and digits:
 * the catalogue listings, a shop's products, a flash sale and a province.
 */
export function PagedProductGrid({ total, perPage, page, urlTemplate, ariaLabel, ...grid }: PagedProductGridProps) {
  const t = useT();
  const look = usePaginationLook();
  return (
    <>
      <ProductGrid {...grid} />
      <Pagination
        className="mt-6"
        type="link"
        totalItems={total}
        itemsPerPage={perPage}
        modelValue={page}
        urlTemplate={urlTemplate}
        dir={look.dir}
        locale={look.locale}
        ariaLabel={ariaLabel ?? t('Pages of products')}
      />
    </>
  );
}
