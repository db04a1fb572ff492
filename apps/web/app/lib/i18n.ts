import { createInstance, type i18n } from 'i18next';

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
