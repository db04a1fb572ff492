import { and, asc, count, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { digitalOrders, digitalProducts, digitalProviders } from '../../db/schema/digital';
import { payments } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/transaction';
import { transaction } from '../../db/transaction';

export type DigitalProductRow = typeof digitalProducts.$inferSelect;
export type DigitalOrderRow = typeof digitalOrders.$inferSelect;
export type NewDigitalOrder = Omit<typeof digitalOrders.$inferInsert, 'orderCode'>;
export type DigitalProviderRow = typeof digitalProviders.$inferSelect;

/** The active denominations of a carrier (or PLN), in catalogue order. */
export async function findActiveProducts(db: Executor, carrier: string) {
  return db
    .select()
    .from(digitalProducts)
    .where(
      and(eq(digitalProducts.carrier, carrier as DigitalProductRow['carrier']), eq(digitalProducts.isActive, true)),
    )
    .orderBy(asc(digitalProducts.sort), asc(digitalProducts.id));
}

export async function findProduct(db: Executor, id: number): Promise<DigitalProductRow | undefined> {
  const [row] = await db.select().from(digitalProducts).where(eq(digitalProducts.id, id));
  return row;
}

/** Every product code with what it is (the sandbox provider's product map). */
export async function findProductKinds(db: Executor) {
  return db
    .select({ code: digitalProducts.code, kind: digitalProducts.kind, carrier: digitalProducts.carrier })
    .from(digitalProducts);
}

/** The provider that fulfils new orders: an active row, a real one before the sandbox. */
export async function findActiveProvider(db: Executor): Promise<DigitalProviderRow | undefined> {
  const rows = await db
    .select()
    .from(digitalProviders)
    .where(eq(digitalProviders.isActive, true))
    .orderBy(asc(digitalProviders.id));
  return rows.find((r) => r.name !== 'sandbox') ?? rows[0];
}

export async function findProviderRow(db: Executor, name: string): Promise<DigitalProviderRow | undefined> {
  const [row] = await db.select().from(digitalProviders).where(eq(digitalProviders.name, name));
  return row;
}

/** Inserts the order with the next code of digital_order_code_seq (6 digits or more: migration 0021). */
export async function insertDigitalOrder(db: Executor, order: NewDigitalOrder): Promise<DigitalOrderRow> {
  const [row] = await db
    .insert(digitalOrders)
    .values({
      ...order,
      orderCode: sql`order_code(nextval('digital_order_code_seq'))`,
    })
    .returning();
  if (!row) throw new Error('the digital order was not inserted');
  return row;
}

export async function findDigitalOrder(db: Executor, id: number): Promise<DigitalOrderRow | undefined> {
  const [row] = await db.select().from(digitalOrders).where(eq(digitalOrders.id, id));
  return row;
}

export async function findDigitalOrderByRef(db: Executor, refId: string): Promise<DigitalOrderRow | undefined> {
  const [row] = await db.select().from(digitalOrders).where(eq(digitalOrders.refId, refId));
  return row;
}

export async function findDigitalOrderByKey(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(digitalOrders)
    .where(and(eq(digitalOrders.userId, userId), eq(digitalOrders.idempotencyKey, key)));
  return row;
}

export async function ownsDigitalOrder(db: Executor, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: digitalOrders.id })
    .from(digitalOrders)
    .where(and(eq(digitalOrders.id, id), eq(digitalOrders.userId, userId)));
  return row !== undefined;
}

