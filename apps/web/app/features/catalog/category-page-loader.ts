import { dehydrate } from '@tanstack/react-query';
import { data } from 'react-router';
import { categoriesQueryOptions } from '../../entities/category/api/categories';
import { productsQueryOptions } from '../../entities/product/api/products';
import { apiFromRequest } from '../../lib/api-context';
import { makeServerQueryClient } from '../../lib/query-client';
import { findCategory } from './category-lookup';
import { productsQueryFor, readListing } from './listing-params';

/**
 * The loader of both category pages: the category (and subcategory) by slug, 404 when unknown,
 * and the first list of its products prefetched for server rendering. When the categories cannot
 * be loaded at all the page says so with "Try again" rather than claiming a 404.
 */
export async function loadCategoryPage(
  request: Request,
  context: { apiOrigin?: string } | undefined,
  slug: string,
  subSlug?: string,
) {
  const api = apiFromRequest(request, context);
  const client = makeServerQueryClient();
  const filters = readListing(new URL(request.url).searchParams);
  let categories: Awaited<ReturnType<NonNullable<ReturnType<typeof categoriesQueryOptions>['queryFn']>>>;
  try {
    categories = await client.fetchQuery(categoriesQueryOptions(api));
  } catch {
    return { failed: true as const, category: null, subCategory: null, page: filters.page, dehydratedState: undefined };
  }
  const found = findCategory(categories, slug, subSlug);
  if (!found) throw data(null, { status: 404 });
  const scope = { categoryId: found.category.id, subCategoryId: found.subCategory?.id };
  // A failed product prefetch is not fatal: the list shows its error state with "Try again".
  await client.prefetchQuery(productsQueryOptions(api, productsQueryFor(filters, scope)));
  return {
    failed: false as const,
    category: found.category,
    subCategory: found.subCategory,
    page: filters.page,
    dehydratedState: dehydrate(client),
  };
}
