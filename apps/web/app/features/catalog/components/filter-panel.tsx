import type { ProductFilters } from '@shop/contracts/products';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useDisplayCurrency } from '../../../lib/use-display-currency';
import {
  type FilterChanges,
  LISTING_SORTS,
  type ListingFilters,
  type ListingSort,
  SORT_LABELS,
  toDefaultCurrency,
  toDisplayCurrency,
} from '../listing-params';

export interface FilterPanelProps {
  filters: ListingFilters;
  /** The facets of the last reply; undefined while the first page loads. */
  facets: ProductFilters | undefined;
  onChange: (changes: FilterChanges) => void;
  /** The sort select sits in the panel on phones and in the toolbar on wide screens. */
  showSort?: boolean;
  /** A category page fixes the category: no category choice. */
  showCategories?: boolean;
}

const RATINGS = [5, 4, 3, 2, 1] as const;

/** One group of mutually exclusive choices (radio buttons, so arrow keys and screen readers work). */
function ChoiceGroup<T extends string | number>({
  legend,
  name,
  value,
  options,
  onSelect,
  scroll = false,
}: {
  legend: string;
  name: string;
  value: T | undefined;
  options: { value: T | undefined; label: ReactNode; key: string }[];
  onSelect: (value: T | undefined) => void;
  scroll?: boolean;
}) {
  return (
    <fieldset className="border-t border-slate-100 pt-4">
      <legend className="float-start mb-2 w-full text-sm font-semibold text-slate-900">{legend}</legend>
      <div className={`clear-both space-y-0.5 ${scroll ? 'scrollbar-thin max-h-52 overflow-y-auto pe-1' : ''}`}>
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.key}
              className={`flex cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm transition-colors hover:bg-slate-50 has-focus-visible:ring-2 has-focus-visible:ring-primary-500 ${checked ? 'font-medium text-primary-800' : 'text-slate-700'}`}
            >
              <input
                type="radio"
                name={name}
                checked={checked}
                onChange={() => onSelect(option.value)}
                className="size-4 shrink-0 accent-primary-700 focus:outline-none"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function Stars({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" aria-hidden="true">
      {Array.from({ length: 5 }, (_, i) => (
        <svg
          key={i}
          viewBox="0 0 20 20"
          className={`size-4 ${i < count ? 'text-amber-400' : 'text-slate-200'}`}
          fill="currentColor"
        >
          <path d="M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.8L10 14.85 4.75 17.6l1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
        </svg>
      ))}
    </span>
  );
}

/** The sort select of a listing (reference: Default, High to Low, Low to High, Most Selling, New Product). */
export function SortSelect({
  value,
  onChange,
  className = '',
}: {
  value: ListingSort;
  onChange: (sort: ListingSort) => void;
  className?: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-slate-600">
        {t('Sort by')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as ListingSort)}
        className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white ps-3 pe-8 text-sm text-slate-800 focus:border-primary-500 focus:outline-none focus:ring-4 focus:ring-primary-500/15"
      >
        {LISTING_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(SORT_LABELS[sort])}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Price bounds typed in the shopper's currency and sent in the shop's default one (the API's),
 * applied with the button (or Enter) rather than on every keystroke.
 */
function PriceRange({
  filters,
  facets,
  onChange,
}: {
  filters: ListingFilters;
  facets: ProductFilters | undefined;
  onChange: (changes: FilterChanges) => void;
}) {
  const t = useT();
  const currency = useDisplayCurrency();
  const minId = useId();
  const maxId = useId();
  const shown = (amount: number | undefined, round: 'down' | 'up') =>
    amount === undefined ? '' : String(toDisplayCurrency(amount, currency.rate, round));
  const [min, setMin] = useState(shown(filters.minPrice, 'down'));
  const [max, setMax] = useState(shown(filters.maxPrice, 'up'));
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read only when the URL or the currency changes.
  useEffect(() => {
    setMin(shown(filters.minPrice, 'down'));
    setMax(shown(filters.maxPrice, 'up'));
  }, [filters.minPrice, filters.maxPrice, currency.rate]);

  const lower = facets ? toDisplayCurrency(facets.min_price, currency.rate, 'down') : undefined;
  const upper = facets ? toDisplayCurrency(facets.max_price, currency.rate, 'up') : undefined;
  const parse = (text: string) => {
    const value = Number(text.replace(/[^\d.]/g, ''));
    return text.trim() === '' || !Number.isFinite(value) ? undefined : value;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let from = parse(min);
    let to = parse(max);
    if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
    onChange({
      minPrice: from === undefined ? undefined : toDefaultCurrency(from, currency.rate),
      maxPrice: to === undefined ? undefined : toDefaultCurrency(to, currency.rate),
    });
  };

  const input =
    'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white ps-3 pe-2 text-sm text-slate-800 placeholder:text-slate-400 focus:border-primary-500 focus:outline-none focus:ring-4 focus:ring-primary-500/15';
  return (
    <form onSubmit={submit} className="border-t border-slate-100 pt-4" aria-labelledby={`${minId}-legend`}>
      <p id={`${minId}-legend`} className="mb-2 text-sm font-semibold text-slate-900">
        {t('Price')} <span className="font-normal text-slate-500">({currency.symbol})</span>
      </p>
      <div className="flex items-center gap-2">
        <label htmlFor={minId} className="sr-only">
          {t('Minimum price')}
        </label>
        <input
          id={minId}
          inputMode="numeric"
          value={min}
          onChange={(e) => setMin(e.target.value)}
          placeholder={lower === undefined ? t('Min') : String(lower)}
          className={input}
          dir="ltr"
        />
        <span aria-hidden="true" className="text-slate-400">
          –
        </span>
        <label htmlFor={maxId} className="sr-only">
          {t('Maximum price')}
        </label>
        <input
          id={maxId}
          inputMode="numeric"
          value={max}
          onChange={(e) => setMax(e.target.value)}
          placeholder={upper === undefined ? t('Max') : String(upper)}
          className={input}
          dir="ltr"
        />
      </div>
      <button
        type="submit"
        className="mt-2 h-9 w-full rounded-lg border border-primary-600 text-sm font-semibold text-primary-700 transition-colors hover:bg-primary-50"
      >
        {t('Apply')}
      </button>
    </form>
  );
}

/** Every filter of a listing; each choice updates the URL at once (the list follows the URL). */
export function FilterPanel({ filters, facets, onChange, showSort = false, showCategories = true }: FilterPanelProps) {
  const t = useT();
  const name = useId();
  const all = { value: undefined, label: t('All'), key: 'all' };
  return (
    <div className="space-y-4">
      {showSort && <SortSelect value={filters.sort} onChange={(sort) => onChange({ sort })} />}
      {showCategories && facets && facets.categories.length > 0 && (
        <ChoiceGroup
          legend={t('Category')}
          name={`${name}-category`}
          value={filters.category}
          onSelect={(category) => onChange({ category })}
          scroll
          options={[all, ...facets.categories.map((c) => ({ value: c.id, label: c.name, key: String(c.id) }))]}
        />
      )}
      {facets && facets.brands.length > 0 && (
        <ChoiceGroup
          legend={t('Brand')}
          name={`${name}-brand`}
          value={filters.brand}
          onSelect={(brand) => onChange({ brand })}
          scroll
          options={[all, ...facets.brands.map((b) => ({ value: b.id, label: b.name, key: String(b.id) }))]}
        />
      )}
      {facets && facets.colors.length > 0 && (
        <ChoiceGroup
          legend={t('Color')}
          name={`${name}-color`}
          value={filters.color}
          onSelect={(color) => onChange({ color })}
          scroll
          options={[
            all,
            ...facets.colors.map((c) => ({
              value: c.id,
              key: String(c.id),
              label: (
                <span className="inline-flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-4 shrink-0 rounded-full ring-1 ring-slate-900/15"
                    style={{ backgroundColor: c.color_code }}
                  />
                  {c.name}
                </span>
              ),
            })),
          ]}
        />
      )}
      {facets && facets.sizes.length > 0 && (
        <ChoiceGroup
          legend={t('Size')}
          name={`${name}-size`}
          value={filters.size}
          onSelect={(size) => onChange({ size })}
          scroll
          options={[all, ...facets.sizes.map((s) => ({ value: s.id, label: s.name, key: String(s.id) }))]}
        />
      )}
      <ChoiceGroup
        legend={t('Rating')}
        name={`${name}-rating`}
        value={filters.rating}
        onSelect={(rating) => onChange({ rating })}
        options={[
          all,
          ...RATINGS.map((r) => ({
            value: r,
            key: String(r),
            label: (
              <span className="inline-flex items-center gap-2">
                <Stars count={r} />
                <span className="sr-only">{t('{{rating}} stars', { rating: r })}</span>
              </span>
            ),
          })),
        ]}
      />
      <PriceRange filters={filters} facets={facets} onChange={onChange} />
    </div>
  );
}
