import type { Category, ProductCard, ShopCard } from '@shop/contracts/catalog';
import type { NameTranslations } from '../../db/schema/common';
import type { Executor } from '../../db/transaction';
import type { CoreDeps } from '../../deps';
import { mediaUrl } from '../../lib/media-url';
import { roundTo, toMoney } from '../../lib/money';
import { isOnline } from '../../lib/online';
import { TrackedValues } from '../../lib/shared-reply';
import { translate } from '../../lib/translation';
import { PUBLIC_STALE_MS } from '../../lib/ttl-cache';
import {
  type CategoryOrder,
  countListedCategories,
  countListedProducts,
  findCategoryRows,
  findLowStockProducts,
  findNewestProductIds,
  findPopularProductIds,
  findProductCardRows,
  findShopCardRows,
  findSubCategoryRows,
  findTopShopIds,
  isListedProduct,
  type ProductCardRow,
  type ShopCardRow,
} from './catalog.repository';
import { CatalogChanges } from './catalog-changes';

export type { ProductCardRow };

/** Shops keep their hours in the demo marketplace's local time. */
export const SHOP_TIME_ZONE = 'Asia/Jakarta';
/** What a shop without any review shows on product cards. */
const UNRATED_SHOP_RATING = 5;

/** A shop's delivery time ("2-4 days") in `locale`; null when the shop gives none. */
function deliveryTime(time: string | null, translations: NameTranslations | null, locale: string): string | null {
  return time === null ? null : translate(time, translations, locale);
}

/** 950 -> "950", 1234 -> "1.2K", 2_500_000 -> "2.5M"; truncated so 999,999 never shows "1000K". */
export function abbreviateCount(n: number): string {
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, suffix] of units) {
    if (n >= size) {
      const value = Math.floor((n / size) * 10) / 10;
      return `${value.toFixed(1).replace(/\.0$/, '')}${suffix}`;
    }
  }
  return String(Math.max(0, Math.trunc(n)));
}

const weekdayAndTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const toMinutes = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number.parseInt(h, 10) * 60 + Number.parseInt(m, 10);
};

/**
 * Open or closed right now in the shop's time zone. Hours may run past midnight (22:00-02:00).
 * A shop without hours is always open; on its day off it is closed.
 */
export function shopStatus(
  shop: { openingTime: string | null; closingTime: string | null; offDay: string | null },
  now: Date,
): 'Online' | 'Offline' {
  const parts = Object.fromEntries(weekdayAndTime.formatToParts(now).map((p) => [p.type, p.value]));
  if (shop.offDay && shop.offDay.toLowerCase() === String(parts.weekday).toLowerCase()) return 'Offline';
  if (!shop.openingTime || !shop.closingTime) return 'Online';
  const current = toMinutes(`${parts.hour}:${parts.minute}`);
  const open = toMinutes(shop.openingTime);
  const close = toMinutes(shop.closingTime);
  if (open === close) return 'Online';
  const inside = open < close ? current >= open && current < close : current >= open || current < close;
  return inside ? 'Online' : 'Offline';
}

