import { createInstance, type i18n, type TFunction } from 'i18next';
import { createContext, createElement, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';

/**
 * An i18next instance: one per language and strings on the server (serverInstance), once in the
 * browser, both built from the same translations (loaded by the root loader) so hydration matches. Keys are
 * the English texts themselves, so separators are off and a missing key shows the English text.
 */
export function createI18n(locale: string, translations: Record<string, string>): i18n {
  const instance = createInstance();
  void instance.init({
    lng: locale,
    resources: { [locale]: { translation: translations } },
    fallbackLng: false,
    keySeparator: false,
    nsSeparator: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
    react: { bindI18nStore: 'added', useSuspense: false },
  });
  return instance;
}

/**
 * The browser's one i18next instance, built from the strings known at its first render. Strings
 * that arrive later (they failed during SSR) are added when they come; the ones it was built with
 * are never added again: adding fires i18next's 'added' event, which re-rendered every translated
 * text of the page right after hydration.
 */
export function useI18nInstance(locale: string, translations: Record<string, string> | undefined): i18n {
  const [instance] = useState(() =>
    typeof window === 'undefined' && translations
      ? serverInstance(locale, translations)
      : createI18n(locale, translations ?? {}),
  );
  const added = useRef(translations);
  useEffect(() => {
    if (!translations || translations === added.current) return;
    added.current = translations;
    instance.addResourceBundle(locale, 'translation', translations, true, true);
  }, [instance, locale, translations]);
  return instance;
}

/**
 * On the server, one instance per language and set of strings, shared by every page rendered with
 * them: the strings are kept per process (lib/i18n-strings.ts) and nothing on the server changes
 * an instance, so building one for each page (0.4 ms) and looking each text up afresh was waste.
 */
const serverInstances = new WeakMap<Record<string, string>, Map<string, i18n>>();

function serverInstance(locale: string, translations: Record<string, string>): i18n {
  let byLocale = serverInstances.get(translations);
  if (!byLocale) {
    byLocale = new Map();
    serverInstances.set(translations, byLocale);
  }
  let instance = byLocale.get(locale);
  if (!instance) {
    instance = createI18n(locale, translations);
    byLocale.set(locale, instance);
  }
  return instance;
}

/**
 * `t` with its plain lookups (a key alone, no options) remembered: most texts of a page are, and
 * i18next resolves each call afresh (tens of microseconds, a few milliseconds of every page). The
 * memory is per instance on the server (shared by every page, whose strings never change there)
 * and per `t` in the browser (react-i18next makes a new `t` when strings are added).
 */
const plainLookups = new WeakMap<object, TFunction>();

function rememberingPlainLookups(t: TFunction, owner: object): TFunction {
  // The owner is the `t` itself in the browser, the instance on the server.
  const known = plainLookups.get(owner);
  if (known) return known;
  const texts = new Map<string, string>();
  const call = t as unknown as (...args: unknown[]) => string;
  const fast = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return call(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = call(key);
      texts.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
  // On the server the instance's pages each bring a new `t` of the same texts: the first is kept.
  plainLookups.set(owner, fast);
  return fast;
}

const TranslateContext = createContext<TFunction | null>(null);

/**
 * Subscribes to language and string changes once, at the root, and hands the current `t` down.
 * Components repeated many times on a page (product cards) read it with `useT()` instead of each
 * binding its own i18next listeners through `useTranslation()`.
 */
export function TranslateProvider({ children }: { children: ReactNode }) {
  const { t, i18n: instance } = useTranslation();
  const onServer = typeof window === 'undefined';
  const fast = useMemo(() => rememberingPlainLookups(t, onServer ? instance : t), [t, instance, onServer]);
  return createElement(TranslateContext.Provider, { value: fast }, children);
}

/** The root's `t`; outside a TranslateProvider (isolated tests) the nearest i18next instance's. */
export function useT(): TFunction {
  const provided = useContext(TranslateContext);
  const fallback = useContext(I18nContext)?.i18n;
  if (provided) return provided;
  return fallback ? fallback.t.bind(fallback) : (((key: string) => key) as unknown as TFunction);
}
