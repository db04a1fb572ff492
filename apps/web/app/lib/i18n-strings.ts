export type Translations = Record<string, string>;

/** Where the browser loads a language's strings from (the page preloads it; see `stringsPreload`). */
export function translationsPath(locale: string): string {
  return `/api/lang/${encodeURIComponent(locale)}`;
}

/**
 * The interface strings of each language this process has loaded. They are the same for every
 * visitor of a release, so they are not sent inside each page (200 KB of an Indonesian or Arabic
 * page): the server keeps the ones its root loader fetched, and the browser loads them from
 * their own cacheable address before it hydrates the page (entry.client.tsx). The translations
 * query (features/settings) starts from them, and so do the routes' `meta` titles.
 */
const kept = new Map<string, Translations>();
/** The languages kept with at least one string (checked once when kept, not on every page). */
const withStrings = new Set<string>();

export function keepStrings(locale: string, translations: Translations): void {
  kept.set(locale, translations);
  if (Object.keys(translations).length > 0) withStrings.add(locale);
  else withStrings.delete(locale);
}

export function knownStrings(locale: string): Translations | undefined {
  return kept.get(locale);
}

/** The `<link>` that asks for a language's strings early, when it has any (English has none). */
export function stringsPreload(locale: string): { href: string } | null {
  return withStrings.has(locale) ? { href: translationsPath(locale) } : null;
}
