import type { Category, SubCategory } from '@shop/contracts/catalog';

/**
 * The category (and subcategory) a category page's URL names, or null when either slug is unknown
 * (the page answers 404). A subcategory must belong to that category.
 */
export function findCategory(
  categories: readonly Category[],
  slug: string,
  subSlug?: string,
): { category: Category; subCategory: SubCategory | null } | null {
  const category = categories.find((c) => c.slug === slug);
  if (!category) return null;
  if (subSlug === undefined) return { category, subCategory: null };
  const subCategory = category.sub_categories.find((s) => s.slug === subSlug);
  return subCategory ? { category, subCategory } : null;
}

/** Filters and sort carried from one category page to another (its page number is not). */
export function carriedSearch(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('page');
  next.delete('category');
  const text = next.toString();
  return text ? `?${text}` : '';
}
