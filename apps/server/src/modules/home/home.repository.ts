import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media } from '../../db/schema/common';
import { ads, banners } from '../../db/schema/marketing';

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
