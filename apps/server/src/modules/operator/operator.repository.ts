import type { OperatorShopFilter, SortDirection } from '@shop/contracts/operator-back-office';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { media } from '../../db/schema/common';
import { products } from '../../db/schema/products';
import { type shopStatuses, shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import type { Executor } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

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
  suspendedAt: shops.suspendedAt,
  commissionRateBps: shops.commissionRateBps,
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

/** One shop with its owner; with `lock`, the shop's row stays locked (FOR UPDATE) until the transaction `db` ends. */
export async function findShopForOperator(db: Executor, id: number, lock = false) {
  const query = db
    .select(columns)
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .where(eq(shops.id, id));
  const [row] = lock ? await query.for('update', { of: shops }) : await query;
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

export interface ShopListFilter {
  q?: string | undefined;
  status?: OperatorShopFilter | undefined;
}

function shopListConditions(filter: ShopListFilter): SQL | undefined {
  const search = filter.q?.trim();
  const pattern = search ? containsPattern(search) : null;
  return and(
    filter.status === 'suspended'
      ? isNotNull(shops.suspendedAt)
      : filter.status === 'approved'
        ? and(eq(shops.status, 'approved'), isNull(shops.suspendedAt))
        : filter.status
          ? eq(shops.status, filter.status)
          : undefined,
    pattern
      ? or(
          ilike(shops.name, pattern),
          ilike(shops.slug, pattern),
          ilike(users.email, pattern),
          ilike(users.name, pattern),
        )
      : undefined,
  );
}

/** Every shop matching the search and state, sorted by name or registration, with its owner. */
export async function findShopList(
  db: Executor,
  filter: ShopListFilter,
  sort: { by: 'created_at' | 'name'; direction: SortDirection },
  limit: number,
  offset: number,
) {
  const dir = sort.direction === 'asc' ? asc : desc;
  return db
    .select(columns)
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .where(shopListConditions(filter))
    .orderBy(sort.by === 'name' ? dir(sql`lower(${shops.name})`) : dir(shops.createdAt), dir(shops.id))
    .limit(limit)
    .offset(offset);
}

export async function countShopList(db: Executor, filter: ShopListFilter) {
  const [row] = await db
    .select({ total: count() })
    .from(shops)
    .innerJoin(users, eq(users.id, shops.userId))
    .where(shopListConditions(filter));
  return row?.total ?? 0;
}

/**
 * Suspends an approved, active shop: it leaves the storefront with every product (they all need an
 * active shop). False when it was not an approved, running shop.
 */
export async function suspendShop(db: Executor, id: number, now: Date) {
  const rows = await db
    .update(shops)
    .set({ isActive: false, suspendedAt: now })
    .where(and(eq(shops.id, id), eq(shops.status, 'approved'), isNull(shops.suspendedAt)))
    .returning({ id: shops.id });
  return rows.length > 0;
}

/** Lifts a suspension: the shop and its listed products are back. False when it was not suspended. */
export async function reactivateShop(db: Executor, id: number) {
  const rows = await db
    .update(shops)
    .set({ isActive: true, suspendedAt: null })
    .where(and(eq(shops.id, id), isNotNull(shops.suspendedAt)))
    .returning({ id: shops.id });
  return rows.length > 0;
}

export async function setShopCommission(db: Executor, id: number, rateBps: number | null) {
  const rows = await db
    .update(shops)
    .set({ commissionRateBps: rateBps })
    .where(eq(shops.id, id))
    .returning({ id: shops.id });
  return rows.length > 0;
}

export async function countShopsNeedingAttention(db: Executor) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${shops.status} = 'pending')::int`,
      suspended: sql<number>`count(*) filter (where ${shops.suspendedAt} is not null)::int`,
    })
    .from(shops);
  return { pending: Number(row?.pending ?? 0), suspended: Number(row?.suspended ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Products waiting for the operator: published by their seller, not approved yet, not deleted.

const productThumb = alias(media, 'operator_product_thumb');
const waitingProduct = () =>
  and(eq(products.isActive, true), eq(products.isApproved, false), isNull(products.deletedAt)) as SQL;

function waitingConditions(q: string | undefined) {
  const search = q?.trim();
  const pattern = search ? containsPattern(search) : null;
  return and(
    waitingProduct(),
    pattern ? or(ilike(products.name, pattern), ilike(products.sku, pattern), ilike(shops.name, pattern)) : undefined,
  );
}

export async function findWaitingProducts(
  db: Executor,
  q: string | undefined,
  sort: { by: 'created_at' | 'name' | 'price'; direction: SortDirection },
  limit: number,
  offset: number,
) {
  const dir = sort.direction === 'asc' ? asc : desc;
  const by =
    sort.by === 'name' ? sql`lower(${products.name})` : sort.by === 'price' ? products.price : products.createdAt;
  return db
    .select({
      id: products.id,
      name: products.name,
      thumbnail: productThumb.path,
      price: products.price,
      stock: products.stock,
      createdAt: products.createdAt,
      shopId: shops.id,
      shopName: shops.name,
      shopSlug: shops.slug,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(productThumb, eq(productThumb.id, products.mediaId))
    .where(waitingConditions(q))
    .orderBy(dir(by), dir(products.id))
    .limit(limit)
    .offset(offset);
}

export async function countWaitingProducts(db: Executor, q?: string) {
  const [row] = await db
    .select({ total: count() })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(waitingConditions(q));
  return row?.total ?? 0;
}

/** Approves those of the products that still wait; how many were approved. */
export async function approveProducts(db: Executor, ids: readonly number[], now: Date) {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(products)
    .set({ isApproved: true, approvalNote: null, updatedAt: now })
    .where(and(inArray(products.id, [...ids]), waitingProduct()))
    .returning({ id: products.id });
  return rows.length;
}

/**
 * Refuses a waiting product: it goes back to its seller as a draft with the reason. It stays
 * unapproved, so publishing it again puts it back in the queue. False when it was not waiting.
 */
export async function refuseProduct(db: Executor, id: number, reason: string, now: Date) {
  const rows = await db
    .update(products)
    .set({ isActive: false, approvalNote: reason, updatedAt: now })
    .where(and(eq(products.id, id), waitingProduct()))
    .returning({ id: products.id });
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

// ---------------------------------------------------------------------------------------------
// Shoppers and sellers

export interface UserListFilter {
  q?: string | undefined;
  role?: 'customer' | 'seller' | undefined;
  status?: 'active' | 'blocked' | undefined;
}

function userListConditions(filter: UserListFilter): SQL | undefined {
  const search = filter.q?.trim();
  const pattern = search ? containsPattern(search) : null;
  return and(
    filter.role ? eq(users.role, filter.role) : inArray(users.role, ['customer', 'seller']),
    filter.status ? eq(users.isActive, filter.status === 'active') : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern)) : undefined,
  );
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  phoneCode: users.phoneCode,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
  shopId: sql<number | null>`(select s.id from ${shops} s where s.user_id = "users"."id" order by s.id limit 1)`,
  shopName: sql<string | null>`(select s.name from ${shops} s where s.user_id = "users"."id" order by s.id limit 1)`,
};
export type OperatorUserRow = Awaited<ReturnType<typeof findUserList>>[number];

export async function findUserList(
  db: Executor,
  filter: UserListFilter & { sort: 'created_at' | 'name'; direction: SortDirection },
  limit: number,
  offset: number,
) {
  const dir = filter.direction === 'asc' ? asc : desc;
  return db
    .select(userColumns)
    .from(users)
    .where(userListConditions(filter))
    .orderBy(dir(filter.sort === 'name' ? users.name : users.createdAt), dir(users.id))
    .limit(limit)
    .offset(offset);
}

export async function countUserList(db: Executor, filter: UserListFilter) {
  const [row] = await db.select({ total: count() }).from(users).where(userListConditions(filter));
  return row?.total ?? 0;
}

/** A shopper or seller (never an operator). */
export async function findListedUser(db: Executor, id: number) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), inArray(users.role, ['customer', 'seller'])));
  return row;
}

export async function setUserActive(db: Executor, id: number, active: boolean, now: Date) {
  await db.update(users).set({ isActive: active, updatedAt: now }).where(eq(users.id, id));
}
