import { CURRENCY_COOKIE, LOCALE_COOKIE, LOCALE_STORAGE_KEY } from '@shop/contracts/constants';
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { createStore, type StoreApi, useStore } from 'zustand';
import { createJSONStorage, type PersistStorage, persist } from 'zustand/middleware';
import { writeBrowserCookie } from './cookies';

/**
 * The shopper's language and currency. They are kept in local storage (locale under
 * the key `locale`); we mirror both into cookies so the server renders the same choice and the
 * first client render matches it. The stores are created per render root (per request on the
 * server) from the cookie values, so visitors never share state.
 */
export interface LocaleState {
  locale: string;
  setLocale: (locale: string) => void;
}

export interface CurrencyState {
  /** The selected currency's code; null means the shop's default currency. */
  code: string | null;
  setCode: (code: string) => void;
}

export const CURRENCY_STORAGE_KEY = 'currency';

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the cookie still carries the choice.
    return undefined;
  }
}

/** The locale is stored as the bare code ("ar"), as the spec's `locale` key holds it. */
const rawLocaleStorage: PersistStorage<Pick<LocaleState, 'locale'>> = {
  getItem: (name) => {
    const value = safeLocalStorage()?.getItem(name);
    return value ? { state: { locale: value }, version: 0 } : null;
  },
  setItem: (name, value) => safeLocalStorage()?.setItem(name, value.state.locale),
  removeItem: (name) => safeLocalStorage()?.removeItem(name),
};

export function readStoredLocale(): string | undefined {
  return safeLocalStorage()?.getItem(LOCALE_STORAGE_KEY) ?? undefined;
}

export function createLocaleStore(initial: string): StoreApi<LocaleState> {
  return createStore<LocaleState>()(
    persist(
      (set) => ({
        locale: initial,
        setLocale: (locale) => {
          set({ locale });
          writeBrowserCookie(LOCALE_COOKIE, locale);
        },
      }),
      {
        name: LOCALE_STORAGE_KEY,
        storage: rawLocaleStorage,
        partialize: (state) => ({ locale: state.locale }),
        // The cookie (read by the server) decides the first render; storage is only a mirror.
        skipHydration: true,
      },
    ),
  );
}

/** The persist middleware's handle (its type is lost behind StoreApi). */
function persistApi(store: StoreApi<CurrencyState>): { rehydrate: () => Promise<void> | void } {
  return (store as unknown as { persist: { rehydrate: () => Promise<void> | void } }).persist;
}

export function createCurrencyStore(initial: string | null): StoreApi<CurrencyState> {
  return createStore<CurrencyState>()(
    persist(
      (set) => ({
        code: initial,
        setCode: (code) => {
          set({ code });
          writeBrowserCookie(CURRENCY_COOKIE, code);
        },
      }),
      {
        name: CURRENCY_STORAGE_KEY,
        storage: createJSONStorage(() => safeLocalStorage() ?? memoryStorage()),
        partialize: (state) => ({ code: state.code }),
        skipHydration: true,
      },
    ),
  );
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

interface PreferenceStores {
  locale: StoreApi<LocaleState>;
  currency: StoreApi<CurrencyState>;
}

const PreferencesContext = createContext<PreferenceStores | null>(null);

export interface PreferencesProviderProps {
  /** The language the server rendered. */
  locale: string;
  /** The currency code from the cookie, if any. */
  currency: string | null;
  /** Whether the request carried the locale / currency cookies (else local storage may know better). */
  hadLocaleCookie: boolean;
  /** Locale codes the shop offers; a stored choice outside them is ignored. */
  availableLocales: readonly string[];
  children: ReactNode;
}

export function PreferencesProvider({
  locale,
  currency,
  hadLocaleCookie,
  availableLocales,
  children,
}: PreferencesProviderProps) {
  const [stores] = useState<PreferenceStores>(() => ({
    locale: createLocaleStore(locale),
    currency: createCurrencyStore(currency),
  }));

  const offered = availableLocales.join(',');
  useEffect(() => {
    // A choice kept only in local storage (cookie expired or cleared): restore it, then render it.
    const stored = readStoredLocale();
    if (!hadLocaleCookie && stored && stored !== locale && offered.split(',').includes(stored)) {
      stores.locale.getState().setLocale(stored);
      window.location.reload();
      return;
    }
    stores.locale.getState().setLocale(locale);
  }, [stores, locale, hadLocaleCookie, offered]);

  useEffect(() => {
    if (currency) {
      stores.currency.getState().setCode(currency);
      return;
    }
    // No cookie yet: a selection kept in local storage applies (no reload needed, prices re-render).
    void Promise.resolve(persistApi(stores.currency).rehydrate()).then(() => {
      const code = stores.currency.getState().code;
      if (code) writeBrowserCookie(CURRENCY_COOKIE, code);
    });
  }, [stores, currency]);

  return <PreferencesContext.Provider value={stores}>{children}</PreferencesContext.Provider>;
}

function usePreferenceStores(): PreferenceStores {
  const stores = useContext(PreferencesContext);
  if (!stores) throw new Error('Preferences hooks need <PreferencesProvider> (rendered by app/root.tsx).');
  return stores;
}

export function useLocaleStore<T>(selector: (state: LocaleState) => T): T {
  return useStore(usePreferenceStores().locale, selector);
}

export function useCurrencyStore<T>(selector: (state: CurrencyState) => T): T {
  return useStore(usePreferenceStores().currency, selector);
}

/** For non-React code of the browser (the API client reads the language at call time). */
export function useLocaleStoreApi(): StoreApi<LocaleState> {
  return usePreferenceStores().locale;
}
