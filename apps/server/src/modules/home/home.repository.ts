import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media } from '../../db/schema/common';
import { ads, banners, flashSaleProducts, flashSales } from '../../db/schema/marketing';
import { isListedProductId } from '../catalog/catalog.repository';

/** Platform banners (not a shop's own slider), in the order set. */
export async function findPlatformBanners(db: Database) {
  return db
    .select({ id: banners.id, title: banners.title, thumbnail: media.path, url: banners.url })
    .from(banners)
    .innerJoin(media, eq(media.id, banners.mediaId))
    .where(and(isNull(banners.shopId), eq(banners.isActive, true)))
    .orderBy(asc(banners.position), asc(banners.id));
}

export async function findLatestAds(db: Database, limit: number) {
  return db
    .select({ id: ads.id, title: ads.title, thumbnail: media.path, url: ads.url })
    .from(ads)
    .innerJoin(media, eq(media.id, ads.mediaId))
    .where(eq(ads.isActive, true))
    .orderBy(desc(ads.createdAt), desc(ads.id))
    .limit(limit);
}

const flashSaleColumns = {
  id: flashSales.id,
  name: flashSales.name,
  thumbnail: media.path,
  discount: flashSales.discount,
  startsAt: flashSales.startsAt,
  endsAt: flashSales.endsAt,
};

/** The sale running at `now` that ends first (its countdown is the most urgent). */
export async function findRunningFlashSale(db: Database, now: Date) {
  const [row] = await db
    .select(flashSaleColumns)
    .from(flashSales)
    .leftJoin(media, eq(media.id, flashSales.mediaId))
    .where(and(eq(flashSales.isActive, true), lte(flashSales.startsAt, now), gt(flashSales.endsAt, now)))
    .orderBy(asc(flashSales.endsAt), asc(flashSales.id))
    .limit(1);
  return row ?? null;
}

/** The next sale to start after `now`. */
export async function findIncomingFlashSale(db: Database, now: Date) {
  const [row] = await db
    .select(flashSaleColumns)
    .from(flashSales)
    .leftJoin(media, eq(media.id, flashSales.mediaId))
    .where(and(eq(flashSales.isActive, true), gt(flashSales.startsAt, now)))
    .orderBy(asc(flashSales.startsAt), asc(flashSales.id))
    .limit(1);
  return row ?? null;
}

/** Listed products of a sale that still have sale stock, best sellers of the sale first. */
export async function findFlashSaleProductIds(db: Database, flashSaleId: number, limit: number) {
  const rows = await db
    .select({ id: flashSaleProducts.productId })
    .from(flashSaleProducts)
    .where(
      and(
        eq(flashSaleProducts.flashSaleId, flashSaleId),
        sql`${flashSaleProducts.quantity} > ${flashSaleProducts.soldQuantity}`,
        isListedProductId(flashSaleProducts.productId),
      ),
    )
    .orderBy(desc(flashSaleProducts.soldQuantity), asc(flashSaleProducts.productId))
    .limit(limit);
  return rows.map((r) => r.id);
}
