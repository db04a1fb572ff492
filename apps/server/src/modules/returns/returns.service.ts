import { ErrorCode } from '@shop/contracts/errors';
import type { OperatorReturn, operatorReturnsQuerySchema } from '@shop/contracts/operator-back-office';
import {
  RETURNS_PER_PAGE,
  type ReturnDetails,
  type ReturnStatus,
  type ReturnSummary,
  type returnOrderInputSchema,
} from '@shop/contracts/returns';
import { SELLER_RETURN_STATUSES, type SellerReturnDetails, type SellerReturnStatus } from '@shop/contracts/sellers';
import type { z } from 'zod';
import { type Executor, transaction, uniqueViolation } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/media-url';
import { type Message, msg, type Translator } from '../../lib/messages';
import { toMoney } from '../../lib/money';
import { orderCodeOf } from '../../lib/order-code';
import { offsetOf } from '../../lib/paging';
import { type OrdersService, toOrderShop } from '../orders/orders.service';
import type { SettingsService } from '../settings/settings.service';
import {
  countOperatorReturns,
  countPendingReturns,
  countReturns,
  findOperatorReturns,
  findReturn,
  findReturnLines,
  findReturns,
  insertReturn,
  moveReturnStatus,
  type OperatorReturnRow,
  ownsReturn,
  type ReturnListRow,
  type ReturnScope,
} from './returns.repository';

/** What the shopper is told when the shop moves a return (in the order's language). */
const RETURN_STATUS_TEXT: Record<SellerReturnStatus | 'Refunded', Message> = {
  Approved: msg('Your return of order {{code}} was approved by {{shop}}.'),
  Damaged: msg('{{shop}} found the returned products of order {{code}} damaged.'),
  Mismatch: msg('{{shop}} found that the returned products of order {{code}} do not match the order.'),
  Refunded: msg('Your return of order {{code}} was refunded by {{shop}}.'),
};

const DAY_MS = 24 * 60 * 60 * 1000;
const RETURN_NOT_FOUND = msg('Return not found.');
/** A return neither refunded nor refused: the operator may still decide on it. */
const OPEN_RETURN_STATUSES = ['Pending', ...SELLER_RETURN_STATUSES] as const;

/** The operator's list query as the route parsed it. */
type OperatorReturnsQueryValues = z.output<typeof operatorReturnsQuerySchema>;

/** A return just marked refunded (minor units: Σ price × quantity of its lines). */
export interface RefundedReturnEvent {
  id: number;
  orderId: number;
  shopId: number;
  amount: number;
}

/** Work that must commit with a return's refund. */
export type RefundedInTransaction = (tx: Executor, refund: RefundedReturnEvent, now: Date) => Promise<unknown>;
/** The unique index that keeps an ordered line from being returned twice. */
const LINE_KEY = 'return_order_products_line_key';

const refused = (message: Message) => new AppError(422, ErrorCode.Conflict, message);
export const ALREADY_RETURNED = msg('A chosen product was already returned.');

/**
 * Returns: a shopper returns some lines of a Delivered
 * order, without digital products, before delivered_at + return_order_within_days; each ordered
 * line once (the unique index decides between concurrent requests). The amount is Σ price ×
 * quantity of the chosen lines, without tax or delivery.
 */
export class ReturnsService {
  /** Run in the transaction that marks a return refunded (the shop's earnings are debited). */
  private readonly refundedInTransaction: RefundedInTransaction[] = [];

  constructor(
    private readonly deps: Pick<AppDeps, 'database' | 'clock' | 'notifier' | 'log'>,
    private readonly settings: SettingsService,
    private readonly translator: Translator,
    private readonly orders: OrdersService,
  ) {}

  /**
   * Runs `listener` inside each transaction that marks a return refunded: what it writes commits
   * with the refund or not at all. A return is refunded once (the move is conditional).
   */
  onRefundedInTransaction(listener: RefundedInTransaction) {
    this.refundedInTransaction.push(listener);
  }

  /** Whether the return exists and is the user's (the `owner` access policy). */
  owns(userId: number, id: number): Promise<boolean> {
    return ownsReturn(this.deps.database.db, userId, id);
  }

