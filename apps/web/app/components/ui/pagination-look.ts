import { useTranslation } from 'react-i18next';
import { useRouteLoaderData } from 'react-router';
import type { PaginationDir, PaginationLocale } from './pagination';

/** The widget's digit set for an interface language: Arabic-Indic for Arabic, Persian for Farsi. */
export function paginationLocaleFor(language: string): PaginationLocale {
  const base = language.toLowerCase().split('-')[0];
  if (base === 'ar') return 'ar';
  if (base === 'fa') return 'ir';
  return 'en';
}

/** Direction and digits of the page's Pagination widgets, following the page's language. */
export function usePaginationLook(): { dir: PaginationDir; locale: PaginationLocale } {
  const { i18n } = useTranslation();
  const root = useRouteLoaderData('root') as { dir?: string } | undefined;
  return {
    dir: root?.dir === 'rtl' ? 'rtl' : 'ltr',
    locale: paginationLocaleFor(i18n.language ?? 'en'),
  };
}
