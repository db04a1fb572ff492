import type { FlashSale, ProductCard } from '@shop/contracts/catalog';
import { FLASH_SALE_HOME_PRODUCTS, FLASH_SALE_PER_PAGE } from '@shop/contracts/constants';
import { ErrorCode } from '@shop/contracts/errors';
import type {
  flashSaleInputSchema,
  OperatorFlashSale,
  operatorFlashSalesQuerySchema,
} from '@shop/contracts/operator-promotions';
import type {
  FlashSaleEntry,
  flashSaleEntryInputSchema,
  flashSaleEntryUpdateSchema,
  SellerFlashSale,
} from '@shop/contracts/seller-flash-sales';
import type { FlashSaleDetails, FlashSaleStatus, FlashSaleWithStatus } from '@shop/contracts/shops';
import type { z } from 'zod';
import { type Executor, transaction } from '../../db/transaction';
import type { CoreDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { AppError, FieldErrors, type FieldMessages, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import { toMinor, toMoney } from '../../lib/money';
import { translate } from '../../lib/translation';
import type { CatalogService } from '../catalog/catalog.service';
import {
  countOperatorSales,
  countSaleProducts,
  deleteEntry,
  endSale,
  findActiveFlashSale,
  findExistingShopIds,
  findIncomingFlashSale,
  findOpenFlashSales,
  findOperatorSale,
  findOperatorSales,
  findOverlappingEntry,
  findRunningFlashSale,
  findSaleCategoryRows,
  findSaleProductIds,
  findSaleShops,
  findShopEntries,
  findShopProduct,
  insertEntry,
  insertSale,
  type OperatorSaleRow,
  replaceSaleShops,
  type SaleValues,
  type ShopEntryRow,
  saleOpenToShop,
  updateEntry,
  updateSale,
} from './flash-sales.repository';

export interface SaleRow {
  id: number;
  name: string;
  translations?: Record<string, string>;
  thumbnail: string | null;
  discount: number;
  startsAt: Date;
  endsAt: Date;
}

/** Where `now` falls in the sale's window; the end is exclusive, as in the card's flash price. */
export function flashSaleStatus(sale: { startsAt: Date; endsAt: Date }, now: Date): FlashSaleStatus {
  if (now < sale.startsAt) return 'upcoming';
  return now < sale.endsAt ? 'running' : 'ended';
}

/** A sale as the home page and the flash-sale pages show it. */
export function toFlashSale(row: SaleRow, products: ProductCard[] | null, locale = 'en'): FlashSale {
  return {
    id: row.id,
    name: translate(row.name, row.translations, locale),
    thumbnail: mediaUrl(row.thumbnail),
    discount: Number(row.discount),
    start_date: row.startsAt.toISOString(),
    end_date: row.endsAt.toISOString(),
    products,
  };
}

function withStatus(row: SaleRow, now: Date, products: ProductCard[] | null, locale = 'en'): FlashSaleWithStatus {
  return { ...toFlashSale(row, products, locale), status: flashSaleStatus(row, now) };
}

export class FlashSalesService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly catalog: CatalogService,
  ) {}

  /** The sale running at `now` that ends first and the next one to start (either may be null). */
  async runningAndIncoming(now: Date): Promise<{ running: SaleRow | null; incoming: SaleRow | null }> {
    const db = this.deps.database.replica;
    const [running, incoming] = await Promise.all([findRunningFlashSale(db, now), findIncomingFlashSale(db, now)]);
    return { running, incoming };
  }

  /** The first products of a running sale that still have sale stock, best sellers first. */
  runningSaleProductIds(saleId: number, limit: number): Promise<number[]> {
    return findSaleProductIds(this.deps.database.replica, { flashSaleId: saleId, inStockOnly: true }, limit, 0);
  }

  /** The sale running now (with its first products) and the next one to start. */
  async current(locale: string) {
    const now = this.deps.clock.now();
    const { running, incoming } = await this.runningAndIncoming(now);
    const ids = running ? await this.runningSaleProductIds(running.id, FLASH_SALE_HOME_PRODUCTS) : [];
    return {
      incoming_flash_sale: incoming ? withStatus(incoming, now, null, locale) : null,
      running_flash_sale: running
        ? withStatus(running, now, await this.catalog.productCards(ids, { locale }), locale)
        : null,
    };
  }

  /**
   * One sale's products, paged. Cards carry the flash price only while the sale runs (the card
   * query prices by the clock), so an ended or upcoming sale lists its products at their own price.
   */
  async details(
    id: number,
    options: { locale: string; page: number; perPage?: number; categoryId?: number },
  ): Promise<FlashSaleDetails> {
    const db = this.deps.database.replica;
    const now = this.deps.clock.now();
    const sale = await findActiveFlashSale(db, id);
    if (!sale) throw notFound(msg('Flash sale not found.'));
    const status = flashSaleStatus(sale, now);
    const perPage = options.perPage ?? FLASH_SALE_PER_PAGE;
    const base = { flashSaleId: sale.id, inStockOnly: status === 'running' };
    const filter = { ...base, categoryId: options.categoryId };
    const [total, ids, categoryRows] = await Promise.all([
      countSaleProducts(db, filter),
      findSaleProductIds(db, filter, perPage, (options.page - 1) * perPage),
      findSaleCategoryRows(db, base),
    ]);
    return {
      total_products: total,
      flash_sale: withStatus(sale, now, null, options.locale),
      categories: categoryRows.map((c) => ({
        id: c.id,
        name: translate(c.name, c.translations, options.locale),
        slug: c.slug,
      })),
      products: await this.catalog.productCards(ids, { locale: options.locale }),
    };
  }

  // -------------------------------------------------------------------------------------------
  // The shop's entries (the Seller Centre). The operator makes the sales; a shop enters its own
  // published products before a sale starts, and the sale's own rules (the card's flash price,
  // place_order's sold quantity) take it from there.

  /** GET /api/seller/flash-sales: the running and upcoming sales, each with the shop's entries. */
  async shopSales(shopId: number, locale = 'en'): Promise<SellerFlashSale[]> {
    const { db } = this.deps.database;
    const now = this.deps.clock.now();
    const sales = await findOpenFlashSales(db, now, shopId);
    const entries = await findShopEntries(db, shopId, { saleIds: sales.map((s) => s.id) });
    return sales.map((sale) => {
      const { products: _none, ...shown } = withStatus(sale, now, null, locale);
      return { ...shown, entries: entries.filter((e) => e.flashSaleId === sale.id).map((e) => toEntry(e, now)) };
    });
  }

  /** POST /api/seller/flash-sale-entries: one of the shop's published products in an upcoming sale. */
  async addEntry(
    shopId: number,
    input: z.output<typeof flashSaleEntryInputSchema>,
    audited?: AuditSink,
  ): Promise<FlashSaleEntry> {
    const { db } = this.deps.database;
    const now = this.deps.clock.now();
    const sale = await findActiveFlashSale(db, input.flash_sale_id);
    if (!sale || flashSaleStatus(sale, now) === 'ended' || !(await saleOpenToShop(db, sale.id, shopId))) {
      throw new FieldErrors({ flash_sale_id: [msg('Flash sale not found.')] });
    }
    if (flashSaleStatus(sale, now) === 'running') throw saleStarted();
    const product = await findShopProduct(db, shopId, input.product_id);
    if (!product) throw new FieldErrors({ product_id: [msg('Product not found.')] });
    if (!product.published) {
      throw new FieldErrors({ product_id: [msg('Only a published product can be entered in a flash sale.')] });
    }
    const values = entryValues(product, input);
    const overlapping = await findOverlappingEntry(db, product.id, sale);
    if (overlapping) {
      throw new FieldErrors({
        product_id: [
          msg('This product is already in the flash sale {{sale}} at the same time.', { sale: overlapping.name }),
        ],
      });
    }
    return transaction(db, async (tx) => {
      const id = await insertEntry(tx, { flashSaleId: sale.id, productId: product.id, ...values });
      if (id === undefined) {
        throw new FieldErrors({ product_id: [msg('This product is already in this flash sale.')] });
      }
      const entry = await this.shopEntry(shopId, id, tx);
      await audited?.(tx, { kind: 'flash_sale_entry', action: 'create', recordId: entry.id, after: entry });
      return entry;
    });
  }

  /** PUT /api/seller/flash-sale-entries/{id}: a new sale price and quantity before the sale starts. */
  async updateEntry(
    shopId: number,
    entryId: number,
    input: z.output<typeof flashSaleEntryUpdateSchema>,
    audited?: AuditSink,
  ): Promise<FlashSaleEntry> {
    return transaction(this.deps.database.db, async (tx) => {
      const now = this.deps.clock.now();
      const entry = await this.ownEntryRow(shopId, entryId, tx, true);
      const product = await findShopProduct(tx, shopId, entry.productId);
      if (!product) throw notFound(ENTRY_NOT_FOUND);
      if (!(await updateEntry(tx, entryId, entryValues(product, input), now))) throw saleStarted();
      const after = await this.shopEntry(shopId, entryId, tx);
      await audited?.(tx, {
        kind: 'flash_sale_entry',
        action: 'update',
        recordId: entryId,
        before: toEntry(entry, now),
        after,
      });
      return after;
    });
  }

  /** DELETE /api/seller/flash-sale-entries/{id}: withdrawn before the sale starts. */
  async removeEntry(shopId: number, entryId: number, audited?: AuditSink): Promise<void> {
    await transaction(this.deps.database.db, async (tx) => {
      const now = this.deps.clock.now();
      const before = toEntry(await this.ownEntryRow(shopId, entryId, tx, true), now);
      if (!(await deleteEntry(tx, entryId, now))) throw saleStarted();
      await audited?.(tx, { kind: 'flash_sale_entry', action: 'delete', recordId: entryId, before });
    });
  }

  // -------------------------------------------------------------------------------------------
  // The operator's sales: made, changed until they end, and ended early.

  /** GET /api/operator/flash-sales. */
  async operatorSales(query: z.output<typeof operatorFlashSalesQuerySchema>) {
    const { db } = this.deps.database;
    const now = this.deps.clock.now();
    const perPage = query.per_page ?? 20;
    const filter = { q: query.q, state: query.state, now };
    const [total, rows] = await Promise.all([
      countOperatorSales(db, filter),
      findOperatorSales(
        db,
        { ...filter, sort: query.sort ?? 'starts_at', direction: query.direction ?? 'desc' },
        perPage,
        (query.page - 1) * perPage,
      ),
    ]);
    const shops = await findSaleShops(
      db,
      rows.filter((r) => !r.allShops).map((r) => r.id),
    );
    return { total, flash_sales: rows.map((r) => toOperatorSale(r, shops.get(r.id) ?? [], now)) };
  }

  /** One sale as the operator sees it; 404 when there is none. With `lock`, its row stays locked in the transaction `db`. */
  async operatorSale(id: number, db: Executor = this.deps.database.db, lock = false): Promise<OperatorFlashSale> {
    const row = await findOperatorSale(db, id, lock);
    if (!row) throw notFound(SALE_NOT_FOUND);
    const shops = await findSaleShops(db, [id]);
    return toOperatorSale(row, shops.get(id) ?? [], this.deps.clock.now());
  }

  private async checkedShops(input: z.output<typeof flashSaleInputSchema>) {
    if (input.all_shops) return [];
    const found = await findExistingShopIds(this.deps.database.db, input.shop_ids);
    if (found.length !== input.shop_ids.length)
      throw new FieldErrors({ shop_ids: [msg('The selected shop is invalid.')] });
    return found;
  }

  /** POST /api/operator/flash-sales. */
  async createSale(input: z.output<typeof flashSaleInputSchema>, audited?: AuditSink): Promise<OperatorFlashSale> {
    const now = this.deps.clock.now();
    if (new Date(input.ends_at) <= now) throw new FieldErrors({ ends_at: [msg('The sale must end in the future.')] });
    const shopIds = await this.checkedShops(input);
    return transaction(this.deps.database.db, async (tx) => {
      const saleId = await insertSale(tx, saleValues(input), now);
      await replaceSaleShops(tx, saleId, shopIds);
      const sale = await this.operatorSale(saleId, tx);
      await audited?.(tx, { kind: 'flash_sale', action: 'create', recordId: sale.id, after: saleFields(sale) });
      return sale;
    });
  }

  /** PUT /api/operator/flash-sales/{id}: the whole sale again; an ended sale stays ended. */
  async updateSale(
    id: number,
    input: z.output<typeof flashSaleInputSchema>,
    audited?: AuditSink,
  ): Promise<OperatorFlashSale> {
    const current = await this.operatorSale(id);
    if (current.state === 'ended') throw saleEnded();
    const shopIds = await this.checkedShops(input);
    return transaction(this.deps.database.db, async (tx) => {
      const before = await this.operatorSale(id, tx, true);
      if (before.state === 'ended') throw saleEnded();
      if (!(await updateSale(tx, id, saleValues(input)))) throw saleEnded();
      await replaceSaleShops(tx, id, shopIds);
      const after = await this.operatorSale(id, tx);
      await audited?.(tx, {
        kind: 'flash_sale',
        action: 'update',
        recordId: id,
        before: saleFields(before),
        after: saleFields(after),
      });
      return after;
    });
  }

  /** POST /api/operator/flash-sales/{id}/end: off the storefront from now on. */
  async endSale(id: number, audited?: AuditSink): Promise<OperatorFlashSale> {
    return transaction(this.deps.database.db, async (tx) => {
      const before = await this.operatorSale(id, tx, true);
      if (!(await endSale(tx, id, this.deps.clock.now()))) throw saleEnded();
      const after = await this.operatorSale(id, tx);
      await audited?.(tx, {
        kind: 'flash_sale',
        action: 'end',
        recordId: id,
        before: saleFields(before),
        after: saleFields(after),
      });
      return after;
    });
  }

  private async ownEntryRow(
    shopId: number,
    entryId: number,
    db: Executor = this.deps.database.db,
    lock = false,
  ): Promise<ShopEntryRow> {
    const [entry] = await findShopEntries(db, shopId, { entryId, lock });
    if (!entry) throw notFound(ENTRY_NOT_FOUND);
    return entry;
  }

  /** One of the shop's entries (404 for another shop's). */
  async shopEntry(shopId: number, entryId: number, db: Executor = this.deps.database.db): Promise<FlashSaleEntry> {
    return toEntry(await this.ownEntryRow(shopId, entryId, db), this.deps.clock.now());
  }
}