export function toProductCard(row: ProductCardRow, locale: string, now: Date, inWishlist = false): ProductCard {
  const flash = row.flash;
  const price = toMoney(row.price);
  const discountPrice = flash ? toMoney(flash.price) : toMoney(row.discountPrice);
  const discountPercentage = flash
    ? Number(flash.discount)
    : row.discountPrice > 0 && row.price > 0
      ? Math.round(((row.price - row.discountPrice) / row.price) * 100)
      : 0;
  return {
    id: row.id,
    slug: row.slug,
    is_digital: row.isDigital,
    name: row.translatedName?.trim() ? row.translatedName : row.name,
    thumbnail: mediaUrl(row.thumbnail),
    thumbnail_width: row.thumbnailWidth,
    thumbnail_height: row.thumbnailHeight,
    price,
    discount_price: discountPrice,
    discount_percentage: discountPercentage,
    rating: roundTo(row.ratingAvg, 1),
    total_reviews: abbreviateCount(row.reviewsCount),
    total_sold: abbreviateCount(row.soldCount),
    // During a sale only the sale's remaining allocation can be bought at the sale price; nothing
    // while the shop is closed.
    quantity: row.shopClosed ? 0 : flash ? Math.max(0, Math.min(row.stock, flash.remaining)) : row.stock,
    is_favorite: inWishlist,
    sizes: row.sizes.map((s) => ({
      id: s.id,
      name: translate(s.name, s.translations, locale),
      price: toMoney(s.price),
    })),
    colors: row.colors.map((c) => ({
      id: c.id,
      name: translate(c.name, c.translations, locale),
      color_code: c.color_code ?? '',
      price: toMoney(c.price),
    })),
    unit:
      row.unitId !== null && row.unitName !== null
        ? { id: row.unitId, name: translate(row.unitName, row.unitTranslations, locale) }
        : null,
    brand: row.brandName !== null ? translate(row.brandName, row.brandTranslations, locale) : null,
    shop: {
      id: row.shopId,
      slug: row.shopSlug,
      name: row.shopName,
      logo: mediaUrl(row.shopLogo),
      rating: row.shopReviewsCount > 0 ? roundTo(row.shopRatingAvg, 1) : UNRATED_SHOP_RATING,
      estimated_delivery_time: deliveryTime(
        row.shopEstimatedDeliveryTime,
        row.shopEstimatedDeliveryTimeTranslations,
        locale,
      ),
      delivery_charge: toMoney(row.shopDeliveryCharge),
      last_online: isOnline(row.shopLastOnlineAt, now),
    },
    shop_closed: row.shopClosed,
  };
}

export function toShopCard(row: ShopCardRow, now: Date, locale: string): ShopCard {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    logo: mediaUrl(row.logo),
    banner: mediaUrl(row.banner),
    rating: roundTo(row.ratingAvg, 1),
    total_reviews: row.reviewsCount,
    total_products: row.totalProducts,
    total_categories: row.totalCategories,
    shop_status: shopStatus(row, now),
    estimated_delivery_time: deliveryTime(row.estimatedDeliveryTime, row.estimatedDeliveryTimeTranslations, locale),
    province:
      row.provinceId !== null && row.provinceName !== null ? { id: row.provinceId, name: row.provinceName } : null,
    short_description: row.shortDescription,
    is_closed: row.isClosed,
  };
}

/** Puts rows back in the order of `ids` (the order the listing query chose), dropping missing ones. */
function inOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * Cards and categories for every listing of the storefront. Listings find the ids they want (in
 * their order); this turns them into cards with one query.
 */
/** What the category reply is built from: a category row with its product count. */
export interface CategoryRow {
  id: number;
  name: string;
  translations: NameTranslations;
  slug: string;
  thumbnail: string | null;
  productsCount: number;
}

export class CatalogService {
  /** Every page's header asks for the category list; it is the same for every visitor of a language. */
  private readonly categoryLists: TrackedValues<{ total: number; categories: Category[] }>;
  /** This process's view of catalogue changes, which every public reply made of the catalogue follows. */
  readonly changes: CatalogChanges;

  constructor(private readonly deps: CoreDeps) {
    this.changes = new CatalogChanges(deps, deps.config.CATALOG_POLL_MS);
    // Past its time or a change, a list is served once more while it is rebuilt (its counts are
    // kept as products change, migration 0039, so a rebuild is a few ms).
    this.categoryLists = new TrackedValues(
      deps.config.PUBLIC_CACHE_SECONDS * 1000,
      500,
      { clock: deps.clock, changes: this.changes },
      // Their product counts move with publications and category links, not with sales.
      { staleMs: PUBLIC_STALE_MS, staleWhenChanged: true, name: 'category_lists', follows: 'placement' },
    );
  }

