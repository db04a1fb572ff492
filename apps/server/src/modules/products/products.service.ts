import type {
  AutocompleteReply,
  ProductDetailsReply,
  ProductFilters,
  ProductsQuery,
  ProductsReply,
  RatingSummary,
  ReviewsReply,
} from '@shop/contracts/products';
import type { CoreDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import { roundTo, toMoney } from '../../lib/money';
import { offsetOf } from '../../lib/paging';
import { type ListingScope, SharedReplies, type SharedReply, TrackedValues } from '../../lib/shared-reply';
import { translate } from '../../lib/translation';
import { PUBLIC_STALE_MS } from '../../lib/ttl-cache';
import type { CatalogService } from '../catalog/catalog.service';
import { findAutocompleteProducts, findAutocompleteShops, foldSuggestionText } from './autocomplete.repository';
import { findProductDetailsRow, findShopPopularProductIds, isActiveShop } from './details.repository';
import {
  type FacetScope,
  findBrandFacets,
  findCategoryFacets,
  findPriceBounds,
  findVariantFacets,
} from './facets.repository';
import { findProductPage, type ProductFilter } from './listing.repository';
import { findReviewHistogram, findReviewRows, type ReviewTarget } from './reviews.repository';

/** How many related and same-shop products the details page shows. */
export const DETAILS_ROW_SIZE = 6;

/** At most how long facets nothing changed are kept (they are built again after any change). */
const FACETS_KEPT_MS = 10 * 60_000;

/** API money (2 decimals) to minor units, for comparing with stored prices. */
const toMinor = (money: number) => Math.round(money * 100);

export class ProductsService {
  /** Facets cover a whole scope (all products, a shop, digital ones); they change slowly and cost the most. */
  private readonly facets: TrackedValues<ProductFilters>;
  // Bounded in bytes (PUBLIC_CACHE_MB); only their JSON is kept. A listing page is the largest
  // (~22,000 characters with its facets: 22 kB in memory, 44 kB when Arabic makes it a two-byte
  // string); details are half that, suggestions a twentieth.
  private readonly listings: SharedReplies<ProductsReply>;
  private readonly suggestions: SharedReplies<AutocompleteReply>;
  private readonly products: SharedReplies<ProductDetailsReply>;

  constructor(
    private readonly deps: CoreDeps,
    private readonly catalog: CatalogService,
  ) {
    const seconds = deps.config.PUBLIC_CACHE_SECONDS;
    // Kept while the catalogue does not change (a write to it, a flash sale starting or ending).
    const freshness = { clock: deps.clock, changes: catalog.changes };
    // Facets describe a whole scope, not a page: they are kept until a write that can move products
    // between listings (seen within CATALOG_POLL_MS; a sale is not one), whatever PUBLIC_CACHE_SECONDS says, so a listing built from the
    // database reads its page, not the scope's eight aggregates again. A listing built after a
    // change waits for its facets too: a new brand or colour is a filter at once.
    this.facets = new TrackedValues(FACETS_KEPT_MS, 500, freshness, {
      staleMs: PUBLIC_STALE_MS,
      name: 'facets',
      follows: 'placement',
    });
    // Each reply is built again only when what it shows changes (CatalogChanges): a product's
    // details and the cards beside them when one of those products is written; a listing or the
    // suggestions also when any write could move a product into them (a publication, a price, a
    // name, a category). A sale (stock, sold count) rebuilds only the replies showing its products.
    // PUBLIC_CACHE_MB shared out by what a shop's visitors ask most: listings, then products.
    const bytes = (share: number) => Math.floor(deps.config.PUBLIC_CACHE_MB * share * 1024 * 1024);
    this.listings = new SharedReplies(seconds, 20_000, freshness, { name: 'listings', maxBytes: bytes(0.55) });
    this.suggestions = new SharedReplies(
      seconds,
      20_000,
      freshness,
      { name: 'suggestions', maxBytes: bytes(0.1) },
      (data) => ({
        products: data.products.map((p) => p.id),
        listed: 'names',
      }),
    );
    this.products = new SharedReplies(
      seconds,
      20_000,
      freshness,
      { name: 'product_details', maxBytes: bytes(0.35) },
      (data) => ({
        products: [
          data.product.id,
          ...data.related_products.map((p) => p.id),
          ...data.popular_products.map((p) => p.id),
        ],
      }),
    );
  }

  /** GET /api/products: one page of cards in the chosen order, the total and the facets. */
  list(query: ProductsQuery, locale: string): Promise<SharedReply<ProductsReply>> {
    // Built again when a product on it is written, or a write could move a product of its scope.
    const scope: ListingScope = {
      categoryId: query.category_id,
      brandId: query.brand_id,
      shopId: query.shop_id,
      minPrice: query.min_price === undefined ? undefined : toMinor(query.min_price),
      maxPrice: query.max_price === undefined ? undefined : toMinor(query.max_price),
    };
    return this.listings.get(
      locale,
      query,
      () => this.loadList(query, locale),
      (data) => ({ products: data.products.map((p) => p.id), listed: scope }),
    );
  }

  private async loadList(query: ProductsQuery, locale: string): Promise<ProductsReply> {
    const db = this.deps.database.replica;
    const flash = await this.catalog.changes.runningFlashPrices();
    const filter: ProductFilter = {
      shopId: query.shop_id,
      categoryId: query.category_id,
      subCategoryId: query.sub_category_id,
      brandId: query.brand_id,
      colorId: query.color_id,
      sizeId: query.size_id,
      rating: query.rating,
      minPrice: query.min_price === undefined ? undefined : toMinor(query.min_price),
      maxPrice: query.max_price === undefined ? undefined : toMinor(query.max_price),
      isDigital: query.is_digital,
      search: query.search || undefined,
    };
    const [{ ids, total, more }, filters] = await Promise.all([
      findProductPage(db, {
        filter,
        sort: query.sort_type,
        locale,
        flash,
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      }),
      this.filters({ shopId: query.shop_id, isDigital: query.is_digital }, locale),
    ]);
    return { total, more, products: await this.catalog.productCards(ids, { locale }), filters };
  }

  private filters(scope: FacetScope, locale: string): Promise<ProductFilters> {
    const key = `${locale}:${scope.shopId ?? ''}:${scope.isDigital ?? ''}`;
    return this.facets.get(key, async () => {
      const db = this.deps.database.replica;
      const [sizes, colors, brands, categories, bounds] = await Promise.all([
        findVariantFacets(db, 'size', scope),
        findVariantFacets(db, 'color', scope),
        findBrandFacets(db, scope),
        findCategoryFacets(db, scope),
        findPriceBounds(db, scope, await this.catalog.changes.runningFlashPrices()),
      ]);
      return {
        sizes: sizes.map((s) => ({
          id: s.id,
          name: translate(s.name, s.translations, locale),
          price: toMoney(s.price),
        })),
        colors: colors.map((c) => ({
          id: c.id,
          name: translate(c.name, c.translations, locale),
          color_code: c.colorCode,
          price: toMoney(c.price),
        })),
        brands: brands.map((b) => ({ id: b.id, name: translate(b.name, b.translations, locale) })),
        categories: categories.map((c) => ({
          id: c.id,
          name: translate(c.name, c.translations, locale),
          slug: c.slug,
        })),
        min_price: toMoney(bounds.min),
        max_price: toMoney(bounds.max),
      };
    });
  }

  /** GET /api/product-details: the product, 6 related (same categories) and 6 more of its shop. */
  details(key: { id?: number; slug?: string }, locale: string): Promise<SharedReply<ProductDetailsReply>> {
    return this.products.get(locale, key, () => this.loadDetails(key, locale));
  }

  private async loadDetails(key: { id?: number; slug?: string }, locale: string): Promise<ProductDetailsReply> {
    const db = this.deps.database.replica;
    const now = this.deps.clock.now();
    const row = await findProductDetailsRow(db, key, locale, now, DETAILS_ROW_SIZE);
    if (!row) throw notFound(msg('Product not found.'));
    const { images, categories, subCategories, flashSale: flash, relatedIds, popularIds } = row;
    const cards = await this.catalog.productCards([...new Set([row.id, ...relatedIds, ...popularIds])], { locale });
    const byId = new Map(cards.map((c) => [c.id, c]));
    const card = byId.get(row.id);
    if (!card) throw notFound(msg('Product not found.'));
    const pick = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
    const named = (list: { id: number; name: string; translations: Record<string, string>; slug: string }[]) =>
      list.map((c) => ({ id: c.id, name: translate(c.name, c.translations, locale), slug: c.slug }));
    return {
      product: {
        ...card,
        short_description: row.translatedShort?.trim() ? row.translatedShort : row.shortDescription,
        description: row.translatedDescription?.trim() ? row.translatedDescription : row.description,
        sku: row.sku,
        thumbnails: images.map((m) => ({ id: m.id, thumbnail: mediaUrl(m.path), width: m.width, height: m.height })),
        categories: named(categories),
        sub_categories: named(subCategories),
        shop: { ...card.shop, total_reviews: row.shopReviewsCount },
        flash_sale: flash
          ? {
              id: flash.id,
              name: flash.name,
              end_date: new Date(flash.ends_at).toISOString(),
              price: toMoney(flash.price),
            }
          : null,
        meta_title: row.metaTitle,
        meta_description: row.metaDescription,
      },
      related_products: pick(relatedIds),
      popular_products: pick(popularIds),
    };
  }

  /** GET /api/shops/popular-products: more from the shop of a product. */
  async shopPopularProducts(productId: number, locale: string) {
    const db = this.deps.database.replica;
    if (!(await this.catalog.isListed(productId))) throw notFound(msg('Product not found.'));
    const ids = await findShopPopularProductIds(db, productId, DETAILS_ROW_SIZE);
    return { products: await this.catalog.productCards(ids, { locale }) };
  }

  /** GET /api/reviews: the star histogram and a page of active reviews, newest first. */
  async reviews(target: ReviewTarget, paging: { page: number; perPage: number }): Promise<ReviewsReply> {
    const { db } = this.deps.database;
    const exists =
      'productId' in target ? await this.catalog.isListed(target.productId, db) : await isActiveShop(db, target.shopId);
    if (!exists) throw notFound('productId' in target ? msg('Product not found.') : msg('Shop not found.'));
    const [histogram, rows] = await Promise.all([
      findReviewHistogram(db, target),
      findReviewRows(db, target, paging.perPage, offsetOf(paging.page, paging.perPage)),
    ]);
    const total = histogram.reduce((sum, h) => sum + h.total, 0);
    return {
      average_rating_percentage: total > 0 ? ratingSummary(histogram, total) : null,
      total,
      reviews: rows.map((r) => ({
        id: r.id,
        customer_name: r.customerName,
        customer_profile: mediaUrl(r.customerPhoto),
        rating: r.rating,
        description: r.description,
        created_at: r.createdAt.toISOString(),
      })),
    };
  }

  /** GET /api/products/search-autocomplete: products first, shops fill the rest up to `limit`. */
  autocomplete(name: string, limit: number, locale: string): Promise<SharedReply<AutocompleteReply>> {
    return this.suggestions.get(locale, [foldSuggestionText(name), limit], () => this.suggest(name, limit, locale));
  }

  private async suggest(name: string, limit: number, locale: string): Promise<AutocompleteReply> {
    if (!foldSuggestionText(name)) return { products: [], shops: [] };
    const db = this.deps.database.replica;
    const products = await findAutocompleteProducts(db, name, locale, limit);
    const shops = await findAutocompleteShops(db, name, limit - products.length);
    return {
      products: products.map((p) => ({
        id: p.id,
        name: p.name,
        slug: p.slug,
        type: 'product' as const,
        thumbnail: mediaUrl(p.thumbnail),
      })),
      shops: shops.map((s) => ({
        id: s.id,
        name: s.name,
        slug: s.slug,
        type: 'shop' as const,
        logo: mediaUrl(s.logo),
      })),
    };
  }
}

function ratingSummary(histogram: { rating: number; total: number }[], total: number): RatingSummary {
  const of = (star: number) => histogram.find((h) => h.rating === star)?.total ?? 0;
  const sum = histogram.reduce((s, h) => s + h.rating * h.total, 0);
  const percent = (star: number) => roundTo((of(star) / total) * 100, 1);
  return {
    rating: roundTo(sum / total, 1),
    total_review: total,
    percentages: { '1': percent(1), '2': percent(2), '3': percent(3), '4': percent(4), '5': percent(5) },
  };
}
