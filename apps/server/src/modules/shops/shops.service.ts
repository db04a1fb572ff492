import type { Category, ProductCard, ShopCard } from '@shop/contracts/catalog';
import { PRODUCTS_PER_PAGE } from '@shop/contracts/constants';
import type { ShopDetails } from '@shop/contracts/shops';
import type { CoreDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import { offsetOf, type Paging } from '../../lib/paging';
import type { CatalogService } from '../catalog/catalog.service';
import {
  countShopCategories,
  countShopProducts,
  countShops,
  findActiveShop,
  findSellerShopId,
  findShopBanners,
  findShopCategoryRows,
  findShopIds,
  findShopProductIds,
  isShopOwner,
  provinceShopIds,
  type ShopFilter,
  type ShopProductFilter,
} from './shops.repository';

/** Shop lists without a per_page show this many (the reference's default). */
export const SHOPS_PER_PAGE = 12;
export const TOP_SHOPS = 10;
/** Categories of one shop are few; without per_page they all come at once. */
const ALL_CATEGORIES = 1000;

export class ShopsService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly catalog: CatalogService,
  ) {}

  /** Whether the user owns the shop (in any state): a seller is never a shopper of their own shop's reviews. */
  owns(userId: number, shopId: number): Promise<boolean> {
    return isShopOwner(this.deps.database.db, shopId, userId);
  }

  /** The active shop a seller runs (the `seller` access policy). */
  sellerShopId(userId: number): Promise<number | null> {
    return findSellerShopId(this.deps.database.db, userId);
  }

  async list(filter: ShopFilter, paging: Paging, locale: string): Promise<{ total: number; shops: ShopCard[] }> {
    const db = this.deps.database.replica;
    const perPage = paging.perPage ?? SHOPS_PER_PAGE;
    const [total, ids] = await Promise.all([
      countShops(db, filter),
      findShopIds(db, filter, perPage, offsetOf(paging.page, perPage)),
    ]);
    return { total, shops: await this.catalog.shopCards(ids, locale) };
  }

  async top(locale: string): Promise<ShopCard[]> {
    return this.catalog.shopCards(await findShopIds(this.deps.database.replica, {}, TOP_SHOPS, 0), locale);
  }

  /** The shop page header; 404 for unknown or inactive shops. */
  async details(slugOrId: string, locale: string): Promise<ShopDetails> {
    const db = this.deps.database.replica;
    const shop = await findActiveShop(db, slugOrId);
    if (!shop) throw notFound(msg('Shop not found.'));
    const [[card], banners] = await Promise.all([
      this.catalog.shopCards([shop.id], locale),
      findShopBanners(db, shop.id),
    ]);
    if (!card) throw notFound(msg('Shop not found.'));
    return {
      ...card,
      description: shop.description,
      address: shop.address,
      opening_time: shop.openingTime,
      closing_time: shop.closingTime,
      banners: banners.map((b) => ({ id: b.id, title: b.title, thumbnail: mediaUrl(b.thumbnail), url: b.url })),
    };
  }

  async categories(shopId: number, locale: string, paging: Paging): Promise<{ total: number; categories: Category[] }> {
    const db = this.deps.database.replica;
    const perPage = paging.perPage ?? ALL_CATEGORIES;
    const [total, rows] = await Promise.all([
      countShopCategories(db, shopId),
      findShopCategoryRows(db, shopId, perPage, offsetOf(paging.page, perPage)),
    ]);
    return { total, categories: await this.catalog.withSubCategories(rows, locale) };
  }

  /** Listed products of some shops, newest first, as cards. */
  async products(
    filter: ShopProductFilter,
    locale: string,
    paging: Paging,
  ): Promise<{ total: number; products: ProductCard[] }> {
    const db = this.deps.database.replica;
    const perPage = paging.perPage ?? PRODUCTS_PER_PAGE;
    const [total, ids] = await Promise.all([
      countShopProducts(db, filter),
      findShopProductIds(db, filter, perPage, offsetOf(paging.page, perPage)),
    ]);
    return { total, products: await this.catalog.productCards(ids, { locale }) };
  }

  /** Listed products of a province's active shops, newest first, as cards. */
  provinceProducts(provinceId: number, locale: string, paging: Paging) {
    return this.products({ shopIds: provinceShopIds(provinceId) }, locale, paging);
  }

  /** GET /api/shops/{slugOrId}/products: 404 for unknown shops. */
  async shopProducts(
    slugOrId: string,
    query: { search?: string; categoryId?: number },
    locale: string,
    paging: Paging,
  ) {
    const shop = await findActiveShop(this.deps.database.replica, slugOrId);
    if (!shop) throw notFound(msg('Shop not found.'));
    return this.products({ shopIds: [shop.id], ...query }, locale, paging);
  }
}
