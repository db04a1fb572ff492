/** A 4×4 PNG (teal), small enough to write inline: a photo or a logo to upload through a page. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWPgL8uDIwbiOACFMw8xlWZBmAAAAABJRU5ErkJggg==',
  'base64',
);
