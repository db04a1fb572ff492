import { ErrorCode } from '@shop/contracts/errors';
import type { ProductReviewReply } from '@shop/contracts/orders';
import { transaction } from '../../db/transaction';
import type { CoreDeps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { type Message, msg } from '../../lib/messages';
import { addRating, findOrderReview, insertReview } from './reviews.repository';

type ReviewView = ProductReviewReply['data']['review'];

function view(row: NonNullable<Awaited<ReturnType<typeof findOrderReview>>>): ReviewView {
  return {
    id: row.id,
    product_id: row.productId,
    order_id: row.orderId ?? 0,
    rating: row.rating,
    description: row.description,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Product reviews written by shoppers: only for a product
 * of one of the caller's Delivered orders, never of the caller's own shop, once per product per order (a repeat, even a
 * concurrent one, returns the first). The product's and shop's rating and count move with it, and
 * the catalogue's version with them, so the product page shows it at once.
 */
export class ReviewsService {
  constructor(
    private readonly deps: Pick<CoreDeps, 'database' | 'clock'>,
    private readonly shops: { owns(userId: number, shopId: number): Promise<boolean> },
    private readonly orders: {
      owns(userId: number, orderId: number): Promise<boolean>;
      deliveredProductOrder(userId: number, orderId: number, productId: number): Promise<{ shopId: number } | null>;
    },
  ) {}

  async create(
    userId: number,
    input: { order_id: number; product_id: number; rating: number; description: string },
  ): Promise<{ review: ReviewView; message: Message }> {
    const { db } = this.deps.database;
    if (!(await this.orders.owns(userId, input.order_id))) throw notFound(msg('Order not found.'));
    // Delivered is final, so this holds for the transaction below.
    const order = await this.orders.deliveredProductOrder(userId, input.order_id, input.product_id);
    if (!order) {
      throw new AppError(422, ErrorCode.ValidationFailed, msg('You can review a product once its order is delivered.'));
    }
    // A seller who bought from their own shop would be rating themselves.
    if (await this.shops.owns(userId, order.shopId)) {
      throw new AppError(422, ErrorCode.ValidationFailed, msg('You cannot review a product of your own shop.'));
    }
    return transaction(db, async (tx) => {
      const made = await insertReview(tx, {
        customerId: userId,
        productId: input.product_id,
        shopId: order.shopId,
        orderId: input.order_id,
        rating: input.rating,
        description: input.description,
        now: this.deps.clock.now(),
      });
      if (!made) {
        const existing = await findOrderReview(tx, input.order_id, input.product_id);
        if (!existing) throw new Error('the review was neither stored nor found');
        return { review: view(existing), message: msg('You have already reviewed this product.') };
      }
      await addRating(tx, input.product_id, order.shopId, input.rating);
      return { review: view(made), message: msg('Thank you for your review!') };
    });
  }
}