const ENTRY_NOT_FOUND = msg('Flash sale entry not found.');
const SALE_NOT_FOUND = msg('Flash sale not found.');
const saleEnded = () => new AppError(422, ErrorCode.Conflict, msg('This flash sale has ended and cannot be changed.'));

/** A sale's fields as the audit log keeps them. */
const saleFields = (s: OperatorFlashSale) => ({
  name: s.name,
  translations: s.translations,
  discount: s.discount,
  starts_at: s.starts_at,
  ends_at: s.ends_at,
  all_shops: s.all_shops,
  shop_ids: s.shops.map((shop) => shop.id),
  state: s.state,
});

function saleState(row: OperatorSaleRow, now: Date): OperatorFlashSale['state'] {
  if (!row.isActive) return 'ended';
  return flashSaleStatus(row, now);
}

function toOperatorSale(row: OperatorSaleRow, shops: { id: number; name: string }[], now: Date): OperatorFlashSale {
  return {
    id: row.id,
    name: row.name,
    translations: row.translations,
    discount: Number(row.discount),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    state: saleState(row, now),
    all_shops: row.allShops,
    shops: row.allShops ? [] : shops,
    products: row.products,
  };
}

function saleValues(input: z.output<typeof flashSaleInputSchema>): SaleValues {
  return {
    name: input.name,
    translations: input.translations,
    discount: input.discount,
    startsAt: new Date(input.starts_at),
    endsAt: new Date(input.ends_at),
    allShops: input.all_shops,
  };
}
const saleStarted = () =>
  new AppError(422, ErrorCode.Conflict, msg('This flash sale has started: its entries can no longer change.'));

