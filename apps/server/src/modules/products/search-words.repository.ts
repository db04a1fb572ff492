import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../lib/sql';

/**
 * For each of `words` that no product name in any of `locales` holds (search_words, migration
 * 0036), its `limit` nearest catalogue words in those languages by trigram distance, with how many
 * products hold each. One statement: a word found is a lookup of the primary key; only a word not
 * found reads its nearest words (GiST, nearest first).
 */
export async function findNearestWords(
  db: Database,
  words: readonly string[],
  locales: readonly string[],
  limit: number,
): Promise<{ typed: string; word: string; products: number }[]> {
  const localeList = sql.join(
    locales.map((l) => sql`${l}`),
    sql`, `,
  );
  // One check per language keeps each a lookup of the primary key (with both languages in one
  // condition the planner reads the trigram index, which also answers equality, 20 times slower).
  const absent = sql.join(
    locales.map((l) => sql`not exists (select 1 from search_words e where e.locale = ${l} and e.word = q.typed)`),
    sql` and `,
  );
  const wordList = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  // The words found are dropped first (materialized: else the planner may read the nearest words
  // of a word before finding it exists).
  const result = await db.execute(sql`
    with missing as materialized (
      select q.typed from unnest(array[${wordList}]::text[]) q(typed) where ${absent}
    )
    select m.typed, c.word, c.products from missing m
    cross join lateral (
      select w.word, w.products from search_words w
      where w.locale in (${localeList})
      order by w.word <-> m.typed
      limit ${limit}
    ) c`);
  return rowsOf<{ typed: string; word: string; products: number }>(result);
}
