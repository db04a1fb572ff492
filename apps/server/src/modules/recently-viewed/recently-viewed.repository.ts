import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isListedProductId } from '../../db/queries/listed-products';
import { recentViews } from '../../db/schema/account';

/** Rows kept per shopper; older views are dropped so the table stays small. */
export const RECENT_VIEWS_KEPT = 50;

/** Moves the product to the front of the shopper's list and trims the list. */
export async function recordView(db: Database, userId: number, productId: number, now: Date) {
  await db
    .insert(recentViews)
    .values({ userId, productId, viewedAt: now })
    .onConflictDoUpdate({ target: [recentViews.userId, recentViews.productId], set: { viewedAt: now } });
  await db.execute(sql`
    delete from ${recentViews} where ${recentViews.userId} = ${userId} and ${recentViews.productId} not in (
      select ${recentViews.productId} from ${recentViews} where ${recentViews.userId} = ${userId}
      order by ${recentViews.viewedAt} desc limit ${RECENT_VIEWS_KEPT}
    )`);
}

/** The most recently viewed products that are still listed, newest first. */
export async function findRecentProductIds(db: Database, userId: number, limit: number) {
  const rows = await db
    .select({ id: recentViews.productId })
    .from(recentViews)
    .where(and(eq(recentViews.userId, userId), isListedProductId(recentViews.productId)))
    .orderBy(desc(recentViews.viewedAt), desc(recentViews.productId))
    .limit(limit);
  return rows.map((r) => r.id);
}
