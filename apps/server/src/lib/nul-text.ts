/**
 * Where a request value holds U+0000, which PostgreSQL text cannot store: the dotted path of the
 * first such string ("name", "items.0"; "" for the value itself), or null when there is none.
 */
export function nulTextPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulTextPath(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}
