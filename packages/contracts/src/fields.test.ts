import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { wishlistToggleSchema } from './account';
import { cartAddSchema, cartLineSchema, placeOrderSchema } from './cart';
import { productReviewSchema } from './orders';

/** Values a JSON body may carry that are no number a person gave, whatever z.coerce made of them. */
const ODD_VALUES: unknown[] = [
  [1],
  ['1'],
  [],
  true,
  false,
  {},
  { value: 1 },
  '1e0',
  ' 1 ',
  '1 ',
  '+1',
  '0x1',
  '1.0',
  '1,0',
  '',
  ' ',
  'abc',
  'Infinity',
  1.5,
  0.999,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

/** Any JSON-ish value that is not a whole number nor a plain digit string. */
const oddValue = fc.oneof(
  fc.constantFrom(...ODD_VALUES),
  fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 3 }),
  fc.boolean(),
  fc.double({ noNaN: false }).filter((d) => !Number.isInteger(d)),
  fc.string().filter((s) => !/^\d+$/.test(s)),
  fc.dictionary(fc.string(), fc.integer()),
);

/** The field errors of a refused body: the path of each issue. */
function refusedAt(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  expect(result.success).toBe(false);
  return [...new Set(result.error?.issues.map((i) => i.path.join('.')))];
}

/** Blank is "none" for an optional id (what an HTML form sends for an empty choice). */
const blank = (v: unknown) => v === '';

/**
 * Each body field that takes a number, with a body that is valid around it; `digits`: a plain
 * digit string is taken too; `allows`: odd-looking values the field rightly takes.
 */
const NUMBER_FIELDS: {
  name: string;
  schema: z.ZodType;
  body: Record<string, unknown>;
  field: string;
  digits: boolean;
  allows?: (v: unknown) => boolean;
}[] = [
  { name: 'cart add quantity', schema: cartAddSchema, body: { product_id: 1 }, field: 'quantity', digits: false },
  { name: 'cart add product id', schema: cartAddSchema, body: {}, field: 'product_id', digits: true },
  {
    name: 'cart add colour',
    schema: cartAddSchema,
    body: { product_id: 1 },
    field: 'color',
    digits: true,
    allows: blank,
  },
  { name: 'cart add size', schema: cartAddSchema, body: { product_id: 1 }, field: 'size', digits: true, allows: blank },
  {
    name: 'cart line id',
    schema: cartLineSchema,
    body: { product_id: 1 },
    field: 'cart_item_id',
    digits: true,
    allows: blank,
  },
  {
    name: 'cart line product id',
    schema: cartLineSchema,
    body: { cart_item_id: 1 },
    field: 'product_id',
    digits: true,
    allows: blank,
  },
  {
    name: 'expected payable amount',
    schema: placeOrderSchema,
    body: { shop_ids: [1], address_id: 1, payment_method: 'cash' },
    field: 'expected_payable_amount',
    digits: false,
    // An amount has cents.
    allows: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1e13,
  },
  { name: 'wishlist product id', schema: wishlistToggleSchema, body: {}, field: 'product_id', digits: true },
  {
    name: 'review rating',
    schema: productReviewSchema,
    body: { order_id: 1, product_id: 1 },
    field: 'rating',
    digits: false,
  },
];

describe('body numbers are not coerced', () => {
  for (const { name, schema, body, field, digits, allows = () => false } of NUMBER_FIELDS) {
    it(`${name}: refuses arrays, booleans, objects, exponents, padded text and fractions with a field error`, () => {
      for (const value of ODD_VALUES.filter((v) => !allows(v))) {
        expect(refusedAt(schema.safeParse({ ...body, [field]: value })), JSON.stringify(value)).toEqual([field]);
      }
      fc.assert(
        fc.property(
          oddValue.filter((v) => !allows(v)),
          (value) => {
            expect(refusedAt(schema.safeParse({ ...body, [field]: value }))).toEqual([field]);
          },
        ),
      );
    });

    it(`${name}: takes a number${digits ? ', and plain digits (query strings and forms carry text)' : ' only'}`, () => {
      const parsed = schema.safeParse({ ...body, [field]: 3 });
      expect(parsed.success).toBe(true);
      expect((parsed.data as Record<string, unknown>)[field]).toBe(3);
      const text = schema.safeParse({ ...body, [field]: '3' });
      expect(text.success).toBe(digits);
      if (digits) expect((text.data as Record<string, unknown>)[field]).toBe(3);
    });
  }

  it('cart quantity: whole numbers from 1 to the line maximum, 1 when absent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), (quantity) => {
        expect(cartAddSchema.parse({ product_id: 1, quantity }).quantity).toBe(quantity);
      }),
    );
    expect(cartAddSchema.parse({ product_id: 1 }).quantity).toBe(1);
    for (const quantity of [0, -1, 1001]) {
      expect(refusedAt(cartAddSchema.safeParse({ product_id: 1, quantity }))).toEqual(['quantity']);
    }
  });

  it('cart line: names its line by id or by product; a colour, size or unit left out is not named', () => {
    expect(refusedAt(cartLineSchema.safeParse({}))).toEqual(['product_id']);
    expect(cartLineSchema.parse({ cart_item_id: 4 })).toMatchObject({ cart_item_id: 4, is_buy_now: false });
    const byProduct = cartLineSchema.parse({ product_id: 2, color: 0, unit: '' });
    expect(byProduct).toMatchObject({ product_id: 2, color: null, unit: null });
    expect(byProduct.size).toBeUndefined();
  });
});
