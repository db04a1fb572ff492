import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { shopHasListedProduct } from '../../db/queries/listed-products';
import { countries, provinces } from '../../db/schema/settings';
import { shops } from '../../db/schema/shops';

/** The storefront's provinces are Indonesia's (the marketplace's country). */
const COUNTRY_CODE = 'ID';

/** Counted like the shop list: active shops with at least one listed product. */
const shopsCount = sql<number>`(select count(*) from ${shops} where ${shops.provinceId} = ${provinces.id}
  and ${shops.isActive} and ${shopHasListedProduct()})`.mapWith(Number);

const columns = { id: provinces.id, name: provinces.name, code: provinces.code, shopsCount };

export async function findProvinces(db: Database) {
  return db
    .select(columns)
    .from(provinces)
    .innerJoin(countries, eq(countries.id, provinces.countryId))
    .where(eq(countries.code, COUNTRY_CODE))
    .orderBy(asc(provinces.name), asc(provinces.id));
}

export async function findProvince(db: Database, id: number) {
  const [row] = await db
    .select(columns)
    .from(provinces)
    .innerJoin(countries, eq(countries.id, provinces.countryId))
    .where(and(eq(countries.code, COUNTRY_CODE), eq(provinces.id, id)))
    .limit(1);
  return row ?? null;
}