  /**
   * Product cards in the order of `ids`; unlisted products are dropped. Read on the replica unless
   * `db` says otherwise (a shopper's own list, shown right after it was written).
   */
  async productCards(
    ids: readonly number[],
    options: { locale: string; wishlistIds?: ReadonlySet<number>; db?: Executor },
  ): Promise<ProductCard[]> {
    const now = this.deps.clock.now();
    const rows = await findProductCardRows(options.db ?? this.deps.database.replica, ids, options.locale, now);
    return inOrder(ids, rows).map((row) =>
      toProductCard(row, options.locale, now, options.wishlistIds?.has(row.id) ?? false),
    );
  }

  /**
   * Whether shoppers may see the product (active, approved, in an active shop); on the replica
   * unless a write is about to depend on it (`this.deps.database.db`).
   */
  isListed(productId: number, db: Executor = this.deps.database.replica): Promise<boolean> {
    return isListedProduct(db, productId);
  }

  /**
   * The rows product cards are made of (stock, flash sale, sizes and colours included), read
   * through `db` (the caller's handle or transaction); unlisted ids are left out, in no order.
   */
  productCardRows(db: Executor, ids: readonly number[], locale: string, now: Date): Promise<ProductCardRow[]> {
    return findProductCardRows(db, ids, locale, now);
  }

  /** The shop's products on sale running low: at most `threshold` in stock, fewest first. */
  lowStockProducts(shopId: number, threshold: number, limit: number) {
    return findLowStockProducts(this.deps.database.db, shopId, threshold, limit);
  }

  /** Listed products, newest first. */
  newestProductIds(limit: number, offset: number): Promise<number[]> {
    return findNewestProductIds(this.deps.database.replica, limit, offset);
  }

  /** Listed products, best rated first, then best selling. */
  popularProductIds(limit: number): Promise<number[]> {
    return findPopularProductIds(this.deps.database.replica, limit);
  }

  /** How many products shoppers may see. */
  countListedProducts(): Promise<number> {
    return countListedProducts(this.deps.database.replica);
  }

  /** Active shops with a listed product, best rated first, then most orders. */
  topShopIds(limit: number): Promise<number[]> {
    return findTopShopIds(this.deps.database.replica, limit);
  }

  /** Shop cards in the order of `ids`; inactive shops are dropped. */
  async shopCards(ids: readonly number[], locale: string): Promise<ShopCard[]> {
    const now = this.deps.clock.now();
    const rows = await findShopCardRows(this.deps.database.replica, ids);
    return inOrder(ids, rows).map((row) => toShopCard(row, now, locale));
  }

  /** Categories with their subcategories (two queries whatever the page size). */
  async categories(options: { locale: string; order: CategoryOrder; limit: number; offset: number }) {
    return this.withSubCategories(await findCategoryRows(this.deps.database.replica, options), options.locale);
  }

  /** The category reply: each row with its active subcategories (one query for all of them). */
  async withSubCategories(rows: readonly CategoryRow[], locale: string): Promise<Category[]> {
    const subRows = await findSubCategoryRows(
      this.deps.database.replica,
      rows.map((r) => r.id),
    );
    return rows.map((row) => ({
      id: row.id,
      name: translate(row.name, row.translations, locale),
      slug: row.slug,
      thumbnail: mediaUrl(row.thumbnail),
      products_count: row.productsCount,
      sub_categories: subRows
        .filter((s) => s.categoryId === row.id)
        .map((s) => ({
          id: s.id,
          name: translate(s.name, s.translations, locale),
          slug: s.slug,
          thumbnail: mediaUrl(s.thumbnail),
        })),
    }));
  }

  /** GET /api/categories: the owner's order; without paging, every category. */
  listCategories(options: { locale: string; page: number; perPage: number | undefined }) {
    const key = `${options.locale}:${options.page}:${options.perPage ?? ''}`;
    return this.categoryLists.get(key, () => this.loadCategoryList(options));
  }

  private async loadCategoryList(options: { locale: string; page: number; perPage: number | undefined }) {
    const limit = options.perPage ?? 1000;
    const offset = options.perPage ? (options.page - 1) * options.perPage : 0;
    const [total, categories] = await Promise.all([
      countListedCategories(this.deps.database.replica),
      this.categories({ locale: options.locale, order: 'position', limit, offset }),
    ]);
    return { total, categories };
  }
}
