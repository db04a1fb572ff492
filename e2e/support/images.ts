/** A 4×4 PNG (teal), small enough to write inline: a product photo or a shop logo for a spec. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWPgL8uDIwbiOACFMw8xlWZBmAAAAABJRU5ErkJggg==',
  'base64',
);
