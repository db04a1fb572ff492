import type { WishlistProductsReply, WishlistToggleReply } from '@shop/contracts/account';
import { MAX_PER_PAGE } from '@shop/contracts/constants';
import type { CoreDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { offsetOf } from '../../lib/paging';
import type { CatalogService } from '../catalog/catalog.service';
import { countWishlist, findWishlistedAmong, findWishlistProductIds, toggleWishlist } from './wishlist.repository';

export class WishlistService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly catalog: CatalogService,
  ) {}

  /** POST /api/favorite-add-or-remove. */
  async toggle(
    userId: number,
    productId: number,
    locale: string,
  ): Promise<WishlistToggleReply['data'] & { added: boolean }> {
    const { db } = this.deps.database;
    if (!(await this.catalog.isListed(productId, db))) throw notFound(msg('Product not found.'));
    const added = await toggleWishlist(db, userId, productId, this.deps.clock.now());
    const [[product], total] = await Promise.all([
      this.catalog.productCards([productId], { locale, wishlistIds: new Set(added ? [productId] : []), db }),
      countWishlist(db, userId),
    ]);
    if (!product) throw notFound(msg('Product not found.'));
    return { product, total, added };
  }

  /** GET /api/favorite-products: newest first; without per_page, the first 100. */
  async list(
    userId: number,
    paging: { page: number; perPage?: number },
    locale: string,
  ): Promise<WishlistProductsReply['data']> {
    const { db } = this.deps.database;
    const limit = paging.perPage ?? MAX_PER_PAGE;
    const [total, ids] = await Promise.all([
      countWishlist(db, userId),
      findWishlistProductIds(db, userId, limit, offsetOf(paging.page, limit)),
    ]);
    const products = await this.catalog.productCards(ids, { locale, wishlistIds: new Set(ids), db });
    return { total, products };
  }

  count(userId: number) {
    return countWishlist(this.deps.database.db, userId);
  }

  /** Ids of every favourite (listed ones), for the hearts on cards served alike to everyone. */
  ids(userId: number) {
    return findWishlistProductIds(this.deps.database.db, userId, 10_000, 0);
  }

  /** Which of these products are among the user's favourites. */
  wishlistedAmong(userId: number, productIds: readonly number[]): Promise<Set<number>> {
    return findWishlistedAmong(this.deps.database.db, userId, productIds);
  }

  /** Sets is_favorite on cards of a reply built for everyone, for a signed-in viewer. */
  async markWishlisted<T extends { id: number; is_favorite: boolean }>(userId: number, cards: T[]): Promise<void> {
    const favourites = await this.wishlistedAmong(
      userId,
      cards.map((c) => c.id),
    );
    for (const card of cards) card.is_favorite = favourites.has(card.id);
  }
}
