-- Search at 100,000 products (issue 3). An index on the language of a translation (three values)
-- only ever led the planner into reading every row of two languages into a bitmap and AND-ing it
-- with the text and trigram matches (~20 ms per search); lookups by product and language use the
-- primary key.
DROP INDEX IF EXISTS product_translations_locale_idx;
