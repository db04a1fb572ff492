import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useLocation, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/icons';

export interface SearchFormProps {
  /** Focus the box on mount (the mobile search dialog). */
  autoFocus?: boolean;
  onSubmitted?: () => void;
  className?: string;
}

/** Spec section 2: on /products the search text is mirrored into the box; elsewhere it is cleared. */
export function searchTextFor(pathname: string, params: URLSearchParams): string {
  return pathname === '/products' ? (params.get('search') ?? '') : '';
}

/**
 * The header search: a plain GET form to /products?search=..., so it works before JavaScript.
 * The autocomplete combobox of a later issue replaces the input inside this same boundary.
 */
export function SearchForm({ autoFocus = false, onSubmitted, className = '' }: SearchFormProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const [params] = useSearchParams();
  const mirrored = searchTextFor(location.pathname, params);
  const [text, setText] = useState(mirrored);
  const inputId = useId();

  useEffect(() => setText(mirrored), [mirrored]);

  return (
    <Form
      method="get"
      action="/products"
      role="search"
      onSubmit={() => onSubmitted?.()}
      className={`flex h-11 w-full items-stretch overflow-hidden rounded-xl border border-slate-300 bg-white transition-colors focus-within:border-primary-500 focus-within:ring-4 focus-within:ring-primary-500/15 ${className}`}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('Search')}
      </label>
      <span className="flex items-center ps-3 text-slate-400">
        <Icon name="search" className="size-5" />
      </span>
      <input
        id={inputId}
        name="search"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('Search products, brands and shops')}
        autoComplete="off"
        enterKeyHint="search"
        // biome-ignore lint/a11y/noAutofocus: the mobile search dialog exists to type into this box.
        autoFocus={autoFocus}
        className="min-w-0 flex-1 bg-transparent px-3 text-sm text-slate-800 placeholder:text-slate-400 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        required
      />
      <button
        type="submit"
        className="m-1 inline-flex items-center rounded-lg bg-primary-700 px-4 text-sm font-semibold text-white hover:bg-primary-800"
      >
        {t('Search')}
      </button>
    </Form>
  );
}
