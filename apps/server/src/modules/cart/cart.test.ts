import {
  type CartProduct,
  cartReplySchema,
  checkoutReplySchema,
  PRODUCT_REMOVED_FROM_CART,
} from '@shop/contracts/cart';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { units } from '../../db/schema/catalog';
import { products } from '../../db/schema/products';
import { signInNewCustomer } from '../../testing/auth';
import { cartCalls, createRunningFlashSale, createTestProduct, seededShops } from '../../testing/commerce';
import { describeEachDatabase } from '../../testing/test-app';

/** Rp n in minor units. */
const rp = (n: number) => n * 100;

describeEachDatabase('cart', (ctx) => {
  let shopA: number;
  let shopB: number;
  beforeAll(async () => {
    [shopA, shopB] = (await seededShops(ctx.db, 2)).map((s) => s.id) as [number, number];
  });

  const shopper = async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    return cartCalls(ctx.app, session.bearerHeaders);
  };
  const cartOf = async (reply: { statusCode: number; body: string; json(): unknown }) => {
    expect(reply.statusCode, reply.body).toBe(200);
    return cartReplySchema.parse(reply.json());
  };

  it('needs a signed-in shopper, at the spec paths and the /api paths', async () => {
    for (const url of ['/carts', '/api/carts']) expect((await ctx.app.inject({ url })).statusCode).toBe(401);
    const add = await ctx.app.inject({ method: 'POST', url: '/api/cart/store', payload: { product_id: 1 } });
    expect(add.statusCode).toBe(401);
  });

  it('adds lines grouped by shop; adding again grows the line; totals are the server’s', async () => {
    const calls = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(100_000), stock: 10 });
    const b = await createTestProduct(ctx.db, {
      shopId: shopB,
      price: rp(50_000),
      discountPrice: rp(40_000),
      stock: 10,
    });
    await cartOf(await calls.add({ product_id: a.id, quantity: 2 }));
    const reply = await cartOf(await calls.add({ product_id: b.id }));
    expect(reply.message).toBe('Product added to cart');
    expect(reply.data.total).toBe(2);
    expect(reply.data.total_amount).toBe(240_000);
    expect(reply.data.cart_items.map((g) => [g.shop_id, g.products.map((p) => [p.id, p.quantity])])).toEqual([
      [shopA, [[a.id, 2]]],
      [shopB, [[b.id, 1]]],
    ]);
    const bLine = reply.data.cart_items[1]?.products[0];
    expect(bLine).toMatchObject({ price: 50_000, discount_price: 40_000, discount_percentage: 20, subtotal: 40_000 });

    const again = await cartOf(await calls.add({ product_id: a.id, quantity: 3 }));
    expect(again.data.cart_items[0]?.products[0]?.quantity).toBe(5);
    expect(again.data.total).toBe(2);
    // The spec's GET /carts is the same cart.
    expect((await cartOf(await calls.cart())).data).toEqual(again.data);
  });

  it('refuses more than the stock, and unknown products, colours and sizes', async () => {
    const calls = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 3, colorExtras: [0] });
    const over = await calls.add({ product_id: p.id, quantity: 4 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ errors: { quantity: ['Only 3 left in stock.'] } });
    await cartOf(await calls.add({ product_id: p.id, quantity: 3 }));
    expect((await calls.add({ product_id: p.id })).json()).toMatchObject({
      errors: { quantity: ['This product is out of stock.'] },
    });
    expect((await calls.add({ product_id: 999_999_999 })).statusCode).toBe(404);
    expect((await calls.add({ product_id: p.id, color: 999_999 })).json()).toMatchObject({
      errors: { color: ['The selected color is invalid.'] },
    });
    expect((await calls.add({ product_id: p.id, size: 999_999 })).statusCode).toBe(422);
    const soldOut = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 0 });
    expect((await calls.add({ product_id: soldOut.id })).statusCode).toBe(422);
  });

  it('adds the colour and size extra prices to the unit price', async () => {
    const calls = await shopper();
    const p = await createTestProduct(ctx.db, {
      shopId: shopA,
      price: rp(100_000),
      discountPrice: rp(80_000),
      stock: 5,
      colorExtras: [rp(5_000)],
      sizeExtras: [rp(2_500)],
    });
    const reply = await cartOf(
      await calls.add({ product_id: p.id, color: p.colorIds[0], size: p.sizeIds[0], unit: 'pcs' }),
    );
    expect(reply.data.cart_items[0]?.products[0]).toMatchObject({
      price: 107_500,
      discount_price: 87_500,
      subtotal: 87_500,
      unit: 'pcs',
      color: { id: p.colorIds[0], price: 5_000 },
      size: { id: p.sizeIds[0], price: 2_500 },
    });
  });

  /** The lines of a cart reply as [colour id, size id, unit, quantity, unit price to pay, subtotal]. */
  const linesOf = (cart: { data: { cart_items: { products: CartProduct[] }[] } }) =>
    cart.data.cart_items.flatMap((g) =>
      g.products.map((l) => [
        l.color?.id ?? null,
        l.size?.id ?? null,
        l.unit,
        l.quantity,
        l.discount_price || l.price,
        l.subtotal,
      ]),
    );

  it('keeps a line per colour, size and unit of one product, each with its own quantity and price', async () => {
    const calls = await shopper();
    const p = await createTestProduct(ctx.db, {
      shopId: shopA,
      price: rp(96_000),
      stock: 20,
      colorExtras: [0, rp(10_000)],
      sizeExtras: [0, rp(2_000)],
    });
    const [black, green] = p.colorIds as [number, number];
    const [small, medium] = p.sizeIds as [number, number];
    await cartOf(await calls.add({ product_id: p.id, color: black, size: small }));
    const two = await cartOf(await calls.add({ product_id: p.id, quantity: 2, color: green, size: medium }));
    expect(linesOf(two)).toEqual([
      [black, small, null, 1, 96_000, 96_000],
      [green, medium, null, 2, 108_000, 216_000],
    ]);
    expect(two.data).toMatchObject({ total: 2, total_amount: 312_000 });
    // The same choice again grows its own line; no colour or size, or another unit, is a line of its own.
    await cartOf(await calls.add({ product_id: p.id, color: black, size: small }));
    await cartOf(await calls.add({ product_id: p.id }));
    await cartOf(await calls.add({ product_id: p.id }));
    const all = await cartOf(await calls.add({ product_id: p.id, color: black, size: small, unit: 'box' }));
    expect(linesOf(all)).toEqual([
      [black, small, null, 2, 96_000, 192_000],
      [green, medium, null, 2, 108_000, 216_000],
      [null, null, null, 2, 96_000, 192_000],
      [black, small, 'box', 1, 96_000, 96_000],
    ]);
    const ids = all.data.cart_items.flatMap((g) => g.products.map((l) => l.cart_item_id));
    expect(new Set(ids).size).toBe(4);
    expect((await cartOf(await calls.cart())).data).toEqual(all.data);

    // The preview prices each line on its own.
    const preview = checkoutReplySchema.parse((await calls.checkout({ shop_ids: [shopA] })).json()).data;
    expect(preview.checkout_items[0]?.products.map((l) => [l.cart_item_id, l.quantity, l.subtotal])).toEqual(
      all.data.cart_items[0]?.products.map((l) => [l.cart_item_id, l.quantity, l.subtotal]),
    );
    expect(preview.checkout.total_amount).toBe(696_000);
  });

  it('takes the product’s unit in any language, or none, as one line', async () => {
    const calls = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 20 });
    const [unit] = await ctx.db
      .insert(units)
      .values({ name: 'Piece', translations: { id: 'Buah', ar: 'قطعة' }, shopId: shopA })
      .returning({ id: units.id });
    await ctx.db.update(products).set({ unitId: unit?.id }).where(eq(products.id, p.id));
    await cartOf(await calls.add({ product_id: p.id, unit: 'Piece' }));
    await cartOf(await calls.add({ product_id: p.id, unit: 'Buah' }));
    await cartOf(await calls.add({ product_id: p.id, unit: 'قطعة' }));
    const one = await cartOf(await calls.add({ product_id: p.id }));
    expect(linesOf(one)).toEqual([[null, null, 'Piece', 4, 10_000, 40_000]]);
    // Named with its unit, the line is found too.
    expect(linesOf(await cartOf(await calls.decrement({ product_id: p.id, unit: 'Buah' })))[0]?.[3]).toBe(3);
  });

  it('holds no more of a product in all its lines than its stock', async () => {
    const calls = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 3, colorExtras: [0, 0] });
    const [black, green] = p.colorIds as [number, number];
    await cartOf(await calls.add({ product_id: p.id, quantity: 2, color: black }));
    const over = await calls.add({ product_id: p.id, quantity: 2, color: green });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({ errors: { quantity: ['Only 1 left in stock.'] } });
    const full = await cartOf(await calls.add({ product_id: p.id, color: green }));
    const [blackLine, greenLine] = full.data.cart_items[0]?.products ?? [];
    // Each line may grow only into what the other lines leave.
    expect([blackLine?.max_quantity, greenLine?.max_quantity]).toEqual([2, 1]);
    expect((await calls.increment({ cart_item_id: greenLine?.cart_item_id })).statusCode).toBe(422);
    expect((await calls.add({ product_id: p.id })).statusCode).toBe(422);

    // Less stock: the older line keeps what it can, the newer one is cut, then dropped.
    await ctx.db.update(products).set({ stock: 2 }).where(eq(products.id, p.id));
    const cut = await cartOf(await calls.cart());
    expect(linesOf(cut).map((l) => [l[0], l[3]])).toEqual([[black, 2]]);
    expect(cut.data.info).toBe('The quantity of some products was reduced to what is left in stock.');
    expect((await cartOf(await calls.cart())).data.info).toBeNull();
  });

  it('changes the line named by cart_item_id, or by product with its choice; refuses to guess between lines', async () => {
    const calls = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 20, colorExtras: [0, 0] });
    const [black, green] = p.colorIds as [number, number];
    await cartOf(await calls.add({ product_id: p.id, color: black }));
    const added = await cartOf(await calls.add({ product_id: p.id, quantity: 3, color: green }));
    const [blackId, greenId] = added.data.cart_items[0]?.products.map((l) => l.cart_item_id) ?? [];
    const quantities = (cart: Awaited<ReturnType<typeof cartOf>>) => linesOf(cart).map((l) => [l[0], l[3]]);

    expect(quantities(await cartOf(await calls.increment({ cart_item_id: blackId })))).toEqual([
      [black, 2],
      [green, 3],
    ]);
    expect(quantities(await cartOf(await calls.decrement({ cart_item_id: greenId })))).toEqual([
      [black, 2],
      [green, 2],
    ]);
    // By product alone, two lines match: 422 with a message, nothing changed.
    for (const reply of [await calls.increment(p.id), await calls.decrement(p.id), await calls.remove(p.id)]) {
      expect(reply.statusCode).toBe(422);
      expect(reply.json()).toMatchObject({ errors: { product_id: [expect.stringContaining('more than one colour')] } });
    }
    // The product with the colour names one line.
    expect(quantities(await cartOf(await calls.increment({ product_id: p.id, color: green })))).toEqual([
      [black, 2],
      [green, 3],
    ]);
    expect(quantities(await cartOf(await calls.remove({ cart_item_id: blackId })))).toEqual([[green, 3]]);
    // One line left: the spec's call by product id alone acts on it.
    expect(quantities(await cartOf(await calls.decrement(p.id)))).toEqual([[green, 2]]);
    expect((await calls.increment({ product_id: p.id, color: black })).statusCode).toBe(404);
    expect((await calls.remove({ cart_item_id: blackId })).statusCode).toBe(404);
    expect((await calls.increment({})).json()).toMatchObject({
      errors: { product_id: ['The product id field is required.'] },
    });
  });

  it('refuses quantities and ids that are not plain numbers (no coercion of arrays, booleans or odd text)', async () => {
    const calls = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 50 });
    for (const quantity of [[1], true, false, '1e0', ' 1 ', '1', 1.5, '', null, {}, 'abc', Number.NaN]) {
      const reply = await calls.add({ product_id: p.id, quantity });
      expect(reply.statusCode, JSON.stringify(quantity)).toBe(422);
      expect(reply.json().errors.quantity, JSON.stringify(quantity)).toHaveLength(1);
    }
    for (const productId of [[p.id], true, `${p.id}e0`, ` ${p.id} `, p.id + 0.5]) {
      const reply = await calls.add({ product_id: productId });
      expect(reply.statusCode, JSON.stringify(productId)).toBe(422);
      expect(reply.json().errors.product_id, JSON.stringify(productId)).toHaveLength(1);
    }
    expect((await calls.increment({ cart_item_id: [1] })).statusCode).toBe(422);
    expect((await calls.cart()).json()).toMatchObject({ data: { total: 0 } });
    // A number, and an id as plain digits (query strings and forms carry text), are taken.
    expect(linesOf(await cartOf(await calls.add({ product_id: String(p.id), quantity: 2 })))).toEqual([
      [null, null, null, 2, 10_000, 20_000],
    ]);
  });

  it('increments up to the stock, decrements, and removes at 1 with the reference’s message', async () => {
    const calls = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 2 });
    await cartOf(await calls.add({ product_id: p.id }));
    expect((await cartOf(await calls.increment(p.id))).data.cart_items[0]?.products[0]?.quantity).toBe(2);
    const capped = await calls.increment(p.id);
    expect(capped.statusCode).toBe(422);
    expect((await cartOf(await calls.decrement(p.id))).data.cart_items[0]?.products[0]?.quantity).toBe(1);
    const removed = await cartOf(await calls.decrement(p.id));
    expect(removed.message).toBe(PRODUCT_REMOVED_FROM_CART);
    expect(removed.data).toMatchObject({ total: 0, total_amount: 0, cart_items: [] });
    expect((await calls.decrement(p.id)).statusCode).toBe(404);
    await cartOf(await calls.add({ product_id: p.id }));
    expect((await cartOf(await calls.remove(p.id))).data.total).toBe(0);
    expect((await calls.remove(p.id)).statusCode).toBe(404);
  });

  it('keeps the buy-now line apart from the cart, one at a time', async () => {
    const calls = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    const b = await createTestProduct(ctx.db, { shopId: shopB, price: rp(20_000), stock: 5 });
    await cartOf(await calls.add({ product_id: a.id }));
    const buyNow = await cartOf(await calls.add({ product_id: b.id, quantity: 2, is_buy_now: true }));
    expect(buyNow.data.cart_items.map((g) => g.products.map((p) => [p.id, p.quantity]))).toEqual([[[b.id, 2]]]);
    const next = await cartOf(await calls.add({ product_id: a.id, is_buy_now: 1 }));
    expect(next.data.cart_items.flatMap((g) => g.products.map((p) => p.id))).toEqual([a.id]);
    const cart = await cartOf(await calls.cart());
    expect(cart.data.cart_items.flatMap((g) => g.products.map((p) => [p.id, p.quantity]))).toEqual([[a.id, 1]]);
    expect((await cartOf(await calls.cart(true))).data.total).toBe(1);
  });

  it('drops lines of products gone or sold out and cuts lines above the stock, with an info warning', async () => {
    const calls = await shopper();
    const gone = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    const cut = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    await cartOf(await calls.add({ product_id: gone.id }));
    await cartOf(await calls.add({ product_id: cut.id, quantity: 4 }));
    await ctx.db.update(products).set({ stock: 2 }).where(eq(products.id, cut.id));
    const capped = await cartOf(await calls.cart());
    expect(capped.data.info).toBe('The quantity of some products was reduced to what is left in stock.');
    expect(capped.data.cart_items[0]?.products.find((p) => p.id === cut.id)?.quantity).toBe(2);
    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, gone.id));
    const dropped = await cartOf(await calls.cart());
    expect(dropped.data.info).toBe('Some products were removed from your cart because they are no longer available.');
    expect(dropped.data.total).toBe(1);
    // The cart was put in step: the next read has nothing more to say.
    expect((await cartOf(await calls.cart())).data.info).toBeNull();
  });

  it('prices a running flash sale above the discount price, capped by what is left of the sale', async () => {
    const calls = await shopper();
    const p = await createTestProduct(ctx.db, {
      shopId: shopA,
      price: rp(100_000),
      discountPrice: rp(90_000),
      stock: 50,
    });
    await createRunningFlashSale(ctx.db, { productId: p.id, price: rp(60_000), quantity: 3, now: ctx.clock.now() });
    const reply = await cartOf(await calls.add({ product_id: p.id, quantity: 3 }));
    expect(reply.data.cart_items[0]?.products[0]).toMatchObject({
      discount_price: 60_000,
      max_quantity: 3,
      in_flash_sale: true,
    });
    expect((await calls.increment(p.id)).statusCode).toBe(422);
  });

  it('previews checkout: delivery tier per shop, VAT per shop rounded to minor units, totals summed', async () => {
    const calls = await shopper();
    const a = await createTestProduct(ctx.db, { shopId: shopA, price: rp(33_333), stock: 20 });
    const b = await createTestProduct(ctx.db, { shopId: shopB, price: rp(10_000), stock: 20 });
    await cartOf(await calls.add({ product_id: a.id, quantity: 3 }));
    await cartOf(await calls.add({ product_id: b.id, quantity: 4 }));
    const reply = await calls.checkout({ shop_ids: [shopA, shopB] });
    expect(reply.statusCode, reply.body).toBe(200);
    const { data } = checkoutReplySchema.parse(reply.json());
    const [ga, gb] = data.checkout_items;
    // Shop A: 3 items -> tier 1-3 (Rp 10.000); VAT 11% of 99.999 = 10.999,89.
    expect(ga?.summary).toMatchObject({
      total_amount: 99_999,
      delivery_charge: 10_000,
      coupon_discount: 0,
      order_tax_amount: 10_999.89,
      payable_amount: 120_998.89,
    });
    // Shop B: 4 items -> tier 4-10 (Rp 20.000).
    expect(gb?.summary).toMatchObject({ total_amount: 40_000, delivery_charge: 20_000, order_tax_amount: 4_400 });
    expect(data.checkout).toMatchObject({
      total_amount: 139_999,
      delivery_charge: 30_000,
      order_tax_amount: 15_399.89,
      payable_amount: 185_398.89,
    });
    expect(data.checkout.all_vat_taxes).toEqual([
      expect.objectContaining({ name: 'VAT', percentage: 11, amount: 15_399.89 }),
    ]);
    // The tax's name in the shopper's language.
    for (const [locale, name] of [
      ['id', 'PPN'],
      ['ar', 'ضريبة القيمة المضافة'],
    ]) {
      const translated = checkoutReplySchema.parse(
        (await calls.post('/api/cart/checkout', { shop_ids: [shopA] }, { 'accept-language': locale as string })).json(),
      ).data;
      expect(translated.checkout.all_vat_taxes.map((v) => v.name)).toEqual([name]);
      expect(translated.checkout_items[0]?.summary.all_vat_taxes.map((v) => v.name)).toEqual([name]);
    }

    const onlyB = checkoutReplySchema.parse((await calls.checkout({ shop_ids: [shopB] })).json()).data;
    expect(onlyB.checkout_items.map((g) => g.shop_id)).toEqual([shopB]);
    const none = checkoutReplySchema.parse((await calls.checkout({ shop_ids: [] })).json()).data;
    expect(none).toMatchObject({ checkout_items: [], checkout: { payable_amount: 0 } });
  });

  it('T6: another shopper’s cart lines cannot be reached (404, the owner’s line unchanged)', async () => {
    const owner = await shopper();
    const intruder = await shopper();
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    await cartOf(await owner.add({ product_id: p.id, quantity: 2 }));
    for (const reply of [await intruder.increment(p.id), await intruder.decrement(p.id), await intruder.remove(p.id)]) {
      expect(reply.statusCode).toBe(404);
    }
    expect((await cartOf(await owner.cart())).data.cart_items[0]?.products[0]?.quantity).toBe(2);
    expect((await cartOf(await intruder.cart())).data.total).toBe(0);
  });

  it('counts the cart on the dashboard', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const calls = cartCalls(ctx.app, session.bearerHeaders);
    const p = await createTestProduct(ctx.db, { shopId: shopA, price: rp(10_000), stock: 5 });
    await cartOf(await calls.add({ product_id: p.id }));
    const dashboard = await ctx.app.inject({ url: '/api/dashboard', headers: session.bearerHeaders });
    expect(dashboard.json()).toMatchObject({ data: { cart_products: 1 } });
  });
});
