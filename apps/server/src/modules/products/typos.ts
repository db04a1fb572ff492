import type { Database } from '../../db/client';
import { findNearestWords } from './search-words.repository';

/**
 * Typo tolerance for search and suggestions, as Algolia, Meilisearch and Typesense have it: one
 * edit (a swapped, missing, wrong or extra letter) in a word of five letters or more, two in nine
 * or more. The words a typed word may mean are the catalogue's own: search_words (migration
 * 0036), the distinct words of the product names per language, kept by trigger.
 */

/** A typed word and the catalogue words within a typo of it, closest (then commonest) first. */
export type Corrections = ReadonlyMap<string, readonly string[]>;

/** How many catalogue words nearest by trigrams are checked for each typed word. */
const CANDIDATES = 20;
/** How many corrections of a word a search tries at most. */
const MAX_CORRECTIONS = 3;

/**
 * The words of a typed text, lower case: runs of letters, digits and combining marks, split as
 * search_words_of splits names (anything else between them).
 */
export function queryWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((w) => w.length > 0);
}

/** Words that may hold a typo: four letters or more (a five-letter word less one), not a number. */
const mayBeTypo = (word: string) => [...word].length >= 4 && !/^\p{N}+$/u.test(word);

/**
 * Edits between two words (optimal string alignment: insert, delete, substitute, or swap two
 * neighbours, each counting one), by code point.
 */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows: number[][] = [];
  for (let i = 0; i <= s.length; i++) {
    const row: number[] = [i];
    for (let j = 1; j <= t.length; j++) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const prev = rows[i - 1] as number[];
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        d = Math.min(d, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row.push(d);
    }
    rows.push(row);
  }
  return (rows[s.length] as number[])[t.length] as number;
}

/**
 * The edits a correction may be away: one when the catalogue word has five letters or more, two
 * when it and the typed word both have nine or more (after two letters missing, seven).
 */
function allowedEdits(typed: string, word: string): number {
  const typedLength = [...typed].length;
  const wordLength = [...word].length;
  if (wordLength >= 9 && typedLength >= 7) return 2;
  return wordLength >= 5 ? 1 : 0;
}

/**
 * The typed words of `text` that no product name in `locale` (or English, the fallback) holds,
 * each with the catalogue words within a typo of it; empty when every word exists (or is short or
 * a number), and the search then runs as without typos. One statement (findNearestWords).
 */
export async function findCorrections(db: Database, text: string, locale: string): Promise<Corrections> {
  const words = [...new Set(queryWords(text).filter(mayBeTypo))];
  if (words.length === 0) return new Map();
  const locales = locale === 'en' ? ['en'] : [locale, 'en'];
  const nearest = await findNearestWords(db, words, locales, CANDIDATES);
  const found = new Map<string, Array<{ word: string; edits: number; products: number }>>();
  for (const row of nearest) {
    const edits = editDistance(row.typed, row.word);
    if (edits === 0 || edits > allowedEdits(row.typed, row.word)) continue;
    const list = found.get(row.typed) ?? [];
    if (!list.some((c) => c.word === row.word)) list.push({ word: row.word, edits, products: Number(row.products) });
    found.set(row.typed, list);
  }
  const corrections = new Map<string, string[]>();
  for (const [typed, list] of found) {
    list.sort((a, b) => a.edits - b.edits || b.products - a.products || (a.word < b.word ? -1 : 1));
    corrections.set(
      typed,
      list.slice(0, MAX_CORRECTIONS).map((c) => c.word),
    );
  }
  return corrections;
}

/**
 * A text search query (to_tsquery) of the typed words, each typo word or its corrections: every
 * word must match, as in the exact search. The words are letters and digits only, so they are
 * safe as operands.
 */
export function correctedTsQuery(text: string, corrections: Corrections): string {
  return queryWords(text)
    .map((w) => {
      const alternatives = corrections.get(w);
      return alternatives ? `(${[w, ...alternatives].join(' | ')})` : w;
    })
    .join(' & ');
}

/** The typed text with each typo word replaced by its closest correction (for the name prefixes). */
export function correctedText(text: string, corrections: Corrections): string {
  return text.toLowerCase().replace(/[\p{L}\p{N}\p{M}]+/gu, (w) => corrections.get(w)?.[0] ?? w);
}
