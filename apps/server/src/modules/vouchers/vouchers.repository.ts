import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/client';
import { couponCollects, couponShops, coupons, orders } from '../../db/schema/orders';
import { shops } from '../../db/schema/shops';
import type { Executor } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

export type CouponRow = typeof coupons.$inferSelect;

/** Active, inside its window at `now`, and not used up. */
function usable(now: Date | Placeholder): SQL {
  const at = now instanceof Date ? now.toISOString() : now;
  return and(
    eq(coupons.isActive, true),
    sql`${coupons.startsAt} <= ${at}::timestamptz`,
    sql`${coupons.expiresAt} > ${at}::timestamptz`,
    sql`(${coupons.totalLimit} is null or ${coupons.usedCount} < ${coupons.totalLimit})`,
  ) as SQL;
}

/** A shop's own vouchers, and the platform's vouchers assigned to it. */
function forShop(shopId: number): SQL {
  return or(
    eq(coupons.shopId, shopId),
    and(
      isNull(coupons.shopId),
      sql`exists (select 1 from ${couponShops} cs where cs.coupon_id = ${coupons.id} and cs.shop_id = ${shopId})`,
    ),
  ) as SQL;
}

export interface VoucherListRow extends CouponRow {
  shopName: string | null;
  isCollected: boolean;
}

const listColumns = (userId: number | null) => ({
  coupon: coupons,
  shopName: shops.name,
  isCollected:
    userId === null
      ? sql<boolean>`false`
      : sql<boolean>`exists (select 1 from ${couponCollects} cc where cc.coupon_id = ${coupons.id} and cc.user_id = ${userId})`,
});

/** The usable vouchers of a shop at `now`, soonest to expire first, with whether the user collected each. */
export async function findShopVouchers(
  db: Executor,
  shopId: number,
  userId: number | null,
  now: Date,
): Promise<VoucherListRow[]> {
  const rows = await db
    .select(listColumns(userId))
    .from(coupons)
    .leftJoin(shops, eq(shops.id, coupons.shopId))
    .where(and(usable(now), forShop(shopId)))
    .orderBy(asc(coupons.expiresAt), asc(coupons.id))
    .limit(100);
  return rows.map((r) => ({ ...r.coupon, shopName: r.shopName, isCollected: r.isCollected }));
}

/** The usable vouchers the user collected, of one shop (its own and assigned platform ones) or all. */
export async function findCollectedVouchers(
  db: Executor,
  userId: number,
  shopId: number | null,
  now: Date,
): Promise<VoucherListRow[]> {
  const rows = await db
    .select(listColumns(userId))
    .from(coupons)
    .innerJoin(couponCollects, and(eq(couponCollects.couponId, coupons.id), eq(couponCollects.userId, userId)))
    .leftJoin(shops, eq(shops.id, coupons.shopId))
    .where(and(usable(now), shopId === null ? undefined : forShop(shopId)))
    .orderBy(asc(couponCollects.createdAt), asc(coupons.id))
    .limit(100);
  return rows.map((r) => ({ ...r.coupon, shopName: r.shopName, isCollected: true }));
}

export async function findCouponById(db: Executor, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** The usable voucher with this code (codes are unique whatever their case). */
export async function findUsableCouponByCode(db: Executor, code: string, now: Date): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(sql`lower(${coupons.code}) = lower(${code})`, usable(now)));
  return row;
}

/** The shops (of `shopIds`) a platform voucher is assigned to. */
export async function findAssignedShops(db: Executor, couponId: number, shopIds: readonly number[]) {
  if (shopIds.length === 0) return new Set<number>();
  const rows = await db
    .select({ shopId: couponShops.shopId })
    .from(couponShops)
    .where(and(eq(couponShops.couponId, couponId), inArray(couponShops.shopId, [...shopIds])));
  return new Set(rows.map((r) => r.shopId));
}

// Built once per database: every checkout preview and placement asks it.
const collectedForShopsQuery = preparedPerDatabase((db) =>
  db
    .select({
      coupon: coupons,
      shopId: sql<number>`coalesce(${coupons.shopId}, cs.shop_id)`,
    })
    .from(coupons)
    .innerJoin(
      couponCollects,
      and(eq(couponCollects.couponId, coupons.id), eq(couponCollects.userId, sql.placeholder('userId'))),
    )
    .leftJoin(sql`${couponShops} cs`, sql`cs.coupon_id = ${coupons.id} and ${coupons.shopId} is null`)
    .where(
      and(
        usable(sql.placeholder('at')),
        sql`coalesce(${coupons.shopId}, cs.shop_id) = any(${sql.placeholder('shopIds')}::int[])`,
      ),
    )
    .orderBy(asc(couponCollects.createdAt), asc(coupons.id))
    .prepare('collected_vouchers'),
);

