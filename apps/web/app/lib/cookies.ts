import { CURRENCY_COOKIE, DEFAULT_LOCALE, LOCALE_COOKIE } from '@shop/contracts/constants';

/** A year: the choice of language or currency outlives the session, like its local-storage twin. */
const PREFERENCE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const LOCALE_PATTERN = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$/;
const CURRENCY_PATTERN = /^[A-Za-z0-9]{1,10}$/;

/** The value of one cookie in a Cookie header, or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const raw = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The visitor's chosen language from the `locale` cookie, only when it looks like a locale code. */
export function readLocaleCookie(header: string | null | undefined): string | undefined {
  const value = readCookie(header, LOCALE_COOKIE);
  return value && LOCALE_PATTERN.test(value) ? value.toLowerCase() : undefined;
}

/** The visitor's chosen currency code from the `currency` cookie. */
export function readCurrencyCookie(header: string | null | undefined): string | undefined {
  const value = readCookie(header, CURRENCY_COOKIE);
  return value && CURRENCY_PATTERN.test(value) ? value : undefined;
}

/**
 * The language to render: the cookie's choice when the shop offers it, otherwise the default
 * locale (spec: default en), otherwise the shop's own default. An empty list (settings not
 * loaded) accepts the cookie as it is.
 */
export function resolveLocale(
  cookieLocale: string | undefined,
  available: readonly string[],
  shopDefault?: string,
): string {
  if (available.length === 0) return cookieLocale ?? DEFAULT_LOCALE;
  if (cookieLocale && available.includes(cookieLocale)) return cookieLocale;
  if (available.includes(DEFAULT_LOCALE)) return DEFAULT_LOCALE;
  if (shopDefault && available.includes(shopDefault)) return shopDefault;
  return available[0] ?? DEFAULT_LOCALE;
}

/**
 * The Accept-Language sent to the API: the rendered language first, so translated names match the
 * interface, then the visitor's own list as a lower-priority fallback.
 */
export function acceptLanguageFor(locale: string, visitorHeader?: string | null): string {
  const rest = (visitorHeader ?? '')
    .split(',')
    .map((part) => part.trim().split(';')[0]?.trim() ?? '')
    .filter((tag) => tag && tag.toLowerCase() !== locale.toLowerCase() && tag !== '*');
  const unique = [...new Set(rest)].slice(0, 5);
  return [locale, ...unique.map((tag, i) => `${tag};q=${(0.9 - i * 0.1).toFixed(1)}`)].join(', ');
}

/** `document.cookie` assignment text for a preference cookie readable by the server render. */
export function preferenceCookie(name: string, value: string, secure = false): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${PREFERENCE_MAX_AGE_SECONDS}`,
    'SameSite=Lax',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function writeBrowserCookie(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; the Cookie Store API is not in every browser.
  document.cookie = preferenceCookie(name, value, window.location.protocol === 'https:');
}
