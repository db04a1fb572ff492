import type { Banner, Home } from '@shop/contracts/catalog';
import {
  FLASH_SALE_HOME_PRODUCTS,
  HOME_ADS,
  HOME_JUST_FOR_YOU_PER_PAGE,
  HOME_POPULAR_PRODUCTS,
  HOME_TOP_CATEGORIES,
  HOME_TOP_SHOPS,
} from '@shop/contracts/constants';
import type { CoreDeps } from '../../deps';
import { mediaUrl } from '../../lib/media-url';
import { TrackedValues } from '../../lib/shared-reply';
import { PUBLIC_STALE_MS } from '../../lib/ttl-cache';
import type { CatalogService } from '../catalog/catalog.service';
import { type FlashSalesService, toFlashSale } from '../flash-sales/flash-sales.service';
import type { SettingsService } from '../settings/settings.service';
import { findLatestAds, findPlatformBanners } from './home.repository';

const toBanner = (row: { id: number; title: string; thumbnail: string; url: string | null }): Banner => ({
  id: row.id,
  title: row.title,
  thumbnail: mediaUrl(row.thumbnail),
  url: row.url,
});

/** The home page in one call, in the order the page draws it. */
export class HomeService {
  /** The home page is the same for every visitor of a language, and the busiest call there is. */
  private readonly cache: TrackedValues<Home>;

  constructor(
    private readonly deps: CoreDeps,
    private readonly catalog: CatalogService,
    private readonly settings: SettingsService,
    private readonly flashSales: FlashSalesService,
  ) {
    // Past its time or a change to the catalogue, the page is served once more while it is rebuilt
    // (~8 ms of CPU at 100,000 products: its counts are kept as products change, migration 0039).
    this.cache = new TrackedValues(
      deps.config.PUBLIC_CACHE_SECONDS * 1000,
      500,
      { clock: deps.clock, changes: catalog.changes },
      { staleMs: PUBLIC_STALE_MS, staleWhenChanged: true, name: 'home' },
    );
  }

  home(options: { locale: string; page: number; perPage?: number }): Promise<Home> {
    const key = `${options.locale}:${options.page}:${options.perPage ?? ''}`;
    return this.cache.get(key, () => this.build(options));
  }

  private async build(options: { locale: string; page: number; perPage?: number }): Promise<Home> {
    const db = this.deps.database.replica;
    const { locale } = options;
    const now = this.deps.clock.now();
    const perPage = options.perPage ?? HOME_JUST_FOR_YOU_PER_PAGE;

    const [banners, ads, categories, multiVendor, { running, incoming }, popularIds, newestIds, total] =
      await Promise.all([
        findPlatformBanners(db, now),
        findLatestAds(db, HOME_ADS, now),
        this.catalog.categories({ locale, order: 'products_count', limit: HOME_TOP_CATEGORIES, offset: 0 }),
        this.settings.isMultiVendor(),
        this.flashSales.runningAndIncoming(now),
        this.catalog.popularProductIds(HOME_POPULAR_PRODUCTS),
        this.catalog.newestProductIds(perPage, (options.page - 1) * perPage),
        this.catalog.countListedProducts(),
      ]);
    const [shopIds, flashIds] = await Promise.all([
      // A single-vendor site has one shop; a row of "top shops" would make no sense there.
      multiVendor ? this.catalog.topShopIds(HOME_TOP_SHOPS) : Promise.resolve([]),
      running ? this.flashSales.runningSaleProductIds(running.id, FLASH_SALE_HOME_PRODUCTS) : Promise.resolve([]),
    ]);

    // One card query for every product on the page; each section then takes its own.
    const cards = await this.catalog.productCards([...new Set([...popularIds, ...newestIds, ...flashIds])], {
      locale,
    });
    const byId = new Map(cards.map((c) => [c.id, c]));
    const pick = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);

    return {
      banners: banners.map(toBanner),
      ads: ads.map(toBanner),
      categories,
      shops: await this.catalog.shopCards(shopIds, locale),
      popular_products: pick(popularIds),
      just_for_you: { total, products: pick(newestIds) },
      incoming_flash_sale: incoming ? toFlashSale(incoming, null, locale) : null,
      running_flash_sale: running ? toFlashSale(running, pick(flashIds), locale) : null,
    };
  }
}
