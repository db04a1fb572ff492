import { paths, withQuery } from '../../lib/paths';

/** Shops per page of the search page's Shops tab. */
export const SHOP_RESULTS_PER_PAGE = 12;

export type SearchTab = 'products' | 'shops';

/** The search page's query and tab from its URL (`q`, `tab=shops`; products otherwise). */
export function readSearch(params: URLSearchParams): { q: string; tab: SearchTab } {
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  return { q, tab: params.get('tab') === 'shops' ? 'shops' : 'products' };
}

/** The URL of a search tab for a query (the page starts again at 1). */
export function searchTabUrl(q: string, tab: SearchTab): string {
  const params = new URLSearchParams({ q });
  if (tab === 'shops') params.set('tab', 'shops');
  return withQuery(paths.search, params);
}
