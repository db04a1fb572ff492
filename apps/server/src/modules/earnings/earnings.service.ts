import {
  type Balance,
  EARNINGS_PAGE_SIZE,
  type LedgerEntry,
  type Withdrawal,
  type WithdrawalStatus,
  type withdrawalRequestSchema,
} from '@shop/contracts/earnings';
import { ErrorCode } from '@shop/contracts/errors';
import type {
  OperatorBalance,
  OperatorWithdrawal,
  operatorBalancesQuerySchema,
  operatorWithdrawalsQuerySchema,
} from '@shop/contracts/operator-back-office';
import type { z } from 'zod';
import { type Executor, transaction } from '../../db/transaction';
import type { CoreDeps } from '../../deps';
import type { AuditSink } from '../../lib/audit';
import { AppError, FieldErrors, notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { roundTo, toMinor, toMoney } from '../../lib/money';
import { orderCodeOf } from '../../lib/order-code';
import { offsetOf } from '../../lib/paging';
import type { SettingsService } from '../settings/settings.service';
import {
  appendEntries,
  countEntries,
  countShopBalances,
  countWithdrawals,
  decideWithdrawal,
  findEntries,
  findOrderEntries,
  findShopBalances,
  findShopCommissionRateBps,
  findWithdrawal,
  findWithdrawals,
  findWithdrawalsWithShop,
  findWithdrawalWithShop,
  hasWithdrawalHold,
  insertWithdrawal,
  lockShop,
  sumAllPendingWithdrawals,
  sumBalance,
  sumPendingWithdrawals,
  type WithdrawalRow,
} from './earnings.repository';

/** A delivered order as the orders module tells it (minor units). */
export interface DeliveredOrder {
  id: number;
  shopId: number;
  /** What the shopper paid for the order: the shop is credited with it. */
  payableAmount: number;
  /** The goods after the voucher (no delivery, no tax): what the commission is taken of. */
  commissionBase: number;
}

/** A refunded return as the returns module tells it (minor units). */
export interface RefundedReturn {
  id: number;
  orderId: number;
  shopId: number;
  amount: number;
}

const WITHDRAWAL_NOT_FOUND = msg('Withdrawal not found.');
const BPS = 10_000;

/** The commission on `base` at `rateBps`, in whole minor units (half up). */
export const commissionOf = (base: number, rateBps: number) => Math.round((base * rateBps) / BPS);

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amount: toMoney(row.amount),
    status: row.status,
    bank_name: row.bankName,
    bank_account_number: row.bankAccountNumber,
    account_holder: row.accountHolder,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * The money the marketplace owes each shop. It is kept as an append-only ledger (one entry per
 * movement, each written in the transaction of the change that caused it), and a shop's available
 * balance is the sum of its entries. The orders module tells a delivery and the returns module a
 * refund (services.ts wires them); a seller asks to withdraw part of the balance, which holds it
 * until the operator pays or refuses the request.
 */
export class EarningsService {
  constructor(
    private readonly deps: CoreDeps,
    private readonly settings: SettingsService,
  ) {}

  /**
   * In the transaction that moved the order to Delivered: the shop is credited with the order's
   * amount and debited the commission at today's rate (the shop's own when the operator set one).
   * Told twice, it credits once.
   */
  async creditDelivered(tx: Executor, order: DeliveredOrder, now: Date): Promise<void> {
    const rateBps = await this.commissionRateBps(order.shopId, tx);
    const commission = Math.min(commissionOf(Math.max(0, order.commissionBase), rateBps), order.payableAmount);
    const base = { shopId: order.shopId, orderId: order.id, createdAt: now };
    await appendEntries(tx, [
      ...(order.payableAmount > 0 ? [{ ...base, kind: 'sale' as const, amount: order.payableAmount }] : []),
      ...(commission > 0 ? [{ ...base, kind: 'commission' as const, amount: -commission, rateBps }] : []),
    ]);
  }

  /**
   * In the transaction that marked the return refunded: the shop is debited the refund, and given
   * back the commission it paid on that part at the order's rate. An order the ledger never
   * credited (delivered before the ledger existed) is not debited either.
   */
  async debitRefund(tx: Executor, refund: RefundedReturn, now: Date): Promise<void> {
    const entries = await findOrderEntries(tx, refund.orderId);
    if (!entries.some((e) => e.kind === 'sale') || refund.amount <= 0) return;
    const rateBps = entries.find((e) => e.kind === 'commission')?.rateBps ?? 0;
    const back = commissionOf(refund.amount, rateBps);
    const base = { shopId: refund.shopId, returnId: refund.id, createdAt: now };
    await appendEntries(tx, [
      { ...base, kind: 'refund', amount: -refund.amount },
      ...(back > 0 ? [{ ...base, kind: 'commission_refund' as const, amount: back, rateBps }] : []),
    ]);
  }

  /** The commission rate (basis points) the shop pays now: its own, else the commerce setting's. */
  async commissionRateBps(shopId: number, db: Executor = this.deps.database.db): Promise<number> {
    return (await findShopCommissionRateBps(db, shopId)) ?? (await this.settings.commissionRateBps(db));
  }

  /** The shop's available and pending money, and the commission rate now. */
  async balance(shopId: number, db: Executor = this.deps.database.db): Promise<Balance> {
    const [available, pending, rateBps] = await Promise.all([
      sumBalance(db, shopId),
      sumPendingWithdrawals(db, shopId),
      this.commissionRateBps(shopId, db),
    ]);
    return {
      available: toMoney(available),
      pending: toMoney(pending.amount),
      commission_rate: roundTo((rateBps / BPS) * 100, 2),
    };
  }

  /** How many of the shop's withdrawals wait for the operator. */
  async pendingWithdrawalCount(shopId: number): Promise<number> {
    return (await sumPendingWithdrawals(this.deps.database.db, shopId)).count;
  }

  /** GET /api/seller/ledger: the shop's entries, newest first, each with the balance after it. */
  async ledger(shopId: number, paging: { page: number; per_page?: number | undefined }) {
    const { db } = this.deps.database;
    const perPage = paging.per_page ?? EARNINGS_PAGE_SIZE;
    const [total, rows, balance] = await Promise.all([
      countEntries(db, shopId),
      findEntries(db, shopId, perPage, offsetOf(paging.page, perPage)),
      this.balance(shopId),
    ]);
    return {
      total,
      balance,
      entries: rows.map(
        (r): LedgerEntry => ({
          id: r.id,
          kind: r.kind,
          amount: toMoney(r.amount),
          balance_after: toMoney(r.balanceAfter),
          order_id: r.orderId,
          order_code: r.orderPrefix !== null && r.orderCode !== null ? orderCodeOf(r.orderPrefix, r.orderCode) : null,
          return_id: r.returnId,
          withdrawal_id: r.withdrawalId,
          created_at: r.createdAt.toISOString(),
        }),
      ),
    };
  }

  /** GET /api/seller/withdrawals: the shop's requests, newest first, optionally of one status. */
  async withdrawals(
    shopId: number,
    query: { page: number; per_page?: number | undefined; status?: WithdrawalStatus | undefined },
  ) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? EARNINGS_PAGE_SIZE;
    const filter = { shopId, status: query.status };
    const [total, rows] = await Promise.all([
      countWithdrawals(db, filter),
      findWithdrawals(db, filter, perPage, offsetOf(query.page, perPage)),
    ]);
    return { total, withdrawals: rows.map(toWithdrawal) };
  }

  /** One of the shop's withdrawals; 404 for another shop's. */
  async withdrawal(shopId: number, id: number): Promise<Withdrawal> {
    const row = await findWithdrawal(this.deps.database.db, shopId, id);
    if (!row) throw notFound(WITHDRAWAL_NOT_FOUND);
    return toWithdrawal(row);
  }

  /**
   * POST /api/seller/withdrawals: holds `amount` of the available balance for a payout to the
   * account. The shop's requests run one at a time (its row is locked while the balance is summed
   * and the hold written), so two at the same instant can never take the balance below zero.
   */
  async requestWithdrawal(
    shopId: number,
    userId: number,
    input: z.output<typeof withdrawalRequestSchema>,
    /** Records the request in the audit log inside its transaction. */
    audited?: AuditSink,
  ): Promise<{ withdrawal: Withdrawal; balance: Balance }> {
    const amount = toMinor(input.amount);
    const now = this.deps.clock.now();
    const row = await transaction(this.deps.database.db, async (tx) => {
      if (!(await lockShop(tx, shopId))) throw notFound(msg('Shop not found.'));
      const available = await sumBalance(tx, shopId);
      if (amount > available) {
        throw new FieldErrors({
          amount: [
            available > 0
              ? msg('The amount may not be more than your available balance of {{amount}}.', {
                  amount: toMoney(available).toFixed(2),
                })
              : msg('There is no balance to withdraw yet.'),
          ],
        });
      }
      const withdrawal = await insertWithdrawal(tx, {
        shopId,
        userId,
        amount,
        bankName: input.bank_name,
        bankAccountNumber: input.bank_account_number,
        accountHolder: input.account_holder,
        createdAt: now,
      });
      await appendEntries(tx, [
        { shopId, kind: 'withdrawal_hold', amount: -amount, withdrawalId: withdrawal.id, createdAt: now },
      ]);
      await audited?.(tx, {
        kind: 'withdrawal',
        action: 'create',
        recordId: withdrawal.id,
        after: toWithdrawal(withdrawal),
      });
      return withdrawal;
    });
    return { withdrawal: toWithdrawal(row), balance: await this.balance(shopId) };
  }

  // -------------------------------------------------------------------------------------------
  // The operator's side: what the operator's screen calls to decide on withdrawals.

  /** Every shop's withdrawals waiting for the operator, oldest first. */
  async pendingWithdrawals(paging: { page: number; perPage?: number }) {
    const { db } = this.deps.database;
    const perPage = paging.perPage ?? EARNINGS_PAGE_SIZE;
    const filter = { shopId: null, status: 'pending' as const };
    const [total, rows] = await Promise.all([
      countWithdrawals(db, filter),
      findWithdrawals(db, filter, perPage, offsetOf(paging.page, perPage), 'oldest'),
    ]);
    return { total, withdrawals: rows.map((r) => ({ ...toWithdrawal(r), shop_id: r.shopId })) };
  }

  /** Every shop's withdrawals, filtered by status and shop, for the operator's list. */
  async operatorWithdrawals(query: z.output<typeof operatorWithdrawalsQuerySchema>) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? EARNINGS_PAGE_SIZE;
    const filter = { shopId: query.shop_id, status: query.status };
    const [total, rows] = await Promise.all([
      countWithdrawals(db, { shopId: query.shop_id ?? null, status: query.status }),
      findWithdrawalsWithShop(
        db,
        filter,
        { by: query.sort ?? 'created_at', direction: query.direction ?? 'desc' },
        perPage,
        offsetOf(query.page, perPage),
      ),
    ]);
    return { total, withdrawals: rows.map((r) => toOperatorWithdrawal(r.withdrawal, r.shopName)) };
  }

  private async operatorWithdrawal(id: number): Promise<OperatorWithdrawal> {
    const row = await findWithdrawalWithShop(this.deps.database.db, id);
    if (!row) throw notFound(WITHDRAWAL_NOT_FOUND);
    return toOperatorWithdrawal(row.withdrawal, row.shopName);
  }

  /**
   * The operator paid the request out with a bank transfer (`reference`): its hold stays in the
   * ledger as the payout. One transaction with the shop's row locked (as requests lock it), and it
   * refuses (nothing changes) when the ledger does not hold the amount. 422 once decided.
   */
  async payWithdrawal(id: number, reference: string, audited?: AuditSink): Promise<OperatorWithdrawal> {
    const { db } = this.deps.database;
    const found = await findWithdrawal(db, null, id);
    if (!found) throw notFound(WITHDRAWAL_NOT_FOUND);
    await transaction(db, async (tx) => {
      await lockShop(tx, found.shopId);
      const paid = await decideWithdrawal(tx, id, 'paid', null, this.deps.clock.now(), reference);
      if (!paid) throw alreadyDecided();
      if (!(await hasWithdrawalHold(tx, id))) {
        throw new AppError(409, ErrorCode.Conflict, msg('The ledger holds no amount for this withdrawal.'));
      }
      // Only a pending request can be paid (or refused): that is the state before.
      await audited?.(tx, {
        kind: 'withdrawal',
        action: 'pay',
        recordId: id,
        before: { status: 'pending', reference: null },
        after: { status: 'paid', reference },
      });
    });
    return this.operatorWithdrawal(id);
  }

  /** The operator refused the request: its hold is released to the balance, in one transaction. */
  async refuseWithdrawal(id: number, note: string | null, audited?: AuditSink): Promise<OperatorWithdrawal> {
    const { db } = this.deps.database;
    if (!(await findWithdrawal(db, null, id))) throw notFound(WITHDRAWAL_NOT_FOUND);
    const now = this.deps.clock.now();
    const row = await transaction(db, async (tx) => {
      const decided = await decideWithdrawal(tx, id, 'refused', note, now);
      if (!decided) return undefined;
      await appendEntries(tx, [
        {
          shopId: decided.shopId,
          kind: 'withdrawal_release',
          amount: decided.amount,
          withdrawalId: decided.id,
          createdAt: now,
        },
      ]);
      await audited?.(tx, {
        kind: 'withdrawal',
        action: 'refuse',
        recordId: id,
        before: { status: 'pending' },
        after: { status: 'refused', note },
      });
      return decided;
    });
    if (!row) throw alreadyDecided();
    return this.operatorWithdrawal(id);
  }

  /** Every shop's balance beside what its sources add up to (a warning when they differ). */
  async operatorBalances(query: z.output<typeof operatorBalancesQuerySchema>) {
    const { db } = this.deps.database;
    const perPage = query.per_page ?? EARNINGS_PAGE_SIZE;
    const [total, rows] = await Promise.all([
      countShopBalances(db, query.q),
      findShopBalances(
        db,
        { q: query.q, sort: query.sort ?? 'name', direction: query.direction ?? 'asc' },
        perPage,
        offsetOf(query.page, perPage),
      ),
    ]);
    return {
      total,
      balances: rows.map(
        (r): OperatorBalance => ({
          shop: { id: r.shopId, name: r.shopName },
          available: toMoney(r.available),
          pending: toMoney(r.pending),
          expected: toMoney(r.expected),
          consistent: r.available === r.expected,
        }),
      ),
    };
  }

  /** What waits for the operator's money screens. */
  async pendingWithdrawalTotals() {
    const { amount, count } = await sumAllPendingWithdrawals(this.deps.database.db);
    return { count, amount: toMoney(amount) };
  }
}

function toOperatorWithdrawal(row: WithdrawalRow, shopName: string): OperatorWithdrawal {
  return { ...toWithdrawal(row), reference: row.reference, shop: { id: row.shopId, name: shopName } };
}

const alreadyDecided = () => new AppError(422, ErrorCode.Conflict, msg('This withdrawal was already paid or refused.'));
