import type { DisplayCurrency } from './display-currency';

export interface FormatMoneyOptions {
  /** 0 for prices (the default), 2 for totals and checkout figures. */
  decimals?: 0 | 2;
}

const formatters = new Map<number, Intl.NumberFormat>();

function numberFormat(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    // Intl rounds half away from zero (halfExpand) by default.
    formatter = new Intl.NumberFormat('id-ID', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, formatter);
  }
  return formatter;
}

/**
 * A non-negative amount with Indonesian grouping, whatever currency is shown (the spec fixes
 * 150.000 and 9,45), rounded half away from zero. Written out rather than asked of Intl: the first
 * Intl.NumberFormat of a page costs ~12 ms on a phone (it loads the locale's data) and it was built
 * while the page hydrated. Rounds the number's shortest decimal form, as Intl does (1.005 -> 1,01,
 * where the binary value is 1.00499...); values that form cannot take (1e21 and up) go to Intl.
 */
function groupedDigits(value: number, decimals: number): string {
  const scaled = Math.round(Number(`${value}e${decimals}`));
  if (!Number.isSafeInteger(scaled)) return numberFormat(decimals).format(value);
  const digits = String(scaled).padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals).replace(/\B(?=(\d{3})+$)/g, '.');
  return decimals > 0 ? `${whole},${digits.slice(digits.length - decimals)}` : whole;
}

/**
 * The one money formatter of the web app.
 *
 * `amount` is in the default currency, as the API returns it; it is multiplied by the selected
 * currency's rate and rounded half away from zero. Spacing: a prefix symbol sits directly before
 * the digits ("Rp150.000", as Indonesian marketplaces print it); a suffix symbol follows after a
 * no-break space ("150.000\u00a0€") so it never wraps onto its own line. A negative amount puts
 * the minus sign first ("-Rp5.000"); an amount that rounds to zero never shows "-0".
 */
export function formatMoney(amount: number, currency: DisplayCurrency, opts: FormatMoneyOptions = {}): string {
  const decimals = opts.decimals ?? 0;
  const raw = amount * currency.rate;
  // 12 significant digits drop binary noise such as 9.450000000000001 before rounding.
  const converted = Number.isFinite(raw) ? Number(raw.toPrecision(12)) : 0;
  const factor = 10 ** decimals;
  const negative = Math.round(Math.abs(converted) * factor) !== 0 && converted < 0;
  const digits = groupedDigits(Math.abs(converted), decimals);
  const body = currency.position === 'suffix' ? `${digits}\u00a0${currency.symbol}` : `${currency.symbol}${digits}`;
  return negative ? `-${body}` : body;
}

/** Price fields every priced item of the API carries. */
export interface PricedItem {
  price: number;
  discount_price: number;
}

/** What the shopper pays per unit: discount_price when above 0, else price. */
export function effectivePrice(item: PricedItem): number {
  return item.discount_price > 0 ? item.discount_price : item.price;
}

/** True when the card should show the old price struck through. */
export function isDiscounted(item: PricedItem): boolean {
  return item.discount_price > 0 && item.discount_price < item.price;
}

const compactFormatters = new Map<string, Intl.NumberFormat>();

/**
 * An amount in few characters, for the ticks of a chart's axis ("Rp1,5 jt", "$12K"): the
 * language's short scale words, at most one decimal, the symbol placed as `formatMoney` places it.
 * Figures a reader acts on are written in full by `formatMoney`.
 */
export function formatMoneyCompact(amount: number, currency: DisplayCurrency, language: string): string {
  let formatter = compactFormatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language || 'en', { notation: 'compact', maximumFractionDigits: 1 });
    compactFormatters.set(language, formatter);
  }
  const raw = amount * currency.rate;
  const digits = formatter.format(Math.abs(Number.isFinite(raw) ? raw : 0));
  const body = currency.position === 'suffix' ? `${digits}\u00a0${currency.symbol}` : `${currency.symbol}${digits}`;
  return raw < 0 ? `-${body}` : body;
}
