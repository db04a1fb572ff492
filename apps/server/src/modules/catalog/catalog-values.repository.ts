import { and, asc, count, desc, eq, ilike, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { brands, colors, sizes, units } from '../../db/schema/catalog';
import { media } from '../../db/schema/common';
import { productColors, productSizes, products } from '../../db/schema/products';
import type { Executor } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

/** The platform-wide values the operator keeps: each kind is a table of the same shape plus its own column. */
export type ValueKind = 'brand' | 'color' | 'size' | 'unit';

const TABLES = { brand: brands, color: colors, size: sizes, unit: units } as const;
/** The columns every kind has (the tables differ only in their own extra column). */
const base = (kind: ValueKind) => TABLES[kind] as unknown as typeof units;
const TABLE_NAMES = { brand: 'brands', color: 'colors', size: 'sizes', unit: 'units' } as const;

/**
 * How many products use a value. Written out in full: inside a select's column list Drizzle leaves
 * a column unqualified, and a bare "id" would mean the subquery's own table.
 */
function usage(kind: ValueKind): SQL<number> {
  const id = sql.raw(`"${TABLE_NAMES[kind]}"."id"`);
  switch (kind) {
    case 'brand':
      return sql<number>`(select count(*)::int from ${products} p where p.brand_id = ${id})`;
    case 'unit':
      return sql<number>`(select count(*)::int from ${products} p where p.unit_id = ${id})`;
    case 'color':
      return sql<number>`(select count(*)::int from ${productColors} pc where pc.color_id = ${id})`;
    case 'size':
      return sql<number>`(select count(*)::int from ${productSizes} ps where ps.size_id = ${id})`;
  }
}

type Selected = Record<string, SQL | PgColumn>;

/** The kind's own column, as the reply names it. */
function extra(kind: ValueKind): Selected {
  switch (kind) {
    case 'brand':
      return { image_path: sql<string | null>`(select m.path from ${media} m where m.id = "brands"."media_id")` };
    case 'color':
      return { color_code: colors.colorCode };
    case 'size':
      return { position: sizes.position };
    case 'unit':
      return {};
  }
}

function columns(kind: ValueKind): Selected {
  const t = base(kind);
  return {
    id: t.id,
    name: t.name,
    translations: t.translations,
    is_active: t.isActive,
    products: usage(kind),
    ...extra(kind),
  };
}

/** A value as the repository reads it; the kind's own column is there for its kind. */
export interface ValueRow {
  id: number;
  name: string;
  translations: Record<string, string>;
  is_active: boolean;
  products: number;
  image_path?: string | null;
  color_code?: string;
  position?: number;
}

export interface ValueValues {
  name: string;
  translations: Record<string, string>;
  isActive: boolean;
  colorCode?: string;
  position?: number;
}

/** Only the platform-wide values (a shop's own are the shop's to keep). */
const platformWide = (kind: ValueKind) => isNull(base(kind).shopId);

/** A page of one kind's platform-wide values, searched by name. */
export async function findValues(
  db: Executor,
  kind: ValueKind,
  query: { q?: string | undefined; sort: 'name' | 'products' | 'position'; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  const t = base(kind);
  const where = and(platformWide(kind), query.q ? ilike(t.name, containsPattern(query.q)) : undefined);
  const dir = query.direction === 'desc' ? desc : asc;
  const order =
    query.sort === 'products' ? dir(usage(kind)) : query.sort === 'position' ? dir(sizes.position) : dir(t.name);
  const [rows, [total]] = await Promise.all([
    db.select(columns(kind)).from(t).where(where).orderBy(order, asc(t.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows as unknown as ValueRow[] };
}

/** One platform-wide value; a shop's own (or none) is undefined. */
export async function findValue(db: Executor, kind: ValueKind, id: number): Promise<ValueRow | undefined> {
  const t = base(kind);
  const [row] = await db
    .select(columns(kind))
    .from(t)
    .where(and(eq(t.id, id), platformWide(kind)));
  return row as unknown as ValueRow | undefined;
}

function stored(kind: ValueKind, values: ValueValues) {
  return {
    name: values.name,
    translations: values.translations,
    isActive: values.isActive,
    ...(kind === 'color' && values.colorCode !== undefined ? { colorCode: values.colorCode } : {}),
    ...(kind === 'size' && values.position !== undefined ? { position: values.position } : {}),
  };
}

export async function insertValue(db: Executor, kind: ValueKind, values: ValueValues): Promise<number> {
  const t = base(kind);
  const [row] = await db
    .insert(t)
    .values({ ...stored(kind, values), shopId: null } as typeof t.$inferInsert)
    .returning({ id: t.id });
  if (!row) throw new Error(`${kind} insert returned no row`);
  return row.id;
}

export async function updateValue(db: Executor, kind: ValueKind, id: number, values: ValueValues) {
  const t = base(kind);
  await db
    .update(t)
    .set(stored(kind, values) as Partial<typeof t.$inferInsert>)
    .where(and(eq(t.id, id), platformWide(kind)));
}

export async function setBrandImage(db: Executor, id: number, mediaId: number | null) {
  await db
    .update(brands)
    .set({ mediaId })
    .where(and(eq(brands.id, id), isNull(brands.shopId)));
}

/**
 * Moves a value's products to another of the same kind. A brand or unit is one column of the
 * product; a colour or size is a link with its extra price: a product that already has the target
 * keeps its own link (and price), the moved one goes.
 */
export async function moveValueProducts(db: Executor, kind: ValueKind, from: number, to: number) {
  switch (kind) {
    case 'brand':
      await db.update(products).set({ brandId: to }).where(eq(products.brandId, from));
      return;
    case 'unit':
      await db.update(products).set({ unitId: to }).where(eq(products.unitId, from));
      return;
    case 'color':
      await db
        .update(productColors)
        .set({ colorId: to })
        .where(
          and(
            eq(productColors.colorId, from),
            notExists(
              db
                .select({ one: sql`1` })
                .from(sql`product_colors pc2`)
                .where(sql`pc2.product_id = ${productColors.productId} and pc2.color_id = ${to}`),
            ),
          ),
        );
      await db.delete(productColors).where(eq(productColors.colorId, from));
      return;
    case 'size':
      await db
        .update(productSizes)
        .set({ sizeId: to })
        .where(
          and(
            eq(productSizes.sizeId, from),
            notExists(
              db
                .select({ one: sql`1` })
                .from(sql`product_sizes ps2`)
                .where(sql`ps2.product_id = ${productSizes.productId} and ps2.size_id = ${to}`),
            ),
          ),
        );
      await db.delete(productSizes).where(eq(productSizes.sizeId, from));
      return;
  }
}

export async function deleteValue(db: Executor, kind: ValueKind, id: number) {
  const t = base(kind);
  await db.delete(t).where(and(eq(t.id, id), platformWide(kind)));
}
