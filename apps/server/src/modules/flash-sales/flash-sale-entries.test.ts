import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { productDetailsReplySchema } from '@shop/contracts/products';
import { flashSaleEntryReplySchema, sellerFlashSalesReplySchema } from '@shop/contracts/seller-flash-sales';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { products } from '../../db/schema/products';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { createTestProduct } from '../../testing/commerce';
import { placeCashOrder } from '../../testing/seller-centre';
import { createTestFlashSale, openTestShop } from '../../testing/seller-money';
import { describeEachDatabase } from '../../testing/test-app';

const rp = (n: number) => n * 100;
const HOUR = 3_600_000;

describeEachDatabase('the shop’s flash-sale entries', (ctx) => {
  const call = (seller: SignedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: seller.bearerHeaders, ...(payload ? { payload } : {}) });
  const enter = (seller: SignedIn, payload: Record<string, unknown>) =>
    call(seller, 'POST', '/api/seller/flash-sale-entries', payload);
  const at = (hours: number) => new Date(ctx.clock.now().getTime() + hours * HOUR);
  const salesOf = async (seller: SignedIn) =>
    sellerFlashSalesReplySchema.parse((await call(seller, 'GET', '/api/seller/flash-sales')).json()).data.flash_sales;

  it('enters a published product of the shop in an upcoming sale, below its price and within its stock', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    const other = await openTestShop(ctx);
    const product = await createTestProduct(ctx.db, { shopId, price: rp(100_000), stock: 20 });
    const draft = await createTestProduct(ctx.db, { shopId, price: rp(100_000), stock: 20 });
    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, draft.id));
    const foreign = await createTestProduct(ctx.db, { shopId: other.shopId, price: rp(100_000), stock: 20 });
    const upcoming = await createTestFlashSale(ctx, { startsAt: at(24), endsAt: at(48) });
    const overlapping = await createTestFlashSale(ctx, { startsAt: at(30), endsAt: at(60) });
    const running = await createTestFlashSale(ctx, { startsAt: at(-1), endsAt: at(1) });
    const ended = await createTestFlashSale(ctx, { startsAt: at(-5), endsAt: at(-4) });

    const listed = await salesOf(seller);
    const ids = listed.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([upcoming, overlapping, running]));
    expect(ids).not.toContain(ended);
    expect(listed.find((s) => s.id === running)?.status).toBe('running');
    expect(listed.find((s) => s.id === upcoming)).toMatchObject({ status: 'upcoming', entries: [] });

    const errorsOf = async (payload: Record<string, unknown>) => {
      const res = await enter(seller, payload);
      expect(res.statusCode, res.body).toBe(422);
      return validationErrorReplySchema.parse(res.json()).errors;
    };
    const base = { flash_sale_id: upcoming, product_id: product.id, price: 80_000, quantity: 5 };
    expect(await errorsOf({ ...base, price: 100_000, quantity: 21 })).toEqual({
      price: ['The sale price must be less than the product price of 100000.00.'],
      quantity: ['The quantity may not be more than the 20 in stock.'],
    });
    expect(await errorsOf({ ...base, product_id: foreign.id })).toEqual({ product_id: ['Product not found.'] });
    expect(await errorsOf({ ...base, product_id: draft.id })).toEqual({
      product_id: ['Only a published product can be entered in a flash sale.'],
    });
    expect(await errorsOf({ ...base, flash_sale_id: ended })).toEqual({ flash_sale_id: ['Flash sale not found.'] });
    const started = await enter(seller, { ...base, flash_sale_id: running });
    expect(started.statusCode).toBe(422);
    expect(errorReplySchema.parse(started.json()).message).toBe(
      'This flash sale has started: its entries can no longer change.',
    );

    const made = await enter(seller, base);
    expect(made.statusCode, made.body).toBe(200);
    const entry = flashSaleEntryReplySchema.parse(made.json()).data.entry;
    expect(entry).toMatchObject({
      flash_sale_id: upcoming,
      product_id: product.id,
      regular_price: 100_000,
      price: 80_000,
      discount: 20,
      quantity: 5,
      sold: 0,
      can_edit: true,
    });
    expect(await errorsOf(base)).toEqual({ product_id: ['This product is already in this flash sale.'] });
    const overlap = await errorsOf({ ...base, flash_sale_id: overlapping });
    expect(overlap.product_id?.[0]).toMatch(/^This product is already in the flash sale .+ at the same time\.$/);

    // Changed, withdrawn and entered again before the start.
    const changed = await call(seller, 'PUT', `/api/seller/flash-sale-entries/${entry.id}`, {
      price: 75_000.5,
      quantity: 3,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(flashSaleEntryReplySchema.parse(changed.json()).data.entry).toMatchObject({
      price: 75_000.5,
      discount: 25,
      quantity: 3,
    });
    const removed = await call(seller, 'DELETE', `/api/seller/flash-sale-entries/${entry.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await salesOf(seller)).find((s) => s.id === upcoming)?.entries).toEqual([]);
    expect((await call(seller, 'DELETE', `/api/seller/flash-sale-entries/${entry.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another shop’s entry and shows a shop only its own', async () => {
    const a = await openTestShop(ctx);
    const b = await openTestShop(ctx);
    const product = await createTestProduct(ctx.db, { shopId: a.shopId, price: rp(50_000), stock: 10 });
    const sale = await createTestFlashSale(ctx, { startsAt: at(10), endsAt: at(20) });
    const entry = flashSaleEntryReplySchema.parse(
      (await enter(a.seller, { flash_sale_id: sale, product_id: product.id, price: 40_000, quantity: 2 })).json(),
    ).data.entry;
    for (const [method, payload] of [
      ['PUT', { price: 1, quantity: 1 }],
      ['DELETE', undefined],
    ] as const) {
      for (const id of [entry.id, 999_999_999]) {
        const res = await call(b.seller, method, `/api/seller/flash-sale-entries/${id}`, payload);
        expect(res.statusCode, `${method} ${id}`).toBe(404);
        expect(errorReplySchema.parse(res.json())).toEqual({
          message: 'Flash sale entry not found.',
          code: 'NOT_FOUND',
        });
      }
    }
    expect((await salesOf(b.seller)).find((s) => s.id === sale)?.entries).toEqual([]);
    expect((await salesOf(a.seller)).find((s) => s.id === sale)?.entries.map((e) => e.id)).toEqual([entry.id]);
  });

  it('sells at the sale price once the sale starts, shows what sold, and changes no more', async () => {
    const { shopId, seller } = await openTestShop(ctx);
    const product = await createTestProduct(ctx.db, { shopId, price: rp(60_000), stock: 10 });
    const sale = await createTestFlashSale(ctx, { startsAt: at(1), endsAt: at(3) });
    const entry = flashSaleEntryReplySchema.parse(
      (await enter(seller, { flash_sale_id: sale, product_id: product.id, price: 45_000, quantity: 4 })).json(),
    ).data.entry;
    ctx.clock.advance(2 * HOUR);
    try {
      const details = productDetailsReplySchema.parse(
        (await ctx.app.inject({ url: `/api/product-details?product_id=${product.id}` })).json(),
      ).data.product;
      expect(details).toMatchObject({ price: 60_000, discount_price: 45_000 });
      const { session } = await signInNewCustomer(ctx.app, ctx.db);
      await placeCashOrder(ctx.app, session.bearerHeaders, shopId, [product.id]);
      const shown = (await salesOf(seller)).find((s) => s.id === sale)?.entries[0];
      expect(shown).toMatchObject({ id: entry.id, sold: 1, quantity: 4, can_edit: false });
      const late = await call(seller, 'PUT', `/api/seller/flash-sale-entries/${entry.id}`, {
        price: 10_000,
        quantity: 4,
      });
      expect(late.statusCode).toBe(422);
      expect((await call(seller, 'DELETE', `/api/seller/flash-sale-entries/${entry.id}`)).statusCode).toBe(422);
    } finally {
      ctx.clock.advance(-2 * HOUR);
    }
  });
});