/** The usable collected vouchers of the user for each of `shopIds`, keyed by shop. */
export async function findCollectedForShops(db: Executor, userId: number, shopIds: readonly number[], now: Date) {
  const byShop = new Map<number, CouponRow[]>();
  if (shopIds.length === 0) return byShop;
  const rows = await collectedForShopsQuery(db).execute({ userId, shopIds: [...shopIds], at: now.toISOString() });
  for (const row of rows) {
    const list = byShop.get(row.shopId) ?? [];
    list.push(row.coupon);
    byShop.set(row.shopId, list);
  }
  return byShop;
}

/** How many of the user's orders (not cancelled) used each voucher. */
export async function countUserCouponOrders(db: Executor, userId: number, couponIds: readonly number[]) {
  const uses = new Map<number, number>();
  if (couponIds.length === 0) return uses;
  const rows = await db
    .select({ couponId: orders.couponId, uses: count() })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), inArray(orders.couponId, [...couponIds]), ne(orders.orderStatus, 'Cancelled')),
    )
    .groupBy(orders.couponId);
  for (const r of rows) if (r.couponId !== null) uses.set(r.couponId, r.uses);
  return uses;
}

/** Collects once: false when the user had already collected it (the primary key decides, even in a race). */
export async function collectCoupon(db: Executor, userId: number, couponId: number, now: Date): Promise<boolean> {
  const rows = await db
    .insert(couponCollects)
    .values({ userId, couponId, createdAt: now })
    .onConflictDoNothing()
    .returning({ couponId: couponCollects.couponId });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The shop's own vouchers (the Seller Centre)

export type VoucherState = 'active' | 'scheduled' | 'ended';

/** Where a voucher stands at `now`: ended early or run out of time, not yet started, or running. */
function stateCondition(state: VoucherState, now: Date): SQL {
  const at = now.toISOString();
  switch (state) {
    case 'ended':
      return sql`(not ${coupons.isActive} or ${coupons.expiresAt} <= ${at}::timestamptz)`;
    case 'scheduled':
      return sql`(${coupons.isActive} and ${coupons.startsAt} > ${at}::timestamptz)`;
    default:
      return and(
        eq(coupons.isActive, true),
        sql`${coupons.startsAt} <= ${at}::timestamptz`,
        sql`${coupons.expiresAt} > ${at}::timestamptz`,
      ) as SQL;
  }
}

const ownColumns = {
  coupon: coupons,
  collectedCount:
    sql<number>`(select count(*)::int from ${couponCollects} cc where cc.coupon_id = ${coupons.id})`.mapWith(Number),
};

export interface OwnVoucherRow extends CouponRow {
  collectedCount: number;
}

/** A page of the shop's own vouchers (optionally in one state at `now`), newest first. */
export async function findOwnVouchers(
  db: Executor,
  shopId: number,
  filter: { state?: VoucherState | undefined; now: Date },
  limit: number,
  offset: number,
): Promise<OwnVoucherRow[]> {
  const rows = await db
    .select(ownColumns)
    .from(coupons)
    .where(and(eq(coupons.shopId, shopId), filter.state ? stateCondition(filter.state, filter.now) : undefined))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r.coupon, collectedCount: r.collectedCount }));
}

export async function countOwnVouchers(
  db: Executor,
  shopId: number,
  filter: { state?: VoucherState | undefined; now: Date },
) {
  const [row] = await db
    .select({ total: count() })
    .from(coupons)
    .where(and(eq(coupons.shopId, shopId), filter.state ? stateCondition(filter.state, filter.now) : undefined));
  return row?.total ?? 0;
}

/** One of the shop's own vouchers; undefined for another shop's or the platform's. */
export async function findOwnVoucher(
  db: Executor,
  shopId: number | null,
  id: number,
  lock = false,
): Promise<OwnVoucherRow | undefined> {
  const query = db
    .select(ownColumns)
    .from(coupons)
    .where(and(eq(coupons.id, id), ownedBy(shopId)));
  // With `lock`, the voucher's row stays locked (FOR UPDATE) until the transaction `db` ends.
  const [row] = lock ? await query.for('update') : await query;
  return row ? { ...row.coupon, collectedCount: row.collectedCount } : undefined;
}

