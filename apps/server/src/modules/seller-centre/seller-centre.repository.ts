import { asc, eq, like, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { media } from '../../db/schema/common';
import { shops } from '../../db/schema/shops';
import { type Executor, transaction } from '../../db/transaction';

const shopLogo = alias(media, 'seller_shop_logo');

export const sellerShopColumns = {
  id: shops.id,
  name: shops.name,
  slug: shops.slug,
  logo: shopLogo.path,
  address: shops.address,
  phone: shops.phone,
  status: shops.status,
  isActive: shops.isActive,
  suspendedAt: shops.suspendedAt,
};

/** The shop a seller registered (the first one), whatever its approval state. */
export async function findOwnShop(db: Executor, userId: number) {
  const [row] = await db
    .select(sellerShopColumns)
    .from(shops)
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .where(eq(shops.userId, userId))
    .orderBy(asc(shops.id))
    .limit(1);
  return row;
}
export type SellerShopRow = NonNullable<Awaited<ReturnType<typeof findOwnShop>>>;

/** The slugs in use that are `base` or `base-<something>`, to pick a free one. */
export async function findSlugsLike(db: Executor, base: string) {
  const rows = await db
    .select({ slug: shops.slug })
    .from(shops)
    .where(or(eq(shops.slug, base), like(shops.slug, `${base.replace(/[%_\\]/g, '\\$&')}-%`)));
  return new Set(rows.map((r) => r.slug));
}

/** A shop opened through /shop/register: pending and inactive until the operator approves it. */
export async function insertPendingShop(
  db: Executor,
  values: {
    userId: number;
    name: string;
    slug: string;
    address: string;
    phone: string;
    now: Date;
    /** The uploaded logo, already stored under the uploads folder. */
    logo: { path: string; width: number; height: number } | null;
  },
) {
  let logoId: number | null = null;
  if (values.logo) {
    const [logo] = await db
      .insert(media)
      .values({ ...values.logo, alt: values.name })
      .returning({ id: media.id });
    logoId = logo?.id ?? null;
  }
  const [row] = await db
    .insert(shops)
    .values({
      userId: values.userId,
      name: values.name,
      slug: values.slug,
      address: values.address,
      phone: values.phone,
      status: 'pending',
      isActive: false,
      logoId,
      createdAt: values.now,
    })
    .returning({ id: shops.id });
  if (!row) throw new Error('shop insert returned no row');
  return row.id;
}

const shopBanner = alias(media, 'seller_shop_banner');

/** The shop's profile as its seller edits it. */
/** The shop's profile; with `lock`, the shop's row stays locked (FOR UPDATE) until the transaction `db` ends. */
export async function findShopProfile(db: Executor, shopId: number, lock = false) {
  const query = db
    .select({
      id: shops.id,
      name: shops.name,
      slug: shops.slug,
      logo: shopLogo.path,
      banner: shopBanner.path,
      description: shops.description,
      address: shops.address,
      phone: shops.phone,
      isClosed: shops.isClosed,
    })
    .from(shops)
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .leftJoin(shopBanner, eq(shopBanner.id, shops.bannerId))
    .where(eq(shops.id, shopId));
  const [row] = lock ? await query.for('update', { of: shops }) : await query;
  return row;
}
export type ShopProfileRow = NonNullable<Awaited<ReturnType<typeof findShopProfile>>>;

/** Changes the profile fields given (undefined leaves a field as it is). */
export async function updateShopProfile(
  db: Executor,
  shopId: number,
  values: { description?: string | null; address?: string; phone?: string; isClosed?: boolean },
) {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return;
  await db.update(shops).set(set).where(eq(shops.id, shopId));
}

/** A new logo or banner of the shop, already stored under the uploads folder. */
/**
 * Points the shop at a new logo or banner. Answers the path of the one it replaced when that was
 * an upload of this kind (under `folder`), whose media row is then deleted: its file can go too.
 */
export async function setShopImage(
  db: Executor,
  shopId: number,
  kind: 'logo' | 'banner',
  folder: string,
  image: { path: string; width: number; height: number; alt: string },
): Promise<string | null> {
  const column = kind === 'logo' ? shops.logoId : shops.bannerId;
  return transaction(db, async (tx) => {
    const [before] = await tx
      .select({ id: media.id, path: media.path })
      .from(shops)
      .innerJoin(media, eq(media.id, column))
      .where(eq(shops.id, shopId))
      .for('update', { of: shops });
    const [stored] = await tx.insert(media).values(image).returning({ id: media.id });
    if (!stored) throw new Error('media insert returned no row');
    await tx
      .update(shops)
      .set(kind === 'logo' ? { logoId: stored.id } : { bannerId: stored.id })
      .where(eq(shops.id, shopId));
    if (!before?.path.startsWith(`${folder}/`)) return null;
    await tx.delete(media).where(eq(media.id, before.id));
    return before.path;
  });
}
