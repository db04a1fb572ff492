import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { media } from '../../db/schema/common';
import { ads, banners } from '../../db/schema/marketing';

/** Inside its window at `now`: begun (or with no start) and not over (or with no end). */
const shownAt = (t: typeof ads | typeof banners, now: Date) =>
  and(eq(t.isActive, true), or(isNull(t.startsAt), lte(t.startsAt, now)), or(isNull(t.endsAt), gt(t.endsAt, now)));

/** Platform banners (not a shop's own slider) inside their window at `now`, in the order set. */
export async function findPlatformBanners(db: Database, now: Date) {
  return db
    .select({ id: banners.id, title: banners.title, thumbnail: media.path, url: banners.url })
    .from(banners)
    .innerJoin(media, eq(media.id, banners.mediaId))
    .where(and(isNull(banners.shopId), shownAt(banners, now)))
    .orderBy(asc(banners.position), asc(banners.id));
}

/** Ads inside their window at `now`, in the order set (the newest first among equals). */
export async function findLatestAds(db: Database, limit: number, now: Date) {
  return db
    .select({ id: ads.id, title: ads.title, thumbnail: media.path, url: ads.url })
    .from(ads)
    .innerJoin(media, eq(media.id, ads.mediaId))
    .where(shownAt(ads, now))
    .orderBy(asc(ads.position), desc(ads.createdAt), desc(ads.id))
    .limit(limit);
}
