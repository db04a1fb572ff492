import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { favorites } from '../../db/schema/account';
import { isListedProductId } from '../catalog/catalog.repository';

/** Only products shoppers may see count: a hidden product leaves the list and the count. */
const listed = isListedProductId(favorites.productId);

export async function countFavorites(db: Database, userId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), listed));
  return row?.total ?? 0;
}

/** Newest first. */
export async function findFavoriteProductIds(db: Database, userId: number, limit: number, offset: number) {
  const rows = await db
    .select({ id: favorites.productId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), listed))
    .orderBy(desc(favorites.createdAt), desc(favorites.productId))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/** Which of `productIds` the user has favourited (for is_favorite on cards). */
export async function findFavoriteIdsAmong(db: Database, userId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: favorites.productId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.productId, [...productIds])));
  return new Set(rows.map((r) => r.id));
}

/**
 * Adds the favourite, or removes it when it was there. One statement each way, so two taps
 * racing end in one state or the other, never an error.
 */
export async function toggleFavorite(db: Database, userId: number, productId: number, now: Date) {
  const inserted = await db
    .insert(favorites)
    .values({ userId, productId, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: favorites.productId });
  if (inserted.length > 0) return true;
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.productId, productId)));
  return false;
}
