import { extractPlnToken, formatPlnToken } from '@shop/contracts/digital-numbers';
import type { Executor } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import { type Message, msg, type Translator } from '../../lib/messages';
import type { PaymentsService } from '../payments/payments.service';
import {
  claimDueOrders,
  claimNotification,
  claimOrder,
  type DigitalOrderRow,
  deferOrder,
  findContact,
  findProduct,
  findUnnotified,
  markRefunded,
  settleFailed,
  settleSuccess,
  startDigitalFulfilment,
} from './digital.repository';
import type { TopUpResult } from './providers/digital-provider';
import type { DigitalProviders } from './providers/digital-providers';

/** Asks about a pending top-up at most this many times, then gives up (failed, refunded). */
export const MAX_ATTEMPTS = 20;
/** Orders one pass of the job takes at most. */
const BATCH = 20;
/** A settled order nobody was told about after this long is told by the job (a process stopped in between). */
const NOTIFY_AFTER_MS = 60_000;

/** The wait before asking again about a pending top-up: 5 s, doubling, at most 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 5 * 60_000);
}

export type Settlement = 'success' | 'failed' | 'pending' | 'unchanged';

/**
 * Fulfilment of paid digital orders, exactly once: every path that learns a result
 * (the job's ask, the owner's "check again", the provider's callback) settles the order with one
 * conditional update (`WHERE status = 'processing'`), so only the first one moves it; the one that
 * moved it refunds (when it failed) and tells the shopper. The provider is always asked with the
 * order's fixed ref_id: asking again after a crash is a status check, never a second purchase.
 */
export class DigitalFulfilment {
  constructor(
    private readonly deps: Pick<AppDeps, 'config' | 'database' | 'clock' | 'log' | 'notifier'>,
    private readonly translator: Translator,
    private readonly providers: DigitalProviders,
    private readonly payments: PaymentsService,
  ) {}

  private leaseUntil(now: Date) {
    return new Date(now.getTime() + this.deps.config.DIGITAL_LEASE_SECONDS * 1000);
  }

  /**
   * A payment was marked paid in `tx`: its digital order (if it has one) is due now. Run in that
   * transaction, so a paid payment always has its order processing.
   */
  startPaid(tx: Executor, paymentId: string, now: Date): Promise<boolean> {
    return startDigitalFulfilment(tx, paymentId, now);
  }

  /** One pass of the job: the due orders are claimed (leased), asked about and settled. */
  async runDue(): Promise<number> {
    const now = this.deps.clock.now();
    const claimed = await claimDueOrders(this.deps.database.db, now, this.leaseUntil(now), BATCH);
    // Asked side by side: one slow answer does not hold the others past their lease.
    await Promise.all(claimed.map((order) => this.ask(order)));
    await this.notifyForgotten();
    return claimed.length;
  }

  /** The owner's "check again": a processing order not held by another process is asked now. */
  async checkNow(orderId: number): Promise<void> {
    const now = this.deps.clock.now();
    const order = await claimOrder(this.deps.database.db, orderId, now, this.leaseUntil(now));
    if (order) await this.ask(order);
  }

  /** Asks the provider about a claimed order (same ref_id every time) and applies the answer. */
  private async ask(order: DigitalOrderRow): Promise<Settlement> {
    let result: TopUpResult;
    try {
      const provider = await this.providers.byName(order.provider);
      if (!provider) throw new Error(`the digital provider ${order.provider} is not configured`);
      const product = await findProduct(this.deps.database.db, order.productId);
      if (!product) throw new Error(`digital product ${order.productId} is missing`);
      result = await provider.topUp({ refId: order.refId, sku: product.code, customerNo: order.customerNumber });
      if (result.refId !== order.refId) throw new Error('the provider answered about another transaction');
    } catch (error) {
      // Not an answer (network, timeout, no credentials): ask again later, like pending.
      this.deps.log.warn({ err: error, orderId: order.id }, 'digital top-up: no answer from the provider');
      return this.stillPending(order);
    }
    if (result.status === 'pending') return this.stillPending(order);
    return this.apply(order, result);
  }

  private async stillPending(order: DigitalOrderRow): Promise<Settlement> {
    const now = this.deps.clock.now();
    if (order.attempts >= MAX_ATTEMPTS) {
      return this.fail(order, { code: 'gave_up', message: `No result after ${order.attempts} attempts` });
    }
    await deferOrder(this.deps.database.db, order.id, new Date(now.getTime() + backoffMs(order.attempts)), now);
    return 'pending';
  }

