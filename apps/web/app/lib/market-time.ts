import { CHAT_TIME_FORMAT, DEFAULT_TIME_ZONE } from '@shop/contracts/constants';
import { createContext, createElement, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The one way the web app writes a date or a time: in the marketplace's time zone (the master
 * settings' `time_zone`) and the page's language, never the zone of the machine that renders. The
 * server render and the browser then write the same text (no hydration mismatch), and one order
 * shows one time on every page, whoever looks at it from wherever.
 */

/** What a page shows of a moment. */
export type MarketTimeStyle =
  /** "Nov 24, 2026" */
  | 'date'
  /** "November 24, 2026" */
  | 'longDate'
  /** "Nov 24, 2026, 06:42 PM" */
  | 'dateTime'
  /** "Nov 24, 2026, 06:42 PM WIB": where the zone matters (a sale's end). */
  | 'dateTimeZone'
  /** "06:42 pm, 24 Nov, 2026": chat bubbles (spec: "hh:mm a, DD MMM, YYYY"). */
  | 'chat';

const STYLES: Record<Exclude<MarketTimeStyle, 'chat'>, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  dateTimeZone: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  },
};

/** Formatters are costly to build (locale data): one per language, zone and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat(language || 'en', { ...options, timeZone });
    } catch {
      // An unknown zone or language in the settings: the default zone in English rather than a broken page.
      found = new Intl.DateTimeFormat('en', { ...options, timeZone: DEFAULT_TIME_ZONE });
    }
    formatters.set(key, found);
  }
  return found;
}

/** The pieces of "hh:mm a, DD MMM, YYYY" (CHAT_TIME_FORMAT), read in the zone. */
function chatTime(date: Date, language: string, timeZone: string): string {
  const parts = Object.fromEntries(
    formatter(language, timeZone, {
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  const tokens: Record<string, string> = {
    hh: parts.hour ?? '',
    mm: parts.minute ?? '',
    // "a" is the lower-case day period (pm), as the spec's format reads in dayjs and moment.
    a: (parts.dayPeriod ?? '').toLocaleLowerCase(language),
    DD: parts.day ?? '',
    MMM: parts.month ?? '',
    YYYY: parts.year ?? '',
  };
  return CHAT_TIME_FORMAT.replace(/YYYY|MMM|DD|hh|mm|a/g, (token) => tokens[token] ?? token);
}

/** A moment (ISO 8601 from the API) as a page shows it; '' for a value that is not a date. */
export function formatMarketTime(iso: string, language: string, timeZone: string, style: MarketTimeStyle): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (style === 'chat') return chatTime(date, language, timeZone);
  return formatter(language, timeZone, STYLES[style]).format(date);
}

/** The calendar year now in the zone (the footer's "©"). */
export function marketYear(timeZone: string, now: Date = new Date()): number {
  return Number(formatter('en', timeZone, { year: 'numeric' }).format(now));
}

const MarketTimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/**
 * The zone of the master settings for the whole page, given by the root from its loader's data (the
 * same on the server and in the browser); the default zone when the settings failed to load.
 */
export function MarketTimeZoneProvider({ timeZone, children }: { timeZone: string | undefined; children: ReactNode }) {
  return createElement(MarketTimeZoneContext.Provider, { value: timeZone || DEFAULT_TIME_ZONE }, children);
}

export function useMarketTimeZone(): string {
  return useContext(MarketTimeZoneContext);
}

/** `format(iso, style)` in the page's language and the marketplace's zone. */
export function useMarketTime(): { timeZone: string; format: (iso: string, style: MarketTimeStyle) => string } {
  const { i18n } = useTranslation();
  const timeZone = useMarketTimeZone();
  const language = (i18n.language || 'en').split('-')[0] || 'en';
  return { timeZone, format: (iso, style) => formatMarketTime(iso, language, timeZone, style) };
}
