import { salesReplySchema } from '@shop/contracts/earnings';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { signInNewCustomer } from '../../testing/auth';
import { createTestProduct } from '../../testing/commerce';
import { placeCashOrder, signInSeller } from '../../testing/seller-centre';
import { openTestShop } from '../../testing/seller-money';
import { describeEachDatabase } from '../../testing/test-app';

const rp = (n: number) => n * 100;

describeEachDatabase(
  'the sales dashboard',
  (ctx) => {
    it('counts orders and takings per day of the marketplace’s calendar, zeros included, with best sellers and low stock', async () => {
      const { shopId, login } = await openTestShop(ctx);
      const best = await createTestProduct(ctx.db, { shopId, price: rp(10_000), stock: 20 });
      const other = await createTestProduct(ctx.db, { shopId, price: rp(30_000), stock: 4 });
      const plenty = await createTestProduct(ctx.db, { shopId, price: rp(5_000), stock: 50 });
      const orderAt = async (iso: string, productIds: number[]) => {
        ctx.clock.set(new Date(iso));
        const { session } = await signInNewCustomer(ctx.app, ctx.db);
        return placeCashOrder(ctx.app, session.bearerHeaders, shopId, productIds);
      };
      // 41 days back: only the 90-day view has it.
      await orderAt('2026-03-01T05:00:00Z', [plenty.id]);
      // Jakarta's 5 April, the first day of the 7-day view.
      await orderAt('2026-04-05T03:00:00Z', [other.id]);
      // 23:00 in Jakarta on 10 April, 01:30 on 11 April (both the 10th in UTC).
      const late = await orderAt('2026-04-10T16:00:00Z', [best.id]);
      const today = await orderAt('2026-04-10T18:30:00Z', [best.id]);
      // A cancelled order counts nowhere.
      const cancelled = await orderAt('2026-04-10T18:30:00Z', [plenty.id]);
      expect(await ctx.services.orders.setStatus(cancelled, 'Cancelled')).toBe(true);

      const seller = await signInSeller(ctx.app, login.email, login.password);
      const sales = async (query: string) => {
        const res = await ctx.app.inject({ url: `/api/seller/dashboard/sales${query}`, headers: seller.bearerHeaders });
        expect(res.statusCode, res.body).toBe(200);
        return salesReplySchema.parse(res.json()).data;
      };
      const payable = async (orderId: number) =>
        (await ctx.db.select({ payable: orders.payableAmount }).from(orders).where(eq(orders.id, orderId)))[0]
          ?.payable ?? 0;

      const week = await sales('');
      expect(week.days).toBe(7);
      expect(week.time_zone).toBe('Asia/Jakarta');
      expect(week.series.map((d) => d.date)).toEqual([
        '2026-04-05',
        '2026-04-06',
        '2026-04-07',
        '2026-04-08',
        '2026-04-09',
        '2026-04-10',
        '2026-04-11',
      ]);
      expect(week.series.map((d) => d.orders)).toEqual([1, 0, 0, 0, 0, 1, 1]);
      expect(week.series[5]?.revenue).toBe((await payable(late)) / 100);
      expect(week.series[6]?.revenue).toBe((await payable(today)) / 100);
      expect(week.series[1]?.revenue).toBe(0);
      expect(week.total_orders).toBe(3);
      expect(week.top_products.map((p) => [p.id, p.quantity, p.revenue])).toEqual([
        [best.id, 2, 20_000],
        [other.id, 1, 30_000],
      ]);
      // 4 in stock and one sold: 3 left, at the threshold (5) or below; 50 is plenty.
      expect(week.low_stock_threshold).toBe(5);
      expect(week.low_stock_products.map((p) => [p.id, p.quantity])).toEqual([[other.id, 3]]);
      expect(week.balance).toEqual({ available: 0, pending: 0, commission_rate: 10 });
      expect(week.pending_withdrawals).toBe(0);

      const month = await sales('?days=30');
      expect(month.series).toHaveLength(30);
      expect(month.total_orders).toBe(3);
      const quarter = await sales('?days=90');
      expect(quarter.series).toHaveLength(90);
      expect(quarter.series[0]?.date).toBe('2026-01-12');
      expect(quarter.total_orders).toBe(4);

      const odd = await ctx.app.inject({ url: '/api/seller/dashboard/sales?days=14', headers: seller.bearerHeaders });
      expect(odd.statusCode).toBe(422);
      expect(validationErrorReplySchema.parse(odd.json()).errors.days).toEqual(['The days must be 7, 30 or 90.']);
    });
  },
  { now: new Date('2026-03-01T05:00:00Z') },
);