  /**
   * Applies a provider's answer (from an ask or a callback) once. Pending changes nothing here
   * (the job asks again when it is due).
   */
  async apply(order: DigitalOrderRow, result: TopUpResult): Promise<Settlement> {
    if (result.status === 'pending') return 'pending';
    if (result.status === 'failed') return this.fail(order, { code: result.code, message: result.message });
    const token = order.kind === 'pln' && result.serial ? extractPlnToken(result.serial) : null;
    const settled = await settleSuccess(
      this.deps.database.db,
      order.id,
      { token, serial: result.serial },
      this.deps.clock.now(),
    );
    if (!settled) return 'unchanged';
    this.deps.log.info({ orderId: order.id, refId: order.refId }, 'digital top-up delivered');
    await this.notify(settled);
    return 'success';
  }

  /** Failed (refused, or given up): settled once, then refunded through the gateway when it can. */
  private async fail(order: DigitalOrderRow, failure: { code: string | null; message: string }): Promise<Settlement> {
    const { db } = this.deps.database;
    const settled = await settleFailed(db, order.id, failure, this.deps.clock.now());
    if (!settled) return 'unchanged';
    await this.refund(settled);
    await this.notify(settled);
    return 'failed';
  }

  /** Gives a failed order's payment back through its gateway, or leaves it marked for refund by hand. */
  private async refund(order: DigitalOrderRow) {
    let refunded = false;
    try {
      refunded = await this.payments.refund(order.paymentId);
    } catch (error) {
      this.deps.log.error({ err: error, orderId: order.id }, 'digital top-up failed and its refund was refused');
    }
    if (refunded) {
      await markRefunded(this.deps.database.db, order, this.deps.clock.now());
      order.refundStatus = 'refunded';
    } else {
      this.deps.log.warn(
        { orderId: order.id, paymentId: order.paymentId },
        'digital top-up failed: marked for refund by hand',
      );
    }
  }

  /**
   * Orders settled by a process that stopped before telling the shopper: a failed one is first
   * refunded (the process may have stopped before that too), then the shopper is told.
   */
  private async notifyForgotten() {
    const before = new Date(this.deps.clock.now().getTime() - NOTIFY_AFTER_MS);
    for (const order of await findUnnotified(this.deps.database.db, before, BATCH)) {
      if (order.status === 'failed' && order.refundStatus === 'pending') await this.refund(order);
      await this.notify(order);
    }
  }

  /** Tells the shopper once (notified_at is taken with a conditional update first). */
  private async notify(order: DigitalOrderRow) {
    try {
      const { db } = this.deps.database;
      if (!(await claimNotification(db, order.id, this.deps.clock.now()))) return;
      const user = await findContact(db, order.userId);
      if (!user) return;
      const code = `#D${order.orderCode}`;
      const text = this.translator.text(order.locale, notificationText(order, code));
      const subject = this.translator.text(order.locale, msg('Top-up {{code}}', { code }));
      if (user.email) await this.deps.notifier.send({ channel: 'email', to: user.email, subject, text });
      else if (user.phone) {
        await this.deps.notifier.send({ channel: 'sms', to: `${user.phoneCode ?? ''}${user.phone}`, text });
      }
    } catch (error) {
      this.deps.log.error({ err: error, orderId: order.id }, 'digital order notification failed');
    }
  }
}

function notificationText(order: DigitalOrderRow, code: string): Message {
  const number = order.customerNumber;
  if (order.status === 'success') {
    if (order.kind === 'pln') {
      return msg('Your PLN token for {{number}}: {{token}} (order {{code}}).', {
        number,
        token: order.token ? formatPlnToken(order.token) : (order.serialNumber ?? ''),
        code,
      });
    }
    return msg('Your credit top-up for {{number}} was sent (order {{code}}, serial {{serial}}).', {
      number,
      code,
      serial: order.serialNumber ?? '-',
    });
  }
  return order.refundStatus === 'refunded'
    ? msg('Your top-up for {{number}} failed (order {{code}}). Your payment was refunded.', { number, code })
    : msg('Your top-up for {{number}} failed (order {{code}}). Your payment will be refunded.', { number, code });
}
