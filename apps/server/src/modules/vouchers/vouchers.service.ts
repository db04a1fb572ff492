import type { Voucher } from '@shop/contracts/cart';
import type { Executor } from '../../db/transaction';
import type { CoreDeps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { toMoney } from '../../lib/money';
import { type VoucherTerms, voucherDiscount } from '../../lib/pricing';
import {
  type CouponRow,
  collectCoupon,
  countUserCouponOrders,
  findAssignedShops,
  findCollectedForShops,
  findCollectedVouchers,
  findCouponById,
  findShopVouchers,
  findUsableCouponByCode,
  type VoucherListRow,
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
}
