import { createInstance, type i18n, type TFunction } from 'i18next';
import { createContext, createElement, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { I18nContext, useTranslation } from 'react-i18next';

/**
 * One i18next instance per render root: per request on the server, once in the browser, both
 * built from the same translations (loaded by the root loader) so hydration matches. Keys are
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
  const [instance] = useState(() => createI18n(locale, translations ?? {}));
  const added = useRef(translations);
  useEffect(() => {
    if (!translations || translations === added.current) return;
    added.current = translations;
    instance.addResourceBundle(locale, 'translation', translations, true, true);
  }, [instance, locale, translations]);
  return instance;
}

const TranslateContext = createContext<TFunction | null>(null);

/**
 * Subscribes to language and string changes once, at the root, and hands the current `t` down.
 * Components repeated many times on a page (product cards) read it with `useT()` instead of each
 * binding its own i18next listeners through `useTranslation()`.
 */
export function TranslateProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return createElement(TranslateContext.Provider, { value: t }, children);
}

/** The root's `t`; outside a TranslateProvider (isolated tests) the nearest i18next instance's. */
export function useT(): TFunction {
  const provided = useContext(TranslateContext);
  const fallback = useContext(I18nContext)?.i18n;
  if (provided) return provided;
  return fallback ? fallback.t.bind(fallback) : (((key: string) => key) as unknown as TFunction);
}
