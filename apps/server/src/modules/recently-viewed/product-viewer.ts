import type { ProductDetailsReply } from '@shop/contracts/products';
import type { WishlistService } from '../wishlist/wishlist.service';
import type { RecentlyViewedService } from './recently-viewed.service';

/**
 * What GET /api/product-details adds for a signed-in shopper: the view goes to the front of
 * their recently viewed list, and the hearts show their favourites (one query for all cards).
 */
export class ProductViewer {
  constructor(
    private readonly wishlist: WishlistService,
    private readonly recentlyViewed: RecentlyViewedService,
  ) {}

  async viewed(userId: number, details: ProductDetailsReply): Promise<void> {
    await Promise.all([
      this.recentlyViewed.record(userId, details.product.id),
      this.wishlist.markWishlisted(userId, [details.product, ...details.related_products, ...details.popular_products]),
    ]);
  }
}
