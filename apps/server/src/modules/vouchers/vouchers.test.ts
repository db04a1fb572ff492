import { randomUUID } from 'node:crypto';
import { checkoutReplySchema } from '@shop/contracts/cart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { sellerVoucherReplySchema, sellerVouchersReplySchema } from '@shop/contracts/seller-vouchers';
import { expect, it } from 'vitest';
import type { SignedIn } from '../../testing/auth';
import { signInNewCustomer } from '../../testing/auth';
import { cartCalls, createTestAddress, createTestProduct, createTestVoucher } from '../../testing/commerce';
import { openTestShop } from '../../testing/seller-money';
import { describeEachDatabase } from '../../testing/test-app';

const rp = (n: number) => n * 100;
const DAY = 86_400_000;

describeEachDatabase('the shop’s own vouchers', (ctx) => {
  const call = (seller: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: seller.bearerHeaders, ...(payload ? { payload } : {}) });
  const window = (fromDays = -1, toDays = 30) => ({
    starts_at: new Date(ctx.clock.now().getTime() + fromDays * DAY).toISOString(),
    expires_at: new Date(ctx.clock.now().getTime() + toDays * DAY).toISOString(),
  });
  const code = () => `V${randomUUID().slice(0, 8)}`;

  /** A new shopper with one product of the shop in the cart (quantity `quantity`). */
  const shopperWith = async (productId: number, quantity = 1) => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const calls = cartCalls(ctx.app, session.bearerHeaders);
    expect((await calls.add({ product_id: productId, quantity })).statusCode).toBe(200);
    return { calls, addressId: await createTestAddress(ctx.app, session.bearerHeaders) };
  };
  const preview = async (calls: ReturnType<typeof cartCalls>, shopId: number, couponCode: string) =>
    checkoutReplySchema.parse((await calls.checkout({ shop_ids: [shopId], coupon_code: couponCode })).json());

  it('refuses a voucher with wrong fields, each error under its field', async () => {
    const { seller } = await openTestShop(ctx);
    const bad = await call(seller, 'POST', '/api/seller/vouchers', {
      code: 'a b',
      discount_type: 'Percentage',
      discount: 150,
      min_order_amount: -1,
      limit_for_user: 0,
      ...window(),
    });
    expect(bad.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(bad.json()).errors).toEqual({
      code: ['The code may contain only letters, digits, dashes and underscores.'],
      discount: ['A percentage discount may not be more than 100.'],
      min_order_amount: ['The min order amount must be at least 0.'],
      limit_for_user: ['The limit for user must be at least 1.'],
    });
    const cross = await call(seller, 'POST', '/api/seller/vouchers', {
      code: code(),
      discount_type: 'Percentage',
      discount: 150,
      starts_at: window(2).starts_at,
      expires_at: window(0, 1).expires_at,
    });
    expect(validationErrorReplySchema.parse(cross.json()).errors).toEqual({
      discount: ['A percentage discount may not be more than 100.'],
      expires_at: ['The voucher must end after it starts.'],
    });
    const past = await call(seller, 'POST', '/api/seller/vouchers', {
      code: code(),
      discount_type: 'Amount',
      discount: 1000,
      ...window(-3, -1),
    });
    expect(validationErrorReplySchema.parse(past.json()).errors).toEqual({
      expires_at: ['The voucher must end in the future.'],
    });
    const missing = await call(seller, 'POST', '/api/seller/vouchers', {});
    expect(Object.keys(validationErrorReplySchema.parse(missing.json()).errors).sort()).toEqual([
      'code',
      'discount',
      'discount_type',
      'expires_at',
      'starts_at',
    ]);
  });

  it('is applied at checkout by the checkout’s own rules: minimum spend, per-shopper and total limits, validity', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    const product = await createTestProduct(ctx.db, { shopId, price: rp(40_000), stock: 100 });
    const voucherCode = code();
    const made = await call(seller, 'POST', '/api/seller/vouchers', {
      code: voucherCode,
      discount_type: 'Percentage',
      discount: 10,
      max_discount_amount: 5_000,
      min_order_amount: 50_000,
      limit_for_user: 1,
      total_limit: 2,
      ...window(),
    });
    expect(made.statusCode, made.body).toBe(200);
    const voucher = sellerVoucherReplySchema.parse(made.json()).data.voucher;
    expect(voucher).toMatchObject({
      code: voucherCode,
      discount_type: 'Percentage',
      discount: 10,
      max_discount_amount: 5_000,
      min_order_amount: 50_000,
      limit_for_user: 1,
      total_limit: 2,
      used_count: 0,
      state: 'active',
    });

    // Below the minimum spend: not applied.
    const small = await shopperWith(product.id, 1);
    expect((await preview(small.calls, shopId, voucherCode)).message).toBe('Coupon not applied');
    // 80.000: 10% is 8.000, capped at 5.000.
    const first = await shopperWith(product.id, 2);
    expect((await preview(first.calls, shopId, voucherCode)).data.checkout.coupon_discount).toBe(5_000);
    const place = (s: Awaited<ReturnType<typeof shopperWith>>) =>
      s.calls.placeOrder(
        { shop_ids: [shopId], address_id: s.addressId, payment_method: 'cash', coupon_code: voucherCode },
        randomUUID(),
      );
    expect((await place(first)).statusCode).toBe(200);
    // The same shopper again: the per-shopper limit (1) is reached.
    await first.calls.add({ product_id: product.id, quantity: 2 });
    expect((await preview(first.calls, shopId, voucherCode)).message).toBe('Coupon not applied');
    const second = await shopperWith(product.id, 2);
    expect((await place(second)).statusCode).toBe(200);
    // The total limit (2) is reached.
    const third = await shopperWith(product.id, 2);
    expect((await preview(third.calls, shopId, voucherCode)).message).toBe('Coupon not applied');

    const listed = sellerVouchersReplySchema.parse((await call(seller, 'GET', '/api/seller/vouchers')).json()).data;
    expect(listed.vouchers.find((v) => v.id === voucher.id)).toMatchObject({ used_count: 2, state: 'active' });

    // Raised to 3 and made an amount: the third shopper gets it.
    const edit = (body: object) => call(seller, 'PUT', `/api/seller/vouchers/${voucher.id}`, body);
    const base = { code: voucherCode, min_order_amount: 50_000, limit_for_user: 1, ...window() };
    const below = await edit({ ...base, discount_type: 'Amount', discount: 2_000, total_limit: 1 });
    expect(below.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(below.json()).errors).toEqual({
      total_limit: ['The total limit may not be less than the 2 orders that used the voucher.'],
    });
    const raised = await edit({ ...base, discount_type: 'Amount', discount: 2_000, total_limit: 3 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(sellerVoucherReplySchema.parse(raised.json()).data.voucher).toMatchObject({
      discount_type: 'Amount',
      discount: 2_000,
      max_discount_amount: null,
      total_limit: 3,
      used_count: 2,
    });
    expect((await preview(third.calls, shopId, voucherCode)).data.checkout.coupon_discount).toBe(2_000);

    // Ended early: no longer applied, and no longer changed.
    const ended = await call(seller, 'POST', `/api/seller/vouchers/${voucher.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    const endedVoucher = sellerVoucherReplySchema.parse(ended.json()).data.voucher;
    expect(endedVoucher.state).toBe('ended');
    expect(Date.parse(endedVoucher.expires_at)).toBeLessThanOrEqual(ctx.clock.now().getTime());
    expect((await preview(third.calls, shopId, voucherCode)).message).toBe('Coupon not applied');
    const again = await call(seller, 'POST', `/api/seller/vouchers/${voucher.id}/end`);
    expect(again.statusCode).toBe(422);
    expect(errorReplySchema.parse(again.json()).message).toBe('This voucher has ended and cannot be changed.');
    expect((await edit({ ...base, discount_type: 'Amount', discount: 2_000, total_limit: 9 })).statusCode).toBe(422);
    const endedOnly = sellerVouchersReplySchema.parse(
      (await call(seller, 'GET', '/api/seller/vouchers?state=ended')).json(),
    ).data;
    expect(endedOnly.vouchers.map((v) => v.id)).toEqual([voucher.id]);
  });

  it('waits for its start: a scheduled voucher is listed as such and not applied yet', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    const product = await createTestProduct(ctx.db, { shopId, price: rp(40_000), stock: 10 });
    const voucherCode = code();
    const made = await call(seller, 'POST', '/api/seller/vouchers', {
      code: voucherCode,
      discount_type: 'Amount',
      discount: 1_000,
      ...window(1, 5),
    });
    expect(sellerVoucherReplySchema.parse(made.json()).data.voucher.state).toBe('scheduled');
    const shopper = await shopperWith(product.id);
    expect((await preview(shopper.calls, shopId, voucherCode)).message).toBe('Coupon not applied');
    const scheduled = sellerVouchersReplySchema.parse(
      (await call(seller, 'GET', '/api/seller/vouchers?state=scheduled')).json(),
    ).data;
    expect(scheduled.total).toBe(1);
    expect(
      sellerVouchersReplySchema.parse((await call(seller, 'GET', '/api/seller/vouchers?state=active')).json()).data
        .total,
    ).toBe(0);
  });

  it('keeps codes unique whatever their case, and answers 404 for another shop’s or the platform’s voucher', async () => {
    const a = await openTestShop(ctx);
    const b = await openTestShop(ctx);
    const voucherCode = code();
    const made = sellerVoucherReplySchema.parse(
      (
        await call(a.seller, 'POST', '/api/seller/vouchers', {
          code: voucherCode,
          discount_type: 'Amount',
          discount: 1_000,
          ...window(),
        })
      ).json(),
    ).data.voucher;
    const taken = await call(b.seller, 'POST', '/api/seller/vouchers', {
      code: voucherCode.toLowerCase(),
      discount_type: 'Amount',
      discount: 1_000,
      ...window(),
    });
    expect(taken.statusCode).toBe(422);
    expect(validationErrorReplySchema.parse(taken.json()).errors).toEqual({
      code: ['This voucher code is already in use.'],
    });
    const platform = await createTestVoucher(ctx.db, {
      shopId: null,
      discountType: 'Amount',
      discount: 1_000,
      now: ctx.clock.now(),
      assignTo: [a.shopId],
    });
    const body = { code: code(), discount_type: 'Amount', discount: 1_000, ...window() };
    for (const id of [made.id, platform.id, 999_999_999]) {
      for (const [method, url, payload] of [
        ['GET', `/api/seller/vouchers/${id}`, undefined],
        ['PUT', `/api/seller/vouchers/${id}`, body],
        ['POST', `/api/seller/vouchers/${id}/end`, undefined],
      ] as const) {
        const res = await call(id === platform.id ? a.seller : b.seller, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(errorReplySchema.parse(res.json())).toEqual({ message: 'Voucher not found.', code: 'NOT_FOUND' });
      }
    }
    const own = sellerVoucherReplySchema.parse((await call(a.seller, 'GET', `/api/seller/vouchers/${made.id}`)).json());
    expect(own.data.voucher).toMatchObject({ code: voucherCode, state: 'active' });
  });
});
