import { DEFAULT_CURRENCY, FALLBACK_CURRENCY_SYMBOL } from '@shop/contracts/constants';
import type { Master } from '@shop/contracts/settings';
import { useMaster } from './api/master';
import type { DisplayCurrency } from './display-currency';
import { useCurrencyStore } from './preferences';

/**
 * The currency prices are shown in, as a pure rule: the selected currency when the shop offers
 * it, else the shop's default one, else the settings' currency; before settings load (or when
 * they fail), the spec's default currency.
 */
export function resolveDisplayCurrency(master: Master | undefined, selectedCode: string | null): DisplayCurrency {
  if (!master) {
    return { code: DEFAULT_CURRENCY.name, symbol: DEFAULT_CURRENCY.symbol, rate: 1, position: 'prefix' };
  }
  const list = master.currencies;
  const selected =
    (selectedCode ? list.find((c) => c.code === selectedCode) : undefined) ?? list.find((c) => c.is_default) ?? list[0];
  const position = master.currency.position;
  if (selected) {
    return {
      code: selected.code,
      symbol: selected.symbol || FALLBACK_CURRENCY_SYMBOL,
      rate: selected.rate_from_default > 0 ? selected.rate_from_default : 1,
      position,
    };
  }
  return {
    code: master.currency.name || DEFAULT_CURRENCY.name,
    symbol: master.currency.symbol || FALLBACK_CURRENCY_SYMBOL,
    rate: 1,
    position,
  };
}

export function useDisplayCurrency(): DisplayCurrency {
  const { master } = useMaster();
  const selectedCode = useCurrencyStore((s) => s.code);
  return resolveDisplayCurrency(master, selectedCode);
}

/**
 * The marketplace's default currency, the one the API counts every amount in: what the Seller
 * Centre shows and sellers type, whatever currency the shopper side has selected (never converted).
 */
export function useDefaultCurrency(): DisplayCurrency {
  const { master } = useMaster();
  return { ...resolveDisplayCurrency(master, null), rate: 1 };
}