export type VoucherValues = Pick<
  typeof coupons.$inferInsert,
  | 'code'
  | 'discountType'
  | 'discount'
  | 'minOrderAmount'
  | 'maxDiscountAmount'
  | 'limitForUser'
  | 'totalLimit'
  | 'startsAt'
  | 'expiresAt'
>;

/** The shop's own vouchers, or the platform's (shop id null). */
const ownedBy = (shopId: number | null): SQL => (shopId === null ? isNull(coupons.shopId) : eq(coupons.shopId, shopId));

export async function insertShopVoucher(db: Executor, shopId: number | null, values: VoucherValues, now: Date) {
  const [row] = await db
    .insert(coupons)
    .values({ ...values, shopId, createdAt: now })
    .returning({ id: coupons.id });
  if (!row) throw new Error('voucher insert returned no row');
  return row.id;
}

/**
 * Changes one of the shop's active vouchers; the total limit may not fall below the orders that
 * already used it (checked in the same statement, so a placement in between is counted). False
 * when nothing was changed.
 */
export async function updateShopVoucher(db: Executor, shopId: number | null, id: number, values: VoucherValues) {
  const rows = await db
    .update(coupons)
    .set(values)
    .where(
      and(
        eq(coupons.id, id),
        ownedBy(shopId),
        eq(coupons.isActive, true),
        values.totalLimit === null || values.totalLimit === undefined
          ? undefined
          : sql`${coupons.usedCount} <= ${values.totalLimit}`,
      ),
    )
    .returning({ id: coupons.id });
  return rows.length > 0;
}

/** Ends one of the shop's vouchers now: no longer usable, its end brought forward. False when already ended. */
export async function endShopVoucher(db: Executor, shopId: number | null, id: number, now: Date) {
  const at = now.toISOString();
  const rows = await db
    .update(coupons)
    .set({ isActive: false, expiresAt: sql`least(${coupons.expiresAt}, ${at}::timestamptz)` })
    .where(
      and(
        eq(coupons.id, id),
        ownedBy(shopId),
        eq(coupons.isActive, true),
        sql`${coupons.expiresAt} > ${at}::timestamptz`,
      ),
    )
    .returning({ id: coupons.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The platform's vouchers (the operator) and the shops they reach

export async function findPlatformVouchers(
  db: Executor,
  filter: { q?: string | undefined; state?: VoucherState | undefined; now: Date },
  limit: number,
  offset: number,
): Promise<OwnVoucherRow[]> {
  const rows = await db
    .select(ownColumns)
    .from(coupons)
    .where(platformWhere(filter))
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r.coupon, collectedCount: r.collectedCount }));
}

function platformWhere(filter: { q?: string | undefined; state?: VoucherState | undefined; now: Date }) {
  return and(
    isNull(coupons.shopId),
    filter.state ? stateCondition(filter.state, filter.now) : undefined,
    filter.q ? ilike(coupons.code, containsPattern(filter.q)) : undefined,
  );
}

export async function countPlatformVouchers(
  db: Executor,
  filter: { q?: string | undefined; state?: VoucherState | undefined; now: Date },
) {
  const [row] = await db.select({ total: count() }).from(coupons).where(platformWhere(filter));
  return row?.total ?? 0;
}

/** The shops each of these vouchers reaches, by voucher. */
export async function findCouponShops(db: Executor, couponIds: readonly number[]) {
  const bySale = new Map<number, { id: number; name: string }[]>();
  if (couponIds.length === 0) return bySale;
  const rows = await db
    .select({ couponId: couponShops.couponId, id: shops.id, name: shops.name })
    .from(couponShops)
    .innerJoin(shops, eq(shops.id, couponShops.shopId))
    .where(inArray(couponShops.couponId, [...couponIds]))
    .orderBy(asc(shops.name), asc(shops.id));
  for (const r of rows) bySale.set(r.couponId, [...(bySale.get(r.couponId) ?? []), { id: r.id, name: r.name }]);
  return bySale;
}

export async function findShopIdsAmong(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(inArray(shops.id, [...ids]));
  return rows.map((r) => r.id);
}

export async function replaceCouponShops(db: Executor, couponId: number, shopIds: readonly number[]) {
  await db.delete(couponShops).where(eq(couponShops.couponId, couponId));
  if (shopIds.length > 0) await db.insert(couponShops).values(shopIds.map((shopId) => ({ couponId, shopId })));
}
