import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media } from '../../db/schema/common';
import { reviews } from '../../db/schema/products';
import { users } from '../../db/schema/users';

export type ReviewTarget = { productId: number } | { shopId: number };

function reviewConditions(target: ReviewTarget): SQL {
  const of = 'productId' in target ? eq(reviews.productId, target.productId) : eq(reviews.shopId, target.shopId);
  return and(of, eq(reviews.isActive, true)) as SQL;
}

/** Count of active reviews per star. */
export async function findReviewHistogram(db: Database, target: ReviewTarget) {
  return db
    .select({ rating: reviews.rating, total: count() })
    .from(reviews)
    .where(reviewConditions(target))
    .groupBy(reviews.rating);
}

export async function findReviewRows(db: Database, target: ReviewTarget, limit: number, offset: number) {
  return db
    .select({
      id: reviews.id,
      customerName: users.name,
      customerPhoto: media.path,
      rating: reviews.rating,
      description: reviews.description,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.customerId))
    .leftJoin(media, eq(media.id, users.photoId))
    .where(reviewConditions(target))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

// ---------------------------------------------------------------------------------------------
// Autocomplete
