import { Transition } from '@headlessui/react';
import type { Category } from '@shop/contracts/catalog';
import { MEGA_MENU_SUBCATEGORY_CAP, MEGA_MENU_TEXTS } from '@shop/contracts/constants';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useHydrated } from '../../../components/ui/hydrated';
import { Icon } from '../../../components/ui/icons';
import { menuTimingStyle } from '../../../components/ui/menu-timing';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../lib/paths';

export type MegaMenuStatus = 'pending' | 'error' | 'success';

export interface CategoryMegaMenuProps {
  categories: Category[];
  status: MegaMenuStatus;
  onRetry?: () => void;
}

/** At most 50 subcategories, then how many more there are. */
export function visibleSubcategories<T>(items: readonly T[]): { shown: readonly T[]; hidden: number } {
  return {
    shown: items.slice(0, MEGA_MENU_SUBCATEGORY_CAP),
    hidden: Math.max(0, items.length - MEGA_MENU_SUBCATEGORY_CAP),
  };
}

function Thumb({ src, name, size }: { src: string | null; name: string; size: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'size-8 text-sm' : 'size-12 text-base';
  if (src) {
    return (
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        className={`${box} shrink-0 rounded-lg bg-slate-100 object-cover ring-1 ring-slate-200/70`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${box} flex shrink-0 items-center justify-center rounded-lg bg-primary-50 font-semibold uppercase text-primary-700 ring-1 ring-primary-100`}
    >
      {Array.from(name.trim())[0] ?? '?'}
    </span>
  );
}

/**
 * The "Categories" mega-menu. Keyboard: Enter, Space or ArrowDown opens it on the
 * first category; ArrowUp/ArrowDown move between categories, ArrowRight (ArrowLeft in rtl) enters
 * the subcategory grid, Escape closes and returns to the button; Tab walks every link.
 */
export function CategoryMegaMenu({ categories, status, onRetry }: CategoryMegaMenuProps) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusFirstOnOpen = useRef(false);
  const panelId = useId();
  const location = useLocation();

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only.
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  // The list mounts a moment after `open` (the panel transition), so focus it when it appears.
  const attachList = useCallback((node: HTMLUListElement | null) => {
    listRef.current = node;
    if (node && focusFirstOnOpen.current) {
      focusFirstOnOpen.current = false;
      node.querySelector<HTMLElement>('a[data-category]')?.focus();
    }
  }, []);

  const current = categories[Math.min(active, Math.max(0, categories.length - 1))];
  const rtl = i18n.dir() === 'rtl';

  const openWithFocus = () => {
    focusFirstOnOpen.current = true;
    setActive(0);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || ((event.key === 'Enter' || event.key === ' ') && !open)) {
      event.preventDefault();
      if (open) listRef.current?.querySelector<HTMLElement>('a[data-category]')?.focus();
      else openWithFocus();
    }
  };

  const onRootKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onCategoryKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const links = Array.from(listRef.current?.querySelectorAll<HTMLElement>('a[data-category]') ?? []);
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = (index + 1) % links.length;
    else if (event.key === 'ArrowUp') next = (index - 1 + links.length) % links.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = links.length - 1;
    else if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) {
      event.preventDefault();
      gridRef.current?.querySelector<HTMLElement>('a')?.focus();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    links[next]?.focus();
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) {
      event.preventDefault();
      listRef.current?.querySelectorAll<HTMLElement>('a[data-category]')[active]?.focus();
    }
  };

  const subs = current ? visibleSubcategories(current.sub_categories) : { shown: [], hidden: 0 };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere inside closes the menu.
    <div ref={rootRef} className="relative" onKeyDown={onRootKeyDown} style={menuTimingStyle}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="true"
        onClick={() => (open ? setOpen(false) : setOpen(true))}
        onKeyDown={onButtonKeyDown}
        className={`inline-flex h-10 items-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors ${
          open ? 'bg-primary-800 text-white' : 'bg-primary-700 text-white hover:bg-primary-800'
        }`}
      >
        <Icon name="squares" className="size-5" />
        {t('Categories')}
        <Icon name="chevronDown" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>

      {/* The panel's Transition mounts once the page is interactive (components/ui/hydrated.tsx); closed, it renders nothing anyway. */}
      {hydrated && (
        <Transition show={open}>
          <div
            id={panelId}
            className="absolute start-0 top-full z-40 mt-2 flex max-h-[600px] min-h-[500px] w-[min(72rem,calc(100vw-3rem))] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-panel transition ease-out data-closed:-translate-y-1 data-closed:opacity-0 data-enter:duration-(--menu-in) data-leave:duration-(--menu-out)"
          >
            {status === 'pending' ? (
              <div className="flex w-full" aria-busy="true">
                <div className="w-80 shrink-0 space-y-3 border-e border-slate-100 p-4">
                  {Array.from({ length: 8 }, (_, i) => (
                    <div key={i} className="flex items-center gap-3">
                      <Skeleton className="size-8" />
                      <Skeleton className="h-4 flex-1" />
                    </div>
                  ))}
                </div>
                <div className="grid flex-1 grid-cols-4 content-start gap-4 p-6">
                  {Array.from({ length: 12 }, (_, i) => (
                    <Skeleton key={i} className="h-20" />
                  ))}
                </div>
                <span className="sr-only">{t('Loading categories')}</span>
              </div>
            ) : categories.length === 0 ? (
              <div className="flex w-full flex-col items-center justify-center gap-4 p-10 text-center">
                <span className="flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">
                  <Icon name="squares" className="size-7" />
                </span>
                <p className="text-sm font-medium text-slate-600">{t(MEGA_MENU_TEXTS.empty)}</p>
                {status === 'error' && onRetry ? (
                  <button
                    type="button"
                    onClick={onRetry}
                    className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-primary-700 hover:bg-primary-50"
                  >
                    <Icon name="refresh" className="size-4" />
                    {t('Try again')}
                  </button>
                ) : null}
              </div>
            ) : (
              <>
                <ul
                  ref={attachList}
                  aria-label={t('Categories')}
                  className="scrollbar-thin w-80 shrink-0 overflow-y-auto border-e border-slate-100 bg-slate-50/60 p-2"
                >
                  {categories.map((category, index) => {
                    const selected = index === active;
                    return (
                      <li key={category.id}>
                        <Link
                          to={paths.category(category.slug)}
                          data-category=""
                          aria-current={selected ? 'true' : undefined}
                          onMouseEnter={() => setActive(index)}
                          onFocus={() => setActive(index)}
                          onKeyDown={(e) => onCategoryKeyDown(e, index)}
                          className={`group flex items-center gap-3 rounded-xl px-3 py-2 text-sm transition-colors ${
                            selected
                              ? 'bg-white font-semibold text-primary-700 shadow-sm ring-1 ring-slate-200/70'
                              : 'text-slate-700 hover:bg-white'
                          }`}
                        >
                          <Thumb src={category.thumbnail} name={category.name} size="sm" />
                          <span className="min-w-0 flex-1 truncate">{category.name}</span>
                          <span
                            className={`rounded-full px-2 py-0.5 text-xs font-medium tabular-nums ${
                              selected ? 'bg-primary-100 text-primary-700' : 'bg-slate-200/70 text-slate-600'
                            }`}
                            title={t('{{count}} subcategories', { count: category.sub_categories.length })}
                          >
                            {category.sub_categories.length}
                          </span>
                          <Icon name="chevronEnd" flipRtl className="size-4 text-slate-400" />
                        </Link>
                      </li>
                    );
                  })}
                </ul>
                {current ? (
                  // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys return to the category list.
                  <div
                    ref={gridRef}
                    onKeyDown={onGridKeyDown}
                    className="scrollbar-thin flex min-w-0 flex-1 flex-col overflow-y-auto p-6"
                    data-testid="mega-menu-panel"
                  >
                    <div className="mb-4 flex items-center justify-between gap-4">
                      <h2 className="truncate text-base font-semibold text-slate-900">{current.name}</h2>
                      <Link
                        to={paths.category(current.slug)}
                        className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-primary-700 hover:underline"
                      >
                        {t('View All')}
                        <Icon name="chevronEnd" flipRtl className="size-4" />
                      </Link>
                    </div>
                    {subs.shown.length === 0 ? (
                      <p className="rounded-xl bg-slate-50 p-6 text-sm text-slate-500">
                        {t('This category has no subcategories yet.')}
                      </p>
                    ) : (
                      <ul className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-4">
                        {subs.shown.map((sub) => (
                          <li key={sub.id}>
                            <Link
                              to={paths.category(current.slug, sub.slug)}
                              className="flex items-center gap-3 rounded-xl p-2 text-sm text-slate-700 transition-colors hover:bg-primary-50 hover:text-primary-700"
                            >
                              <Thumb src={sub.thumbnail} name={sub.name} size="md" />
                              <span className="line-clamp-2 min-w-0">{sub.name}</span>
                            </Link>
                          </li>
                        ))}
                      </ul>
                    )}
                    {subs.hidden > 0 ? (
                      <Link
                        to={paths.category(current.slug)}
                        className="mt-4 inline-flex items-center gap-1 self-start rounded-lg px-2 py-1 text-sm font-semibold text-primary-700 hover:bg-primary-50"
                      >
                        {t(MEGA_MENU_TEXTS.moreSubcategories(subs.hidden))}
                        <Icon name="chevronEnd" flipRtl className="size-4" />
                      </Link>
                    ) : null}
                  </div>
                ) : null}
              </>
            )}
          </div>
        </Transition>
      )}
    </div>
  );
}
