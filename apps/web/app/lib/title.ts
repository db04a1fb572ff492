import type { MetaDescriptor } from 'react-router';

/** Spec section 2: "{page title} - {app name}", or the app name alone. */
export function buildTitle(pageTitle: string | null | undefined, appName: string | null | undefined): string {
  const page = pageTitle?.trim() ?? '';
  const app = appName?.trim() ?? '';
  if (page && app) return `${page} - ${app}`;
  return page || app;
}

interface MatchWithData {
  id: string;
  // biome-ignore lint/suspicious/noExplicitAny: route meta matches carry each route's own loader data.
  loaderData?: any;
  // biome-ignore lint/suspicious/noExplicitAny: older React Router typings name it `data`.
  data?: any;
}

/** The app name the root loader read from the site settings, for a route's `meta`. */
export function appNameFromMatches(matches: readonly (MatchWithData | undefined)[]): string {
  const root = matches.find((m) => m?.id === 'root');
  const data = root?.loaderData ?? root?.data;
  return typeof data?.appName === 'string' ? data.appName : '';
}

/** `meta` entries for a page: the built title plus an optional description. */
export function pageMeta(
  matches: readonly (MatchWithData | undefined)[],
  pageTitle?: string | null,
  description?: string | null,
): MetaDescriptor[] {
  const entries: MetaDescriptor[] = [{ title: buildTitle(pageTitle, appNameFromMatches(matches)) }];
  if (description) entries.push({ name: 'description', content: description });
  return entries;
}
