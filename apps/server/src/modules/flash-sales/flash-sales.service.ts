import type { FlashSale, ProductCard } from '@shop/contracts/catalog';
import { FLASH_SALE_HOME_PRODUCTS, FLASH_SALE_PER_PAGE } from '@shop/contracts/constants';
import type { FlashSaleDetails, FlashSaleStatus, FlashSaleWithStatus } from '@shop/contracts/shops';
import type { CoreDeps } from '../../deps';
import { notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { msg } from '../../lib/messages';
import { translate } from '../../lib/translation';
import type { CatalogService } from '../catalog/catalog.service';
import {
  countSaleProducts,
  findActiveFlashSale,
  findIncomingFlashSale,
  findRunningFlashSale,
  findSaleCategoryRows,
  findSaleProductIds,
} from './flash-sales.repository';

export interface SaleRow {
  id: number;
  name: string;
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
export function toFlashSale(row: SaleRow, products: ProductCard[] | null): FlashSale {
  return {
    id: row.id,
    name: row.name,
    thumbnail: mediaUrl(row.thumbnail),
    discount: Number(row.discount),
    start_date: row.startsAt.toISOString(),
    end_date: row.endsAt.toISOString(),
    products,
  };
}

function withStatus(row: SaleRow, now: Date, products: ProductCard[] | null): FlashSaleWithStatus {
  return { ...toFlashSale(row, products), status: flashSaleStatus(row, now) };
}

export class FlashSalesService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly catalog: CatalogService,
  ) {}

  /** The sale running at `now` that ends first and the next one to start (either may be null). */
  async runningAndIncoming(now: Date): Promise<{ running: SaleRow | null; incoming: SaleRow | null }> {
    const { db } = this.deps.database;
    const [running, incoming] = await Promise.all([findRunningFlashSale(db, now), findIncomingFlashSale(db, now)]);
    return { running, incoming };
  }

  /** The first products of a running sale that still have sale stock, best sellers first. */
  runningSaleProductIds(saleId: number, limit: number): Promise<number[]> {
    return findSaleProductIds(this.deps.database.db, { flashSaleId: saleId, inStockOnly: true }, limit, 0);
  }

  /** The sale running now (with its first products) and the next one to start. */
  async current(locale: string) {
    const now = this.deps.clock.now();
    const { running, incoming } = await this.runningAndIncoming(now);
    const ids = running ? await this.runningSaleProductIds(running.id, FLASH_SALE_HOME_PRODUCTS) : [];
    return {
      incoming_flash_sale: incoming ? withStatus(incoming, now, null) : null,
      running_flash_sale: running ? withStatus(running, now, await this.catalog.productCards(ids, { locale })) : null,
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
    const { db } = this.deps.database;
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
      flash_sale: withStatus(sale, now, null),
      categories: categoryRows.map((c) => ({
        id: c.id,
        name: translate(c.name, c.translations, options.locale),
        slug: c.slug,
      })),
      products: await this.catalog.productCards(ids, { locale: options.locale }),
    };
  }
}
