/** `%` and `_` typed by a shopper are letters, not wildcards (LIKE ... ESCAPE '\\', the default). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;

/** The rows of `db.execute`: node-postgres and PGlite both answer with `rows`; drizzle passes their result through. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
