/**
 * The currency prices are shown in, as money formatting needs it (`formatMoney`). Kept apart from
 * `use-display-currency.ts` so formatting code takes the shape without the settings query.
 */
export interface DisplayCurrency {
  code: string;
  symbol: string;
  /** Multiply an amount of the default currency by this (rate_from_default). */
  rate: number;
  position: 'prefix' | 'suffix';
}
