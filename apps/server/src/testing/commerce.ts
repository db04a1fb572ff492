import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { colors, sizes } from '../db/schema/catalog';
import { media } from '../db/schema/common';
import { flashSaleProducts, flashSales } from '../db/schema/marketing';
import { couponShops, coupons } from '../db/schema/orders';
import { productColors, productSizes, products } from '../db/schema/products';
import { shops } from '../db/schema/shops';
import type { App } from '../deps';
import type { Services } from '../services';

/**
 * Products, flash sales and vouchers a test owns, with round prices, so money assertions need no
 * reading of the demo data. Amounts are minor units (Rp 10.000 = 1_000_000).
 */

const tag = () => randomBytes(4).toString('hex');

/** Active shops of the seed, in id order. */
export async function seededShops(db: Database, count: number) {
  const rows = await db
    .select({ id: shops.id, name: shops.name, slug: shops.slug })
    .from(shops)
    .where(eq(shops.isActive, true))
    .orderBy(asc(shops.id))
    .limit(count);
  if (rows.length < count) throw new Error(`the seed has fewer than ${count} active shops`);
  return rows;
}

export interface TestProductInput {
  shopId: number;
  price: number;
  discountPrice?: number;
  stock: number;
  isDigital?: boolean;
  /** Extra prices of colours/sizes to attach (created for the test). */
  colorExtras?: number[];
  sizeExtras?: number[];
}

export interface TestProduct {
  id: number;
  shopId: number;
  colorIds: number[];
  sizeIds: number[];
}

export async function createTestProduct(db: Database, input: TestProductInput): Promise<TestProduct> {
  const [image] = await db.select({ id: media.id }).from(media).limit(1);
  if (!image) throw new Error('the seed has no media');
  const t = tag();
  const [product] = await db
    .insert(products)
    .values({
      shopId: input.shopId,
      name: `Test product ${t}`,
      slug: `test-product-${t}`,
      sku: `TEST-${t}`,
      mediaId: image.id,
      price: input.price,
      discountPrice: input.discountPrice ?? 0,
      stock: input.stock,
      isDigital: input.isDigital ?? false,
    })
    .returning({ id: products.id });
  if (!product) throw new Error('product insert returned no row');
  const colorIds: number[] = [];
  for (const [i, extra] of (input.colorExtras ?? []).entries()) {
    const [color] = await db
      .insert(colors)
      .values({ name: `Colour ${t}-${i}`, colorCode: '#123456', shopId: input.shopId })
      .returning({ id: colors.id });
    if (!color) throw new Error('colour insert returned no row');
    await db.insert(productColors).values({ productId: product.id, colorId: color.id, extraPrice: extra });
    colorIds.push(color.id);
  }
  const sizeIds: number[] = [];
  for (const [i, extra] of (input.sizeExtras ?? []).entries()) {
    const [size] = await db
      .insert(sizes)
      .values({ name: `Size ${t}-${i}`, shopId: input.shopId })
      .returning({ id: sizes.id });
    if (!size) throw new Error('size insert returned no row');
    await db.insert(productSizes).values({ productId: product.id, sizeId: size.id, extraPrice: extra });
    sizeIds.push(size.id);
  }
  return { id: product.id, shopId: input.shopId, colorIds, sizeIds };
}

/** A flash sale running at `now` (one hour either side) selling `quantity` of the product at `price`. */
export async function createRunningFlashSale(
  db: Database,
  input: { productId: number; price: number; quantity: number; now: Date },
) {
  const [sale] = await db
    .insert(flashSales)
    .values({
      name: `Test sale ${tag()}`,
      discount: 50,
      startsAt: new Date(input.now.getTime() - 3_600_000),
      endsAt: new Date(input.now.getTime() + 3_600_000),
    })
    .returning({ id: flashSales.id });
  if (!sale) throw new Error('flash sale insert returned no row');
  await db.insert(flashSaleProducts).values({
    flashSaleId: sale.id,
    productId: input.productId,
    price: input.price,
    discount: 50,
    quantity: input.quantity,
  });
  return sale.id;
}

export interface TestVoucherInput {
  shopId: number | null;
  discountType: 'Percentage' | 'Amount';
  discount: number;
  minOrderAmount?: number;
  maxDiscountAmount?: number | null;
  limitForUser?: number;
  totalLimit?: number | null;
  now: Date;
  /** Days the voucher stays valid after `now` (negative: already expired). */
  validDays?: number;
  /** Shops a platform voucher is assigned to. */
  assignTo?: number[];
}

export async function createTestVoucher(db: Database, input: TestVoucherInput) {
  const day = 86_400_000;
  const validDays = input.validDays ?? 30;
  const [coupon] = await db
    .insert(coupons)
    .values({
      code: `T${tag().toUpperCase()}`,
      shopId: input.shopId,
      discountType: input.discountType,
      discount: input.discount,
      minOrderAmount: input.minOrderAmount ?? 0,
      maxDiscountAmount: input.maxDiscountAmount ?? null,
      limitForUser: input.limitForUser ?? 10,
      totalLimit: input.totalLimit ?? null,
      startsAt: new Date(input.now.getTime() - Math.max(day, -validDays * day + day)),
      expiresAt: new Date(input.now.getTime() + validDays * day),
    })
    .returning();
  if (!coupon) throw new Error('voucher insert returned no row');
  if (input.assignTo?.length) {
    await db.insert(couponShops).values(input.assignTo.map((shopId) => ({ couponId: coupon.id, shopId })));
  }
  return coupon;
}

/** A delivery address of the shopper, made through the API; returns its id. */
export async function createTestAddress(app: App, headers: Record<string, string>): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/address/store',
    headers,
    payload: { name: 'Sari', phone: '81234567890', address_type: 'home', address_line: 'Jl. Merdeka 1' },
  });
  if (res.statusCode !== 200) throw new Error(`address fixture: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { address: { id: number } } }).data.address.id;
}

/** Calls of the cart API with a session's headers. */
export function cartCalls(app: App, headers: Record<string, string>) {
  const post = (url: string, payload: unknown, extra: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload: payload as object });
  /** A line by its product id, or the body naming it (cart_item_id, or product_id with color, size, unit). */
  const line = (target: number | Record<string, unknown>, isBuyNow: boolean) =>
    typeof target === 'number' ? { product_id: target, is_buy_now: isBuyNow } : { is_buy_now: isBuyNow, ...target };
  return {
    add: (payload: Record<string, unknown>) => post('/api/cart/store', payload),
    increment: (target: number | Record<string, unknown>, isBuyNow = false) =>
      post('/cart/increment', line(target, isBuyNow)),
    decrement: (target: number | Record<string, unknown>, isBuyNow = false) =>
      post('/cart/decrement', line(target, isBuyNow)),
    remove: (target: number | Record<string, unknown>, isBuyNow = false) =>
      post('/cart/delete', line(target, isBuyNow)),
    cart: (isBuyNow = false) => app.inject({ url: `/carts${isBuyNow ? '?is_buy_now=1' : ''}`, headers }),
    checkout: (payload: Record<string, unknown>) => post('/api/cart/checkout', payload),
    placeOrder: (payload: Record<string, unknown>, key: string) =>
      post('/api/place-order', payload, { 'idempotency-key': key }),
    post,
  };
}

/** Moves an order from Pending to Delivered step by step, as its shop would (until the Seller Centre). */
export async function deliverOrder(services: Services, orderId: number) {
  for (const status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered'] as const) {
    if (!(await services.orders.setStatus(orderId, status))) {
      throw new Error(`order ${orderId} could not move to ${status}`);
    }
  }
}
