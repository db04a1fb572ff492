import {
  balanceReplySchema,
  ledgerReplySchema,
  withdrawalDetailsReplySchema,
  withdrawalReplySchema,
  withdrawalsReplySchema,
} from '@shop/contracts/earnings';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { shopLedgerEntries } from '../../db/schema/earnings';
import { orders } from '../../db/schema/orders';
import { settings } from '../../db/schema/settings';
import { settingsSchemas } from '../../db/schema/settings-values';
import type { SignedIn } from '../../testing/auth';
import { signInNewCustomer } from '../../testing/auth';
import { createTestProduct } from '../../testing/commerce';
import { placeCashOrder } from '../../testing/seller-centre';
import { deliveredOrder, openTestShop, refundedReturn } from '../../testing/seller-money';
import { createTestApp, describeEachDatabase } from '../../testing/test-app';

const rp = (n: number) => n * 100;

const BANK = { bank_name: 'BCA', bank_account_number: '1234 5678-90', account_holder: 'Toko Sari' };

describeEachDatabase('the seller’s earnings', (ctx, kind) => {
  const get = (seller: SignedIn, url: string) => ctx.app.inject({ url, headers: seller.bearerHeaders });
  const balanceOf = async (seller: SignedIn) =>
    balanceReplySchema.parse((await get(seller, '/api/seller/balance')).json()).data.balance;
  const ledgerOf = async (seller: SignedIn, query = '') =>
    ledgerReplySchema.parse((await get(seller, `/api/seller/ledger${query}`)).json()).data;
  const withdraw = (seller: SignedIn, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/seller/withdrawals', headers: seller.bearerHeaders, payload });
  const sumOfEntries = async (shopId: number) =>
    Number(
      (
        await ctx.db
          .select({ total: sql<string>`coalesce(sum(${shopLedgerEntries.amount}), 0)` })
          .from(shopLedgerEntries)
          .where(eq(shopLedgerEntries.shopId, shopId))
      )[0]?.total,
    );
  const orderRow = async (orderId: number) => {
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error('no order');
    return row;
  };
  const setCommission = async (bps: number) => {
    const commerce = settingsSchemas.commerce.parse(
      (await ctx.db.select().from(settings).where(eq(settings.key, 'commerce')))[0]?.value,
    );
    await ctx.db
      .update(settings)
      .set({ value: { ...commerce, commission_rate_bps: bps } })
      .where(eq(settings.key, 'commerce'));
  };

  it('credits a delivered order with its amount less the commission, once, in the ledger', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    expect(await balanceOf(seller)).toEqual({ available: 0, pending: 0, commission_rate: 10 });
    const { orderId } = await deliveredOrder(ctx, shopId, rp(50_000));
    const order = await orderRow(orderId);
    const commission = Math.round((order.totalAmount - order.couponDiscount) / 10);
    expect(await balanceOf(seller)).toEqual({
      available: (order.payableAmount - commission) / 100,
      pending: 0,
      commission_rate: 10,
    });
    const ledger = await ledgerOf(seller);
    expect(ledger.total).toBe(2);
    expect(ledger.entries.map((e) => [e.kind, e.amount, e.order_id])).toEqual([
      ['commission', -commission / 100, orderId],
      ['sale', order.payableAmount / 100, orderId],
    ]);
    expect(ledger.entries[0]?.order_code).toBe(`#${order.prefix}${order.orderCode}`);
    expect(ledger.entries[0]?.balance_after).toBe((order.payableAmount - commission) / 100);

    // Told again (a retried delivery, a second process): nothing more is credited.
    await ctx.services.earnings.creditDelivered(
      ctx.db,
      { id: orderId, shopId, payableAmount: order.payableAmount, commissionBase: order.totalAmount },
      ctx.clock.now(),
    );
    expect(await ctx.services.orders.setStatus(orderId, 'Delivered')).toBe(false);
    expect((await ledgerOf(seller)).total).toBe(2);
    expect(await sumOfEntries(shopId)).toBe(order.payableAmount - commission);
  });

  it('takes the commission rate the operator set when the order was delivered', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    await setCommission(2_500);
    try {
      const { orderId } = await deliveredOrder(ctx, shopId, rp(40_000));
      const order = await orderRow(orderId);
      const commission = Math.round(order.totalAmount / 4);
      const balance = await balanceOf(seller);
      expect(balance).toMatchObject({ available: (order.payableAmount - commission) / 100, commission_rate: 25 });
      const [entry] = await ctx.db
        .select()
        .from(shopLedgerEntries)
        .where(eq(shopLedgerEntries.orderId, orderId))
        .orderBy(shopLedgerEntries.id)
        .limit(1)
        .offset(1);
      expect(entry).toMatchObject({ kind: 'commission', rateBps: 2_500 });
    } finally {
      await setCommission(1_000);
    }
  });

  it('debits a refund less the commission paid on it; the balance is always the sum of the entries', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    const first = await deliveredOrder(ctx, shopId, rp(30_000));
    const second = await deliveredOrder(ctx, shopId, rp(20_000));
    const before = await balanceOf(seller);
    const returnId = await refundedReturn(ctx, seller, second.shopper, second.orderId);
    const refunded = rp(20_000);
    const after = await balanceOf(seller);
    expect(after.available).toBeCloseTo(before.available - (refunded - refunded / 10) / 100, 2);
    const ledger = await ledgerOf(seller);
    expect(ledger.entries.slice(0, 2).map((e) => [e.kind, e.amount, e.return_id])).toEqual([
      ['commission_refund', refunded / 10 / 100, returnId],
      ['refund', -refunded / 100, returnId],
    ]);
    expect(ledger.entries[0]?.balance_after).toBe(after.available);
    expect(Math.round(after.available * 100)).toBe(await sumOfEntries(shopId));
    // The refund is told once: a second refund of the same return is refused and debits nothing.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/seller/returns/${returnId}/refund`,
      headers: seller.bearerHeaders,
    });
    expect(again.statusCode).toBe(422);
    expect(await balanceOf(seller)).toEqual(after);
    expect(first.orderId).toBeGreaterThan(0);
  });

  it('does not debit the refund of an order delivered before the ledger (never credited)', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    const { orderId, shopper } = await deliveredOrder(ctx, shopId, rp(10_000));
    // As if delivered before the ledger existed.
    await ctx.db.execute(sql`alter table shop_ledger_entries disable trigger user`);
    await ctx.db.delete(shopLedgerEntries).where(eq(shopLedgerEntries.shopId, shopId));
    await ctx.db.execute(sql`alter table shop_ledger_entries enable trigger user`);
    await refundedReturn(ctx, seller, shopper, orderId);
    expect(await balanceOf(seller)).toMatchObject({ available: 0 });
    expect((await ledgerOf(seller)).total).toBe(0);
  });

  it('keeps the ledger append-only: an entry cannot be changed or deleted', async () => {
    const { shopId } = await openTestShop(ctx);
    await deliveredOrder(ctx, shopId, rp(10_000));
    await expect(
      ctx.db.update(shopLedgerEntries).set({ amount: 1 }).where(eq(shopLedgerEntries.shopId, shopId)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(shopLedgerEntries).where(eq(shopLedgerEntries.shopId, shopId))).rejects.toThrow();
    expect(await sumOfEntries(shopId)).toBeGreaterThan(0);
  });

  it('holds a withdrawal until the operator pays or refuses it, never more than the available balance', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    const empty = await withdraw(seller, { ...BANK, amount: 10_000 });
    expect(empty.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(empty.json()).errors.amount).toEqual([
      'There is no balance to withdraw yet.',
    ]);

    await deliveredOrder(ctx, shopId, rp(100_000));
    const { available } = await balanceOf(seller);
    const tooMuch = await withdraw(seller, { ...BANK, amount: available + 1 });
    expect(tooMuch.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(tooMuch.json()).errors.amount?.[0]).toBe(
      `The amount may not be more than your available balance of ${available.toFixed(2)}.`,
    );
    // The bank fields are checked as a refund's are.
    const badBank = await withdraw(seller, { amount: 10_000, bank_name: 'B', bank_account_number: '12ab' });
    expect(badBank.statusCode).toBe(422);
    expect(Object.keys(validationErrorReplySchema.parse(badBank.json()).errors).sort()).toEqual([
      'account_holder',
      'bank_account_number',
      'bank_name',
    ]);
    const tooSmall = await withdraw(seller, { ...BANK, amount: 9_999.99 });
    expect(validationErrorReplySchema.parse(tooSmall.json()).errors.amount).toEqual([
      'The amount must be at least 10000.',
    ]);
    const fractions = await withdraw(seller, { ...BANK, amount: 10_000.001 });
    expect(validationErrorReplySchema.parse(fractions.json()).errors.amount).toEqual([
      'The amount may have at most 2 decimals.',
    ]);

    const asked = await withdraw(seller, { ...BANK, amount: 25_000.5 });
    expect(asked.statusCode, asked.body).toBe(200);
    const { withdrawal, balance } = withdrawalReplySchema.parse(asked.json()).data;
    expect(withdrawal).toMatchObject({
      amount: 25_000.5,
      status: 'pending',
      bank_name: 'BCA',
      bank_account_number: '1234567890',
      account_holder: 'Toko Sari',
      decided_at: null,
    });
    expect(balance).toMatchObject({ available: available - 25_000.5, pending: 25_000.5 });
    const second = withdrawalReplySchema.parse((await withdraw(seller, { ...BANK, amount: 10_000 })).json()).data;
    expect(second.balance).toMatchObject({ available: available - 35_000.5, pending: 35_000.5 });

    const list = withdrawalsReplySchema.parse((await get(seller, '/api/seller/withdrawals')).json()).data;
    expect(list.withdrawals.map((w) => w.id)).toEqual([second.withdrawal.id, withdrawal.id]);
    const pendingOnly = withdrawalsReplySchema.parse((await get(seller, '/api/seller/withdrawals?status=paid')).json());
    expect(pendingOnly.data.total).toBe(0);

    // The operator pays the first (its hold is the payout) and refuses the second (released).
    const paid = await ctx.services.earnings.payWithdrawal(withdrawal.id, 'TRF-1');
    expect(paid).toMatchObject({ status: 'paid' });
    const refused = await ctx.services.earnings.refuseWithdrawal(second.withdrawal.id, 'The account name differs.');
    expect(refused).toMatchObject({ status: 'refused', note: 'The account name differs.' });
    expect(await balanceOf(seller)).toMatchObject({ available: available - 25_000.5, pending: 0 });
    await expect(ctx.services.earnings.refuseWithdrawal(withdrawal.id, null)).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(ctx.services.earnings.payWithdrawal(second.withdrawal.id, 'TRF-2')).rejects.toMatchObject({
      statusCode: 422,
    });
    await expect(ctx.services.earnings.payWithdrawal(999_999_999, 'TRF-3')).rejects.toMatchObject({ statusCode: 404 });
    expect((await ledgerOf(seller)).entries.slice(0, 3).map((e) => e.kind)).toEqual([
      'withdrawal_release',
      'withdrawal_hold',
      'withdrawal_hold',
    ]);
    expect(Math.round((await balanceOf(seller)).available * 100)).toBe(await sumOfEntries(shopId));

    const one = await get(seller, `/api/seller/withdrawals/${withdrawal.id}`);
    expect(withdrawalDetailsReplySchema.parse(one.json()).data.withdrawal).toMatchObject({ status: 'paid' });
  });

  it('lists the withdrawals waiting for the operator, oldest first, of every shop', async () => {
    const a = await openTestShop(ctx);
    const b = await openTestShop(ctx);
    await deliveredOrder(ctx, a.shopId, rp(100_000));
    await deliveredOrder(ctx, b.shopId, rp(100_000));
    const first = withdrawalReplySchema.parse((await withdraw(a.seller, { ...BANK, amount: 10_000 })).json()).data;
    ctx.clock.advance(1000);
    const next = withdrawalReplySchema.parse((await withdraw(b.seller, { ...BANK, amount: 20_000 })).json()).data;
    const pending = await ctx.services.earnings.pendingWithdrawals({ page: 1, perPage: 100 });
    const ids = pending.withdrawals.map((w) => w.id);
    expect(ids.indexOf(first.withdrawal.id)).toBeLessThan(ids.indexOf(next.withdrawal.id));
    expect(pending.withdrawals.find((w) => w.id === next.withdrawal.id)).toMatchObject({
      shop_id: b.shopId,
      amount: 20_000,
    });
  });

  it('answers 404 for another shop’s withdrawal', async () => {
    const a = await openTestShop(ctx);
    const b = await openTestShop(ctx);
    await deliveredOrder(ctx, a.shopId, rp(100_000));
    const asked = withdrawalReplySchema.parse((await withdraw(a.seller, { ...BANK, amount: 10_000 })).json()).data;
    const foreign = await get(b.seller, `/api/seller/withdrawals/${asked.withdrawal.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(errorReplySchema.parse(foreign.json())).toEqual({ message: 'Withdrawal not found.', code: 'NOT_FOUND' });
    expect((await get(b.seller, '/api/seller/withdrawals/999999999')).json()).toEqual(foreign.json());
  });

  it.skipIf(kind === 'pglite')(
    'never lets withdrawals asked at the same instant, on two processes, take the balance below zero',
    async () => {
      const second = await createTestApp({ kind: 'postgres', sameDatabaseAs: ctx, poolSize: 10 });
      try {
        for (let round = 0; round < 5; round++) {
          const { shopId, seller } = await openTestShop(ctx);
          await deliveredOrder(ctx, shopId, rp(100_000));
          const { available } = await balanceOf(seller);
          // Each asks for 40% of it: at most two fit.
          const amount = Math.floor(available * 0.4);
          const replies = await Promise.all(
            Array.from({ length: 10 }, (_, i) =>
              (i % 2 === 0 ? ctx.app : second.app).inject({
                method: 'POST',
                url: '/api/seller/withdrawals',
                headers: seller.bearerHeaders,
                payload: { ...BANK, amount },
              }),
            ),
          );
          const codes = replies.map((r) => r.statusCode).sort();
          expect(codes, `round ${round}`).toEqual([200, 200, 422, 422, 422, 422, 422, 422, 422, 422]);
          const after = await balanceOf(seller);
          expect(after.available).toBeGreaterThanOrEqual(0);
          expect(after.pending).toBeCloseTo(amount * 2, 2);
          expect(await sumOfEntries(shopId)).toBe(Math.round(available * 100) - 2 * Math.round(amount * 100));
        }
      } finally {
        await second.close();
      }
    },
    120_000,
  );
});

describeEachDatabase('delivery credits the shop in the same transaction', (ctx) => {
  it('leaves the order undelivered when crediting fails, and credits it when delivered again', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const product = await createTestProduct(ctx.db, { shopId, price: rp(10_000), stock: 10 });
    const orderId = await placeCashOrder(ctx.app, session.bearerHeaders, shopId, [product.id]);
    for (const status of ['Confirm', 'Processing', 'Pickup', 'On The Way'] as const) {
      expect(await ctx.services.orders.setStatus(orderId, status)).toBe(true);
    }
    // The ledger refuses every new entry for a moment.
    await ctx.db.execute(sql`alter table shop_ledger_entries add constraint test_refuse check (amount = 0) not valid`);
    try {
      await expect(ctx.services.orders.setStatus(orderId, 'Delivered')).rejects.toThrow();
    } finally {
      await ctx.db.execute(sql`alter table shop_ledger_entries drop constraint test_refuse`);
    }
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ orderStatus: 'On The Way', paymentStatus: 'Pending', deliveredAt: null });
    expect(await ctx.services.orders.setStatus(orderId, 'Delivered')).toBe(true);
    const ledger = ledgerReplySchema.parse(
      (await ctx.app.inject({ url: '/api/seller/ledger', headers: seller.bearerHeaders })).json(),
    ).data;
    expect(ledger.entries.map((e) => e.kind)).toEqual(['commission', 'sale']);
  });
});
