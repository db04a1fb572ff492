import type { APIRequestContext } from '@playwright/test';

/** What place-order answers with: the payment and its orders (one per shop). */
export interface Placement {
  id: string;
  orders: { id: number; order_code: string }[];
}

/**
 * Buys one product now as the signed-in shopper (through the API) and places the order: its
 * payment. A buy-now line is one per shopper: when specs on two workers buy now as the same
 * shopper, the other's can replace or consume this one between adding and placing ("Sorry shop
 * cart is empty"), so that answer is tried again.
 */
export async function placeBuyNow(
  shopper: APIRequestContext,
  order: {
    product: { id: number; shop: { id: number } };
    addressId: number;
    quantity?: number;
    paymentMethod?: 'cash' | 'sandbox';
  },
): Promise<Placement> {
  for (let attempt = 1; ; attempt++) {
    const added = await shopper.post('/api/cart/store', {
      data: {
        product_id: order.product.id,
        ...(order.quantity === undefined ? {} : { quantity: order.quantity }),
        is_buy_now: true,
      },
    });
    if (!added.ok()) throw new Error(`buy now answered ${added.status()}: ${await added.text()}`);
    const placed = await shopper.post('/api/place-order', {
      headers: { 'idempotency-key': `e2e-${Date.now()}-${Math.random()}` },
      data: {
        shop_ids: [order.product.shop.id],
        address_id: order.addressId,
        payment_method: order.paymentMethod ?? 'cash',
        is_buy_now: true,
      },
    });
    const body = await placed.text();
    if (placed.ok()) return (JSON.parse(body) as { data: { payment: Placement } }).data.payment;
    if (attempt === 5 || !body.includes('CART_EMPTY'))
      throw new Error(`place-order answered ${placed.status()}: ${body}`);
  }
}

/** Moves the shopper's order to Delivered through the development route (APP_ENV=local), as its shop would. */
export async function deliver(shopper: APIRequestContext, orderId: number) {
  for (const status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered']) {
    const moved = await shopper.post(`/api/dev/orders/${orderId}/status`, { data: { status } });
    if (!moved.ok()) throw new Error(`moving the order to ${status} answered ${moved.status()}: ${await moved.text()}`);
  }
}
