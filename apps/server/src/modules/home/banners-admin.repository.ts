import type { BannerState, Placement } from '@shop/contracts/operator-content';
import { and, asc, count, desc, eq, gt, ilike, isNull, lte, not, or, type SQL, sql } from 'drizzle-orm';
import { media } from '../../db/schema/common';
import { ads, banners } from '../../db/schema/marketing';
import type { Executor } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

/**
 * Banners and ads share their columns (a banner also names the shop whose slider it is; the
 * operator's are those without one): one set of queries serves both, on the placement's table.
 */
const tableOf = (placement: Placement) => (placement === 'ads' ? ads : (banners as unknown as typeof ads));
const ownedBy = (placement: Placement): SQL | undefined =>
  placement === 'banners' ? isNull(banners.shopId) : undefined;

export interface BannerValues {
  title: string;
  url: string | null;
  mediaId: number;
  position: number;
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}

function columnsOf(placement: Placement) {
  const t = tableOf(placement);
  return {
    id: t.id,
    title: t.title,
    url: t.url,
    mediaId: t.mediaId,
    imagePath: media.path,
    position: t.position,
    isActive: t.isActive,
    startsAt: t.startsAt,
    endsAt: t.endsAt,
    createdAt: t.createdAt,
  };
}
export type BannerRow = {
  id: number;
  title: string;
  url: string | null;
  mediaId: number;
  imagePath: string;
  position: number;
  isActive: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
};

/** The rows of one state at `now`: switched off, not begun, over, or shown. */
function stateCondition(placement: Placement, state: BannerState, now: Date): SQL | undefined {
  const t = tableOf(placement);
  const begun = or(isNull(t.startsAt), lte(t.startsAt, now));
  const over = and(sql`${t.endsAt} IS NOT NULL`, lte(t.endsAt, now));
  switch (state) {
    case 'off':
      return eq(t.isActive, false);
    case 'scheduled':
      return and(eq(t.isActive, true), not(begun as SQL));
    case 'ended':
      return and(eq(t.isActive, true), begun, over);
    default:
      return and(eq(t.isActive, true), begun, or(isNull(t.endsAt), gt(t.endsAt, now)));
  }
}

/** A page of the operator's banners or ads, searched by title or link, of one state, sorted. */
export async function findAdminBanners(
  db: Executor,
  placement: Placement,
  query: {
    q?: string | undefined;
    state?: BannerState | undefined;
    sort: 'position' | 'title' | 'starts_at' | 'created_at';
    direction: 'asc' | 'desc';
    now: Date;
  },
  limit: number,
  offset: number,
) {
  const t = tableOf(placement);
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = and(
    ownedBy(placement),
    pattern ? or(ilike(t.title, pattern), ilike(t.url, pattern)) : undefined,
    query.state ? stateCondition(placement, query.state, query.now) : undefined,
  );
  const dir = query.direction === 'desc' ? desc : asc;
  const order =
    query.sort === 'title'
      ? dir(sql`lower(${t.title})`)
      : query.sort === 'starts_at'
        ? dir(sql`coalesce(${t.startsAt}, ${t.createdAt})`)
        : query.sort === 'created_at'
          ? dir(t.createdAt)
          : dir(t.position);
  const [rows, [total]] = await Promise.all([
    db
      .select(columnsOf(placement))
      .from(t)
      .innerJoin(media, eq(media.id, t.mediaId))
      .where(where)
      .orderBy(order, asc(t.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows as BannerRow[] };
}

export async function findAdminBanner(db: Executor, placement: Placement, id: number, lock = false) {
  const t = tableOf(placement);
  const query = db
    .select(columnsOf(placement))
    .from(t)
    .innerJoin(media, eq(media.id, t.mediaId))
    .where(and(eq(t.id, id), ownedBy(placement)));
  const [row] = lock ? await query.for('update', { of: t }) : await query;
  return row as BannerRow | undefined;
}

export async function insertBanner(db: Executor, placement: Placement, values: BannerValues): Promise<number> {
  const t = tableOf(placement);
  const [row] = await db.insert(t).values(values).returning({ id: t.id });
  if (!row) throw new Error('banner insert returned no row');
  return row.id;
}

export async function updateBanner(db: Executor, placement: Placement, id: number, values: BannerValues) {
  const t = tableOf(placement);
  await db.update(t).set(values).where(eq(t.id, id));
}

export async function deleteBanner(db: Executor, placement: Placement, id: number) {
  const t = tableOf(placement);
  await db.delete(t).where(eq(t.id, id));
}

export async function mediaExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: media.id }).from(media).where(eq(media.id, id));
  return row !== undefined;
}

export async function insertMedia(db: Executor, values: { path: string; width: number; height: number }) {
  const [row] = await db.insert(media).values(values).returning({ id: media.id });
  if (!row) throw new Error('media insert returned no row');
  return row.id;
}