  async list(userId: ReturnScope, paging: { page: number; per_page?: number | undefined }) {
    const { db } = this.deps.database;
    const perPage = paging.per_page ?? RETURNS_PER_PAGE;
    const [total, rows] = await Promise.all([
      countReturns(db, userId),
      findReturns(db, userId, perPage, offsetOf(paging.page, perPage)),
    ]);
    return { total, return_orders: rows.map(toSummary) };
  }

  async details(userId: ReturnScope, id: number): Promise<ReturnDetails> {
    const { db } = this.deps.database;
    const row = await findReturn(db, userId, id);
    if (!row) throw notFound(RETURN_NOT_FOUND);
    const lines = await findReturnLines(db, row.id);
    return {
      ...toSummary(row),
      shop: toOrderShop(row),
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

  /** The Seller Centre's list: the shop's returns (optionally of one status) with the shoppers' names. */
  async shopList(
    shopId: number,
    query: { page: number; per_page?: number | undefined; status?: ReturnStatus | undefined },
  ) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? RETURNS_PER_PAGE;
    const scope = { shopId, status: query.status };
    const [total, rows] = await Promise.all([
      countReturns(db, scope),
      findReturns(db, scope, perPage, offsetOf(query.page, perPage)),
    ]);
    return { total, return_orders: rows.map((row) => ({ ...toSummary(row), customer_name: row.customerName })) };
  }

  pendingForShop(shopId: number): Promise<number> {
    return countPendingReturns(this.deps.database.db, shopId);
  }

  /** One of the shop's returns; 404 for another shop's. */
  async shopDetails(shopId: number, id: number): Promise<SellerReturnDetails> {
    const row = await findReturn(this.deps.database.db, { shopId }, id);
    if (!row) throw notFound(RETURN_NOT_FOUND);
    const open = !row.isPaid && row.status !== 'Cancelled' && row.status !== 'Refunded';
    return {
      ...(await this.details({ shopId }, id)),
      customer: {
        name: row.customerName,
        email: row.customerEmail,
        phone: row.customerPhone ? `${row.customerPhoneCode ?? ''}${row.customerPhone}` : null,
      },
      can_change_status: open,
      can_refund: open && row.status === 'Approved',
    };
  }

  /** The shop sets Approved, Damaged or Mismatch: refused once refunded. */
  async shopSetStatus(
    shopId: number,
    id: number,
    status: SellerReturnStatus,
    audited?: AuditSink,
  ): Promise<SellerReturnDetails> {
    await this.move({ shopId }, id, {
      from: ['Pending', ...SELLER_RETURN_STATUSES],
      to: status,
      refusal: msg('This return can no longer be changed.'),
      told: RETURN_STATUS_TEXT[status],
      audited: { action: 'status', audited },
    });
    return this.shopDetails(shopId, id);
  }

  /** The refund step: an approved return is marked refunded and paid; nothing changes it afterwards. */
  async shopRefund(shopId: number, id: number, audited?: AuditSink): Promise<SellerReturnDetails> {
    await this.move({ shopId }, id, {
      from: ['Approved'],
      to: 'Refunded',
      refusal: msg('Only an approved return can be refunded.'),
      told: RETURN_STATUS_TEXT.Refunded,
      audited: { action: 'refund', audited },
    });
    return this.shopDetails(shopId, id);
  }

  /** The operator's list: every shop's returns, filtered, sorted and paged. */
  async operatorList(query: OperatorReturnsQueryValues): Promise<{ total: number; return_orders: OperatorReturn[] }> {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? RETURNS_PER_PAGE;
    const filter = { q: query.q, status: query.status, shopId: query.shop_id };
    const sort = { by: query.sort ?? 'created_at', direction: query.direction ?? 'desc' } as const;
    const [total, rows] = await Promise.all([
      countOperatorReturns(db, filter),
      findOperatorReturns(db, filter, sort, perPage, offsetOf(query.page, perPage)),
    ]);
    return { total, return_orders: rows.map(toOperatorReturn) };
  }

  /**
   * The operator refunds a return the shop has not refused or refunded (whatever the shop decided
   * so far): the shop's balance is debited in the same transaction, and the shopper is told.
   */
  async operatorRefund(id: number, audited?: AuditSink): Promise<OperatorReturn> {
    await this.move('every shop', id, {
      from: OPEN_RETURN_STATUSES,
      to: 'Refunded',
      refusal: msg('This return was already refunded or refused.'),
      told: msg('Your return of order {{code}} was refunded.'),
      audited: { action: 'refund', audited },
    });
    return this.operatorReturn(id);
  }

  /** The operator refuses a return that is still open, with the reason the shopper sees. */
  async operatorRefuse(id: number, reason: string, audited?: AuditSink): Promise<OperatorReturn> {
    await this.move('every shop', id, {
      from: OPEN_RETURN_STATUSES,
      to: 'Cancelled',
      rejectNote: reason,
      refusal: msg('This return was already refunded or refused.'),
      told: msg('Your return of order {{code}} was refused: {{reason}}', { reason }),
      audited: { action: 'refuse', audited },
    });
    return this.operatorReturn(id);
  }

  private async operatorReturn(id: number): Promise<OperatorReturn> {
    const [row] = await findOperatorReturns(
      this.deps.database.db,
      { id },
      { by: 'created_at', direction: 'desc' },
      1,
      0,
    );
    if (!row) throw notFound(RETURN_NOT_FOUND);
    return toOperatorReturn(row);
  }

  /**
   * Moves a return of the scope from one of `from` to `to` (conditionally: a concurrent move wins
   * once), with what must commit with it (a refund's debit, the audit entry), then tells the shopper.
   */
  private async move(
    scope: ReturnScope,
    id: number,
    change: {
      from: readonly ReturnStatus[];
      to: SellerReturnStatus | 'Refunded' | 'Cancelled';
      refusal: Message;
      told: Message;
      rejectNote?: string;
      audited?: { action: string; audited: AuditSink | undefined };
    },
  ): Promise<void> {
    const { db } = this.deps.database;
    const now = this.deps.clock.now();
    const { to } = change;
    const paid = to === 'Refunded';
    const row = await transaction(db, async (tx) => {
      // Locked first: the return read is the one the move leaves (the audit entry's before).
      const row = await findReturn(tx, scope, id, true);
      if (!row) throw notFound(RETURN_NOT_FOUND);
      if (!(await moveReturnStatus(tx, id, change.from, to, now, paid, change.rejectNote ?? null))) {
        throw refused(change.refusal);
      }
      if (paid) {
        const refund = { id: row.id, orderId: row.orderId, shopId: row.shopId, amount: row.amount };
        for (const listener of this.refundedInTransaction) await listener(tx, refund, now);
      }
      await change.audited?.audited?.(tx, {
        kind: 'return',
        action: change.audited.action,
        recordId: id,
        before: { status: row.status, payment_status: row.isPaid ? 'Paid' : 'Unpaid', reject_note: row.rejectNote },
        after: {
          status: to,
          payment_status: paid ? 'Paid' : 'Unpaid',
          reject_note: change.rejectNote ?? row.rejectNote,
        },
      });
      return row;
    });
    try {
      const code = orderCodeOf(row.prefix, row.orderCode);
      const text = this.translator.text(row.locale, {
        ...change.told,
        params: { ...change.told.params, code, shop: row.shopName },
      });
      const subject = this.translator.text(row.locale, msg('Return of order {{code}}', { code }));
      if (row.customerEmail) await this.deps.notifier.send({ channel: 'email', to: row.customerEmail, subject, text });
      else if (row.customerPhone) {
        await this.deps.notifier.send({
          channel: 'sms',
          to: `${row.customerPhoneCode ?? ''}${row.customerPhone}`,
          text,
        });
      }
    } catch (error) {
      // The change is made; a message that could not be written is logged, never lost silently.
      this.deps.log.error({ err: error, returnId: id }, 'return status notification failed');
    }
  }

  /** POST /api/return-order. */
  async create(userId: number, input: z.output<typeof returnOrderInputSchema>): Promise<ReturnDetails> {
    const { db } = this.deps.database;

    const order = await this.orders.findOwn(userId, input.order_id);
    if (!order) throw notFound(msg('Order not found.'));
    if (order.orderStatus !== 'Delivered') throw refused(msg('Only a delivered order can be returned.'));
    const [lines, rules] = await Promise.all([this.orders.lines([order.id]), this.settings.checkoutRules()]);
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

function toOperatorReturn(row: OperatorReturnRow): OperatorReturn {
  return {
    ...toSummary(row),
    customer_name: row.customerName,
    shop: { id: row.shopId, name: row.shopName },
    open: !row.isPaid && row.status !== 'Cancelled' && row.status !== 'Refunded',
  };
}
