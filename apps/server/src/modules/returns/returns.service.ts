import { ErrorCode } from '@shop/contracts/errors';
import {
  RETURNS_PER_PAGE,
  type ReturnDetails,
  type ReturnSummary,
  returnOrderInputSchema,
} from '@shop/contracts/returns';
import type { AppDeps } from '../../deps';
import { AppError, FieldErrors, notFound } from '../../lib/errors';
import { type Message, msg } from '../../lib/messages';
import { nulTextPath } from '../../lib/nul-text';
import { offsetOf } from '../../lib/paging';
import { NUL_TEXT_MESSAGE } from '../../plugins/nul-text';
import { toMoney } from '../catalog/catalog.service';
import { mediaUrl } from '../catalog/media-url';
import { findOrder, findOrderLines } from '../orders/history.repository';
import { orderCodeOf } from '../orders/history.service';
import { issuesToFieldErrors } from '../profile/account-input';
import { uniqueViolation } from '../profile/profile.service';
import type { SettingsService } from '../settings/settings.service';
import {
  countReturns,
  findReturn,
  findReturnLines,
  findReturns,
  insertReturn,
  ownsReturn,
  type ReturnListRow,
} from './returns.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The unique index that keeps an ordered line from being returned twice. */
const LINE_KEY = 'return_order_products_line_key';

const refused = (message: Message) => new AppError(422, ErrorCode.Conflict, message);
export const ALREADY_RETURNED = msg('A chosen product was already returned.');

/**
 * Returns (reference section 4, return lifecycle): a shopper returns some lines of a Delivered
 * order, without digital products, before delivered_at + return_order_within_days; each ordered
 * line once (the unique index decides between concurrent requests). The amount is Σ price ×
 * quantity of the chosen lines, without tax or delivery.
 */
export class ReturnsService {
  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'clock'>,
    private readonly settings: SettingsService,
  ) {}

  /** Whether the return exists and is the user's (the `owner` access policy). */
  owns(userId: number, id: number): Promise<boolean> {
    return ownsReturn(this.deps.database.db, userId, id);
  }

  async list(userId: number, paging: { page: number; per_page?: number | undefined }) {
    const { db } = this.deps.database;
    const perPage = paging.per_page ?? RETURNS_PER_PAGE;
    const [total, rows] = await Promise.all([
      countReturns(db, userId),
      findReturns(db, userId, perPage, offsetOf(paging.page, perPage)),
    ]);
    return { total, return_orders: rows.map(toSummary) };
  }

  async details(userId: number, id: number): Promise<ReturnDetails> {
    const { db } = this.deps.database;
    const row = await findReturn(db, userId, id);
    if (!row) throw notFound(msg('Return not found.'));
    const lines = await findReturnLines(db, row.id);
    return {
      ...toSummary(row),
      shop: {
        id: row.shopId,
        name: row.shopName,
        slug: row.shopSlug,
        logo: mediaUrl(row.shopLogo) ?? '',
        rating: Math.round(row.shopRating * 10) / 10,
      },
      products: lines.map((l) => ({
        order_product_id: l.orderProductId,
        product_id: l.productId,
        product_name: l.name,
        thumbnail: mediaUrl(l.thumbnail) ?? '',
        product_price: toMoney(l.price),
        quantity: l.quantity,
        color: l.colorName,
        size: l.sizeName,
        unit: l.unit,
        price: toMoney(l.price * l.quantity),
      })),
    };
  }

  /** POST /api/return-order: the body's text fields as sent (multipart or JSON). */
  async create(userId: number, body: unknown): Promise<ReturnDetails> {
    const nulPath = nulTextPath(body);
    if (nulPath !== null) throw new FieldErrors({ [nulPath || 'body']: [NUL_TEXT_MESSAGE] });
    const parsed = returnOrderInputSchema.safeParse(body ?? {});
    if (!parsed.success) throw new FieldErrors(issuesToFieldErrors(parsed.error.issues));
    const input = parsed.data;
    const { db } = this.deps.database;

    const order = await findOrder(db, userId, input.order_id);
    if (!order) throw notFound(msg('Order not found.'));
    if (order.orderStatus !== 'Delivered') throw refused(msg('Only a delivered order can be returned.'));
    const [lines, rules] = await Promise.all([findOrderLines(db, [order.id]), this.settings.checkoutRules()]);
    if (lines.some((l) => l.isDigital)) throw refused(msg('An order with a digital product cannot be returned.'));
    const lastDay = (order.deliveredAt ?? order.createdAt).getTime() + rules.returnOrderWithinDays * DAY_MS;
    if (this.deps.clock.now().getTime() >= lastDay) {
      throw refused(msg('The return period of this order is over.'));
    }
    const chosenIds = [...new Set(input.product_ids)];
    const byId = new Map(lines.map((l) => [l.id, l]));
    const chosen = chosenIds.map((id) => byId.get(id));
    if (chosen.some((l) => l === undefined)) throw refused(msg('A chosen product is not in this order.'));
    const picked = chosen.filter((l) => l !== undefined);
    if (picked.some((l) => l.returned)) throw refused(ALREADY_RETURNED);

    let id: number;
    try {
      id = await insertReturn(
        db,
        {
          orderId: order.id,
          shopId: order.shopId,
          userId,
          amount: picked.reduce((sum, l) => sum + l.price * l.quantity, 0),
          bankName: input.bank_name,
          bankAccountNumber: input.bank_account_number,
          reason: input.reason,
          returnAddress: input.return_address,
          lines: picked.map((l) => ({
            orderProductId: l.id,
            productId: l.productId,
            name: l.name,
            price: l.price,
            quantity: l.quantity,
            colorName: l.colorName,
            sizeName: l.sizeName,
            unit: l.unit,
          })),
        },
        this.deps.clock.now(),
      );
    } catch (error) {
      // A concurrent request returned one of these lines first.
      const key = uniqueViolation(error);
      if (key === LINE_KEY || key === '') throw refused(ALREADY_RETURNED);
      throw error;
    }
    return this.details(userId, id);
  }
}

function toSummary(row: ReturnListRow): ReturnSummary {
  return {
    id: row.id,
    order_id: row.orderId,
    order_code: orderCodeOf(row.prefix, row.orderCode),
    reason: row.reason,
    amount: toMoney(row.amount),
    status: row.status,
    quantity: row.quantity,
    payment_status: row.isPaid ? 'Paid' : 'Unpaid',
    reject_note: row.rejectNote,
    bank_name: row.bankName,
    bank_account_number: row.bankAccountNumber,
    return_address: row.returnAddress,
    created_at: row.createdAt.toISOString(),
  };
}
