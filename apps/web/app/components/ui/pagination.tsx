import { PAGINATION_DEFAULT_MAX_PAGES, PAGINATION_DEFAULT_PER_PAGE } from '@shop/contracts/constants';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';

export type PaginationLocale = 'en' | 'ar' | 'ir';
export type PaginationDir = 'ltr' | 'rtl';
export type PaginationType = 'link' | 'button';

/** The placeholder a link template carries where the page number goes. */
export const PAGE_PLACEHOLDER = '[page]';

interface PaginationBaseProps {
  totalItems: number;
  /** Default 10. */
  itemsPerPage?: number;
  /** The current page. A value outside 1..totalPages marks no page as current. */
  modelValue: number;
  /** Page buttons shown around the current page; default 5, must be above 0. */
  maxPagesShown?: number;
  dir?: PaginationDir;
  /** Digits and the default prev/next labels: en Western, ar Arabic-Indic, ir Persian. */
  locale?: PaginationLocale;
  /** Overrides the locale's prev/next labels (e.g. with the interface language's words). */
  labels?: { prev: string; next: string };
  /** Names the navigation landmark. */
  ariaLabel?: string;
  className?: string;
  /** Called with a page in 1..totalPages; never with one outside it. */
  onUpdate?: (page: number) => void;
}

export interface PaginationButtonProps extends PaginationBaseProps {
  type?: 'button';
  urlTemplate?: string;
}

export interface PaginationLinkProps extends PaginationBaseProps {
  type: 'link';
  /** Must contain "[page]", replaced by each page number. */
  urlTemplate: string;
}

export type PaginationProps = PaginationButtonProps | PaginationLinkProps;

const DIGITS: Record<PaginationLocale, string> = {
  en: '0123456789',
  ar: '٠١٢٣٤٥٦٧٨٩',
  ir: '۰۱۲۳۴۵۶۷۸۹',
};

/** The locale's own words; 'en' labels go through the interface translation (id, ...). */
const LABELS: Record<PaginationLocale, { prev: string; next: string }> = {
  en: { prev: 'Previous', next: 'Next' },
  ar: { prev: 'السابق', next: 'التالي' },
  ir: { prev: 'قبلی', next: 'بعدی' },
};

/** A page number written in the locale's digits. */
export function formatPageNumber(page: number, locale: PaginationLocale = 'en'): string {
  const digits = DIGITS[locale];
  return String(page).replace(/\d/g, (d) => digits[Number(d)] ?? d);
}

export function totalPagesOf(totalItems: number, itemsPerPage: number): number {
  if (!Number.isFinite(totalItems) || totalItems <= 0) return 0;
  return Math.ceil(totalItems / itemsPerPage);
}

export function isPageInRange(page: number, totalPages: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= totalPages;
}

/** The template's URL for a page, or null for a page outside 1..totalPages (it is ignored). */
export function pageUrl(urlTemplate: string, page: number, totalPages: number): string | null {
  if (!isPageInRange(page, totalPages)) return null;
  return urlTemplate.split(PAGE_PLACEHOLDER).join(String(page));
}

export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: 'start' | 'end' };

/**
 * The entries between prev and next: a window of `maxPagesShown` pages around the current one,
 * plus the first and last page with a gap marker when the window does not reach them.
 */
export function pageItems(current: number, totalPages: number, maxPagesShown: number): PageItem[] {
  if (totalPages <= 0) return [];
  if (totalPages <= maxPagesShown) {
    return Array.from({ length: totalPages }, (_, i) => ({ kind: 'page', page: i + 1 }));
  }
  const centre = Math.min(Math.max(Number.isFinite(current) ? Math.round(current) : 1, 1), totalPages);
  let start = centre - Math.floor((maxPagesShown - 1) / 2);
  start = Math.max(1, Math.min(start, totalPages - maxPagesShown + 1));
  const end = start + maxPagesShown - 1;
  const items: PageItem[] = [];
  if (start > 1) {
    items.push({ kind: 'page', page: 1 });
    if (start > 2) items.push({ kind: 'gap', key: 'start' });
  }
  for (let page = start; page <= end; page++) items.push({ kind: 'page', page });
  if (end < totalPages) {
    if (end < totalPages - 1) items.push({ kind: 'gap', key: 'end' });
    items.push({ kind: 'page', page: totalPages });
  }
  return items;
}

function Chevron({ pointsTo }: { pointsTo: 'left' | 'right' }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-points={pointsTo}
      className="size-4"
    >
      <path d={pointsTo === 'left' ? 'M15.75 19.5 8.25 12l7.5-7.5' : 'm8.25 4.5 7.5 7.5-7.5 7.5'} />
    </svg>
  );
}

const ITEM =
  'inline-flex h-8 min-w-8 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors sm:h-10 sm:min-w-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';
const IDLE = 'border border-slate-200 bg-white text-slate-700 hover:border-primary-300 hover:bg-primary-50';
const CURRENT = 'border border-primary-700 bg-primary-700 text-white';
const DISABLED = 'border border-slate-200 bg-slate-50 text-slate-300 cursor-not-allowed';

