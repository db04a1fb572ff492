import type { Master } from '@shop/contracts/settings';
import type { DehydratedState } from '@tanstack/react-query';
import type { MetaDescriptor } from 'react-router';
import { buildTitle } from './title';

/** Languages the hreflang alternates announce; each is served at the same path with `?lang=`. */
export const SEO_LANGUAGES = ['en', 'id', 'ar'] as const;
const DEFAULT_SEO_LANGUAGE = 'en';

const LANG_PARAM_PATTERN = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/;

/** The language a `?lang=` parameter asks for, lower-cased, when it looks like a locale code. */
export function readLangParam(value: string | null | undefined): string | undefined {
  return value && LANG_PARAM_PATTERN.test(value) ? value.toLowerCase() : undefined;
}

export interface SeoInput {
  /** The page's own title; undefined or empty gives the app name alone. */
  title?: string | null;
  description?: string | null;
  /** The page's path from the site root, may carry a query string (`/blogs?page=2`). */
  path: string;
  appName: string;
  /** The shop's public origin (settings `baseUrl`); without it URLs stay root-relative. */
  publicUrl: string;
  /** An image URL, absolute or root-relative. */
  image?: string | null;
  /** Open Graph type: `website` by default, `article` for blog posts, `product` for products. */
  type?: string;
}

/** An absolute URL from the public origin and a root-relative path or an absolute URL. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  const origin = publicUrl.replace(/\/+$/, '');
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`;
  return `${origin}${path}`;
}

/**
 * The path with its `lang` parameter set to the language, or removed for the default one, keeping
 * the rest of the query string and the fragment as they were.
 */
export function pathForLanguage(path: string, language: string): string {
  const url = new URL(path.startsWith('/') ? path : `/${path}`, 'http://x');
  if (language === DEFAULT_SEO_LANGUAGE) url.searchParams.delete('lang');
  else url.searchParams.set('lang', language);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Every SEO tag of a page: title "{page} - {app}", description, canonical link, Open Graph and
 * Twitter card, and hreflang alternates (x-default and en at the plain path, other languages
 * with `?lang=xx`, which the root loader honours).
 */
export function seoMeta({ title, description, path, appName, publicUrl, image, type }: SeoInput): MetaDescriptor[] {
  const fullTitle = buildTitle(title, appName);
  const canonical = absoluteUrl(publicUrl, pathForLanguage(path, DEFAULT_SEO_LANGUAGE));
  const text = description?.trim();
  const entries: MetaDescriptor[] = [{ title: fullTitle }];
  if (text) entries.push({ name: 'description', content: text });
  entries.push(
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:title', content: fullTitle },
    { property: 'og:url', content: canonical },
    { property: 'og:type', content: type ?? 'website' },
  );
  if (appName) entries.push({ property: 'og:site_name', content: appName });
  if (text) entries.push({ property: 'og:description', content: text });
  const imageUrl = image ? absoluteUrl(publicUrl, image) : undefined;
  if (imageUrl) entries.push({ property: 'og:image', content: imageUrl });
  entries.push({ name: 'twitter:card', content: imageUrl ? 'summary_large_image' : 'summary' });
  entries.push({ tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: canonical });
  for (const language of SEO_LANGUAGES) {
    entries.push({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: language,
      href: absoluteUrl(publicUrl, pathForLanguage(path, language)),
    });
  }
  return entries;
}

interface MatchWithData {
  id: string;
  // biome-ignore lint/suspicious/noExplicitAny: route meta matches carry each route's own loader data.
  loaderData?: any;
}

/** The site settings the root loader fetched (its dehydrated `master` query), for a route's `meta`. */
export function masterFromRootMatch(matches: readonly (MatchWithData | undefined)[]): Master | undefined {
  const root = matches.find((m) => m?.id === 'root');
  const state = root?.loaderData?.dehydratedState as DehydratedState | undefined;
  const query = state?.queries.find((q) => q.queryKey[0] === 'master');
  return query?.state.data as Master | undefined;
}

/** App name and public origin for `seoMeta`, read from the root loader's data in a route's `meta`. */
export function seoContext(matches: readonly (MatchWithData | undefined)[]): { appName: string; publicUrl: string } {
  const root = matches.find((m) => m?.id === 'root');
  const master = masterFromRootMatch(matches);
  const appName = typeof root?.loaderData?.appName === 'string' ? root.loaderData.appName : (master?.app_name ?? '');
  return { appName, publicUrl: root?.loaderData?.publicUrl ?? master?.baseUrl ?? '' };
}
