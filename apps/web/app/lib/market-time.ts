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

/** What a page shows of a calendar day. */
export type CalendarDayStyle =
  /** "Nov 24": a chart's axis. */
  | 'dayMonth'
  /** "Nov 24, 2026" */
  | 'date';

const DAY_STYLES: Record<CalendarDayStyle, Intl.DateTimeFormatOptions> = {
  dayMonth: { day: 'numeric', month: 'short' },
  date: STYLES.date,
};

/**
 * A calendar day the API counted in the marketplace's zone (YYYY-MM-DD, a sales chart's day), as
 * a page shows it: the day itself, never moved by a zone ('' for a value that is not a day).
 */
export function formatCalendarDay(day: string, language: string, style: CalendarDayStyle): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return '';
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return '';
  return formatter(language, 'UTC', DAY_STYLES[style]).format(date);
}

/** How far the zone's wall clock is ahead of UTC at that moment, in milliseconds. */
function zoneOffsetMs(moment: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatter('en', timeZone, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(moment))
      .map((p) => [p.type, Number(p.value)]),
  ) as Partial<Record<Intl.DateTimeFormatPartTypes, number>>;
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (moment - (moment % 1000));
}

/**
 * A wall-clock time of the marketplace's zone as a date-time input holds it (YYYY-MM-DDTHH:mm)
 * as an ISO 8601 moment, or null for a value that is not one. A seller sets a voucher's start in
 * the marketplace's time, wherever the browser is.
 */
export function marketWallClockToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) return null;
  // The zone's offset at the guessed moment, then again at the corrected one (a change of offset between).
  let moment = asUtc - zoneOffsetMs(asUtc, timeZone);
  moment = asUtc - zoneOffsetMs(moment, timeZone);
  return new Date(moment).toISOString();
}

/** An ISO 8601 moment as the marketplace zone's wall clock for a date-time input ('' if not a date). */
export function isoToMarketWallClock(iso: string, timeZone: string): string {
  const moment = new Date(iso).getTime();
  if (Number.isNaN(moment)) return '';
  return new Date(moment + zoneOffsetMs(moment, timeZone)).toISOString().slice(0, 16);
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

/**
 * `format(iso, style)` in the page's language and the marketplace's zone; `day(date, style)` for a
 * calendar day the API already counted in that zone.
 */
export function useMarketTime(): {
  timeZone: string;
  format: (iso: string, style: MarketTimeStyle) => string;
  day: (day: string, style: CalendarDayStyle) => string;
} {
  const { i18n } = useTranslation();
  const timeZone = useMarketTimeZone();
  const language = (i18n.language || 'en').split('-')[0] || 'en';
  return {
    timeZone,
    format: (iso, style) => formatMarketTime(iso, language, timeZone, style),
    day: (day, style) => formatCalendarDay(day, language, style),
  };
}
