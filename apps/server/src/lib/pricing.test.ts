import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toMoney } from './money';
import {
  deliveryCharge,
  maxQuantity,
  roundMinor,
  shopTotals,
  sumTotals,
  unitPrice,
  type VoucherTerms,
  vatAmounts,
  voucherDiscount,
} from './pricing';

/** Reliability plan T8: money invariants over random carts (fast-check; SEED=n replays a run). */
const seed = process.env.SEED ? Number(process.env.SEED) : undefined;
const params = { numRuns: 500, ...(seed === undefined ? {} : { seed }) };

const TIERS = [
  { minQty: 1, maxQty: 3, charge: 1_000_000 },
  { minQty: 4, maxQty: 10, charge: 2_000_000 },
  { minQty: 11, maxQty: 1000, charge: 3_500_000 },
];

const line = fc.record({
  unitPrice: fc.integer({ min: 1, max: 10_000_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
  isDigital: fc.boolean(),
});
const vat = fc.array(
  fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    name: fc.constant('VAT'),
    percentage: fc.double({ min: 0, max: 30, noNaN: true }).map((p) => Math.round(p * 1000) / 1000),
  }),
  { maxLength: 3 },
);
const voucher: fc.Arbitrary<VoucherTerms | null> = fc.option(
  fc.oneof(
    fc.record({
      discountType: fc.constant('Percentage' as const),
      discount: fc.double({ min: 0.01, max: 100, noNaN: true }),
      minOrderAmount: fc.integer({ min: 0, max: 50_000_000 }),
      maxDiscountAmount: fc.option(fc.integer({ min: 0, max: 10_000_000 })),
    }),
    fc.record({
      discountType: fc.constant('Amount' as const),
      discount: fc.integer({ min: 1, max: 100_000_000 }),
      minOrderAmount: fc.integer({ min: 0, max: 50_000_000 }),
      maxDiscountAmount: fc.constant(null),
    }),
  ),
);
const shop = fc.record({ lines: fc.array(line, { minLength: 1, maxLength: 10 }), vat, voucher });

describe('money invariants (T8)', () => {
  it('per shop: payable = subtotal + delivery + tax - discount, whole minor units, never negative', () => {
    fc.assert(
      fc.property(shop, ({ lines, vat: rates, voucher: terms }) => {
        const t = shopTotals({ lines, tiers: TIERS, vat: rates, voucher: terms });
        for (const n of [t.subtotal, t.deliveryCharge, t.couponDiscount, t.taxAmount, t.payable]) {
          expect(Number.isInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(0);
        }
        expect(t.payable).toBe(t.subtotal + t.deliveryCharge + t.taxAmount - t.couponDiscount);
        expect(t.subtotal).toBe(lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0));
        expect(t.couponDiscount).toBeLessThanOrEqual(t.subtotal);
        expect(t.taxAmount).toBe(t.taxes.reduce((s, x) => s + x.amount, 0));
      }),
      params,
    );
  });

  it('the payment is the sum of its orders, and the summed VAT lines are the shops’ VAT', () => {
    fc.assert(
      fc.property(fc.array(shop, { minLength: 1, maxLength: 5 }), vat, (shops, rates) => {
        const each = shops.map((s) => shopTotals({ lines: s.lines, tiers: TIERS, vat: rates, voucher: s.voucher }));
        const all = sumTotals(each);
        expect(all.payable).toBe(each.reduce((s, t) => s + t.payable, 0));
        expect(all.couponDiscount).toBe(each.reduce((s, t) => s + t.couponDiscount, 0));
        expect(all.taxes.reduce((s, t) => s + t.amount, 0)).toBe(all.taxAmount);
        // What the API shows (2 decimals) adds up as well, once back in minor units.
        const shown = each.reduce((s, t) => s + Math.round(toMoney(t.payable) * 100), 0);
        expect(shown).toBe(all.payable);
      }),
      params,
    );
  });

  it('VAT is each rate on the subtotal, rounded half away from zero to minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), vat, (subtotal, rates) => {
        for (const tax of vatAmounts(subtotal, rates)) {
          const exact = (subtotal * tax.percentage) / 100;
          expect(Math.abs(tax.amount - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
          expect(Number.isInteger(tax.amount)).toBe(true);
        }
      }),
      params,
    );
    expect(roundMinor(0.5)).toBe(1);
    expect(roundMinor(1_099_989.5)).toBe(1_099_990);
    // Minor units survive the trip through the API's 2-decimal numbers.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (minor) => {
        expect(Math.round(toMoney(minor) * 100)).toBe(minor);
      }),
      params,
    );
  });

  it('a voucher never gives more than the subtotal, nothing below its minimum, and respects its cap', () => {
    fc.assert(
      fc.property(voucher, fc.integer({ min: 0, max: 100_000_000 }), (terms, subtotal) => {
        if (!terms) return;
        const d = voucherDiscount(terms, subtotal);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(subtotal);
        if (subtotal < terms.minOrderAmount) expect(d).toBe(0);
        if (terms.discountType === 'Percentage' && terms.maxDiscountAmount !== null) {
          expect(d).toBeLessThanOrEqual(terms.maxDiscountAmount);
        }
      }),
      params,
    );
  });

  it('the flash price beats the discount price; extras add on; caps follow the sale', () => {
    const base = { price: 100, discountPrice: 80, colorExtra: 5, sizeExtra: 3 };
    expect(unitPrice({ ...base, flash: null })).toBe(88);
    expect(unitPrice({ ...base, discountPrice: 0, flash: null })).toBe(108);
    expect(unitPrice({ ...base, flash: { flashSaleId: 1, price: 50, remaining: 2 } })).toBe(58);
    expect(maxQuantity(10, { flashSaleId: 1, price: 50, remaining: 2 })).toBe(2);
    expect(maxQuantity(1, { flashSaleId: 1, price: 50, remaining: 2 })).toBe(1);
    expect(deliveryCharge(0, TIERS)).toBe(0);
    expect(deliveryCharge(3, TIERS)).toBe(1_000_000);
    expect(deliveryCharge(4, TIERS)).toBe(2_000_000);
    expect(deliveryCharge(2000, TIERS)).toBe(0);
  });
});
