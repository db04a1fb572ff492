import { and, asc, eq } from 'drizzle-orm';
import { orders, paymentEvents, payments } from '../../db/schema/orders';
import { shops } from '../../db/schema/shops';
import type { Executor } from '../../db/transaction';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

export async function insertPayment(db: Executor, payment: NewPayment) {
  await db.insert(payments).values(payment);
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findOwnPayment(db: Executor, userId: number, id: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row !== undefined;
}

/** One order of a payment, as its view shows it. */
export interface PaymentOrderRow {
  id: number;
  orderCode: string;
  prefix: string;
  shopId: number;
  shopName: string;
  quantity: number;
  payableAmount: number;
  orderStatus: (typeof orders.$inferSelect)['orderStatus'];
  paymentStatus: (typeof orders.$inferSelect)['paymentStatus'];
}

/** The orders a payment pays for, in the order they were made. */
export async function findPaymentOrders(db: Executor, paymentId: string): Promise<PaymentOrderRow[]> {
  return db
    .select({
      id: orders.id,
      orderCode: orders.orderCode,
      prefix: orders.prefix,
      shopId: orders.shopId,
      shopName: shops.name,
      quantity: orders.quantity,
      payableAmount: orders.payableAmount,
      orderStatus: orders.orderStatus,
      paymentStatus: orders.paymentStatus,
    })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.paymentId, paymentId))
    .orderBy(asc(orders.id));
}

/** What the gateway answered when the payment was opened: its reference and where to pay. */
export async function setPaymentStarted(
  db: Executor,
  id: string,
  started: { reference: string | null; url: string | null },
  now: Date,
) {
  await db
    .update(payments)
    .set({ gatewayReference: started.reference, paymentUrl: started.url, updatedAt: now })
    .where(eq(payments.id, id));
}

/** The payment a placement with this Idempotency-Key made, if it committed. */
export async function findPaymentByKey(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)));
  return row;
}

/**
 * Marks a pending payment paid, and its orders with it; false when it was not pending (paid
 * already, or cancelled): a second confirmation changes nothing.
 */
export async function markPaymentPaid(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (rows.length === 0) return false;
  await db.update(orders).set({ paymentStatus: 'Paid', updatedAt: now }).where(eq(orders.paymentId, id));
  return true;
}

/** The shopper gave up paying: the payment is closed; its orders stay, unpaid. */
export async function markPaymentCancelled(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Records a gateway event as handled: false when it had been handled before. */
export async function recordPaymentEvent(db: Executor, gateway: string, eventId: string, paymentId: string | null) {
  const rows = await db
    .insert(paymentEvents)
    .values({ gateway, eventId, paymentId })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return rows.length > 0;
}
