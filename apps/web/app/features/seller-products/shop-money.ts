import { formatMoney } from '../../lib/money';
import { useDefaultCurrency } from '../../lib/use-display-currency';

/**
 * Amounts of the seller's catalogue: in the marketplace's default currency (what the seller types
 * and the API keeps); prices without cents unless they have some.
 */
export function useShopMoney(): (amount: number) => string {
  const currency = useDefaultCurrency();
  return (amount) => formatMoney(amount, currency, { decimals: Number.isInteger(amount) ? 0 : 2 });
}
