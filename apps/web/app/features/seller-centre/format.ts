import { formatMoney } from '../../lib/money';
import { useDefaultCurrency } from '../../lib/use-display-currency';

/**
 * The Seller Centre's money: amounts as the API counts them, in the marketplace's default
 * currency (whatever currency the shopper side has selected), with 2 decimals as every total is
 * shown, through the app's one money formatter.
 */
export function useSellerMoney() {
  const currency = useDefaultCurrency();
  const format = (amount: number) => formatMoney(amount, currency, { decimals: 2 });
  return {
    format,
    /** A ledger movement: "+" before what it added, "-" before what it took. */
    signed: (amount: number) => (amount > 0 ? `+${format(amount)}` : format(amount)),
    symbol: currency.symbol,
  };
}
