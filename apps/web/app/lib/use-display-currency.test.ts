import type { Master } from '@shop/contracts/settings';
import { describe, expect, it } from 'vitest';
import { resolveDisplayCurrency } from './use-display-currency';

const master = {
  currency: { name: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' },
  currencies: [
    { id: 1, name: 'Rupiah', code: 'IDR', symbol: 'Rp', rate: 1, rate_from_default: 1, is_default: true },
    {
      id: 2,
      name: 'US Dollar',
      code: 'USD',
      symbol: '$',
      rate: 16000,
      rate_from_default: 0.0000625,
      is_default: false,
    },
  ],
} as unknown as Master;

describe('resolveDisplayCurrency', () => {
  it('uses the selected currency with its rate and the shop position', () => {
    expect(resolveDisplayCurrency(master, 'USD')).toEqual({
      code: 'USD',
      symbol: '$',
      rate: 0.0000625,
      position: 'prefix',
    });
  });
  it("falls back to the shop's default currency for an unknown or missing choice", () => {
    expect(resolveDisplayCurrency(master, 'EUR').code).toBe('IDR');
    expect(resolveDisplayCurrency(master, null).code).toBe('IDR');
  });
  it('uses the spec default before the settings load', () => {
    expect(resolveDisplayCurrency(undefined, 'USD')).toEqual({ code: 'USD', symbol: '$', rate: 1, position: 'prefix' });
  });
  it('uses the fallback symbol when the settings name none', () => {
    const bare = { ...master, currencies: [], currency: { ...master.currency, symbol: '' } } as Master;
    expect(resolveDisplayCurrency(bare, null).symbol).toBe('Rp.');
  });
});
