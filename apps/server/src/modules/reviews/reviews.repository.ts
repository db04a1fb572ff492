import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { products, reviews } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import type { Executor } from '../../db/transaction';

export interface NewReview {
  customerId: number;
  productId: number;
  shopId: number;
  orderId: number;
  rating: number;
  description: string;
  now: Date;
}

const reviewColumns = {
  id: reviews.id,
  productId: reviews.productId,
  orderId: reviews.orderId,
  rating: reviews.rating,
  description: reviews.description,
  createdAt: reviews.createdAt,
};

/** Stores the review unless this order's product has one: undefined then (the unique index decides). */
export async function insertReview(db: Executor, review: NewReview) {
  const [row] = await db
    .insert(reviews)
    .values({
      customerId: review.customerId,
      productId: review.productId,
      shopId: review.shopId,
      orderId: review.orderId,
      rating: review.rating,
      description: review.description,
      createdAt: review.now,
    })
    .onConflictDoNothing({ target: [reviews.orderId, reviews.productId], where: isNotNull(reviews.orderId) })
    .returning(reviewColumns);
  return row;
}

export async function findOrderReview(db: Executor, orderId: number, productId: number) {
  const [row] = await db
    .select(reviewColumns)
    .from(reviews)
    .where(and(eq(reviews.orderId, orderId), eq(reviews.productId, productId)));
  return row;
}

/**
 * One more rating in the product's and the shop's average and count, each by one atomic update
 * of its row (two reviews at once both count).
 */
export async function addRating(db: Executor, productId: number, shopId: number, rating: number) {
  await db
    .update(products)
    .set({
      ratingAvg: sql`(${products.ratingAvg} * ${products.reviewsCount} + ${rating}) / (${products.reviewsCount} + 1)`,
      reviewsCount: sql`${products.reviewsCount} + 1`,
    })
    .where(eq(products.id, productId));
  await db
    .update(shops)
    .set({
      ratingAvg: sql`(${shops.ratingAvg} * ${shops.reviewsCount} + ${rating}) / (${shops.reviewsCount} + 1)`,
      reviewsCount: sql`${shops.reviewsCount} + 1`,
    })
    .where(eq(shops.id, shopId));
}
