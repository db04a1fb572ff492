import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isListedProductId } from '../../db/queries/listed-products';
import { wishlistItems } from '../../db/schema/account';

/** Only products shoppers may see count: a hidden product leaves the list and the count. */
const listed = isListedProductId(wishlistItems.productId);

export async function countWishlist(db: Database, userId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), listed));
  return row?.total ?? 0;
}

/** Newest first. */
export async function findWishlistProductIds(db: Database, userId: number, limit: number, offset: number) {
  const rows = await db
    .select({ id: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), listed))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/** Which of `productIds` the user has favourited (for is_favorite on cards). */
export async function findWishlistedAmong(db: Database, userId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, [...productIds])));
  return new Set(rows.map((r) => r.id));
}

/**
 * Adds the favourite, or removes it when it was there. One statement each way, so two taps
 * racing end in one state or the other, never an error.
 */
export async function toggleWishlist(db: Database, userId: number, productId: number, now: Date) {
  const inserted = await db
    .insert(wishlistItems)
    .values({ userId, productId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: wishlistItems.productId });
  if (inserted.length > 0) return true;
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
  return false;
}
