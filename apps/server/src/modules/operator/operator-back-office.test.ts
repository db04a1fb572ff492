import { balanceReplySchema, ledgerReplySchema } from '@shop/contracts/earnings';
import {
  operatorBalancesReplySchema,
  operatorDashboardReplySchema,
  operatorProductsReplySchema,
  operatorShopListReplySchema,
  operatorShopRowReplySchema,
  operatorWithdrawalReplySchema,
  operatorWithdrawalsReplySchema,
} from '@shop/contracts/operator-back-office';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withdrawals } from '../../db/schema/earnings';
import { products, productTranslations } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { DEMO_ADMIN_EMAIL } from '../../db/seed/demo-accounts';
import { type SignedIn, signIn, signInNewCustomer } from '../../testing/auth';
import { createTestProduct } from '../../testing/commerce';
import { placeCashOrder, signInOperator } from '../../testing/seller-centre';
import { deliveredOrder, openTestShop } from '../../testing/seller-money';
import { describeEachDatabase } from '../../testing/test-app';
import { totpCode, twoStepKeysOf } from '../../testing/two-step';

describeEachDatabase('the operator back office', (ctx) => {
  let operator: SignedIn;
  beforeAll(async () => {
    operator = await signInOperator(ctx);
  });

  const call = (headers: Record<string, string>, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const asOperator = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    call(operator.bearerHeaders, method, url, payload);

  describe('shops', () => {
    it('searches, filters, sorts and pages every shop; refuses a bad query', async () => {
      const a = await openTestShop(ctx);
      const b = await openTestShop(ctx);
      const list = async (query: string) => {
        const res = await asOperator('GET', `/api/operator/shop-list?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return operatorShopListReplySchema.parse(res.json()).data;
      };
      const all = await list('per_page=100&sort=name&direction=asc');
      const names = all.shops.map((s) => s.name.toLowerCase());
      expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      expect(all.default_commission_rate).toBe(10);
      const [shopA] = await ctx.db.select({ slug: shops.slug }).from(shops).where(eq(shops.id, a.shopId));
      const found = await list(`q=${encodeURIComponent(shopA!.slug)}`);
      expect(found.shops.map((s) => s.id)).toEqual([a.shopId]);
      const paged = await list('per_page=1&page=2&sort=created_at&direction=desc');
      expect(paged.shops).toHaveLength(1);
      expect(paged.total).toBe(all.total);
      // Newest first by default: b registered after a.
      const newest = await list('per_page=100');
      expect(newest.shops.findIndex((s) => s.id === b.shopId)).toBeLessThan(
        newest.shops.findIndex((s) => s.id === a.shopId),
      );
      for (const bad of ['status=closed', 'sort=owner', 'direction=up', `q=${'x'.repeat(101)}`, 'per_page=101']) {
        expect((await asOperator('GET', `/api/operator/shop-list?${bad}`)).statusCode, bad).toBe(422);
      }
    });

    it('suspends a shop: its products leave listings, search and details at once; its seller still moves its open orders; reactivating brings them back', async () => {
      const shop = await openTestShop(ctx);
      const product = await createTestProduct(ctx.db, { shopId: shop.shopId, price: 50_000, stock: 5 });
      // Search reads the translations' search vectors: the product gets an English name of one rare word.
      const word = `Quokkaflask${shop.shopId}`;
      await ctx.db.insert(productTranslations).values({ productId: product.id, locale: 'en', name: word });
      const { session: shopper } = await signInNewCustomer(ctx.app, ctx.db);
      const orderId = await placeCashOrder(ctx.app, shopper.bearerHeaders, shop.shopId, [product.id]);

      const details = () => ctx.app.inject({ url: `/api/product-details?product_id=${product.id}` });
      const searchIds = async () =>
        (
          (await ctx.app.inject({ url: `/api/products?search=${word}` })).json() as {
            data: { products: { id: number }[] };
          }
        ).data.products.map((p) => p.id);
      expect((await details()).statusCode).toBe(200);
      expect(await searchIds()).toContain(product.id);

      const suspended = await asOperator('POST', `/api/operator/shops/${shop.shopId}/suspend`);
      expect(suspended.statusCode, suspended.body).toBe(200);
      expect(operatorShopRowReplySchema.parse(suspended.json()).data.shop).toMatchObject({
        is_active: false,
        status: 'approved',
      });
      expect(suspended.json().data.shop.suspended_at).not.toBeNull();
      expect((await details()).statusCode).toBe(404);
      expect(await searchIds()).not.toContain(product.id);
      const [shopRow] = await ctx.db.select({ slug: shops.slug }).from(shops).where(eq(shops.id, shop.shopId));
      const shopPage = await ctx.app.inject({ url: `/api/shops/${shopRow!.slug}` });
      expect(shopPage.statusCode).not.toBe(200);
      // Nobody can order from it any more.
      const cart = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/store',
        headers: shopper.bearerHeaders,
        payload: { product_id: product.id },
      });
      expect(cart.statusCode).not.toBe(200);

      // The seller keeps the Seller Centre for the open order and moves it on.
      const own = await call(shop.seller.bearerHeaders, 'GET', '/api/seller/shop');
      expect(own.json().data.shop).toMatchObject({ status: 'approved', is_active: false, suspended: true });
      const moved = await call(shop.seller.bearerHeaders, 'POST', `/api/seller/orders/${orderId}/status`, {
        status: 'Confirm',
      });
      expect(moved.statusCode, moved.body).toBe(200);

      const listed = operatorShopListReplySchema.parse(
        (await asOperator('GET', '/api/operator/shop-list?status=suspended&per_page=100')).json(),
      ).data;
      expect(listed.shops.map((s) => s.id)).toContain(shop.shopId);
      const approvedOnly = operatorShopListReplySchema.parse(
        (await asOperator('GET', '/api/operator/shop-list?status=approved&per_page=100')).json(),
      ).data;
      expect(approvedOnly.shops.map((s) => s.id)).not.toContain(shop.shopId);

      expect((await asOperator('POST', `/api/operator/shops/${shop.shopId}/suspend`)).statusCode).toBe(422);
      const back = await asOperator('POST', `/api/operator/shops/${shop.shopId}/reactivate`);
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json().data.shop).toMatchObject({ is_active: true, suspended_at: null });
      expect((await details()).statusCode).toBe(200);
      expect(await searchIds()).toContain(product.id);
      expect((await asOperator('POST', `/api/operator/shops/${shop.shopId}/reactivate`)).statusCode).toBe(422);
      expect((await asOperator('POST', '/api/operator/shops/999999999/suspend')).statusCode).toBe(404);
    });

    it('charges a shop its own commission on delivery when set, the default otherwise', async () => {
      const shop = await openTestShop(ctx);
      const set = await asOperator('PUT', `/api/operator/shops/${shop.shopId}/commission`, { commission_rate: 2.5 });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().data.shop.commission_rate).toBe(2.5);
      await deliveredOrder(ctx, shop.shopId, 100_000);
      const balance = async () =>
        balanceReplySchema.parse((await call(shop.seller.bearerHeaders, 'GET', '/api/seller/balance')).json()).data
          .balance;
      const commissions = async () =>
        ledgerReplySchema
          .parse((await call(shop.seller.bearerHeaders, 'GET', '/api/seller/ledger?per_page=100')).json())
          .data.entries.filter((e) => e.kind === 'commission')
          .map((e) => e.amount);
      // 2.5% of the 1,000.00 of goods.
      expect(await commissions()).toEqual([-25]);
      expect(await balance()).toMatchObject({ commission_rate: 2.5 });

      const cleared = await asOperator('PUT', `/api/operator/shops/${shop.shopId}/commission`, {
        commission_rate: null,
      });
      expect(cleared.json().data.shop.commission_rate).toBeNull();
      await deliveredOrder(ctx, shop.shopId, 100_000);
      expect(await commissions()).toEqual([-100, -25]);
      expect(await balance()).toMatchObject({ commission_rate: 10 });

      for (const bad of [{ commission_rate: 101 }, { commission_rate: -1 }, { commission_rate: 1.234 }, {}]) {
        expect(
          (await asOperator('PUT', `/api/operator/shops/${shop.shopId}/commission`, bad)).statusCode,
          JSON.stringify(bad),
        ).toBe(422);
      }
    });
  });

  describe('product approvals', () => {
    it('lists waiting products, approves one and in bulk, refuses with a reason back to draft', async () => {
      const shop = await openTestShop(ctx);
      const made = await Promise.all(
        [1, 2, 3, 4].map(() => createTestProduct(ctx.db, { shopId: shop.shopId, price: 10_000, stock: 3 })),
      );
      const ids = made.map((p) => p.id);
      await ctx.db.update(products).set({ isApproved: false }).where(eq(products.shopId, shop.shopId));
      const details = (id: number) => ctx.app.inject({ url: `/api/product-details?product_id=${id}` });
      expect((await details(ids[0]!)).statusCode).toBe(404);

      const queue = operatorProductsReplySchema.parse(
        (await asOperator('GET', '/api/operator/products/waiting?per_page=100&sort=created_at&direction=desc')).json(),
      ).data;
      expect(
        queue.products
          .filter((p) => p.shop.id === shop.shopId)
          .map((p) => p.id)
          .sort(),
      ).toEqual([...ids].sort());

      const one = await asOperator('POST', `/api/operator/products/${ids[0]}/approve`);
      expect(one.statusCode, one.body).toBe(200);
      expect((await details(ids[0]!)).statusCode).toBe(200);
      expect((await asOperator('POST', `/api/operator/products/${ids[0]}/approve`)).statusCode).toBe(404);

      const bulk = await asOperator('POST', '/api/operator/products/approve', { ids: [ids[0], ids[1], ids[2]] });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect(bulk.json().data.approved).toBe(2);
      expect((await details(ids[2]!)).statusCode).toBe(200);

      expect((await asOperator('POST', `/api/operator/products/${ids[3]}/refuse`, { reason: ' ' })).statusCode).toBe(
        422,
      );
      const refused = await asOperator('POST', `/api/operator/products/${ids[3]}/refuse`, {
        reason: 'The photo shows another product.',
      });
      expect(refused.statusCode, refused.body).toBe(200);
      const [draft] = await ctx.db
        .select({ isActive: products.isActive, note: products.approvalNote })
        .from(products)
        .where(eq(products.id, ids[3]!));
      expect(draft).toEqual({ isActive: false, note: 'The photo shows another product.' });
      // The seller reads the reason on the product, now a draft.
      const own = await call(shop.seller.bearerHeaders, 'GET', `/api/seller/products/${ids[3]}`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data.product).toMatchObject({
        status: 'draft',
        approval_note: 'The photo shows another product.',
      });
      const after = operatorProductsReplySchema.parse(
        (await asOperator('GET', '/api/operator/products/waiting?per_page=100')).json(),
      ).data;
      expect(after.products.some((p) => p.shop.id === shop.shopId)).toBe(false);
      expect((await asOperator('POST', '/api/operator/products/approve', { ids: [] })).statusCode).toBe(422);
    });
  });

  describe('money', () => {
    const requestWithdrawal = async (seller: SignedIn, amount: number) => {
      const res = await call(seller.bearerHeaders, 'POST', '/api/seller/withdrawals', {
        amount,
        bank_name: 'BCA',
        bank_account_number: '1234567890',
        account_holder: 'Seller',
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.withdrawal.id as number;
    };

    it('pays a withdrawal with a reference and refuses another with a reason (released); lists by status and shop', async () => {
      const shop = await openTestShop(ctx);
      await deliveredOrder(ctx, shop.shopId, 10_000_000);
      const balance = async () =>
        balanceReplySchema.parse((await call(shop.seller.bearerHeaders, 'GET', '/api/seller/balance')).json()).data
          .balance;
      const before = (await balance()).available;
      const first = await requestWithdrawal(shop.seller, 30_000);
      const second = await requestWithdrawal(shop.seller, 20_000);

      const pending = operatorWithdrawalsReplySchema.parse(
        (await asOperator('GET', `/api/operator/withdrawals?status=pending&shop_id=${shop.shopId}`)).json(),
      ).data;
      expect(pending.withdrawals.map((w) => w.id).sort()).toEqual([first, second].sort());
      expect(pending.withdrawals[0]!.shop.id).toBe(shop.shopId);
      const byAmount = operatorWithdrawalsReplySchema.parse(
        (await asOperator('GET', `/api/operator/withdrawals?shop_id=${shop.shopId}&sort=amount&direction=asc`)).json(),
      ).data;
      expect(byAmount.withdrawals.map((w) => w.id)).toEqual([second, first]);

      expect((await asOperator('POST', `/api/operator/withdrawals/${first}/pay`, {})).statusCode).toBe(422);
      const paid = await asOperator('POST', `/api/operator/withdrawals/${first}/pay`, { reference: 'TRF-0001' });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(operatorWithdrawalReplySchema.parse(paid.json()).data.withdrawal).toMatchObject({
        status: 'paid',
        reference: 'TRF-0001',
      });
      expect(
        (await asOperator('POST', `/api/operator/withdrawals/${first}/pay`, { reference: 'again' })).statusCode,
      ).toBe(422);
      const refused = await asOperator('POST', `/api/operator/withdrawals/${second}/refuse`, {
        reason: 'The account name differs.',
      });
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json().data.withdrawal).toMatchObject({ status: 'refused', note: 'The account name differs.' });
      // The 30,000.00 paid out stays taken; the refused 20,000.00 is back.
      expect(await balance()).toMatchObject({ available: before - 30_000, pending: 0 });
      expect((await asOperator('POST', '/api/operator/withdrawals/999999999/pay', { reference: 'x' })).statusCode).toBe(
        404,
      );

      const balances = operatorBalancesReplySchema.parse(
        (await asOperator('GET', '/api/operator/balances?per_page=100&sort=balance&direction=desc')).json(),
      ).data;
      const mine = balances.balances.find((b) => b.shop.id === shop.shopId);
      expect(mine).toMatchObject({
        available: before - 30_000,
        expected: before - 30_000,
        pending: 0,
        consistent: true,
      });
      const dashboard = operatorDashboardReplySchema.parse((await asOperator('GET', '/api/operator/dashboard')).json());
      expect(dashboard.data.pending_withdrawals).toBeGreaterThanOrEqual(0);
    });

    it('pays in one transaction with the ledger: a request the ledger does not hold stays pending, and the balances list warns', async () => {
      const shop = await openTestShop(ctx);
      await deliveredOrder(ctx, shop.shopId, 1_000_000);
      // A request written without its hold (as a bug elsewhere would): paying it must change nothing.
      const [stray] = await ctx.db
        .insert(withdrawals)
        .values({
          shopId: shop.shopId,
          userId: shop.seller.user.id,
          amount: 100_000,
          bankName: 'BCA',
          bankAccountNumber: '1234567890',
          accountHolder: 'Seller',
        })
        .returning({ id: withdrawals.id });
      const res = await asOperator('POST', `/api/operator/withdrawals/${stray!.id}/pay`, { reference: 'TRF-9' });
      expect(res.statusCode, res.body).toBe(409);
      const [row] = await ctx.db
        .select({ status: withdrawals.status, reference: withdrawals.reference })
        .from(withdrawals)
        .where(eq(withdrawals.id, stray!.id));
      expect(row).toEqual({ status: 'pending', reference: null });

      const balances = operatorBalancesReplySchema.parse(
        (await asOperator('GET', '/api/operator/balances?per_page=100')).json(),
      ).data;
      const mine = balances.balances.find((b) => b.shop.id === shop.shopId);
      // The ledger never held the 1,000.00 the pending request says is taken.
      expect(mine?.consistent).toBe(false);
      expect(mine!.expected).toBe(mine!.available - 1000);
    });

    it('asks for a fresh two-step code before paying when the last one is older than ten minutes', async () => {
      const shop = await openTestShop(ctx);
      await deliveredOrder(ctx, shop.shopId, 1_000_000);
      const id = await requestWithdrawal(shop.seller, 10_000);
      ctx.clock.advance(10 * 60_000 + 1000);
      const stale = await asOperator('POST', `/api/operator/withdrawals/${id}/pay`, { reference: 'TRF-STEP' });
      expect(stale.statusCode).toBe(403);
      expect(stale.json().code).toBe('TWO_STEP_REQUIRED');
      const [row] = await ctx.db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id));
      expect(row?.status).toBe('pending');
      const keys = twoStepKeysOf(ctx, DEMO_ADMIN_EMAIL);
      const verified = await asOperator('POST', '/api/two-step/verify', {
        code: totpCode(keys.secret, ctx.clock.now()),
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const paid = await asOperator('POST', `/api/operator/withdrawals/${id}/pay`, { reference: 'TRF-STEP' });
      expect(paid.statusCode, paid.body).toBe(200);
    });
  });

  it('answers every new route 403 to a seller and a shopper', async () => {
    const shop = await openTestShop(ctx);
    const customer = await signIn(ctx.app);
    const calls: [method: 'GET' | 'POST' | 'PUT', url: string, body?: object][] = [
      ['GET', '/api/operator/dashboard'],
      ['GET', '/api/operator/shop-list'],
      ['POST', `/api/operator/shops/${shop.shopId}/suspend`],
      ['POST', `/api/operator/shops/${shop.shopId}/reactivate`],
      ['PUT', `/api/operator/shops/${shop.shopId}/commission`, { commission_rate: 0 }],
      ['GET', '/api/operator/products/waiting'],
      ['POST', '/api/operator/products/approve', { ids: [1] }],
      ['POST', '/api/operator/products/1/approve'],
      ['POST', '/api/operator/products/1/refuse', { reason: 'No' }],
      ['GET', '/api/operator/withdrawals'],
      ['POST', '/api/operator/withdrawals/1/pay', { reference: 'x' }],
      ['POST', '/api/operator/withdrawals/1/refuse', { reason: 'No' }],
      ['GET', '/api/operator/balances'],
    ];
    for (const [method, url, body] of calls) {
      for (const who of [shop.seller, customer]) {
        expect((await call(who.bearerHeaders, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});
