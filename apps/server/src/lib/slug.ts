/**
 * The slug of a name in a URL: lower-case latin letters and digits joined by dashes, at most 60
 * characters. A name in another script has no latin letters and gets `fallback`, so it still has one.
 */
export function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}
