import type { Payment } from '@shop/contracts/cart';
import { DEFAULT_LOCALE } from '@shop/contracts/constants';
import { type Executor, transaction } from '../../db/transaction';
import type { AppDeps, PaymentGateway } from '../../deps';
import { badRequest, notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { toMoney } from '../../lib/money';
import { orderCodeOf } from '../../lib/order-code';
import { gatewayTitlesIn, type SettingsService } from '../settings/settings.service';
import {
  findOwnPayment,
  findPayment,
  findPaymentByKey,
  findPaymentOrders,
  insertPayment,
  markPaymentCancelled,
  markPaymentPaid,
  type NewPayment,
  type PaymentOrderRow,
  type PaymentRow,
  recordPaymentEvent,
  setPaymentStarted,
} from './payments.repository';

export type { PaymentOrderRow, PaymentRow };

/** Work that must commit with a payment being marked paid (a digital order's fulfilment starts). */
export type PaidInTransaction = (tx: Executor, paymentId: string, now: Date) => Promise<unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type WebhookOutcome = 'paid' | 'duplicate' | 'ignored';

/**
 * Payments: one per checkout, for all its orders. Marked paid only by the
 * server: the sandbox gateway's own Pay call, or a gateway webhook whose signature, payment,
 * reference, amount and currency all check out. A browser redirect never marks anything paid.
 */
export class PaymentsService {
  /** Told after a payment was marked paid in this process (the digital job starts at once). */
  private readonly paidListeners: (() => void)[] = [];
  /** Run in the transaction that marks a payment paid, so a paid payment never lacks their writes. */
  private readonly paidInTransaction: PaidInTransaction[] = [];

  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'log' | 'payments'>,
    private readonly settings: SettingsService,
  ) {}

  /** Calls `listener` after each payment this process marks paid (after its commit). */
  onPaid(listener: () => void) {
    this.paidListeners.push(listener);
  }

  /**
   * Runs `listener` inside each transaction that marks a payment paid: what it writes commits with
   * the payment or not at all (the digital module starts a paid top-up's fulfilment this way).
   */
  onPaidInTransaction(listener: PaidInTransaction) {
    this.paidInTransaction.push(listener);
  }

  private paid() {
    for (const listener of this.paidListeners) listener();
  }

  /** Marks a pending payment paid in `tx` and runs what must commit with it; false when it was not pending. */
  private async markPaid(tx: Executor, id: string, now: Date): Promise<boolean> {
    if (!(await markPaymentPaid(tx, id, now))) return false;
    for (const listener of this.paidInTransaction) await listener(tx, id, now);
    return true;
  }

  /** A payment's row, or undefined. */
  find(id: string): Promise<PaymentRow | undefined> {
    return findPayment(this.deps.database.db, id);
  }

  /** The payment a placement with this Idempotency-Key made, if it committed. */
  findByIdempotencyKey(userId: number, key: string): Promise<PaymentRow | undefined> {
    return findPaymentByKey(this.deps.database.fixedPlans, userId, key);
  }

  /** Stores a new pending payment in the caller's transaction (with the orders it pays for). */
  async createPending(tx: Executor, payment: NewPayment): Promise<void> {
    await insertPayment(tx, payment);
  }

  /** Closes a pending payment in the caller's transaction; false when it was not pending. */
  cancelPending(tx: Executor, id: string, now: Date): Promise<boolean> {
    return markPaymentCancelled(tx, id, now);
  }

  /** A gateway the server knows, or null. */
  gateway(name: string): PaymentGateway | null {
    return this.deps.payments.get(name) ?? null;
  }

  /** Whether the payment exists and is the user's (the `owner` access policy). */
  async owns(userId: number, id: string): Promise<boolean> {
    return UUID.test(id) && findOwnPayment(this.deps.database.db, userId, id);
  }

  /** GET /api/payments/{id}. */
  async get(id: string, locale: string = DEFAULT_LOCALE): Promise<Payment> {
    const row = await findPayment(this.deps.database.db, id);
    if (!row) throw notFound(msg('Payment not found.'));
    return this.view(row, locale);
  }

  async view(row: PaymentRow, locale: string = DEFAULT_LOCALE): Promise<Payment> {
    const orders = await findPaymentOrders(this.deps.database.db, row.id);
    return this.viewOf(row, orders, locale);
  }

  /** The payment as the API shows it, from its row and its orders' rows (a placement has both at hand). */
  async viewOf(row: PaymentRow, orders: readonly PaymentOrderRow[], locale: string = DEFAULT_LOCALE): Promise<Payment> {
    const rules = await this.settings.checkoutRules();
    // A gateway switched off since keeps its title for the payments made with it.
    const title =
      gatewayTitlesIn(rules, locale)[row.paymentMethod] ??
      (await this.settings.paymentGateway(row.paymentMethod))?.title ??
      row.paymentMethod;
    return {
      id: row.id,
      amount: toMoney(row.amount),
      currency: row.currency,
      payment_method: row.paymentMethod,
      payment_method_title: title,
      status: row.status,
      is_paid: row.status === 'paid',
      orders: orders.map((o) => ({
        id: o.id,
        order_code: orderCodeOf(o.prefix, o.orderCode),
        shop_id: o.shopId,
        shop_name: o.shopName,
        quantity: o.quantity,
        payable_amount: toMoney(o.payableAmount),
        order_status: o.orderStatus,
        payment_status: o.paymentStatus,
      })),
      created_at: row.createdAt.toISOString(),
    };
  }

  /**
   * Opens the payment at its gateway: the address the shopper pays at (null for cash). Opened
   * once: a payment that has its address keeps it (Stripe's idempotency key makes a second try
   * the same session anyway). A gateway that cannot be reached leaves the payment pending.
   */
  async start(payment: PaymentRow, description: string, returnPath?: string): Promise<string | null> {
    if (payment.paymentUrl) return payment.paymentUrl;
    const gateway = this.gateway(payment.paymentMethod);
    if (!gateway) throw new Error(`unknown gateway ${payment.paymentMethod}`);
    // Only online gateways have credentials to read.
    const stored = gateway.online ? await this.settings.paymentGateway(gateway.name) : undefined;
    const started = await gateway.start(
      {
        id: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        description,
        publicUrl: this.deps.config.PUBLIC_URL,
        ...(returnPath ? { returnPath } : {}),
      },
      (stored?.config ?? {}) as Record<string, unknown>,
    );
    if (started.url !== null || started.reference !== null) {
      await setPaymentStarted(this.deps.database.db, payment.id, started, this.deps.clock.now());
    }
    return started.url;
  }

  /** POST /api/payments/{id}/sandbox/pay: the built-in test gateway settles on the server. */
  async sandboxPay(id: string): Promise<Payment> {
    const row = await this.sandboxPayment(id);
    if (row.status === 'cancelled') throw badRequest(msg('This payment was cancelled.'));
    if (await transaction(this.deps.database.db, (tx) => this.markPaid(tx, id, this.deps.clock.now()))) this.paid();
    return this.get(id);
  }

  /** POST /api/payments/{id}/sandbox/cancel: the shopper gave up; the orders stay unpaid. */
  async sandboxCancel(id: string): Promise<Payment> {
    const row = await this.sandboxPayment(id);
    if (row.status === 'paid') throw badRequest(msg('This payment is already paid.'));
    await markPaymentCancelled(this.deps.database.db, id, this.deps.clock.now());
    return this.get(id);
  }

  private async sandboxPayment(id: string): Promise<PaymentRow> {
    const row = await findPayment(this.deps.database.db, id);
    if (!row) throw notFound(msg('Payment not found.'));
    if (row.paymentMethod !== 'sandbox') {
      throw badRequest(msg('This payment is not made with the sandbox gateway.'));
    }
    return row;
  }

  /**
   * A gateway's webhook. Its signature is checked over the raw body (400 when it is not genuine);
   * a paid notice marks the payment paid once: the event id is recorded in the same transaction,
   * so a notice delivered twice, or two at once, changes nothing the second time.
   */
  async webhook(
    gatewayName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<WebhookOutcome> {
    const gateway = this.gateway(gatewayName);
    if (!gateway?.verifyWebhook) throw notFound();
    const stored = await this.settings.paymentGateway(gateway.name);
    let notice: Awaited<ReturnType<NonNullable<PaymentGateway['verifyWebhook']>>>;
    try {
      notice = await gateway.verifyWebhook(rawBody, headers, (stored?.config ?? {}) as Record<string, unknown>);
    } catch (error) {
      this.deps.log.warn({ gateway: gateway.name, err: (error as Error).message }, 'webhook refused');
      throw badRequest(msg('Invalid signature.'));
    }
    if (!notice) return 'ignored';
    const { eventId, paymentId } = notice;
    const outcome = await transaction(this.deps.database.db, async (tx): Promise<WebhookOutcome> => {
      if (!(await recordPaymentEvent(tx, gateway.name, eventId, UUID.test(paymentId) ? paymentId : null))) {
        return 'duplicate';
      }
      const payment = UUID.test(paymentId) ? await findPayment(tx, paymentId) : undefined;
      const matches =
        payment !== undefined &&
        payment.paymentMethod === gateway.name &&
        payment.gatewayReference === notice.reference &&
        payment.amount === notice.amount &&
        payment.currency.toLowerCase() === notice.currency.toLowerCase();
      if (!matches) {
        this.deps.log.warn({ gateway: gateway.name, eventId, paymentId }, 'paid notice matches no payment; ignored');
        return 'ignored';
      }
      return (await this.markPaid(tx, paymentId, this.deps.clock.now())) ? 'paid' : 'duplicate';
    });
    if (outcome === 'paid') this.paid();
    return outcome;
  }

  /**
   * Gives a paid payment back through its gateway: true when the gateway refunded it, false when
   * the gateway cannot refund (the shop must do it by hand). Throws when the gateway refused.
   */
  async refund(paymentId: string): Promise<boolean> {
    const payment = await findPayment(this.deps.database.db, paymentId);
    if (payment?.status !== 'paid') return false;
    const gateway = this.gateway(payment.paymentMethod);
    if (!gateway?.refund) return false;
    const stored = await this.settings.paymentGateway(gateway.name);
    await gateway.refund(
      {
        id: payment.id,
        amount: payment.amount,
        currency: payment.currency,
        reference: payment.gatewayReference,
      },
      (stored?.config ?? {}) as Record<string, unknown>,
    );
    return true;
  }
}
