import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/client';
import {
  type CardFlashRow,
  type CardVariantRow,
  isListedProductId,
  priceVariants,
} from '../../db/queries/listed-products';
import { units } from '../../db/schema/catalog';
import { cartItems, couponCollects } from '../../db/schema/orders';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import type { Executor } from '../../db/transaction';

export type CartLineRow = Pick<
  typeof cartItems.$inferSelect,
  'id' | 'productId' | 'shopId' | 'quantity' | 'colorId' | 'sizeId' | 'unit'
>;

const lineColumns = {
  id: cartItems.id,
  productId: cartItems.productId,
  shopId: cartItems.shopId,
  quantity: cartItems.quantity,
  colorId: cartItems.colorId,
  sizeId: cartItems.sizeId,
  unit: cartItems.unit,
};

const cartLinesQuery = preparedPerDatabase((db) =>
  db
    .select(lineColumns)
    .from(cartItems)
    .where(and(eq(cartItems.userId, sql.placeholder('userId')), eq(cartItems.isBuyNow, sql.placeholder('isBuyNow'))))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('cart_lines'),
);

const shopCartLinesQuery = preparedPerDatabase((db) =>
  db
    .select(lineColumns)
    .from(cartItems)
    .where(
      and(
        eq(cartItems.userId, sql.placeholder('userId')),
        eq(cartItems.isBuyNow, sql.placeholder('isBuyNow')),
        sql`${cartItems.shopId} = any(${sql.placeholder('shopIds')}::int[])`,
      ),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('cart_lines_of_shops'),
);

/** The user's cart lines (or the buy-now line), oldest first; with shopIds, of those shops only. */
export async function findCartLines(
  db: Executor,
  userId: number,
  isBuyNow: boolean,
  shopIds?: readonly number[],
): Promise<CartLineRow[]> {
  if (shopIds && shopIds.length === 0) return [];
  if (shopIds) return shopCartLinesQuery(db).execute({ userId, isBuyNow, shopIds: [...shopIds] });
  return cartLinesQuery(db).execute({ userId, isBuyNow });
}

/** What prices a line and names its order line: the part of a product card that placing reads. */
export interface PricingRow {
  id: number;
  name: string;
  /** Minor units, as the extra prices of sizes and colours. */
  price: number;
  discountPrice: number;
  stock: number;
  isDigital: boolean;
  unitName: string | null;
  shopId: number;
  shopName: string;
  /** The shop's order code prefix (a placement names its orders with it). */
  shopPrefix: string;
  /** The shop is closed for now: nothing of it may be ordered. */
  shopClosed: boolean;
  /** The running flash sale's price and what is left of it, at the time priced. */
  flash: CardFlashRow | null;
  sizes: CardVariantRow[];
  colors: CardVariantRow[];
}

/**
 * An order placement's one read before it writes: the lines it orders (as findCartLines) with
 * what prices each, and whether the shopper has collected any voucher at all (if not, there are
 * no vouchers to look up). The product columns are null for a product no longer listed (the
 * condition of listedProduct).
 */
const checkoutLinesQuery = preparedPerDatabase((db) =>
  db
    .select({
      ...lineColumns,
      productShopId: shops.id,
      name: products.name,
      price: products.price,
      discountPrice: products.discountPrice,
      stock: products.stock,
      isDigital: products.isDigital,
      unitName: units.name,
      shopName: shops.name,
      shopPrefix: shops.prefix,
      shopClosed: shops.isClosed,
      ...priceVariants(),
      anyCollected: sql<boolean>`exists (select 1 from ${couponCollects} where ${couponCollects.userId} = ${sql.placeholder('userId')})`,
    })
    .from(cartItems)
    .leftJoin(
      products,
      and(eq(products.id, cartItems.productId), eq(products.isActive, true), eq(products.isApproved, true)),
    )
    .leftJoin(shops, and(eq(shops.id, products.shopId), eq(shops.isActive, true)))
    .leftJoin(units, and(eq(units.id, products.unitId), eq(units.isActive, true)))
    .where(
      and(
        eq(cartItems.userId, sql.placeholder('userId')),
        eq(cartItems.isBuyNow, sql.placeholder('isBuyNow')),
        sql`(${sql.placeholder('shopIds')}::int[] is null or ${cartItems.shopId} = any(${sql.placeholder('shopIds')}::int[]))`,
      ),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('checkout_lines'),
);

/**
 * The lines a placement orders (the buy-now line, or the cart's lines of `shopIds`), oldest
 * first, the pricing rows of their listed products, and whether the user holds any voucher.
 */
export async function findCheckoutLines(
  db: Executor,
  input: { userId: number; isBuyNow: boolean; shopIds: readonly number[] | null; at: Date },
): Promise<{ lines: CartLineRow[]; rows: PricingRow[]; anyCollected: boolean }> {
  if (input.shopIds && input.shopIds.length === 0) return { lines: [], rows: [], anyCollected: false };
  const found = await checkoutLinesQuery(db).execute({
    userId: input.userId,
    isBuyNow: input.isBuyNow,
    shopIds: input.shopIds ? [...input.shopIds] : null,
    at: input.at.toISOString(),
  });
  const rows = new Map<number, PricingRow>();
  for (const r of found) {
    if (r.productShopId === null || r.name === null || rows.has(r.productId)) continue;
    rows.set(r.productId, {
      id: r.productId,
      name: r.name,
      price: r.price ?? 0,
      discountPrice: r.discountPrice ?? 0,
      stock: r.stock ?? 0,
      isDigital: r.isDigital ?? false,
      unitName: r.unitName,
      shopId: r.productShopId,
      shopName: r.shopName ?? '',
      shopPrefix: r.shopPrefix ?? '',
      shopClosed: r.shopClosed ?? false,
      flash: r.flash,
      sizes: r.sizes,
      colors: r.colors,
    });
  }
  return {
    lines: found.map((r) => ({
      id: r.id,
      productId: r.productId,
      shopId: r.shopId,
      quantity: r.quantity,
      colorId: r.colorId,
      sizeId: r.sizeId,
      unit: r.unit,
    })),
    rows: [...rows.values()],
    anyCollected: found[0]?.anyCollected ?? false,
  };
}

/** One line of the user's cart (or buy-now line) by its id. */
export async function findCartLineById(db: Executor, userId: number, lineId: number, isBuyNow: boolean) {
  const [row] = await db
    .select(lineColumns)
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.isBuyNow, isBuyNow), eq(cartItems.id, lineId)));
  return row;
}