/** A page of the user's digital orders, newest first, and how many there are. */
export async function findUserDigitalOrders(db: Executor, userId: number, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(digitalOrders)
      .where(eq(digitalOrders.userId, userId))
      .orderBy(desc(digitalOrders.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(digitalOrders).where(eq(digitalOrders.userId, userId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** What an order's view needs besides the order: its products' names and its payments. */
export async function findOrderParts(db: Executor, productIds: number[], paymentIds: string[]) {
  const [productRows, paymentRows] = await Promise.all([
    productIds.length
      ? db
          .select({ id: digitalProducts.id, name: digitalProducts.name, code: digitalProducts.code })
          .from(digitalProducts)
          .where(inArray(digitalProducts.id, productIds))
      : [],
    paymentIds.length ? db.select().from(payments).where(inArray(payments.id, paymentIds)) : [],
  ]);
  return {
    products: new Map(productRows.map((p) => [p.id, p])),
    payments: new Map(paymentRows.map((p) => [p.id, p])),
  };
}

/**
 * The payment is paid: its digital order (if it has one) is to be fulfilled now. Run in the
 * transaction that marks the payment paid, so a paid payment always has its order processing.
 */
export async function startDigitalFulfilment(db: Executor, paymentId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(digitalOrders)
    .set({ status: 'processing', nextAttemptAt: now, updatedAt: now })
    .where(and(eq(digitalOrders.paymentId, paymentId), eq(digitalOrders.status, 'awaiting_payment')))
    .returning({ id: digitalOrders.id });
  return rows.length > 0;
}

const leaseFree = (now: Date) => or(isNull(digitalOrders.lockedUntil), lte(digitalOrders.lockedUntil, now));

/**
 * Claims up to `limit` processing orders that are due and not held by another process: each is
 * leased until `leaseUntil` and its attempt counted. `FOR UPDATE SKIP LOCKED`: two processes
 * claiming at once take different orders.
 */
export async function claimDueOrders(db: Executor, now: Date, leaseUntil: Date, limit: number) {
  return transaction(db, async (tx) => {
    const due = await tx
      .select({ id: digitalOrders.id })
      .from(digitalOrders)
      .where(and(eq(digitalOrders.status, 'processing'), lte(digitalOrders.nextAttemptAt, now), leaseFree(now)))
      .orderBy(asc(digitalOrders.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(digitalOrders)
      .set({ lockedUntil: leaseUntil, attempts: sql`${digitalOrders.attempts} + 1` })
      .where(
        inArray(
          digitalOrders.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** Claims one processing order now (the owner's "check again"), unless another process holds it. */
export async function claimOrder(db: Executor, id: number, now: Date, leaseUntil: Date) {
  const [row] = await db
    .update(digitalOrders)
    .set({ lockedUntil: leaseUntil, attempts: sql`${digitalOrders.attempts} + 1` })
    .where(and(eq(digitalOrders.id, id), eq(digitalOrders.status, 'processing'), leaseFree(now)))
    .returning();
  return row;
}

/** The provider delivered: settled once (only a processing order moves); null when it was settled already. */
export async function settleSuccess(
  db: Executor,
  id: number,
  result: { token: string | null; serial: string | null },
  now: Date,
) {
  const [row] = await db
    .update(digitalOrders)
    .set({
      status: 'success',
      token: result.token,
      serialNumber: result.serial,
      fulfilledAt: now,
      lockedUntil: null,
      nextAttemptAt: null,
      updatedAt: now,
    })
    .where(and(eq(digitalOrders.id, id), eq(digitalOrders.status, 'processing')))
    .returning();
  return row;
}

/** The provider refused (or we gave up): failed once, marked for refund; null when settled already. */
export async function settleFailed(
  db: Executor,
  id: number,
  failure: { code: string | null; message: string },
  now: Date,
) {
  const [row] = await db
    .update(digitalOrders)
    .set({
      status: 'failed',
      refundStatus: 'pending',
      failureCode: failure.code,
      failureMessage: failure.message,
      lockedUntil: null,
      nextAttemptAt: null,
      updatedAt: now,
    })
    .where(and(eq(digitalOrders.id, id), eq(digitalOrders.status, 'processing')))
    .returning();
  return row;
}

/** Pending at the provider: asked again at `next` (unless a callback settles it first). */
export async function deferOrder(db: Executor, id: number, next: Date, now: Date) {
  await db
    .update(digitalOrders)
    .set({ nextAttemptAt: next, lockedUntil: null, updatedAt: now })
    .where(and(eq(digitalOrders.id, id), eq(digitalOrders.status, 'processing')));
}

/** The refund went through the gateway: the order and its payment say so. */
export async function markRefunded(db: Executor, order: DigitalOrderRow, now: Date) {
  await transaction(db, async (tx) => {
    await tx
      .update(digitalOrders)
      .set({ refundStatus: 'refunded', updatedAt: now })
      .where(and(eq(digitalOrders.id, order.id), eq(digitalOrders.refundStatus, 'pending')));
    await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: now })
      .where(and(eq(payments.id, order.paymentId), eq(payments.status, 'paid')));
  });
}

/** Takes the right to tell the shopper about a settled order: true once per order. */
export async function claimNotification(db: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(digitalOrders)
    .set({ notifiedAt: now })
    .where(
      and(
        eq(digitalOrders.id, id),
        isNull(digitalOrders.notifiedAt),
        inArray(digitalOrders.status, ['success', 'failed']),
      ),
    )
    .returning({ id: digitalOrders.id });
  return rows.length > 0;
}

/** Settled orders nobody told the shopper about (a process stopped between settling and telling). */
export async function findUnnotified(db: Executor, settledBefore: Date, limit: number) {
  return db
    .select()
    .from(digitalOrders)
    .where(
      and(
        inArray(digitalOrders.status, ['success', 'failed']),
        isNull(digitalOrders.notifiedAt),
        lte(digitalOrders.updatedAt, settledBefore),
      ),
    )
    .orderBy(asc(digitalOrders.id))
    .limit(limit);
}

export async function findContact(db: Executor, userId: number) {
  const [row] = await db
    .select({ email: users.email, phone: users.phone, phoneCode: users.phoneCode })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
