import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { type Database, preparedPerDatabase } from '../../db/client';
import { lockUserRow } from '../../db/locks';
import { addresses } from '../../db/schema/account';
import { type Executor, type Tx, transaction } from '../../db/transaction';

export type AddressRow = typeof addresses.$inferSelect;
export type AddressValues = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** Default first, then the newest. */
export async function findAddressRows(db: Database, userId: number, limit: number, offset: number) {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id))
    .limit(limit)
    .offset(offset);
}

export async function countAddresses(db: Database, userId: number) {
  const [row] = await db.select({ total: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.total ?? 0;
}

export async function findDefaultAddress(db: Database, userId: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
    .limit(1);
  return row ?? null;
}

// Built once per database: every placement asks it.
const ownAddressQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, sql.placeholder('id')), eq(addresses.userId, sql.placeholder('userId'))))
    .limit(1)
    .prepare('own_address'),
);

/** Another user's address is not found either (404, never data: an id tells nothing about others). */
export async function findOwnAddress(db: Executor, userId: number, id: number) {
  const [row] = await ownAddressQuery(db).execute({ id, userId });
  return row ?? null;
}

export async function insertAddress(db: Database, userId: number, values: AddressValues, now: Date) {
  return transaction(db, async (tx) => {
    await lockUserRow(tx, userId);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    const isDefault = total === 0 || values.isDefault === true;
    if (isDefault) await unsetDefault(tx, userId, null, now);
    const [row] = await tx
      .insert(addresses)
      .values({ ...values, userId, isDefault, createdAt: now, updatedAt: now })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  });
}

/** Null when the address is not the user's. A default stays default until another one takes over. */
export async function updateAddress(db: Database, userId: number, id: number, values: AddressValues, now: Date) {
  return transaction(db, async (tx) => {
    await lockUserRow(tx, userId);
    const current = await findOwnAddress(tx, userId, id);
    if (!current) return null;
    const isDefault = current.isDefault || values.isDefault === true;
    if (isDefault && !current.isDefault) await unsetDefault(tx, userId, id, now);
    const [row] = await tx
      .update(addresses)
      .set({ ...values, isDefault, updatedAt: now })
      .where(eq(addresses.id, id))
      .returning();
    return row ?? null;
  });
}

/** False when the address is not the user's. Deleting the default promotes the newest other one. */
export async function deleteAddress(db: Database, userId: number, id: number, now: Date) {
  return transaction(db, async (tx) => {
    await lockUserRow(tx, userId);
    const current = await findOwnAddress(tx, userId, id);
    if (!current) return false;
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (current.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.updatedAt), desc(addresses.id))
        .limit(1);
      if (next) await tx.update(addresses).set({ isDefault: true, updatedAt: now }).where(eq(addresses.id, next.id));
    }
    return true;
  });
}

async function unsetDefault(tx: Tx, userId: number, exceptId: number | null, now: Date) {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: now })
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.isDefault, true),
        ...(exceptId === null ? [] : [ne(addresses.id, exceptId)]),
      ),
    );
}
