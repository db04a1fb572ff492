import type { Dashboard } from '@shop/contracts/account';
import type { AddressesService } from '../addresses/addresses.service';
import type { CartService } from '../cart/cart.service';
import type { OrdersService } from '../orders/orders.service';
import type { RecentlyViewedService } from '../recently-viewed/recently-viewed.service';
import type { WishlistService } from '../wishlist/wishlist.service';

/** The account dashboard's cards in one call. */
export class DashboardService {
  constructor(
    private readonly addresses: AddressesService,
    private readonly wishlist: WishlistService,
    private readonly recentlyViewed: RecentlyViewedService,
    private readonly cart: CartService,
    private readonly orders: OrdersService,
  ) {}

  async summary(userId: number, locale: string): Promise<Dashboard> {
    const [wishlist, recentlyViewed, defaultAddress, cartProducts, orders] = await Promise.all([
      this.wishlist.count(userId),
      this.recentlyViewed.list(userId, locale),
      this.addresses.defaultAddress(userId),
      this.cart.count(userId),
      this.orders.figures(userId),
    ]);
    return {
      on_going_orders: orders.onGoing,
      cart_products: cartProducts,
      wishlist_products: wishlist,
      ordered_products: orders.ordered,
      recently_viewed: recentlyViewed,
      default_address: defaultAddress,
    };
  }
}
