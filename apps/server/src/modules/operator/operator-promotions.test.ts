import { checkoutReplySchema } from '@shop/contracts/cart';
import {
  deliveryTierReplySchema,
  operatorFlashSaleReplySchema,
  operatorFlashSalesReplySchema,
  operatorOrderReplySchema,
  operatorOrdersReplySchema,
  operatorUserReplySchema,
  operatorUsersReplySchema,
  platformVoucherReplySchema,
  platformVouchersReplySchema,
  vatRateReplySchema,
} from '@shop/contracts/operator-promotions';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products';
import { auditCount, lastAuditEntry } from '../../testing/audit-walk';
import { type SignedIn, signIn, signInNewCustomer } from '../../testing/auth';
import { cartCalls, createTestProduct } from '../../testing/commerce';
import { placeCashOrder, signInOperator } from '../../testing/seller-centre';
import { openTestShop } from '../../testing/seller-money';
import { describeEachDatabase } from '../../testing/test-app';

const DAY = 86_400_000;

describeEachDatabase('the operator: promotions, orders, users, delivery and tax', (ctx) => {
  let operator: SignedIn;
  let shopper: SignedIn;
  let seller: SignedIn;
  beforeAll(async () => {
    operator = await signInOperator(ctx);
    shopper = (await signInNewCustomer(ctx.app, ctx.db)).session;
    seller = (await openTestShop(ctx)).seller;
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (headers: Record<string, string>, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const asOperator = (method: Method, url: string, payload?: object) =>
    call(operator.bearerHeaders, method, url, payload);
  /** One write answers 200 and records exactly one audit entry of this kind and action. */
  const audited = async (kind: string, action: string, method: Method, url: string, payload?: object) => {
    const before = await auditCount(ctx);
    const res = await asOperator(method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(await auditCount(ctx)).toBe(before + 1);
    expect(await lastAuditEntry(ctx)).toMatchObject({ kind, action });
    return res;
  };
  const iso = (offsetMs: number) => new Date(ctx.clock.now().getTime() + offsetMs).toISOString();

  it('refuses every route to a seller and a shopper (403), and to nobody (401)', async () => {
    const routes: [Method, string][] = [
      ['GET', '/api/operator/flash-sales'],
      ['POST', '/api/operator/flash-sales'],
      ['PUT', '/api/operator/flash-sales/1'],
      ['POST', '/api/operator/flash-sales/1/end'],
      ['GET', '/api/operator/vouchers'],
      ['POST', '/api/operator/vouchers'],
      ['PUT', '/api/operator/vouchers/1'],
      ['POST', '/api/operator/vouchers/1/end'],
      ['GET', '/api/operator/orders'],
      ['GET', '/api/operator/orders/1'],
      ['POST', '/api/operator/orders/1/cancel'],
      ['GET', '/api/operator/users'],
      ['POST', '/api/operator/users/1/block'],
      ['POST', '/api/operator/users/1/unblock'],
      ['GET', '/api/operator/delivery-charges'],
      ['POST', '/api/operator/delivery-charges'],
      ['PUT', '/api/operator/delivery-charges/1'],
      ['DELETE', '/api/operator/delivery-charges/1'],
      ['GET', '/api/operator/vat'],
      ['POST', '/api/operator/vat'],
      ['PUT', '/api/operator/vat/1'],
    ];
    for (const [method, url] of routes) {
      for (const who of [seller, shopper]) {
        expect((await call(who.bearerHeaders, method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(
          403,
        );
      }
      expect((await call({}, method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(401);
    }
  });

  describe('flash sales', () => {
    const body = (overrides: Record<string, unknown> = {}) => ({
      name: 'Payday sale',
      translations: { id: 'Obral gajian', ar: 'تخفيضات يوم الراتب' },
      discount: 20,
      starts_at: iso(DAY),
      ends_at: iso(2 * DAY),
      ...overrides,
    });

    it('validates the sale: title, window, chosen shops', async () => {
      const res = await asOperator('POST', '/api/operator/flash-sales', {
        name: '',
        starts_at: iso(2 * DAY),
        ends_at: iso(DAY),
        all_shops: false,
        shop_ids: [],
      });
      expect(res.statusCode).toBe(422);
      const { errors } = res.json() as { errors: Record<string, string[]> };
      expect(Object.keys(errors).sort()).toEqual(['ends_at', 'name', 'shop_ids']);
      const unknownShop = await asOperator(
        'POST',
        '/api/operator/flash-sales',
        body({ all_shops: false, shop_ids: [2_000_000] }),
      );
      expect(unknownShop.statusCode).toBe(422);
      expect(unknownShop.json()).toMatchObject({ errors: { shop_ids: ['The selected shop is invalid.'] } });
      expect((await asOperator('PUT', '/api/operator/flash-sales/2000000', body())).statusCode).toBe(404);
    });

    it('creates, edits and ends a sale (one audit entry each); only the chosen shops may enter products; its title is translated', async () => {
      const chosen = await openTestShop(ctx);
      const other = await openTestShop(ctx);
      const created = operatorFlashSaleReplySchema.parse(
        (
          await audited(
            'flash_sale',
            'create',
            'POST',
            '/api/operator/flash-sales',
            body({ all_shops: false, shop_ids: [chosen.shopId] }),
          )
        ).json(),
      ).data.flash_sale;
      expect(created).toMatchObject({ state: 'upcoming', all_shops: false, shops: [{ id: chosen.shopId }] });

      const saleIdsOf = async (who: SignedIn) =>
        (
          (await call(who.bearerHeaders, 'GET', '/api/seller/flash-sales')).json() as {
            data: { flash_sales: { id: number }[] };
          }
        ).data.flash_sales.map((s) => s.id);
      expect(await saleIdsOf(chosen.seller)).toContain(created.id);
      expect(await saleIdsOf(other.seller)).not.toContain(created.id);
      const enter = async (shop: { shopId: number; seller: SignedIn }) => {
        const product = await createTestProduct(ctx.db, { shopId: shop.shopId, price: 100_000, stock: 5 });
        return call(shop.seller.bearerHeaders, 'POST', '/api/seller/flash-sale-entries', {
          flash_sale_id: created.id,
          product_id: product.id,
          price: 800,
          quantity: 2,
        });
      };
      expect((await enter(chosen)).statusCode).toBe(200);
      const refused = await enter(other);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ errors: { flash_sale_id: ['Flash sale not found.'] } });

      const updated = operatorFlashSaleReplySchema.parse(
        (
          await audited(
            'flash_sale',
            'update',
            'PUT',
            `/api/operator/flash-sales/${created.id}`,
            body({ name: 'Payday', all_shops: true }),
          )
        ).json(),
      ).data.flash_sale;
      expect(updated).toMatchObject({ name: 'Payday', all_shops: true, shops: [], products: 1 });
      expect(await saleIdsOf(other.seller)).toContain(created.id);

      const page = await ctx.app.inject({
        url: `/api/flash-sale/${created.id}/details`,
        headers: { 'accept-language': 'id' },
      });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json()).toMatchObject({ data: { flash_sale: { name: 'Obral gajian' } } });

      const list = operatorFlashSalesReplySchema.parse(
        (await asOperator('GET', '/api/operator/flash-sales?q=payday&state=upcoming')).json(),
      ).data;
      expect(list.flash_sales.map((s) => s.id)).toContain(created.id);
      const ended = operatorFlashSaleReplySchema.parse(
        (await audited('flash_sale', 'end', 'POST', `/api/operator/flash-sales/${created.id}/end`)).json(),
      ).data.flash_sale;
      expect(ended.state).toBe('ended');
      expect((await asOperator('POST', `/api/operator/flash-sales/${created.id}/end`)).statusCode).toBe(422);
      expect((await asOperator('PUT', `/api/operator/flash-sales/${created.id}`, body())).statusCode).toBe(422);
      for (const bad of ['state=over', 'sort=price', 'per_page=101']) {
        expect((await asOperator('GET', `/api/operator/flash-sales?${bad}`)).statusCode, bad).toBe(422);
      }
    });
  });

  describe('platform vouchers', () => {
    it('validates, then a voucher applies at checkout only for the shops it reaches; edit and end are audited', async () => {
      const reached = await openTestShop(ctx);
      const missed = await openTestShop(ctx);
      const bad = await asOperator('POST', '/api/operator/vouchers', {
        code: 'x',
        discount_type: 'Percentage',
        discount: 120,
        starts_at: iso(-DAY),
        expires_at: iso(DAY),
        shop_ids: [],
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys((bad.json() as { errors: object }).errors).sort()).toEqual(['code', 'discount', 'shop_ids']);

      const code = `PLAT${Date.now().toString(36).toUpperCase()}`;
      const input = {
        code,
        discount_type: 'Amount',
        discount: 50,
        min_order_amount: 100,
        limit_for_user: 2,
        starts_at: iso(-DAY),
        expires_at: iso(10 * DAY),
        shop_ids: [reached.shopId],
      };
      const voucher = platformVoucherReplySchema.parse(
        (await audited('voucher', 'create', 'POST', '/api/operator/vouchers', input)).json(),
      ).data.voucher;
      expect(voucher).toMatchObject({ code, discount: 50, state: 'active', shops: [{ id: reached.shopId }] });
      expect((await asOperator('POST', '/api/operator/vouchers', input)).json()).toMatchObject({
        errors: { code: ['This voucher code is already in use.'] },
      });

      const { session } = await signInNewCustomer(ctx.app, ctx.db);
      const calls = cartCalls(ctx.app, session.bearerHeaders);
      for (const shop of [reached, missed]) {
        const p = await createTestProduct(ctx.db, { shopId: shop.shopId, price: 20_000, stock: 5 });
        await calls.add({ product_id: p.id });
      }
      const preview = checkoutReplySchema.parse(
        (await calls.checkout({ shop_ids: [reached.shopId, missed.shopId], coupon_code: code })).json(),
      ).data;
      const discountOf = (shopId: number) =>
        preview.checkout_items.find((g) => g.shop_id === shopId)?.summary.coupon_discount;
      expect(discountOf(reached.shopId)).toBe(50);
      expect(discountOf(missed.shopId)).toBe(0);

      const moved = platformVoucherReplySchema.parse(
        (
          await audited('voucher', 'update', 'PUT', `/api/operator/vouchers/${voucher.id}`, {
            ...input,
            shop_ids: [missed.shopId],
          })
        ).json(),
      ).data.voucher;
      expect(moved.shops.map((s) => s.id)).toEqual([missed.shopId]);
      const after = checkoutReplySchema.parse(
        (await calls.checkout({ shop_ids: [reached.shopId, missed.shopId], coupon_code: code })).json(),
      ).data;
      expect(after.checkout_items.find((g) => g.shop_id === missed.shopId)?.summary.coupon_discount).toBe(50);
      expect(after.checkout_items.find((g) => g.shop_id === reached.shopId)?.summary.coupon_discount).toBe(0);

      const list = platformVouchersReplySchema.parse(
        (await asOperator('GET', `/api/operator/vouchers?q=${code}`)).json(),
      ).data;
      expect(list.vouchers.map((v) => v.id)).toEqual([voucher.id]);
      await audited('voucher', 'end', 'POST', `/api/operator/vouchers/${voucher.id}/end`);
      expect((await asOperator('POST', `/api/operator/vouchers/${voucher.id}/end`)).statusCode).toBe(422);
      // A shop's own voucher is not the operator's to change.
      expect((await asOperator('POST', '/api/operator/vouchers/2000000/end')).statusCode).toBe(404);
    });
  });

  describe('orders', () => {
    it('lists every shop’s orders with filters; cancels with a reason the shopper sees; the stock comes back', async () => {
      const shop = await openTestShop(ctx);
      const product = await createTestProduct(ctx.db, { shopId: shop.shopId, price: 30_000, stock: 4 });
      const { session, customer } = await signInNewCustomer(ctx.app, ctx.db);
      const orderId = await placeCashOrder(ctx.app, session.bearerHeaders, shop.shopId, [product.id]);
      const stock = async () =>
        (await ctx.db.select({ s: products.stock }).from(products).where(eq(products.id, product.id)))[0]?.s;
      expect(await stock()).toBe(3);

      const list = async (query: string) => {
        const res = await asOperator('GET', `/api/operator/orders?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return operatorOrdersReplySchema.parse(res.json()).data;
      };
      const byShop = await list(`shop_id=${shop.shopId}&status=Pending&payment_status=Pending`);
      expect(byShop.orders.map((o) => o.id)).toEqual([orderId]);
      expect((await list(`q=${encodeURIComponent(customer.email)}`)).orders.map((o) => o.id)).toEqual([orderId]);
      const code = byShop.orders[0]!.order_code;
      expect((await list(`q=${encodeURIComponent(code)}`)).orders.map((o) => o.id)).toEqual([orderId]);
      expect((await list(`shop_id=${shop.shopId}&from=2000-01-01&to=2000-01-02`)).orders).toEqual([]);
      for (const bad of ['status=Lost', 'payment_status=Maybe', 'from=yesterday', 'shop_id=x', 'sort=shop']) {
        expect((await asOperator('GET', `/api/operator/orders?${bad}`)).statusCode, bad).toBe(422);
      }

      const details = operatorOrderReplySchema.parse(
        (await asOperator('GET', `/api/operator/orders/${orderId}`)).json(),
      ).data.order;
      expect(details).toMatchObject({ id: orderId, customer: { email: customer.email }, cancel_reason: null });
      expect((await asOperator('GET', '/api/operator/orders/2000000')).statusCode).toBe(404);

      const noReason = await asOperator('POST', `/api/operator/orders/${orderId}/cancel`, { reason: ' ' });
      expect(noReason.statusCode).toBe(422);
      const cancelled = operatorOrderReplySchema.parse(
        (
          await audited('order', 'cancel', 'POST', `/api/operator/orders/${orderId}/cancel`, {
            reason: 'The shop cannot deliver to this address.',
          })
        ).json(),
      ).data.order;
      expect(cancelled).toMatchObject({
        order_status: 'Cancelled',
        cancel_reason: 'The shop cannot deliver to this address.',
      });
      expect(await stock()).toBe(4);
      const seen = await ctx.app.inject({
        url: `/api/order-details?order_id=${orderId}`,
        headers: session.bearerHeaders,
      });
      expect(seen.json()).toMatchObject({
        data: { order: { order_status: 'Cancelled', cancel_reason: 'The shop cannot deliver to this address.' } },
      });
      // Once: the stock does not come back twice.
      expect((await asOperator('POST', `/api/operator/orders/${orderId}/cancel`, { reason: 'again' })).statusCode).toBe(
        422,
      );
      expect(await stock()).toBe(4);
    });
  });

  describe('users', () => {
    it('lists shoppers and sellers (never the operator); blocking ends the sessions at once and sign-in is refused; unblocking restores it', async () => {
      const { customer, session } = await signInNewCustomer(ctx.app, ctx.db);
      const list = async (query: string) => {
        const res = await asOperator('GET', `/api/operator/users?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return operatorUsersReplySchema.parse(res.json()).data;
      };
      expect((await list(`q=${encodeURIComponent(customer.email)}`)).users).toMatchObject([
        { id: customer.id, role: 'customer', status: 'active' },
      ]);
      expect((await list('role=seller&per_page=100')).users.every((u) => u.role === 'seller')).toBe(true);
      expect((await list('q=admin@example.com')).users).toEqual([]);
      expect((await asOperator('POST', `/api/operator/users/${operator.user.id}/block`)).statusCode).toBe(404);
      for (const bad of ['role=admin', 'status=gone']) {
        expect((await asOperator('GET', `/api/operator/users?${bad}`)).statusCode, bad).toBe(422);
      }

      const me = () => ctx.app.inject({ url: '/api/profile', headers: session.bearerHeaders });
      const before = (await me()).statusCode;
      expect(before).toBe(200);
      const blocked = operatorUserReplySchema.parse(
        (await audited('user', 'block', 'POST', `/api/operator/users/${customer.id}/block`)).json(),
      ).data.user;
      expect(blocked.status).toBe('blocked');
      expect((await me()).statusCode).toBe(401);
      await expect(signIn(ctx.app, customer.email, customer.password)).rejects.toThrow(
        /422.*Your account has been deactivated/,
      );
      expect((await list('status=blocked&per_page=100')).users.map((u) => u.id)).toContain(customer.id);

      await audited('user', 'unblock', 'POST', `/api/operator/users/${customer.id}/unblock`);
      const again = await signIn(ctx.app, customer.email, customer.password);
      expect((await ctx.app.inject({ url: '/api/profile', headers: again.bearerHeaders })).statusCode).toBe(200);
    });
  });

  describe('delivery charges and VAT', () => {
    it('validates; a changed tier and a new VAT row are used by the next checkout preview', async () => {
      const bad = await asOperator('POST', '/api/operator/delivery-charges', {
        name: '',
        min_qty: 5,
        max_qty: 2,
        charge: -1,
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys((bad.json() as { errors: object }).errors).sort()).toEqual(['charge', 'max_qty', 'name']);
      expect((await asOperator('POST', '/api/operator/vat', { name: 'X', percentage: 101 })).statusCode).toBe(422);

      const shop = await openTestShop(ctx);
      const { session } = await signInNewCustomer(ctx.app, ctx.db);
      const calls = cartCalls(ctx.app, session.bearerHeaders);
      const p = await createTestProduct(ctx.db, { shopId: shop.shopId, price: 100_000, stock: 5 });
      await calls.add({ product_id: p.id });
      const preview = async () =>
        checkoutReplySchema.parse((await calls.checkout({ shop_ids: [shop.shopId] })).json()).data.checkout;
      const first = await preview();

      const tiers = (await asOperator('GET', '/api/operator/delivery-charges')).json() as {
        data: { tiers: { id: number; min_qty: number; max_qty: number; name: string }[] };
      };
      const one = tiers.data.tiers.find((t) => t.min_qty <= 1 && 1 <= t.max_qty);
      expect(one).toBeDefined();
      const tier = deliveryTierReplySchema.parse(
        (
          await audited('delivery_charge', 'update', 'PUT', `/api/operator/delivery-charges/${one!.id}`, {
            name: one!.name,
            min_qty: one!.min_qty,
            max_qty: one!.max_qty,
            charge: 123.45,
          })
        ).json(),
      ).data.tier;
      expect(tier.charge).toBe(123.45);
      const vat = vatRateReplySchema.parse(
        (
          await audited('vat', 'create', 'POST', '/api/operator/vat', {
            name: 'Luxury tax',
            translations: { id: 'Pajak barang mewah' },
            percentage: 2,
          })
        ).json(),
      ).data.vat;
      const second = await preview();
      expect(second.delivery_charge).toBe(123.45);
      expect(second.all_vat_taxes.map((v) => v.id)).toContain(vat.id);
      expect(second.order_tax_amount).toBeGreaterThan(first.order_tax_amount);

      await audited('vat', 'update', 'PUT', `/api/operator/vat/${vat.id}`, {
        name: 'Luxury tax',
        percentage: 2,
        is_active: false,
      });
      const added = deliveryTierReplySchema.parse(
        (
          await audited('delivery_charge', 'create', 'POST', '/api/operator/delivery-charges', {
            name: 'Huge',
            min_qty: 5000,
            max_qty: 6000,
            charge: 1,
          })
        ).json(),
      ).data.tier;
      await audited('delivery_charge', 'delete', 'DELETE', `/api/operator/delivery-charges/${added.id}`);
      expect((await asOperator('DELETE', `/api/operator/delivery-charges/${added.id}`)).statusCode).toBe(404);
      const third = await preview();
      expect(third.all_vat_taxes.map((v) => v.id)).not.toContain(vat.id);
    });
  });
});
