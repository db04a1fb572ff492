import {
  AUTOCOMPLETE_DEBOUNCE_MS,
  AUTOCOMPLETE_LIMIT,
  SEARCH_EMPTY_TEXTS,
  SUGGESTIONS_HIDE_DELAY_MS,
} from '@shop/contracts/constants';
import type { AutocompleteReply } from '@shop/contracts/products';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { paths, withQuery } from '../../../lib/paths';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const productsContracts = () => import('@shop/contracts/products');

export interface SearchFormProps {
  /** Focus the box on mount (the mobile search dialog). */
  autoFocus?: boolean;
  /** After a search ran or a suggestion was chosen (the mobile dialog closes). */
  onSubmitted?: () => void;
  className?: string;
}

export type Suggestion =
  | { type: 'product'; id: number; name: string; slug: string; image: string | null }
  | { type: 'shop'; id: number; name: string; slug: string; image: string | null };

/** On /products the search text is mirrored into the box; elsewhere it is cleared. */
export function searchTextFor(pathname: string, params: URLSearchParams): string {
  return pathname === paths.products ? (params.get('search') ?? '') : '';
}

/** Products first, then shops, at most AUTOCOMPLETE_LIMIT in all. */
export function mergeSuggestions(reply: AutocompleteReply, limit = AUTOCOMPLETE_LIMIT): Suggestion[] {
  const products: Suggestion[] = reply.products.map((p) => ({
    type: 'product',
    id: p.id,
    name: p.name,
    slug: p.slug,
    image: p.thumbnail,
  }));
  const shops: Suggestion[] = reply.shops.map((s) => ({
    type: 'shop',
    id: s.id,
    name: s.name,
    slug: s.slug,
    image: s.logo,
  }));
  return [...products, ...shops].slice(0, limit);
}

/** Where a suggestion leads: the product's details page or the shop's page. */
export function suggestionPath(suggestion: Suggestion): string {
  return suggestion.type === 'product' ? paths.product(suggestion.slug) : paths.shop(suggestion.slug);
}

/** The navbar search goes to /products. */
export function searchResultsPath(text: string): string {
  return withQuery(paths.products, { search: text.trim() });
}

/** GET /api/products/search-autocomplete?name=&limit=8. */
async function fetchSuggestions(api: ApiClient, name: string, signal: AbortSignal): Promise<Suggestion[]> {
  const reply = await api.request('/api/products/search-autocomplete', {
    query: { name, limit: AUTOCOMPLETE_LIMIT },
    schema: () => productsContracts().then((c) => c.autocompleteReplySchema),
    signal,
  });
  return mergeSuggestions(reply.data);
}

/**
 * The header search box: an ARIA combobox with suggestions. Typing asks
 * for suggestions 300 ms after the last key (blank text asks nothing); the list hides 200 ms after
 * the box loses focus unless the pointer is over it, and at once on Escape; arrow keys move the
 * active option and Enter opens it, otherwise Enter searches /products. A failed request shows an
 * empty list, never a toast. Without JavaScript it is a plain GET form.
 */
