import { and, asc, desc, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { listedProduct } from '../../db/queries/listed-products';
import { media } from '../../db/schema/common';
import { products, productTranslations } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { escapeLike } from '../../lib/sql';
import { correctedText, findCorrections } from './typos';

/**
 * Each translated name from each of its words to the end, lower case (migration 0006 keeps it in
 * step with product_translations by trigger). Not in the Drizzle schema: only the trigger writes it.
 */
const productNameSuffixes = pgTable('product_name_suffixes', {
  locale: varchar('locale', { length: 10 }).notNull(),
  suffix: text('suffix').notNull(),
  productId: integer('product_id').notNull(),
});

/** Typed text folded the way the suffixes are stored: lower case, one space between words. */
export const foldSuggestionText = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ');

interface Suggestion {
  id: number;
  slug: string;
  name: string;
  thumbnail: string;
}

/**
 * Listed products whose name in `names.locale` starts with `q` or has a word that does, in the
 * order of the matching words. The suffix index is read in that order and the scan stops once
 * `limit` products are found. With `untranslatedIn`, only products without a name in that
 * language (the English fallback).
 */
async function findPrefixSuggestions(
  db: Database,
  q: string,
  names: { locale: string; untranslatedIn?: string },
  limit: number,
  exclude: readonly number[],
): Promise<Suggestion[]> {
  const s = productNameSuffixes;
  const rows = await db
    .select({ id: products.id, slug: products.slug, name: productTranslations.name, thumbnail: media.path })
    .from(s)
    .innerJoin(products, eq(products.id, s.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(media, eq(media.id, products.mediaId))
    .innerJoin(
      productTranslations,
      and(eq(productTranslations.productId, s.productId), eq(productTranslations.locale, s.locale)),
    )
    .where(
      and(
        eq(s.locale, names.locale),
        // The range is what the index is read by; as a range (not only LIKE with a parameter)
        // PostgreSQL can keep one plan for the statement instead of planning each call (~2.5 ms).
        // Suffixes sort bytewise (COLLATE "C"): every text starting with q lies below q + U+10FFFF.
        gte(s.suffix, q),
        lt(s.suffix, `${q}\u{10FFFF}`),
        sql`${s.suffix} like ${`${escapeLike(q)}%`}`,
        listedProduct(),
        names.untranslatedIn === undefined
          ? undefined
          : sql`not exists (select 1 from ${productTranslations} own
              where own.product_id = ${s.productId} and own.locale = ${names.untranslatedIn})`,
        exclude.length > 0 ? notInArray(s.productId, [...exclude]) : undefined,
      ),
    )
    .orderBy(asc(s.suffix), asc(s.productId))
    // A name can have two words starting with `q`; the extra rows leave room to drop the repeat.
    .limit(limit * 2);
  return uniqueById(rows).slice(0, limit);
}

function uniqueById<T extends { id: number }>(rows: T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/**
 * Names (or a word of them) starting with `q` in the shopper's language, then in English for
 * products not translated into it, after those already `found`.
 */
async function addPrefixSuggestions(db: Database, q: string, locale: string, limit: number, found: Suggestion[]) {
  if (found.length >= limit) return;
  found.push(
    ...(await findPrefixSuggestions(
      db,
      q,
      { locale },
      limit - found.length,
      found.map((f) => f.id),
    )),
  );
  if (found.length < limit && locale !== 'en') {
    const ids = found.map((f) => f.id);
    found.push(
      ...(await findPrefixSuggestions(db, q, { locale: 'en', untranslatedIn: locale }, limit - found.length, ids)),
    );
  }
}

/**
 * Suggestions for the search box, best first, `limit` at most: names (or a word of them) starting
 * with `q` in the shopper's language, then in English for products not translated into it; when
 * none does, the same for `q` with its typos corrected (typos.ts); then, when still too few, names
 * within a typo of `q` (trigram word similarity).
 */
export async function findAutocompleteProducts(db: Database, q: string, locale: string, limit: number) {
  const folded = foldSuggestionText(q);
  if (!folded) return [];
  const found: Suggestion[] = [];
  await addPrefixSuggestions(db, folded, locale, limit, found);
  // A text some name starts with (or has a word starting with) has no typo to correct: only a
  // text nothing starts with is looked up in the catalogue's words.
  if (found.length === 0) {
    const corrections = await findCorrections(db, folded, locale);
    if (corrections.size > 0) await addPrefixSuggestions(db, correctedText(folded, corrections), locale, limit, found);
  }
  // Fewer than three letters have no trigram to compare: a typo cannot be told from another word.
  if (found.length < limit && folded.length >= 3) {
    const ids = found.map((f) => f.id);
    found.push(...(await findSimilarSuggestions(db, folded, locale, limit - found.length, ids)));
  }
  return found;
}

/** Names within a typo of `q` in the shopper's language (English where untranslated), closest first. */
async function findSimilarSuggestions(
  db: Database,
  q: string,
  locale: string,
  limit: number,
  exclude: readonly number[],
): Promise<Suggestion[]> {
  const language =
    locale === 'en'
      ? sql`${productTranslations.locale} = 'en'`
      : sql`(${productTranslations.locale} = ${locale} or (${productTranslations.locale} = 'en' and not exists (
          select 1 from ${productTranslations} own
          where own.product_id = ${productTranslations.productId} and own.locale = ${locale})))`;
  const rows = await db
    .select({ id: products.id, slug: products.slug, name: productTranslations.name, thumbnail: media.path })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(media, eq(media.id, products.mediaId))
    .where(
      and(
        language,
        sql`${q} <% ${productTranslations.name}`,
        listedProduct(),
        exclude.length > 0 ? notInArray(products.id, [...exclude]) : undefined,
      ),
    )
    .orderBy(sql`word_similarity(${q}, ${productTranslations.name}) desc`, desc(products.soldCount), asc(products.id))
    .limit(limit);
  return rows;
}

export async function findAutocompleteShops(db: Database, q: string, limit: number) {
  if (limit <= 0) return [];
  const like = `${escapeLike(q)}%`;
  const wordLike = `% ${escapeLike(q)}%`;
  return db
    .select({ id: shops.id, slug: shops.slug, name: shops.name, logo: media.path })
    .from(shops)
    .leftJoin(media, eq(media.id, shops.logoId))
    .where(
      and(
        eq(shops.isActive, true),
        sql`(${shops.name} ilike ${like} or ${shops.name} ilike ${wordLike} or ${q} <% ${shops.name})`,
      ),
    )
    .orderBy(sql`(${shops.name} ilike ${like}) desc`, sql`word_similarity(${q}, ${shops.name}) desc`, asc(shops.id))
    .limit(limit);
}