/**
 * The stored sale price (minor units), its percent off and the quantity, or the field errors: the
 * sale price below the product's own, the quantity within its stock.
 */
function entryValues(product: { price: number; stock: number }, input: { price: number; quantity: number }) {
  const price = toMinor(input.price);
  const errors: FieldMessages = {};
  if (price >= product.price) {
    errors.price = [
      msg('The sale price must be less than the product price of {{price}}.', {
        price: toMoney(product.price).toFixed(2),
      }),
    ];
  }
  if (input.quantity > product.stock) {
    errors.quantity = [msg('The quantity may not be more than the {{count}} in stock.', { count: product.stock })];
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  const discount = Math.round(((product.price - price) / product.price) * 10_000) / 100;
  return { price, discount, quantity: input.quantity };
}

function toEntry(row: ShopEntryRow, now: Date): FlashSaleEntry {
  return {
    id: row.id,
    flash_sale_id: row.flashSaleId,
    product_id: row.productId,
    product_name: row.productName,
    thumbnail: mediaUrl(row.thumbnail),
    regular_price: toMoney(row.regularPrice),
    price: toMoney(row.price),
    discount: Number(row.discount),
    quantity: row.quantity,
    sold: row.sold,
    can_edit: row.startsAt > now && row.sold === 0,
  };
}
