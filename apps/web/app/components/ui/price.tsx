import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { DisplayCurrency } from '../../lib/display-currency';
import { formatMoney } from '../../lib/money';
import { useDisplayCurrency } from '../../lib/use-display-currency';

export interface PriceProps {
  /** In the default currency, as the API returns it. */
  amount: number;
  /** 0 for prices (default); 2 for totals and checkout figures. */
  decimals?: 0 | 2;
  /** Renders as a struck-through old price (<del>) so screen readers announce it as removed. */
  struck?: boolean;
  className?: string;
}

const DisplayCurrencyContext = createContext<DisplayCurrency | null>(null);

/**
 * Resolves the shopper's currency once for the whole page. A listing shows dozens of prices;
 * without this each one would subscribe to the settings query and the currency store itself,
 * which costs server render time and hydration work for the same answer.
 */
export function DisplayCurrencyProvider({ children }: { children: ReactNode }) {
  const { code, symbol, rate, position } = useDisplayCurrency();
  const value = useMemo(() => ({ code, symbol, rate, position }), [code, symbol, rate, position]);
  return <DisplayCurrencyContext.Provider value={value}>{children}</DisplayCurrencyContext.Provider>;
}

/** A money amount in the shopper's selected currency. */
export function Price(props: PriceProps) {
  const currency = useContext(DisplayCurrencyContext);
  // Outside the provider (isolated component tests, stories) the price looks the currency up itself.
  if (!currency) return <StandalonePrice {...props} />;
  return <PriceText {...props} currency={currency} />;
}

function StandalonePrice(props: PriceProps) {
  return <PriceText {...props} currency={useDisplayCurrency()} />;
}

function PriceText({
  amount,
  decimals = 0,
  struck = false,
  className,
  currency,
}: PriceProps & { currency: DisplayCurrency }) {
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
