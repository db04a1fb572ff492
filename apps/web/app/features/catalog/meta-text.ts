import { knownStrings } from '../../lib/i18n-strings';

interface MatchWithData {
  id: string;
  // biome-ignore lint/suspicious/noExplicitAny: route meta matches carry each route's own loader data.
  loaderData?: any;
}

/**
 * A `t` for a route's `meta`, which runs outside React: it reads the interface strings the root
 * loader fetched (kept by lib/i18n-strings.ts, on the server and in the browser) so titles and
 * descriptions are in the page's language. `{{name}}` placeholders are filled like i18next does.
 */
export function metaTranslator(
  matches: readonly (MatchWithData | undefined)[],
): (key: string, values?: Record<string, string | number>) => string {
  const root = matches.find((m) => m?.id === 'root');
  const locale = root?.loaderData?.locale as string | undefined;
  const table = (locale && knownStrings(locale)) || {};
  return (key, values = {}) =>
    (table[key]?.trim() ? table[key] : key).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      name in values ? String(values[name]) : whole,
    );
}
