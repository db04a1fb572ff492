/** `%` and `_` typed by a shopper are letters, not wildcards (LIKE ... ESCAPE '\\', the default). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching `text` anywhere. */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
