import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderMoneyLines, vatLabel } from './order-money';

const seed = process.env.SEED ? Number(process.env.SEED) : undefined;
const params = { numRuns: 500, ...(seed === undefined ? {} : { seed }) };

/** An order's figures as the server makes them: whole minor units, payable = subtotal + delivery + taxes - discount. */
const order = fc
  .record({
    subtotal: fc.integer({ min: 0, max: 10_000_000_000 }),
    delivery: fc.integer({ min: 0, max: 50_000_000 }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    rates: fc.array(
      fc.integer({ min: 0, max: 30_000 }).map((p) => p / 1000),
      { maxLength: 3 },
    ),
  })
  .map(({ subtotal, delivery, discountShare, rates }) => {
    const discount = Math.floor(subtotal * discountShare);
    const taxes = rates.map((percentage, i) => ({
      id: i + 1,
      name: `Tax ${i + 1}`,
      percentage,
      amount: Math.round((subtotal * percentage) / 100),
    }));
    const payable = subtotal + delivery + taxes.reduce((s, t) => s + t.amount, 0) - discount;
    const money = (minor: number) => Number((minor / 100).toFixed(2));
    return {
      minor: { subtotal, delivery, discount, taxes, payable },
      figures: {
        subtotal: money(subtotal),
        delivery_charge: money(delivery),
        coupon_discount: money(discount),
        vat_taxes: taxes.map((t) => ({ ...t, amount: money(t.amount) })),
        payable_amount: money(payable),
      },
    };
  });

const cents = (amount: number) => Math.round(amount * 100);

describe('orderMoneyLines', () => {
  it('the lines before the total add up to the payable amount, to the cent', () => {
    fc.assert(
      fc.property(order, ({ figures, minor }) => {
        const lines = orderMoneyLines(figures);
        const total = lines.at(-1);
        expect(total?.kind).toBe('total');
        expect(cents(total?.amount ?? Number.NaN)).toBe(minor.payable);
        const sum = lines.slice(0, -1).reduce((s, l) => s + cents(l.amount), 0);
        expect(sum).toBe(minor.payable);
      }),
      params,
    );
  });

  it('in another currency, the converted lines still add up to the converted total, each within a cent of its own conversion', () => {
    const rate = fc.oneof(
      fc.constantFrom(0.000061, 0.0000645, 0.00026, 1, 3.7),
      fc.double({ min: 0.000001, max: 20, noNaN: true }),
    );
    fc.assert(
      fc.property(order, rate, ({ figures }, r) => {
        const lines = orderMoneyLines(figures, r);
        const total = lines.at(-1)?.amount ?? Number.NaN;
        expect(cents(total)).toBe(Math.round(Number((figures.payable_amount * r * 100).toPrecision(12))));
        expect(lines.slice(0, -1).reduce((s, l) => s + cents(l.amount), 0)).toBe(cents(total));
        const plain = orderMoneyLines(figures);
        lines.forEach((line, i) => {
          expect(Math.abs(line.amount - (plain[i]?.amount ?? 0) * r)).toBeLessThanOrEqual(
            0.0100001 + Math.abs(line.amount) * 1e-9,
          );
        });
      }),
      params,
    );
  });

  it('has subtotal, delivery, the coupon taken off (only when there is one), every VAT line, then the total', () => {
    fc.assert(
      fc.property(order, ({ figures, minor }) => {
        const lines = orderMoneyLines(figures);
        const kinds = lines.map((l) => l.kind);
        expect(kinds.slice(0, 2)).toEqual(['subtotal', 'delivery']);
        expect(kinds.filter((k) => k === 'total')).toHaveLength(1);
        expect(kinds.filter((k) => k === 'vat')).toHaveLength(minor.taxes.length);
        const discount = lines.find((l) => l.kind === 'discount');
        if (minor.discount === 0) expect(discount).toBeUndefined();
        else expect(cents(discount?.amount ?? 0)).toBe(-minor.discount);
      }),
      params,
    );
  });

  it('gives the issue’s order its VAT line and the coupon taken off: 162.200 + 10.000 - 16.220 + 17.842 = 173.822', () => {
    const lines = orderMoneyLines({
      subtotal: 162_200,
      delivery_charge: 10_000,
      coupon_discount: 16_220,
      vat_taxes: [{ id: 1, name: 'VAT', percentage: 11, amount: 17_842 }],
      payable_amount: 173_822,
    });
    expect(lines.map((l) => [l.label, l.amount])).toEqual([
      ['Subtotal', 162_200],
      ['Delivery Charge', 10_000],
      ['Coupon Discount', -16_220],
      ['VAT 11%', 17_842],
      ['Payable Amount', 173_822],
    ]);
  });
});

describe('vatLabel', () => {
  it('names the rate once', () => {
    expect(vatLabel('VAT', 11)).toBe('VAT 11%');
    expect(vatLabel('PPN 11%', 11)).toBe('PPN 11%');
    expect(vatLabel('PPN 11 %', 11)).toBe('PPN 11 %');
    expect(vatLabel('ضريبة القيمة المضافة', 11)).toBe('ضريبة القيمة المضافة 11%');
    expect(vatLabel('Luxury tax', 12.5)).toBe('Luxury tax 12.5%');
    expect(vatLabel('PPN 1%', 11)).toBe('PPN 1% 11%');
  });
});
