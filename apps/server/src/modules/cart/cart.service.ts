import {
  CART_MAX_LINES,
  type Cart,
  type CartLineTarget,
  type CartProduct,
  type CartShopGroup,
} from '@shop/contracts/cart';
import { ErrorCode } from '@shop/contracts/errors';
import type { Executor } from '../../db/transaction';
import type { CoreDeps } from '../../deps';
import { AppError, FieldErrors, notFound } from '../../lib/errors';
import { type Message, msg } from '../../lib/messages';
import { toMoney } from '../../lib/money';
import { type FlashPrice, maxQuantity, regularUnitPrice, unitPrice } from '../../lib/pricing';
import { translate } from '../../lib/translation';
import { type CatalogService, type ProductCardRow, toProductCard } from '../catalog/catalog.service';
import {
  addToCartLine,
  type CartLineRow,
  countCartLines,
  deleteCartLine,
  deleteCartLines,
  findCartLines,
  findCheckoutLines,
  type PricingRow,
  replaceBuyNowLine,
  setCartLineQuantity,
} from './cart.repository';

export type { PricingRow };

/**
 * A cart line priced from today's product, flash sale and variant data: `row` is the product's
 * card (the cart and preview show it) or, when placing an order, only what prices it.
 */
export interface PricedLine<R extends PricingRow = ProductCardRow> {
  line: CartLineRow;
  row: R;
  /** The line's quantity, cut to what is left when less is. */
  quantity: number;
  /** The most this line can hold now: the product's stock (or sale) less its other lines. */
  maxQuantity: number;
  unitPrice: number;
  regularPrice: number;
  flash: FlashPrice | null;
  color: { id: number; name: string; colorCode: string; extra: number } | null;
  size: { id: number; name: string; extra: number } | null;
}

/** Lines as they can be bought now, and what could not be kept as it was. */
export interface PricedLines<R extends PricingRow = ProductCardRow> {
  lines: PricedLine<R>[];
  /**
   * Lines whose product is gone (unlisted, deleted), sold out, or no longer offered in the line's
   * colour or size; and lines of a product whose stock its earlier lines already hold.
   */
  dropped: CartLineRow[];
  /** Lines holding more than is left. */
  capped: PricedLine<R>[];
}

/** A cart reply before its `info` is put in the shopper's language. */
export type CartView = Omit<Cart, 'info'> & { info: Message | null };

const GONE_INFO = msg('Some products were removed from your cart because they are no longer available.');
const CAPPED_INFO = msg('The quantity of some products was reduced to what is left in stock.');

function infoOf(priced: PricedLines): Message | null {
  // A line dropped while another line of its product stays was cut to nothing by the stock.
  const kept = new Set(priced.lines.map((l) => l.line.productId));
  if (priced.dropped.some((l) => !kept.has(l.productId))) return GONE_INFO;
  if (priced.dropped.length > 0 || priced.capped.length > 0) return CAPPED_INFO;
  return null;
}

/** How many of a product the lines hold together, over all of its colours, sizes and units. */
function heldOf(lines: readonly CartLineRow[], productId: number, except?: CartLineRow): number {
  return lines.reduce((sum, l) => (l.productId === productId && l !== except ? sum + l.quantity : sum), 0);
}

/**
 * The unit a line is kept under. A product sells in one unit: its name in any language (the web
 * sends the name it shows, in the shopper's language) and no unit at all (what an app may send)
 * are that unit, kept as none, so they add to one line. Another text is kept as it came.
 */
function lineUnit(given: string | null, row: Pick<ProductCardRow, 'unitName' | 'unitTranslations'>): string | null {
  if (given === null || row.unitName === null) return given;
  const names = [row.unitName, ...Object.values(row.unitTranslations ?? {})];
  return names.some((name) => name?.trim() === given) ? null : given;
}

const notInCart = () => notFound(msg('Product not found in cart.'));

/**
 * The line a change acts on: the line `cart_item_id`, or the line of `product_id` among those
 * of the colour, size and unit the body names (absent: any). A product held in several lines
 * and no choice that tells them apart is refused: acting on a guessed line would change the
 * wrong colour or size.
 */
