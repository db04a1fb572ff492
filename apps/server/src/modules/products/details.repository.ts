import { and, desc, eq, sql } from 'drizzle-orm';
import { type Database, preparedPerDatabase } from '../../db/client';
import { listedProduct } from '../../db/queries/listed-products';
import { categories, subCategories } from '../../db/schema/catalog';
import { media, type NameTranslations } from '../../db/schema/common';
import { flashSaleProducts, flashSales } from '../../db/schema/marketing';
import {
  productCategories,
  productImages,
  productSubCategories,
  products,
  productTranslations,
} from '../../db/schema/products';
import { shops } from '../../db/schema/shops';

interface DetailsImage {
  id: number;
  path: string;
  width: number;
  height: number;
}
interface DetailsLink {
  id: number;
  name: string;
  translations: NameTranslations;
  slug: string;
}
interface DetailsFlashSale {
  id: number;
  name: string;
  /** JSON text of a timestamptz. */
  ends_at: string;
  /** Minor units. */
  price: number;
}

/**
 * The listed product with this id or slug and everything the details page adds to its card, in
 * one round trip: descriptions in `locale`, images (main first, then the gallery in order),
 * active categories and subcategories, the running flash sale at `now` (the one ending first, as
 * on the card), and the ids of up to `rowSize` related products (sharing a category, best rated
 * first) and of the shop's best sellers.
 */
export async function findProductDetailsRow(
  db: Database,
  key: { id?: number; slug?: string },
  locale: string,
  now: Date,
  rowSize: number,
) {
  const by = key.id !== undefined ? 'id' : 'slug';
  const [row] = await productDetailsQuery(db)(by, rowSize).execute({
    key: key.id ?? key.slug ?? '',
    locale,
    at: now.toISOString(),
  });
  if (!row) return null;
  // The gallery may repeat the main image; each image shows once.
  const seen = new Set<number>();
  return { ...row, images: row.images.filter((m) => !seen.has(m.id) && seen.add(m.id)) };
}

/** The details statement, built once per database, key column and row size. */
const productDetailsQuery = preparedPerDatabase((db) => {
  const built = new Map<string, ReturnType<typeof buildProductDetailsQuery>>();
  return (by: 'id' | 'slug', rowSize: number) => {
    const name = `product_details_${by}_${Math.trunc(rowSize)}`;
    let query = built.get(name);
    if (!query) {
      query = buildProductDetailsQuery(db, by, rowSize, name);
      built.set(name, query);
    }
    return query;
  };
});

function buildProductDetailsQuery(db: Database, by: 'id' | 'slug', rowSize: number, name: string) {
  const key = sql.placeholder('key');
  const locale = sql.placeholder('locale');
  const at = sql.placeholder('at');
  // A literal: with LIMIT as a parameter the planner prices the reusable (generic) plan as if the
  // rows had no limit and plans the statement again on every call (~1 ms each).
  const limit = sql.raw(String(Math.trunc(rowSize)));
  return db
    .select({
      id: products.id,
      sku: products.sku,
      shortDescription: products.shortDescription,
      description: products.description,
      translatedShort: sql<string | null>`(select t.short_description from ${productTranslations} t
        where t.product_id = ${products.id} and t.locale = ${locale})`,
      translatedDescription: sql<string | null>`(select t.description from ${productTranslations} t
        where t.product_id = ${products.id} and t.locale = ${locale})`,
      metaTitle: products.metaTitle,
      metaDescription: products.metaDescription,
      shopReviewsCount: shops.reviewsCount,
      images: sql<DetailsImage[]>`coalesce((select json_agg(json_build_object('id', m.id, 'path', m.path,
          'width', m.width, 'height', m.height) order by i.ord, i.position, i.id)
        from (select ${products.mediaId} as media_id, 0 as ord, 0 as position, 0 as id
              union all
              select pi.media_id, 1, pi.position, pi.id from ${productImages} pi where pi.product_id = ${products.id}) i
        join ${media} m on m.id = i.media_id), '[]'::json)`,
      categories: sql<DetailsLink[]>`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name,
          'translations', c.translations, 'slug', c.slug) order by c.position, c.id)
        from ${productCategories} pc join ${categories} c on c.id = pc.category_id
        where pc.product_id = ${products.id} and c.is_active), '[]'::json)`,
      subCategories: sql<DetailsLink[]>`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name,
          'translations', c.translations, 'slug', c.slug) order by c.id)
        from ${productSubCategories} pc join ${subCategories} c on c.id = pc.sub_category_id
        where pc.product_id = ${products.id} and c.is_active), '[]'::json)`,
      flashSale: sql<DetailsFlashSale | null>`(select json_build_object('id', fs.id, 'name', fs.name,
          'ends_at', fs.ends_at, 'price', fsp.price)
        from ${flashSaleProducts} fsp join ${flashSales} fs on fs.id = fsp.flash_sale_id
        where fsp.product_id = ${products.id} and fs.is_active
          and fs.starts_at <= ${at}::timestamptz and fs.ends_at > ${at}::timestamptz
          and fsp.quantity > fsp.sold_quantity
        order by fs.ends_at, fs.id limit 1)`,
      relatedIds: sql<number[]>`array(select rp.id from ${products} rp join ${shops} rs on rs.id = rp.shop_id
        where rp.is_active and rp.is_approved and rs.is_active and rp.id <> ${products.id}
          and exists (select 1 from ${productCategories} mine join ${productCategories} theirs
            on theirs.category_id = mine.category_id
            where mine.product_id = ${products.id} and theirs.product_id = rp.id)
        order by rp.rating_avg desc, rp.sold_count desc, rp.id desc limit ${limit})`,
      popularIds: sql<number[]>`array(select pp.id from ${products} pp join ${shops} ps on ps.id = pp.shop_id
        where pp.is_active and pp.is_approved and ps.is_active and pp.id <> ${products.id}
          and pp.shop_id = ${products.shopId}
        order by pp.sold_count desc, pp.rating_avg desc, pp.id desc limit ${limit})`,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(by === 'id' ? eq(products.id, key) : eq(products.slug, key), listedProduct()))
    .prepare(name);
}

/** Up to `limit` other listed products of the product's shop, best selling first. */
export async function findShopPopularProductIds(db: Database, productId: number, limit: number) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(
      and(
        listedProduct(),
        sql`${products.id} <> ${productId}`,
        sql`${products.shopId} = (select p.shop_id from ${products} p where p.id = ${productId})`,
      ),
    )
    .orderBy(desc(products.soldCount), desc(products.ratingAvg), desc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function isActiveShop(db: Database, shopId: number) {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.isActive, true)));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Reviews
