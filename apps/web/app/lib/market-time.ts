/** The marketplace's clock: shop hours and sales are set in it, and dates render in it on server and browser alike. */
export const MARKET_TIME_ZONE = 'Asia/Jakarta';

/** "24 Nov 2026, 18:42" in the page's language and the marketplace's clock (order and digital order dates). */
export function formatOrderDate(iso: string, language: string, withTime = true): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: MARKET_TIME_ZONE,
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  };
  try {
    return new Intl.DateTimeFormat(language || 'en', options).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace('T', ' ');
  }
}
