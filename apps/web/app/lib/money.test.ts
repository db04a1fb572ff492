import { describe, expect, it } from 'vitest';
import type { DisplayCurrency } from './display-currency';
import { effectivePrice, formatMoney, formatMoneyCompact, isDiscounted } from './money';

const idr: DisplayCurrency = { code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' };
const usd: DisplayCurrency = { code: 'USD', symbol: '$', rate: 0.000063, position: 'prefix' };
const eurSuffix: DisplayCurrency = { code: 'EUR', symbol: '€', rate: 0.000058, position: 'suffix' };
const rpSuffix: DisplayCurrency = { code: 'IDR', symbol: 'Rp', rate: 1, position: 'suffix' };

describe('formatMoney', () => {
  it('writes every amount exactly as Intl (id-ID, half away from zero) would', () => {
    const intl = (decimals: number) =>
      new Intl.NumberFormat('id-ID', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    // A fixed pseudo-random walk over small, typical and huge amounts, with halves and binary noise.
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const amounts = [0, 0.5, 1.5, 2.675, 1.005, 999.995, 1e15, 123456789012.345, 5e20, 1e21, 3.4e25];
    for (let i = 0; i < 3000; i++) {
      const magnitude = 10 ** Math.floor(next() * 13);
      amounts.push(Math.round(next() * magnitude * 1000) / 1000, Math.floor(next() * magnitude) + 0.5);
    }
    for (const amount of amounts) {
      for (const decimals of [0, 2] as const) {
        expect(formatMoney(amount, idr, { decimals }), `${amount} / ${decimals}`).toBe(
          // formatMoney keeps 12 significant digits (binary noise) before rounding.
          `Rp${intl(decimals).format(Number(amount.toPrecision(12)))}`,
        );
      }
    }
  });

  it('groups thousands the Indonesian way with no decimals by default', () => {
    expect(formatMoney(150000, idr)).toBe('Rp150.000');
    expect(formatMoney(1234567, idr)).toBe('Rp1.234.567');
    expect(formatMoney(999, idr)).toBe('Rp999');
  });

  it('rounds half away from zero when dropping decimals', () => {
    expect(formatMoney(150000.5, idr)).toBe('Rp150.001');
    expect(formatMoney(150000.49, idr)).toBe('Rp150.000');
    expect(formatMoney(-2.5, idr)).toBe('-Rp3');
  });

  it('multiplies by the selected currency rate', () => {
    // 150,000 IDR x 0.000063 = 9.45 USD
    expect(formatMoney(150000, usd, { decimals: 2 })).toBe('$9,45');
    expect(formatMoney(150000, usd)).toBe('$9');
    expect(formatMoney(1_000_000, usd)).toBe('$63');
    expect(formatMoney(25_000_000, { ...usd, rate: 2 })).toBe('$50.000.000');
  });

  it('does not let binary noise of the multiplication flip a rounding', () => {
    // 0.000063 * 150000 is 9.450000000000001 in floating point; 2.675 * 1 is stored as 2.67499...
    expect(formatMoney(150000, usd, { decimals: 2 })).toBe('$9,45');
    expect(formatMoney(2.675, idr, { decimals: 2 })).toBe('Rp2,68');
    expect(formatMoney(1.005, idr, { decimals: 2 })).toBe('Rp1,01');
  });

  it('shows two decimals with a comma in the totals mode', () => {
    expect(formatMoney(150000, idr, { decimals: 2 })).toBe('Rp150.000,00');
    expect(formatMoney(1234.5, idr, { decimals: 2 })).toBe('Rp1.234,50');
    expect(formatMoney(0.004, idr, { decimals: 2 })).toBe('Rp0,00');
  });

  it('puts a prefix symbol directly before and a suffix symbol after a no-break space', () => {
    expect(formatMoney(150000, rpSuffix)).toBe('150.000\u00a0Rp');
    expect(formatMoney(150000, eurSuffix, { decimals: 2 })).toBe('8,70\u00a0€');
    expect(formatMoney(150000, { ...idr, symbol: 'Rp.' })).toBe('Rp.150.000');
  });

  it('formats zero and negative amounts without a stray minus', () => {
    expect(formatMoney(0, idr)).toBe('Rp0');
    expect(formatMoney(-0, idr)).toBe('Rp0');
    expect(formatMoney(-0.4, idr)).toBe('Rp0');
    expect(formatMoney(-5000, idr)).toBe('-Rp5.000');
    expect(formatMoney(-5000, rpSuffix)).toBe('-5.000\u00a0Rp');
    expect(formatMoney(-1234.567, idr, { decimals: 2 })).toBe('-Rp1.234,57');
  });

  it('never prints NaN for a broken rate', () => {
    expect(formatMoney(1000, { ...idr, rate: Number.NaN })).toBe('Rp0');
  });
});

describe('effectivePrice', () => {
  it('uses the discount price when it is above zero', () => {
    expect(effectivePrice({ price: 200000, discount_price: 150000 })).toBe(150000);
  });

  it('falls back to the price when there is no discount', () => {
    expect(effectivePrice({ price: 200000, discount_price: 0 })).toBe(200000);
    expect(effectivePrice({ price: 200000, discount_price: -1 })).toBe(200000);
  });
});

describe('isDiscounted', () => {
  it('is true only for a positive discount price below the price', () => {
    expect(isDiscounted({ price: 200000, discount_price: 150000 })).toBe(true);
    expect(isDiscounted({ price: 200000, discount_price: 0 })).toBe(false);
    expect(isDiscounted({ price: 200000, discount_price: 200000 })).toBe(false);
  });
});

describe('formatMoneyCompact', () => {
  it('writes an axis tick in few characters, in the language, the symbol where formatMoney puts it', () => {
    expect(formatMoneyCompact(1_500_000, idr, 'en')).toBe('Rp1.5M');
    expect(formatMoneyCompact(12_000, usd, 'en')).toBe('$0.8');
    expect(formatMoneyCompact(0, idr, 'en')).toBe('Rp0');
    expect(formatMoneyCompact(2_500_000, rpSuffix, 'en')).toBe('2.5M\u00a0Rp');
    expect(formatMoneyCompact(-5000, idr, 'en')).toBe('-Rp5K');
    expect(formatMoneyCompact(1_500_000, idr, 'id')).toMatch(/^Rp1,5\sjt$/);
  });
});
