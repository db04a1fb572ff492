import type { Voucher } from '@shop/contracts/cart';
import { ErrorCode } from '@shop/contracts/errors';
import type {
  PlatformVoucher,
  platformVoucherInputSchema,
  platformVouchersQuerySchema,
} from '@shop/contracts/operator-promotions';
import {
  SELLER_VOUCHERS_PER_PAGE,
  type SellerVoucher,
  type sellerVoucherInputSchema,
} from '@shop/contracts/seller-vouchers';
import type { z } from 'zod';
import { type Executor, transaction, uniqueViolation } from '../../db/transaction';
import type { CoreDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { AppError, conflict, FieldErrors, notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { toMinor, toMoney } from '../../lib/money';
import { offsetOf } from '../../lib/paging';
import { type VoucherTerms, voucherDiscount } from '../../lib/pricing';
import {
  type CouponRow,
  collectCoupon,
  countOwnVouchers,
  countPlatformVouchers,
  countUserCouponOrders,
  endShopVoucher,
  findAssignedShops,
  findCollectedForShops,
  findCollectedVouchers,
  findCouponById,
  findCouponShops,
  findOwnVoucher,
  findOwnVouchers,
  findPlatformVouchers,
  findShopIdsAmong,
  findShopVouchers,
  findUsableCouponByCode,
  insertShopVoucher,
  type OwnVoucherRow,
  replaceCouponShops,
  updateShopVoucher,
  type VoucherListRow,
  type VoucherState,
  type VoucherValues,
} from './vouchers.repository';

/** A voucher chosen for one shop's order, with the discount it gives there. */
export interface AppliedVoucher {
  coupon: CouponRow;
  discount: number;
}

export const voucherTerms = (c: CouponRow): VoucherTerms => ({
  discountType: c.discountType,
  discount: c.discountType === 'Amount' ? Math.round(c.discount) : c.discount,
  minOrderAmount: c.minOrderAmount,
  maxDiscountAmount: c.maxDiscountAmount,
});

function toVoucher(row: VoucherListRow): Voucher {
  return {
    id: row.id,
    voucher_type: row.shopId === null ? 'Admin Voucher' : 'Shop Voucher',
    code: row.code,
    discount_type: row.discountType,
    discount: row.discountType === 'Amount' ? toMoney(row.discount) : row.discount,
    min_order_amount: toMoney(row.minOrderAmount),
    max_discount_amount: row.maxDiscountAmount === null ? null : toMoney(row.maxDiscountAmount),
    limit_for_user: row.limitForUser,
    shop_id: row.shopId,
    shop_name: row.shopName,
    started_at: row.startsAt.toISOString(),
    validity: row.expiresAt.toISOString(),
    is_collected: row.isCollected,
  };
}

/**
 * Vouchers: listed per shop, collected once, then
 * applied automatically at checkout; or typed as a code, which applies without collecting.
 */
export class VouchersService {
  constructor(private readonly deps: CoreDeps) {}

  /** GET /api/get-vouchers: the shop's usable vouchers. */
  async list(shopId: number, userId: number | null): Promise<Voucher[]> {
    const rows = await findShopVouchers(this.deps.database.db, shopId, userId, this.deps.clock.now());
    return rows.map(toVoucher);
  }

  /** GET /get-collected-vouchers. */
  async collected(userId: number, shopId: number | null): Promise<Voucher[]> {
    const rows = await findCollectedVouchers(this.deps.database.db, userId, shopId, this.deps.clock.now());
    return rows.map(toVoucher);
  }

  /** POST /vouchers-collect: once per user; an expired or unknown voucher is 404. */
  async collect(userId: number, couponId: number): Promise<Voucher> {
    const { db } = this.deps.database;
    const now = this.deps.clock.now();
    const coupon = await findCouponById(db, couponId);
    if (!coupon?.isActive || coupon.startsAt > now || coupon.expiresAt <= now) {
      throw notFound(msg('Voucher not found.'));
    }
    if (!(await collectCoupon(db, userId, couponId, now))) throw conflict(msg('Voucher already collected'));
    const [row] = (await findCollectedVouchers(db, userId, coupon.shopId, now)).filter((v) => v.id === couponId);
    if (!row) throw notFound(msg('Voucher not found.'));
    return toVoucher(row);
  }

  /**
   * The voucher each shop's order gets. A typed code applies to every shop it is valid for;
   * without one, the collected voucher giving the biggest discount (the earliest collected on a
   * tie). A voucher must be usable now, within the user's limit, and reach its minimum spend.
   * `codeApplied` tells whether a typed code gave any discount. `anyCollected: false` (the user
   * holds no collected voucher, read with the lines) spares looking them up.
   */
  async choose(
    db: Executor,
    input: {
      userId: number;
      subtotals: ReadonlyMap<number, number>;
      couponCode: string | null;
      anyCollected?: boolean;
      now: Date;
    },
  ): Promise<{ applied: Map<number, AppliedVoucher>; codeApplied: boolean }> {
    const shopIds = [...input.subtotals.keys()];
    const candidates = new Map<number, CouponRow[]>();
    if (input.couponCode) {
      const coupon = await findUsableCouponByCode(db, input.couponCode, input.now);
      if (coupon) {
        const assigned = coupon.shopId === null ? await findAssignedShops(db, coupon.id, shopIds) : new Set<number>();
        for (const shopId of shopIds) {
          if (coupon.shopId === shopId || assigned.has(shopId)) candidates.set(shopId, [coupon]);
        }
      }
    } else if (input.anyCollected !== false) {
      for (const [shopId, list] of await findCollectedForShops(db, input.userId, shopIds, input.now)) {
        candidates.set(shopId, list);
      }
    }
    const couponIds = [...new Set([...candidates.values()].flat().map((c) => c.id))];
    const uses = await countUserCouponOrders(db, input.userId, couponIds);
    const applied = new Map<number, AppliedVoucher>();
    for (const [shopId, list] of candidates) {
      const subtotal = input.subtotals.get(shopId) ?? 0;
      let best: AppliedVoucher | null = null;
      for (const coupon of list) {
        if ((uses.get(coupon.id) ?? 0) >= coupon.limitForUser) continue;
        const discount = voucherDiscount(voucherTerms(coupon), subtotal);
        if (discount > 0 && (!best || discount > best.discount)) best = { coupon, discount };
      }
      if (best) {
        applied.set(shopId, best);
        // One checkout may use a voucher for several shops: each order counts against the limit.
        uses.set(best.coupon.id, (uses.get(best.coupon.id) ?? 0) + 1);
      }
    }
    return { applied, codeApplied: input.couponCode !== null && applied.size > 0 };
  }

  // -------------------------------------------------------------------------------------------
  // The shop's own vouchers (the Seller Centre). They are rows of the same table the checkout
  // reads, so `choose` above and place_order apply them by the one set of rules.

  /** GET /api/seller/vouchers: the shop's own vouchers, newest first, optionally in one state. */
  async shopVouchers(
    shopId: number,
    query: { page: number; per_page?: number | undefined; state?: VoucherState | undefined },
  ) {
    const { db } = this.deps.database;
    const now = this.deps.clock.now();
    const perPage = query.per_page ?? SELLER_VOUCHERS_PER_PAGE;
    const filter = { state: query.state, now };
    const [total, rows] = await Promise.all([
      countOwnVouchers(db, shopId, filter),
      findOwnVouchers(db, shopId, filter, perPage, offsetOf(query.page, perPage)),
    ]);
    return { total, vouchers: rows.map((r) => toSellerVoucher(r, now)) };
  }

  /** One of the shop's own vouchers; 404 for another shop's or the platform's. With `lock`, locked in the transaction `db`. */
  async shopVoucher(
    shopId: number,
    id: number,
    db: Executor = this.deps.database.db,
    lock = false,
  ): Promise<SellerVoucher> {
    const row = await findOwnVoucher(db, shopId, id, lock);
    if (!row) throw notFound(VOUCHER_NOT_FOUND);
    return toSellerVoucher(row, this.deps.clock.now());
  }

  /** POST /api/seller/vouchers. */
  async createShopVoucher(
    shopId: number,
    input: z.output<typeof sellerVoucherInputSchema>,
    audited?: AuditSink,
  ): Promise<SellerVoucher> {
    const now = this.deps.clock.now();
    const values = voucherValues(input);
    if (values.expiresAt <= now) throw new FieldErrors({ expires_at: [msg('The voucher must end in the future.')] });
    return withUniqueCode(() =>
      transaction(this.deps.database.db, async (tx) => {
        const voucher = await this.shopVoucher(shopId, await insertShopVoucher(tx, shopId, values, now), tx);
        await audited?.(tx, { kind: 'voucher', action: 'create', recordId: voucher.id, after: voucher });
        return voucher;
      }),
    );
  }

  /**
   * PUT /api/seller/vouchers/{id}: the whole voucher again. An ended voucher stays ended; the
   * total limit may not fall below the orders that used it.
   */
  async updateShopVoucher(
    shopId: number,
    id: number,
    input: z.output<typeof sellerVoucherInputSchema>,
    audited?: AuditSink,
  ): Promise<SellerVoucher> {
    const values = voucherValues(input);
    return withUniqueCode(() =>
      transaction(this.deps.database.db, async (tx) => {
        const current = await findOwnVoucher(tx, shopId, id, true);
        if (!current) throw notFound(VOUCHER_NOT_FOUND);
        if (!current.isActive) throw endedVoucher();
        const tooFew = () =>
          new FieldErrors({
            total_limit: [
              msg('The total limit may not be less than the {{count}} orders that used the voucher.', {
                count: current.usedCount,
              }),
            ],
          });
        if (values.totalLimit !== null && values.totalLimit !== undefined && values.totalLimit < current.usedCount) {
          throw tooFew();
        }
        if (!(await updateShopVoucher(tx, shopId, id, values))) throw tooFew();
        const voucher = await this.shopVoucher(shopId, id, tx);
        await audited?.(tx, {
          kind: 'voucher',
          action: 'update',
          recordId: id,
          before: toSellerVoucher(current, this.deps.clock.now()),
          after: voucher,
        });
        return voucher;
      }),
    );
  }

  // -------------------------------------------------------------------------------------------
  // The platform's vouchers (the operator): rows of the same table with no shop, reaching the
  // shops in coupon_shops; `choose` and place_order apply them by the same rules.

  /** GET /api/operator/vouchers. */
  async platformVouchers(query: z.output<typeof platformVouchersQuerySchema>) {
    const { db } = this.deps.database;
    const now = this.deps.clock.now();
    const perPage = query.per_page ?? PLATFORM_VOUCHERS_PER_PAGE;
    const filter = { q: query.q, state: query.state, now };
    const [total, rows] = await Promise.all([
      countPlatformVouchers(db, filter),
      findPlatformVouchers(db, filter, perPage, offsetOf(query.page, perPage)),
    ]);
    const reach = await findCouponShops(
      db,
      rows.map((r) => r.id),
    );
    return { total, vouchers: rows.map((r) => ({ ...toSellerVoucher(r, now), shops: reach.get(r.id) ?? [] })) };
  }

  /** One platform voucher; 404 for a shop's. With `lock`, locked in the transaction `db`. */
  async platformVoucher(id: number, db: Executor = this.deps.database.db, lock = false): Promise<PlatformVoucher> {
    const row = await findOwnVoucher(db, null, id, lock);
    if (!row) throw notFound(VOUCHER_NOT_FOUND);
    const reach = await findCouponShops(db, [id]);
    return { ...toSellerVoucher(row, this.deps.clock.now()), shops: reach.get(id) ?? [] };
  }

  private async reachedShops(ids: number[]) {
    const found = await findShopIdsAmong(this.deps.database.db, ids);
    if (found.length !== ids.length) throw new FieldErrors({ shop_ids: [msg('The selected shop is invalid.')] });
    return found;
  }

  /** POST /api/operator/vouchers. */
  async createPlatformVoucher(
    input: z.output<typeof platformVoucherInputSchema>,
    audited?: AuditSink,
  ): Promise<PlatformVoucher> {
    const now = this.deps.clock.now();
    const values = voucherValues(input);
    if (values.expiresAt <= now) throw new FieldErrors({ expires_at: [msg('The voucher must end in the future.')] });
    const shopIds = await this.reachedShops(input.shop_ids);
    return withUniqueCode(() =>
      transaction(this.deps.database.db, async (tx) => {
        const couponId = await insertShopVoucher(tx, null, values, now);
        await replaceCouponShops(tx, couponId, shopIds);
        const voucher = await this.platformVoucher(couponId, tx);
        await audited?.(tx, {
          kind: 'voucher',
          action: 'create',
          recordId: voucher.id,
          after: platformFields(voucher),
        });
        return voucher;
      }),
    );
  }

  /** PUT /api/operator/vouchers/{id}: the whole voucher and its shops again; an ended one stays ended. */
  async updatePlatformVoucher(
    id: number,
    input: z.output<typeof platformVoucherInputSchema>,
    audited?: AuditSink,
  ): Promise<PlatformVoucher> {
    const { db } = this.deps.database;
    const checked = await findOwnVoucher(db, null, id);
    if (!checked) throw notFound(VOUCHER_NOT_FOUND);
    if (!checked.isActive) throw endedVoucher();
    const values = voucherValues(input);
    const tooFew = (usedCount: number) =>
      new FieldErrors({
        total_limit: [
          msg('The total limit may not be less than the {{count}} orders that used the voucher.', {
            count: usedCount,
          }),
        ],
      });
    if (values.totalLimit !== null && values.totalLimit !== undefined && values.totalLimit < checked.usedCount) {
      throw tooFew(checked.usedCount);
    }
    const shopIds = await this.reachedShops(input.shop_ids);
    return withUniqueCode(() =>
      transaction(db, async (tx) => {
        const locked = await findOwnVoucher(tx, null, id, true);
        if (!locked) throw notFound(VOUCHER_NOT_FOUND);
        if (!locked.isActive) throw endedVoucher();
        const before = await this.platformVoucher(id, tx);
        if (!(await updateShopVoucher(tx, null, id, values))) throw endedVoucher();
        await replaceCouponShops(tx, id, shopIds);
        const after = await this.platformVoucher(id, tx);
        await audited?.(tx, {
          kind: 'voucher',
          action: 'update',
          recordId: id,
          before: platformFields(before),
          after: platformFields(after),
        });
        return after;
      }),
    );
  }

  /** POST /api/operator/vouchers/{id}/end. */
  async endPlatformVoucher(id: number, audited?: AuditSink): Promise<PlatformVoucher> {
    return transaction(this.deps.database.db, async (tx) => {
      const before = await this.platformVoucher(id, tx, true);
      if (!(await endShopVoucher(tx, null, id, this.deps.clock.now()))) throw endedVoucher();
      const after = await this.platformVoucher(id, tx);
      await audited?.(tx, {
        kind: 'voucher',
        action: 'end',
        recordId: id,
        before: platformFields(before),
        after: platformFields(after),
      });
      return after;
    });
  }

  /** POST /api/seller/vouchers/{id}/end: usable no more from now on; 422 once ended. */
  async endShopVoucher(shopId: number, id: number, audited?: AuditSink): Promise<SellerVoucher> {
    return transaction(this.deps.database.db, async (tx) => {
      const before = await this.shopVoucher(shopId, id, tx, true);
      if (!(await endShopVoucher(tx, shopId, id, this.deps.clock.now()))) throw endedVoucher();
      const after = await this.shopVoucher(shopId, id, tx);
      await audited?.(tx, { kind: 'voucher', action: 'end', recordId: id, before, after });
      return after;
    });
  }
}

/** A platform voucher's fields as the audit log keeps them. */
const platformFields = ({ used_count: _u, collected_count: _c, shops, ...v }: PlatformVoucher) => ({
  ...v,
  shop_ids: shops.map((shop) => shop.id),
});

const VOUCHER_NOT_FOUND = msg('Voucher not found.');
const PLATFORM_VOUCHERS_PER_PAGE = 20;
const endedVoucher = () => new AppError(422, ErrorCode.Conflict, msg('This voucher has ended and cannot be changed.'));

/** The stored values of a voucher as typed: money to minor units (an Amount's discount too). */
function voucherValues(input: z.output<typeof sellerVoucherInputSchema>): VoucherValues {
  const percentage = input.discount_type === 'Percentage';
  return {
    code: input.code,
    discountType: input.discount_type,
    discount: percentage ? input.discount : toMinor(input.discount),
    minOrderAmount: toMinor(input.min_order_amount),
    maxDiscountAmount: percentage && input.max_discount_amount ? toMinor(input.max_discount_amount) : null,
    limitForUser: input.limit_for_user,
    totalLimit: input.total_limit ?? null,
    startsAt: new Date(input.starts_at),
    expiresAt: new Date(input.expires_at),
  };
}

/** Runs a write of a voucher's code: a code another voucher has (whatever its case) is a field error. */
async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === 'coupons_code_key') {
      throw new FieldErrors({ code: [msg('This voucher code is already in use.')] });
    }
    throw error;
  }
}

function stateOf(row: CouponRow, now: Date): VoucherState {
  if (!row.isActive || row.expiresAt <= now) return 'ended';
  return row.startsAt > now ? 'scheduled' : 'active';
}

function toSellerVoucher(row: OwnVoucherRow, now: Date): SellerVoucher {
  return {
    id: row.id,
    code: row.code,
    discount_type: row.discountType,
    discount: row.discountType === 'Amount' ? toMoney(row.discount) : row.discount,
    min_order_amount: toMoney(row.minOrderAmount),
    max_discount_amount: row.maxDiscountAmount === null ? null : toMoney(row.maxDiscountAmount),
    limit_for_user: row.limitForUser,
    total_limit: row.totalLimit,
    used_count: row.usedCount,
    collected_count: row.collectedCount,
    starts_at: row.startsAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    state: stateOf(row, now),
  };
}
