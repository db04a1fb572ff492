import { useDisplayCurrency } from '../../features/settings/stores/use-display-currency';
import { formatMoney } from '../../lib/money';

export interface PriceProps {
  /** In the default currency, as the API returns it. */
  amount: number;
  /** 0 for prices (default); 2 for totals and checkout figures. */
  decimals?: 0 | 2;
  /** Renders as a struck-through old price (<del>) so screen readers announce it as removed. */
  struck?: boolean;
  className?: string;
}

/** A money amount in the shopper's selected currency. */
export function Price({ amount, decimals = 0, struck = false, className }: PriceProps) {
  const currency = useDisplayCurrency();
  const text = formatMoney(amount, currency, { decimals });
  // dir="ltr" isolates the figure so "-Rp5.000" keeps its order inside Arabic text.
  if (struck)
    return (
      <del className={className} dir="ltr">
        {text}
      </del>
    );
  return (
    <span className={className} dir="ltr">
      {text}
    </span>
  );
}
