import type { Category, Home } from '@shop/contracts/catalog';
import { HOME_JUST_FOR_YOU_PER_PAGE } from '@shop/contracts/constants';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const catalogContracts = () => import('@shop/contracts/catalog');

type JustForYou = Home['just_for_you'];

function fetchHome(api: ApiClient, page: number, signal?: AbortSignal): Promise<Home> {
  return api
    .request('/api/home', {
      schema: () => catalogContracts().then((c) => c.homeReplySchema),
      query: { page, per_page: HOME_JUST_FOR_YOU_PER_PAGE },
      signal,
    })
    .then((reply) => reply.data);
}

/** GET /api/home for one page of Just For You (the other sections are the same on every page). */
export function homeQueryOptions(api: ApiClient, page = 1) {
  return queryOptions({
    queryKey: ['home', { page, per_page: HOME_JUST_FOR_YOU_PER_PAGE }] as const,
    queryFn: ({ signal }) => fetchHome(api, page, signal),
  });
}

/** What the home page's category row shows of a category (its first screen sends no subcategories). */
export type CategoryTile = Pick<Category, 'id' | 'slug' | 'name' | 'thumbnail'>;

/** A flash sale as the first screen names it: a way to its page (with JavaScript off too). */
export interface FlashSaleLink {
  id: number;
  name: string;
}

/**
 * What the first screen of the home page shows (banners, ads, categories), which the server
 * renders and sends with the page; the sections below it load as the visitor scrolls
 * (`homeQueryOptions`). The sales are named so the page links to them without JavaScript.
 */
export type HomeFirstScreen = Pick<Home, 'banners' | 'ads'> & {
  categories: CategoryTile[];
  flash_sales: FlashSaleLink[];
};

export function homeFirstScreen(home: Home): HomeFirstScreen {
  const sales = [home.running_flash_sale, home.incoming_flash_sale].filter((sale) => sale !== null);
  return {
    banners: home.banners,
    ads: home.ads,
    categories: home.categories.map(({ id, slug, name, thumbnail }) => ({ id, slug, name, thumbnail })),
    flash_sales: sales.map((sale) => ({ id: sale.id, name: sale.name })),
  };
}

/** The home page's first screen, cut from the same GET /api/home (a shared reply on the server). */
export function homeFirstScreenQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['home', 'first-screen', { per_page: HOME_JUST_FOR_YOU_PER_PAGE }] as const,
    queryFn: ({ signal }) => fetchHome(api, 1, signal).then(homeFirstScreen),
  });
}

/** The Just For You list, one page of 12 appended per "Load More". */
export function justForYouInfiniteQueryOptions(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: ['home', 'just-for-you', { per_page: HOME_JUST_FOR_YOU_PER_PAGE }] as const,
    queryFn: ({ pageParam, signal }) => fetchHome(api, pageParam, signal).then((home) => home.just_for_you),
    initialPageParam: 1,
    getNextPageParam: nextJustForYouPage,
  });
}

/** The next page to ask for, or undefined once every product is loaded (or a page came back empty). */
export function nextJustForYouPage(last: JustForYou, pages: JustForYou[], lastPage: number): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.products.length, 0);
  if (last.products.length === 0 || loaded >= last.total) return undefined;
  return lastPage + 1;
}