/** The lines of one product in the user's cart (or buy-now line), oldest first: one per colour, size and unit. */
export async function findProductCartLines(
  db: Executor,
  userId: number,
  productId: number,
  isBuyNow: boolean,
): Promise<CartLineRow[]> {
  return db
    .select(lineColumns)
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.isBuyNow, isBuyNow), eq(cartItems.productId, productId)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export interface NewCartLine {
  userId: number;
  productId: number;
  shopId: number;
  quantity: number;
  colorId: number | null;
  sizeId: number | null;
  unit: string | null;
}

/**
 * Adds to the cart in one statement: a new line, or `quantity` more on the line of the same
 * product, colour, size and unit (cart_items_line_key). Returns the line as it is now.
 */
const addToCartQuery = preparedPerDatabase((db) =>
  db
    .insert(cartItems)
    .values({
      userId: sql.placeholder('userId'),
      productId: sql.placeholder('productId'),
      shopId: sql.placeholder('shopId'),
      quantity: sql.placeholder('quantity'),
      colorId: sql.placeholder('colorId'),
      sizeId: sql.placeholder('sizeId'),
      unit: sql.placeholder('unit'),
      isBuyNow: false,
      createdAt: sql`${sql.placeholder('now')}::timestamptz`,
      updatedAt: sql`${sql.placeholder('now')}::timestamptz`,
    })
    .onConflictDoUpdate({
      target: [
        cartItems.userId,
        cartItems.isBuyNow,
        cartItems.productId,
        cartItems.colorId,
        cartItems.sizeId,
        cartItems.unit,
      ],
      set: {
        quantity: sql`${cartItems.quantity} + excluded.quantity`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning(lineColumns)
    .prepare('cart_add'),
);

/** Adds to the cart: a new line, or more on the line of the same choice. Returns the line as it is now. */
export async function addToCartLine(db: Executor, line: NewCartLine, now: Date): Promise<CartLineRow> {
  const [row] = await addToCartQuery(db).execute({ ...line, now: now.toISOString() });
  if (!row) throw new Error('cart line upsert returned no row');
  return row;
}

/** The buy-now line: the user's only one, replacing any earlier buy now. */
export async function replaceBuyNowLine(db: Executor, line: NewCartLine, now: Date): Promise<void> {
  await db.delete(cartItems).where(and(eq(cartItems.userId, line.userId), eq(cartItems.isBuyNow, true)));
  await db.insert(cartItems).values({ ...line, isBuyNow: true, createdAt: now, updatedAt: now });
}

export async function setCartLineQuantity(db: Executor, lineId: number, quantity: number, now: Date) {
  await db.update(cartItems).set({ quantity, updatedAt: now }).where(eq(cartItems.id, lineId));
}

/** Removes one line of the user's cart (or buy-now line) by its id; false when there was none. */
export async function deleteCartLine(db: Executor, userId: number, lineId: number, isBuyNow: boolean) {
  const rows = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.isBuyNow, isBuyNow), eq(cartItems.id, lineId)))
    .returning({ id: cartItems.id });
  return rows.length > 0;
}

/** Removes lines by id, only the user's own (placement removes what it ordered). */
export async function deleteCartLines(db: Executor, userId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, [...ids])));
}

/** Lines of the cart (not buy now) whose product is still listed: the dashboard's "products in cart". */
export async function countCartLines(db: Executor, userId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.isBuyNow, false), isListedProductId(cartItems.productId)));
  return row?.total ?? 0;
}
