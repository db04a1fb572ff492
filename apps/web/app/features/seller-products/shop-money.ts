import { useMaster } from '../../lib/api/master';
import { formatMoney } from '../../lib/money';
import { resolveDisplayCurrency } from '../../lib/use-display-currency';

/**
 * Amounts of the seller's catalogue: in the marketplace's default currency (what the seller types
 * and the API keeps), whatever currency the seller picked for browsing; cents only when there are.
 */
export function useShopMoney(): (amount: number) => string {
  const { master } = useMaster();
  const currency = resolveDisplayCurrency(master, null);
  return (amount) => formatMoney(amount, currency, { decimals: Number.isInteger(amount) ? 0 : 2 });
}
