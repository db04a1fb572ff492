import { formatMoney } from '../../lib/money';
import { useDefaultCurrency } from '../../lib/use-display-currency';

/**
 * The back office's money: amounts as the API counts them, in the marketplace's default currency,
 * with 2 decimals, through the app's one money formatter.
 */
export function useOperatorMoney() {
  const currency = useDefaultCurrency();
  return { format: (amount: number) => formatMoney(amount, currency, { decimals: 2 }) };
}
