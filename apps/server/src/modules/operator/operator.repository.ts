import { and, count, desc, eq, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { media } from '../../db/schema/common';
import { type shopStatuses, shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/transaction';

const shopLogo = alias(media, 'operator_shop_logo');
type ShopStatusValue = (typeof shopStatuses)[number];

const columns = {
  id: shops.id,
  name: shops.name,
  slug: shops.slug,
  logo: shopLogo.path,
  address: shops.address,
  phone: shops.phone,
  status: shops.status,
  isActive: shops.isActive,
  createdAt: shops.createdAt,
  ownerId: users.id,
  ownerName: users.name,
  ownerEmail: users.email,
  ownerPhone: users.phone,
  ownerPhoneCode: users.phoneCode,
};

const statusIs = (status: ShopStatusValue | undefined) => (status ? eq(shops.status, status) : undefined);

/** Shops of one approval state (or all), newest first, with their owners. */
export async function findShopsForOperator(
  db: Executor,
  status: ShopStatusValue | undefined,
  limit: number,
  offset: number,
) {
  return db
    .select(columns)
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .where(statusIs(status))
    .orderBy(desc(shops.createdAt), desc(shops.id))
    .limit(limit)
    .offset(offset);
}
export type OperatorShopRow = Awaited<ReturnType<typeof findShopsForOperator>>[number];

export async function countShopsForOperator(db: Executor, status: ShopStatusValue | undefined) {
  const [row] = await db.select({ total: count() }).from(shops).where(statusIs(status));
  return row?.total ?? 0;
}

export async function findShopForOperator(db: Executor, id: number) {
  const [row] = await db
    .select(columns)
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .where(eq(shops.id, id));
  return row;
}

/**
 * Approves (active) or rejects (inactive) a shop that is not in that state yet; false when it
 * already was (or does not exist), so a double click tells the seller once.
 */
export async function setShopApproval(db: Executor, id: number, status: 'approved' | 'rejected') {
  const rows = await db
    .update(shops)
    .set({ status, isActive: status === 'approved' })
    .where(and(eq(shops.id, id), ne(shops.status, status)))
    .returning({ id: shops.id });
  return rows.length > 0;
}

/** The account with this e-mail address (any role). */
export async function findAccountByEmail(db: Executor, email: string) {
  const [row] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
  return row;
}

export async function insertOperator(
  db: Executor,
  values: { name: string; email: string; passwordHash: string; now: Date },
) {
  const [row] = await db
    .insert(users)
    .values({
      name: values.name,
      email: values.email,
      passwordHash: values.passwordHash,
      role: 'admin',
      emailVerifiedAt: values.now,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('operator insert returned no row');
  return row.id;
}

export async function setOperatorPassword(db: Executor, id: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
}
