import type { ProductSortType } from '@shop/contracts/products';
import { productsQueryOptions } from '../../entities/product/api/products';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { productsQueryFor, readListing } from './listing-params';

/** Loader of a list with a fixed sort (/most-popular, /best-deal): its page prefetched for SSR. */
export async function loadFixedList(
  request: Request,
  context: { apiOrigin?: string } | undefined,
  sort: ProductSortType,
) {
  const filters = readListing(new URL(request.url).searchParams);
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(productsQueryOptions(api, productsQueryFor(filters, { sort }))),
  );
  return { dehydratedState, page: filters.page };
}