/**
 * The pagination widget: a labelled navigation landmark with prev/next and a
 * window of page numbers, as links (type 'link', each page a real URL) or buttons (type
 * 'button', the page reported through onUpdate). Throws on a maxPagesShown not above 0 and on a
 * link template without "[page]", so a misuse fails loudly during development.
 */
export function Pagination(props: PaginationProps) {
  const t = useT();
  const {
    totalItems,
    itemsPerPage = PAGINATION_DEFAULT_PER_PAGE,
    modelValue,
    maxPagesShown = PAGINATION_DEFAULT_MAX_PAGES,
    dir = 'ltr',
    locale = 'en',
    type = 'button',
    urlTemplate,
    onUpdate,
    className = '',
  } = props;

  if (!(Number.isFinite(maxPagesShown) && maxPagesShown > 0)) {
    throw new Error(`Pagination: maxPagesShown must be a number above 0 (got ${String(maxPagesShown)}).`);
  }
  if (!(Number.isFinite(itemsPerPage) && itemsPerPage > 0)) {
    throw new Error(`Pagination: itemsPerPage must be a number above 0 (got ${String(itemsPerPage)}).`);
  }
  if (type === 'link' && !urlTemplate?.includes(PAGE_PLACEHOLDER)) {
    throw new Error(
      `Pagination: type "link" needs a urlTemplate containing "${PAGE_PLACEHOLDER}" (got ${JSON.stringify(urlTemplate ?? null)}).`,
    );
  }

  const totalPages = totalPagesOf(totalItems, itemsPerPage);
  if (totalPages <= 1) return null;

  const maxShown = Math.floor(maxPagesShown);
  const current = isPageInRange(modelValue, totalPages) ? modelValue : null;
  const labels = props.labels ?? (locale === 'en' ? { prev: t('Previous'), next: t('Next') } : LABELS[locale]);
  const rtl = dir === 'rtl';

  const select = (page: number) => {
    if (!isPageInRange(page, totalPages) || page === current) return;
    onUpdate?.(page);
  };

  const control = (page: number, className: string, content: ReactNode, label: string, rel?: 'prev' | 'next') => {
    if (type === 'link') {
      const href = pageUrl(urlTemplate as string, page, totalPages) as string;
      return (
        <Link to={href} className={className} onClick={() => select(page)} aria-label={label} rel={rel}>
          {content}
        </Link>
      );
    }
    return (
      <button type="button" className={className} onClick={() => select(page)} aria-label={label}>
        {content}
      </button>
    );
  };

  const step = (which: 'prev' | 'next') => {
    const target = which === 'prev' ? modelValue - 1 : modelValue + 1;
    const label = labels[which];
    // Prev points to where the reading starts: left in ltr, right in rtl (and next the other way).
    const pointsTo = (which === 'prev') !== rtl ? 'left' : 'right';
    const content = (
      <>
        {which === 'prev' && <Chevron pointsTo={pointsTo} />}
        <span className="hidden sm:inline">{label}</span>
        {which === 'next' && <Chevron pointsTo={pointsTo} />}
      </>
    );
    const classes = `${ITEM} gap-1`;
    if (!isPageInRange(target, totalPages)) {
      return type === 'link' ? (
        // biome-ignore lint/a11y/useValidAnchor: a disabled link has nowhere to go; aria-disabled announces it.
        <a role="link" aria-disabled="true" tabIndex={-1} aria-label={label} className={`${classes} ${DISABLED}`}>
          {content}
        </a>
      ) : (
        <button type="button" disabled aria-label={label} className={`${classes} ${DISABLED}`}>
          {content}
        </button>
      );
    }
    return control(target, `${classes} ${IDLE}`, content, label, which);
  };

  return (
    <nav aria-label={props.ariaLabel ?? t('Pagination')} dir={dir} className={className}>
      <ul className="flex items-center justify-center gap-1 sm:gap-1.5">
        <li>{step('prev')}</li>
        {pageItems(modelValue, totalPages, maxShown).map((item) =>
          item.kind === 'gap' ? (
            <li key={`gap-${item.key}`} aria-hidden="true" className="hidden px-1 text-slate-400 sm:block">
              …
            </li>
          ) : (
            <li key={item.page}>
              {item.page === current ? (
                type === 'link' ? (
                  <Link
                    to={pageUrl(urlTemplate as string, item.page, totalPages) as string}
                    aria-current="page"
                    aria-label={t('Page {{page}}', { page: formatPageNumber(item.page, locale) })}
                    className={`${ITEM} ${CURRENT}`}
                  >
                    {formatPageNumber(item.page, locale)}
                  </Link>
                ) : (
                  <button
                    type="button"
                    aria-current="page"
                    aria-label={t('Page {{page}}', { page: formatPageNumber(item.page, locale) })}
                    className={`${ITEM} ${CURRENT}`}
                  >
                    {formatPageNumber(item.page, locale)}
                  </button>
                )
              ) : (
                control(
                  item.page,
                  `${ITEM} ${IDLE}`,
                  formatPageNumber(item.page, locale),
                  t('Page {{page}}', { page: formatPageNumber(item.page, locale) }),
                )
              )}
            </li>
          ),
        )}
        <li>{step('next')}</li>
      </ul>
    </nav>
  );
}
