/**
 * Calendar days (YYYY-MM-DD) of the marketplace: a moment is on the day it is in the settings'
 * time zone, wherever the server runs.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day `moment` falls on in `timeZone` (an IANA zone). */
export function calendarDay(moment: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(moment);
}

/** The day `days` after `day` (before it when negative). */
export function addDays(day: string, days: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The `count` days that end with `lastDay`, oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(lastDay, i - count + 1));
}
