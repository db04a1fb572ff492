/**
 * Contract between the settings feature (which owns the currency picker and its store) and the
 * components that show prices. The settings feature implements `useDisplayCurrency` in
 * `use-display-currency.ts`; this file only names the shape.
 */
export interface DisplayCurrency {
  code: string;
  symbol: string;
  /** Multiply an amount of the default currency by this (rate_from_default). */
  rate: number;
  position: 'prefix' | 'suffix';
}