export function SearchForm({ autoFocus = false, onSubmitted, className = '' }: SearchFormProps) {
  const t = useT();
  const api = useApi();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const mirrored = searchTextFor(location.pathname, params);
  const [text, setText] = useState(mirrored);
  const [suggestions, setSuggestions] = useState<Suggestion[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputId = useId();
  const listId = useId();

  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  const focused = useRef(false);
  const pointerInside = useRef(false);

  useEffect(() => setText(mirrored), [mirrored]);

  const cancelPending = useCallback(() => {
    clearTimeout(debounceTimer.current);
    request.current?.abort();
    request.current = null;
  }, []);

  useEffect(
    () => () => {
      cancelPending();
      clearTimeout(hideTimer.current);
    },
    [cancelPending],
  );

  const close = () => {
    clearTimeout(hideTimer.current);
    setOpen(false);
    setActive(-1);
  };

  const ask = (name: string) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    fetchSuggestions(api, name, controller.signal)
      .catch(() => [] as Suggestion[])
      .then((list) => {
        if (controller.signal.aborted) return;
        request.current = null;
        setSuggestions(list);
        setActive(-1);
        if (focused.current || pointerInside.current) setOpen(true);
      });
  };

  const onChange = (value: string) => {
    setText(value);
    setActive(-1);
    cancelPending();
    const name = value.trim();
    if (!name) {
      // Blank text gives no suggestions.
      setSuggestions(null);
      close();
      return;
    }
    debounceTimer.current = setTimeout(() => ask(name), AUTOCOMPLETE_DEBOUNCE_MS);
  };

  const scheduleHide = () => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      if (!pointerInside.current && !focused.current) close();
    }, SUGGESTIONS_HIDE_DELAY_MS);
  };

  const go = (suggestion: Suggestion) => {
    cancelPending();
    close();
    navigate(suggestionPath(suggestion));
    onSubmitted?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) return;
    cancelPending();
    close();
    navigate(searchResultsPath(value));
    onSubmitted?.();
  };

  const count = suggestions?.length ?? 0;
  const expanded = open && suggestions !== null;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : count - 1);
          return;
        }
        setActive((i) => (event.key === 'ArrowDown' ? (i + 1) % count : i <= 0 ? count - 1 : i - 1));
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        }
        return;
      case 'Enter': {
        const chosen = expanded && active >= 0 ? suggestions?.[active] : undefined;
        if (chosen) {
          event.preventDefault();
          go(chosen);
        }
        // Otherwise the form submits: the search runs.
        return;
      }
      default:
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    // biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark (the <search> element is too new for older readers).
    <form
      method="get"
      action={paths.products}
      role="search"
      onSubmit={submit}
      className={`relative flex h-11 w-full items-stretch rounded-xl border border-slate-300 bg-white transition-colors focus-within:border-primary-500 focus-within:ring-4 focus-within:ring-primary-500/15 ${className}`}
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
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={() => {
          focused.current = true;
          clearTimeout(hideTimer.current);
          if (suggestions !== null && text.trim()) setOpen(true);
        }}
        onBlur={() => {
          focused.current = false;
          scheduleHide();
        }}
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

      {/* biome-ignore lint/a11y/noStaticElementInteractions: the pointer handlers only track hovering (spec: the list stays open while hovered). */}
      <div
        data-testid="search-suggestions"
        hidden={!expanded}
        onMouseEnter={() => {
          pointerInside.current = true;
          clearTimeout(hideTimer.current);
        }}
        onMouseLeave={() => {
          pointerInside.current = false;
          if (!focused.current) scheduleHide();
        }}
        className="absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-panel"
      >
        <div
          id={listId}
          role="listbox"
          aria-label={t('Suggestions')}
          className="max-h-[min(27rem,70vh)] overflow-y-auto py-1"
        >
          {(suggestions ?? []).map((item, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (arrows, Enter).
            <div
              key={`${item.type}-${item.id}`}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Keeps the focus in the box so a click is not a blur that hides the list first.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => go(item)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${index === active ? 'bg-primary-50 text-primary-900' : 'text-slate-700'}`}
            >
              <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100">
                {item.image ? (
                  <img
                    src={item.image}
                    alt=""
                    width={36}
                    height={36}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                ) : (
                  <Icon name={item.type === 'shop' ? 'storefront' : 'bag'} className="size-5 text-slate-400" />
                )}
              </span>
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ${item.type === 'shop' ? 'bg-amber-50 text-amber-800' : 'bg-slate-100 text-slate-600'}`}
              >
                {item.type === 'shop' ? t('Shop') : t('Product')}
              </span>
            </div>
          ))}
        </div>
        {count === 0 && (
          <div className="px-4 py-5 text-center">
            <p className="text-sm font-semibold text-slate-800">{t(SEARCH_EMPTY_TEXTS.title)}</p>
            <p className="mt-1 text-xs text-slate-500">{t(SEARCH_EMPTY_TEXTS.hint)}</p>
          </div>
        )}
      </div>
      <span role="status" className="sr-only">
        {expanded ? (count > 0 ? t('{{total}} suggestions', { total: count }) : t(SEARCH_EMPTY_TEXTS.title)) : ''}
      </span>
    </form>
  );
}