function targetLine(lines: readonly CartLineRow[], target: CartLineTarget): CartLineRow {
  if (target.cart_item_id) {
    const line = lines.find((l) => l.id === target.cart_item_id);
    if (!line || (target.product_id && line.productId !== target.product_id)) throw notInCart();
    return line;
  }
  const matching = lines.filter(
    (l) =>
      l.productId === target.product_id &&
      (target.color === undefined || l.colorId === target.color) &&
      (target.size === undefined || l.sizeId === target.size) &&
      (target.unit === undefined ||
        l.unit === target.unit ||
        // A unit no line holds as such is the product's own, kept as none (lineUnit).
        (l.unit === null && !lines.some((o) => o.productId === l.productId && o.unit === target.unit))),
  );
  const [line] = matching;
  if (!line) throw notInCart();
  if (matching.length > 1) {
    throw new FieldErrors({
      product_id: [
        msg(
          'This product is in your cart in more than one colour or size: name the line with cart_item_id, or with its color, size and unit.',
        ),
      ],
    });
  }
  return line;
}

/** Refused while the shop of a product is closed for now (the cart, the preview and the placement). */
export const shopClosedError = (shop: string) =>
  new AppError(
    422,
    ErrorCode.ShopClosed,
    msg('{{shop}} is closed for now: its products cannot be bought until it opens again.', { shop }),
  );

const stockLeftError = (left: number) =>
  new FieldErrors({
    quantity: [left > 0 ? msg('Only {{count}} left in stock.', { count: left }) : msg('This product is out of stock.')],
  });

/**
 * The cart: a line per product as chosen (colour, size, unit), grouped by shop, priced from
 * today's data each time. The checkout module totals its lines for the preview and the placement.
 */
