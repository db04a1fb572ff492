import { RECENTLY_VIEWED_LIMIT } from '@shop/contracts/account';
import type { ProductCard } from '@shop/contracts/catalog';
import type { CoreDeps } from '../../deps';
import type { CatalogService } from '../catalog/catalog.service';
import type { WishlistService } from '../wishlist/wishlist.service';
import { findRecentProductIds, recordView } from './recently-viewed.repository';

export class RecentlyViewedService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly catalog: CatalogService,
    private readonly wishlist: WishlistService,
  ) {}

  record(userId: number, productId: number) {
    return recordView(this.deps.database.db, userId, productId, this.deps.clock.now());
  }

  /** The last distinct products the shopper opened (10), newest first, with their hearts. */
  async list(userId: number, locale: string): Promise<ProductCard[]> {
    const { db } = this.deps.database;
    const ids = await findRecentProductIds(db, userId, RECENTLY_VIEWED_LIMIT);
    const wishlistIds = await this.wishlist.wishlistedAmong(userId, ids);
    return this.catalog.productCards(ids, { locale, wishlistIds });
  }
}
