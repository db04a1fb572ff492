import { balanceReplySchema } from '@shop/contracts/earnings';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { operatorReturnReplySchema, operatorReturnsReplySchema } from '@shop/contracts/operator-back-office';
import { returnDetailsReplySchema } from '@shop/contracts/returns';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog } from '../../db/schema/audit';
import { shopLedgerEntries } from '../../db/schema/earnings';
import type { SignedIn } from '../../testing/auth';
import { signInOperator } from '../../testing/seller-centre';
import { deliveredOrder, openTestShop } from '../../testing/seller-money';
import { describeEachDatabase } from '../../testing/test-app';

const rp = (n: number) => n * 100;

describeEachDatabase('the operator’s returns', (ctx) => {
  const as = (who: SignedIn, method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: who.bearerHeaders, ...(payload ? { payload } : {}) });

  /** A shop with two delivered orders, the second returned whole by its shopper (still Pending). */
  const shopWithReturn = async () => {
    const { shopId, seller } = await openTestShop(ctx);
    await deliveredOrder(ctx, shopId, rp(30_000));
    const { orderId, shopper } = await deliveredOrder(ctx, shopId, rp(20_000));
    const details = await as(shopper, 'GET', `/api/order-details?order_id=${orderId}`);
    const lines = (details.json() as { data: { order: { products: { id: number }[] } } }).data.order.products;
    const asked = await as(shopper, 'POST', '/api/return-order', {
      order_id: orderId,
      product_ids: lines.map((l) => l.id),
      reason: 'Arrived broken',
      bank_account_number: '1234567890',
      bank_name: 'BCA',
      return_address: 'Jalan Kembali 2',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const returnId = (asked.json() as { data: { return_order: { id: number } } }).data.return_order.id;
    return { shopId, seller, shopper, orderId, returnId };
  };
  const balanceOf = async (seller: SignedIn) =>
    balanceReplySchema.parse((await as(seller, 'GET', '/api/seller/balance')).json()).data.balance.available;
  const sumOfEntries = async (shopId: number) => {
    const [row] = await ctx.db
      .select({ sum: sql<string>`coalesce(sum(${shopLedgerEntries.amount}), 0)` })
      .from(shopLedgerEntries)
      .where(eq(shopLedgerEntries.shopId, shopId));
    return Number(row?.sum ?? 0);
  };

  it('lists every shop’s returns, found by order code or shopper, filtered by status and shop', async () => {
    const operator = await signInOperator(ctx);
    const { shopId, returnId } = await shopWithReturn();
    const list = async (query: string) => {
      const res = await as(operator, 'GET', `/api/operator/returns${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return operatorReturnsReplySchema.parse(res.json()).data;
    };
    const ofShop = await list(`?shop_id=${shopId}`);
    expect(ofShop.total).toBe(1);
    const [row] = ofShop.return_orders;
    expect(row).toMatchObject({ id: returnId, status: 'Pending', open: true, shop: { id: shopId }, amount: 20_000 });
    expect((await list(`?q=${encodeURIComponent(row?.order_code ?? '')}`)).return_orders.map((r) => r.id)).toEqual([
      returnId,
    ]);
    expect((await list(`?q=${encodeURIComponent(row?.customer_name ?? '')}&shop_id=${shopId}`)).total).toBe(1);
    expect((await list(`?status=Refunded&shop_id=${shopId}`)).total).toBe(0);
    const bad = await as(operator, 'GET', '/api/operator/returns?status=Lost&sort=colour');
    expect(bad.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(bad.json()).errors).toEqual({
      status: ['The selected status is invalid.'],
      sort: ['The selected sort is invalid.'],
    });
  });

  it('refunds a return the shop left waiting: the shop’s balance is debited (less the commission) once', async () => {
    const operator = await signInOperator(ctx);
    const { shopId, seller, shopper, returnId } = await shopWithReturn();
    const before = await balanceOf(seller);
    const res = await as(operator, 'POST', `/api/operator/returns/${returnId}/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(operatorReturnReplySchema.parse(res.json()).data.return_order).toMatchObject({
      status: 'Refunded',
      payment_status: 'Paid',
      open: false,
    });
    const after = await balanceOf(seller);
    // 20,000 returned, 10% commission given back to the shop.
    expect(after).toBeCloseTo(before - 18_000, 2);
    expect(Math.round(after * 100)).toBe(await sumOfEntries(shopId));
    const seen = returnDetailsReplySchema.parse(
      (await as(shopper, 'GET', `/api/return-order-details/${returnId}`)).json(),
    ).data.return_order;
    expect(seen).toMatchObject({ status: 'Refunded', payment_status: 'Paid' });
    // Once: a second refund, or a refusal now, changes nothing.
    for (const again of [
      await as(operator, 'POST', `/api/operator/returns/${returnId}/refund`),
      await as(operator, 'POST', `/api/operator/returns/${returnId}/refuse`, { reason: 'Late' }),
    ]) {
      expect(again.statusCode).toBe(422);
      expect(errorReplySchema.parse(again.json()).message).toBe('This return was already refunded or refused.');
    }
    expect(await balanceOf(seller)).toBe(after);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, 'return'), eq(auditLog.recordId, String(returnId))));
    expect(entries.map((e) => [e.action, e.actorUserId, e.changes.status])).toEqual([
      ['refund', operator.user.id, { before: 'Pending', after: 'Refunded' }],
    ]);
  });

  it('refuses a return with the reason the shopper sees; the balance does not move', async () => {
    const operator = await signInOperator(ctx);
    const { seller, shopper, returnId } = await shopWithReturn();
    const before = await balanceOf(seller);
    const missing = await as(operator, 'POST', `/api/operator/returns/${returnId}/refuse`, {});
    expect(validationErrorReplySchema.parse(missing.json()).errors).toEqual({
      reason: ['The reason field is required.'],
    });
    const res = await as(operator, 'POST', `/api/operator/returns/${returnId}/refuse`, {
      reason: 'The photos show a different product.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = returnDetailsReplySchema.parse(
      (await as(shopper, 'GET', `/api/return-order-details/${returnId}`)).json(),
    ).data.return_order;
    expect(seen).toMatchObject({
      status: 'Cancelled',
      payment_status: 'Unpaid',
      reject_note: 'The photos show a different product.',
    });
    expect(await balanceOf(seller)).toBe(before);
    // The shop cannot move a refused return any more.
    const moved = await as(seller, 'POST', `/api/seller/returns/${returnId}/status`, { status: 'Approved' });
    expect(moved.statusCode).toBe(422);
  });

  it('is for the operator only; an unknown return is 404', async () => {
    const operator = await signInOperator(ctx);
    const { seller, shopper, returnId } = await shopWithReturn();
    for (const who of [seller, shopper]) {
      expect((await as(who, 'GET', '/api/operator/returns')).statusCode).toBe(403);
      expect((await as(who, 'POST', `/api/operator/returns/${returnId}/refund`)).statusCode).toBe(403);
      expect((await as(who, 'POST', `/api/operator/returns/${returnId}/refuse`, { reason: 'x' })).statusCode).toBe(403);
    }
    expect((await as(operator, 'POST', '/api/operator/returns/999999999/refund')).statusCode).toBe(404);
    expect((await as(operator, 'POST', '/api/operator/returns/abc/refuse', { reason: 'x' })).statusCode).toBe(404);
  });
});