export class CartService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly catalog: CatalogService,
  ) {}

  /** GET /carts: lines of products gone or sold out are removed, lines above the stock cut, with `info`. */
  async cart(userId: number, isBuyNow: boolean, locale: string): Promise<CartView> {
    const db = this.deps.database.fixedPlans;
    const now = this.deps.clock.now();
    const priced = await this.priceLines(db, await findCartLines(db, userId, isBuyNow), locale, now);
    await this.keepInStep(db, userId, priced, now);
    return this.view(priced, locale, now);
  }

  /** POST /api/cart/store. */
  async add(
    userId: number,
    input: {
      product_id: number;
      quantity: number;
      color?: number | null;
      size?: number | null;
      unit?: string | null;
      is_buy_now: boolean;
    },
    locale: string,
  ): Promise<CartView> {
    const db = this.deps.database.fixedPlans;
    const now = this.deps.clock.now();
    // The cart and the product's row in one read each: the reply is priced from the same rows.
    const lines = input.is_buy_now ? [] : await findCartLines(db, userId, false);
    const rows = await this.catalog.productCardRows(
      db,
      [...new Set([input.product_id, ...lines.map((l) => l.productId)])],
      locale,
      now,
    );
    const row = rows.find((r) => r.id === input.product_id);
    if (!row) throw notFound(msg('Product not found.'));
    if (row.shopClosed) throw shopClosedError(row.shopName);
    const colorId = input.color ?? null;
    const sizeId = input.size ?? null;
    if (colorId !== null && !row.colors.some((c) => c.id === colorId)) {
      throw new FieldErrors({ color: [msg('The selected color is invalid.')] });
    }
    if (sizeId !== null && !row.sizes.some((s) => s.id === sizeId)) {
      throw new FieldErrors({ size: [msg('The selected size is invalid.')] });
    }
    const max = maxQuantity(row.stock, row.flash ? this.flashOf(row) : null);
    const line = {
      userId,
      productId: row.id,
      shopId: row.shopId,
      quantity: input.quantity,
      colorId,
      sizeId,
      unit: lineUnit(input.unit ?? null, row),
    };
    if (input.is_buy_now) {
      if (input.quantity > max) throw stockLeftError(max);
      await replaceBuyNowLine(db, line, now);
      return this.cart(userId, true, locale);
    }
    const existing = lines.find(
      (l) => l.productId === row.id && l.colorId === colorId && l.sizeId === sizeId && l.unit === line.unit,
    );
    // Stock is per product: all of its lines (every colour, size and unit) together hold no more
    // than its stock, or what is left of its running flash sale.
    const held = heldOf(lines, row.id);
    if (held + input.quantity > max) throw stockLeftError(max - held);
    if (!existing && lines.length >= CART_MAX_LINES) {
      throw new FieldErrors({
        product_id: [msg('Your cart can hold {{count}} products at most.', { count: CART_MAX_LINES })],
      });
    }
    const added = await addToCartLine(db, line, now);
    const after = existing ? lines.map((l) => (l.id === added.id ? added : l)) : [...lines, added];
    const priced = this.priceRows(after, rows, locale);
    await this.keepInStep(db, userId, priced, now);
    return this.view(priced, locale, now);
  }

  /** POST /cart/increment: one more, while the product's lines together stay within its stock or running sale. */
  async increment(userId: number, target: CartLineTarget, locale: string): Promise<CartView> {
    const db = this.deps.database.fixedPlans;
    const now = this.deps.clock.now();
    const lines = await findCartLines(db, userId, target.is_buy_now);
    const line = targetLine(lines, target);
    const [priced] = (await this.priceLines(db, [line], locale, now)).lines;
    if (!priced) throw stockLeftError(0);
    if (priced.row.shopClosed) throw shopClosedError(priced.row.shopName);
    // Stock is per product: the other lines of this product take from the same stock.
    const others = heldOf(lines, line.productId, line);
    if (others + line.quantity + 1 > priced.maxQuantity) throw stockLeftError(priced.maxQuantity - others);
    await setCartLineQuantity(db, line.id, line.quantity + 1, now);
    return this.cart(userId, target.is_buy_now, locale);
  }

  /** POST /cart/decrement: one fewer; at 1 the line goes, with the reference's exact message. */
  async decrement(
    userId: number,
    target: CartLineTarget,
    locale: string,
  ): Promise<{ cart: CartView; removed: boolean }> {
    const db = this.deps.database.fixedPlans;
    const line = targetLine(await findCartLines(db, userId, target.is_buy_now), target);
    if (line.quantity <= 1) {
      await deleteCartLine(db, userId, line.id, target.is_buy_now);
      return { cart: await this.cart(userId, target.is_buy_now, locale), removed: true };
    }
    await setCartLineQuantity(db, line.id, line.quantity - 1, this.deps.clock.now());
    return { cart: await this.cart(userId, target.is_buy_now, locale), removed: false };
  }

  /** POST /cart/delete. */
  async remove(userId: number, target: CartLineTarget, locale: string): Promise<CartView> {
    const db = this.deps.database.fixedPlans;
    // By its id the line goes in one statement; by product, the product's lines are read first.
    const lineId =
      target.cart_item_id && !target.product_id
        ? target.cart_item_id
        : targetLine(await findCartLines(db, userId, target.is_buy_now), target).id;
    if (!(await deleteCartLine(db, userId, lineId, target.is_buy_now))) throw notInCart();
    return this.cart(userId, target.is_buy_now, locale);
  }

  /** Dashboard's "products in cart". */
  count(userId: number) {
    return countCartLines(this.deps.database.fixedPlans, userId);
  }

  /**
   * The cart's lines of the selected shops (the buy-now line with isBuyNow) priced with today's
   * data, through `db`: what the checkout preview shows and totals.
   */
  async pricedLines(
    db: Executor,
    userId: number,
    input: { shopIds: readonly number[]; isBuyNow: boolean },
    locale: string,
    now: Date,
  ): Promise<PricedLines> {
    const lines = await findCartLines(db, userId, input.isBuyNow, input.isBuyNow ? undefined : input.shopIds);
    return this.priceLines(db, lines, locale, now);
  }

  /**
   * As pricedLines, for placing the orders: the lines and what prices them come in one read
   * (findCheckoutLines), without what only a card shows, with whether the shopper has collected
   * any voucher (if not, there are none to look up).
   */
  async placementLines(
    db: Executor,
    userId: number,
    input: { shopIds: readonly number[]; isBuyNow: boolean },
    locale: string,
    now: Date,
  ): Promise<{ priced: PricedLines<PricingRow>; anyCollected: boolean }> {
    const { lines, rows, anyCollected } = await findCheckoutLines(db, {
      userId,
      isBuyNow: input.isBuyNow,
      shopIds: input.isBuyNow ? null : input.shopIds,
      at: now,
    });
    return { priced: this.priceRows(lines, rows, locale), anyCollected };
  }

  /** Prices lines from today's product rows; lines of unlisted or sold-out products are dropped. */
  private async priceLines(
    db: Executor,
    lines: readonly CartLineRow[],
    locale: string,
    now: Date,
  ): Promise<PricedLines> {
    const rows = await this.catalog.productCardRows(
      db,
      lines.map((l) => l.productId),
      locale,
      now,
    );
    return this.priceRows(lines, rows, locale);
  }

  /**
   * Prices lines with product rows already read (rows of unlisted products are missing). Stock is
   * per product: a product's lines, oldest first, share its stock (or what is left of its running
   * flash sale), so a later line is cut to what the earlier ones leave, and dropped at nothing.
   */
  private priceRows<R extends PricingRow>(
    lines: readonly CartLineRow[],
    rows: readonly R[],
    locale: string,
  ): PricedLines<R> {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const result: PricedLines<R> = { lines: [], dropped: [], capped: [] };
    /** What the earlier lines of each product took of its stock, and that stock. */
    const taken = new Map<number, number>();
    const stockOf = new Map<number, number>();
    for (const line of lines) {
      const row = byId.get(line.productId);
      const flash = row?.flash ? this.flashOf(row) : null;
      const stockLeft = row ? maxQuantity(row.stock, flash) : 0;
      const max = stockLeft - (taken.get(line.productId) ?? 0);
      stockOf.set(line.productId, stockLeft);
      // A colour or size the product no longer offers: that line cannot be bought as chosen.
      const color = row?.colors.find((c) => c.id === line.colorId);
      const size = row?.sizes.find((s) => s.id === line.sizeId);
      const offered = (line.colorId === null || color) && (line.sizeId === null || size);
      if (!row || max <= 0 || !offered) {
        result.dropped.push(line);
        continue;
      }
      const input = {
        price: row.price,
        discountPrice: row.discountPrice,
        flash,
        colorExtra: color?.price ?? 0,
        sizeExtra: size?.price ?? 0,
      };
      const priced: PricedLine<R> = {
        line,
        row,
        quantity: Math.min(line.quantity, max),
        maxQuantity: max,
        unitPrice: unitPrice(input),
        regularPrice: regularUnitPrice(input),
        flash,
        color: color
          ? {
              id: color.id,
              name: translate(color.name, color.translations, locale),
              colorCode: color.color_code ?? '',
              extra: color.price,
            }
          : null,
        size: size ? { id: size.id, name: translate(size.name, size.translations, locale), extra: size.price } : null,
      };
      result.lines.push(priced);
      taken.set(line.productId, (taken.get(line.productId) ?? 0) + priced.quantity);
      if (priced.quantity < line.quantity) result.capped.push(priced);
    }
    for (const l of result.lines) {
      l.maxQuantity = (stockOf.get(l.line.productId) ?? 0) - (taken.get(l.line.productId) ?? 0) + l.quantity;
    }
    return result;
  }

  private flashOf(row: PricingRow): FlashPrice | null {
    return row.flash
      ? { flashSaleId: row.flash.flash_sale_id, price: Number(row.flash.price), remaining: row.flash.remaining }
      : null;
  }

  /** Removes the dropped lines and cuts the capped ones, so the next read agrees with this one. */
  async keepInStep(db: Executor, userId: number, priced: PricedLines, now: Date) {
    await deleteCartLines(
      db,
      userId,
      priced.dropped.map((l) => l.id),
    );
    for (const line of priced.capped) await setCartLineQuantity(db, line.line.id, line.quantity, now);
  }

  /** The cart reply of priced lines, grouped by shop. */
  view(priced: PricedLines, locale: string, now: Date): CartView {
    const groups: CartShopGroup[] = [];
    const byShop = new Map<number, CartShopGroup>();
    let totalAmount = 0;
    for (const line of priced.lines) {
      const card = toProductCard(line.row, locale, now);
      let group = byShop.get(card.shop.id);
      if (!group) {
        group = {
          shop_id: card.shop.id,
          shop_name: card.shop.name,
          shop_slug: card.shop.slug,
          shop_logo: card.shop.logo,
          shop_rating: card.shop.rating,
          shop_online: card.shop.last_online,
          shop_closed: line.row.shopClosed,
          products: [],
        };
        byShop.set(card.shop.id, group);
        groups.push(group);
      }
      const discounted = line.unitPrice < line.regularPrice;
      totalAmount += line.unitPrice * line.quantity;
      const product: CartProduct = {
        id: card.id,
        cart_item_id: line.line.id,
        slug: card.slug,
        name: card.name,
        thumbnail: card.thumbnail,
        thumbnails: [card.thumbnail],
        brand: card.brand,
        is_digital: card.is_digital,
        quantity: line.quantity,
        max_quantity: line.maxQuantity,
        price: toMoney(line.regularPrice),
        discount_price: discounted ? toMoney(line.unitPrice) : 0,
        discount_percentage: discounted
          ? Math.round(((line.regularPrice - line.unitPrice) / line.regularPrice) * 100)
          : 0,
        subtotal: toMoney(line.unitPrice * line.quantity),
        rating: card.rating,
        total_reviews: card.total_reviews,
        total_sold: card.total_sold,
        color: line.color
          ? {
              id: line.color.id,
              name: line.color.name,
              color_code: line.color.colorCode,
              price: toMoney(line.color.extra),
            }
          : null,
        size: line.size ? { id: line.size.id, name: line.size.name, price: toMoney(line.size.extra) } : null,
        unit: line.line.unit ?? card.unit?.name ?? null,
        in_flash_sale: line.flash !== null,
      };
      group.products.push(product);
    }
    return { total: priced.lines.length, total_amount: toMoney(totalAmount), cart_items: groups, info: infoOf(priced) };
  }
}
