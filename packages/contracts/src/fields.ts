import { z } from 'zod';

/**
 * A query string, a form post and a multipart field carry numbers as text: a plain digit string
 * becomes its number. Anything else is left as it came, for z.number() to refuse: `[1]`, `true`,
 * `"1e0"`, `" 1 "`, `""` are not numbers a person typed (z.coerce took all of them as 1 or 0).
 */
export const plainDigits = (v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v);

/** A JSON number only; the messages name the field ("is required" when it is missing). */
export const numberField = (field: string) =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `The ${field} field is required.`
        : `The ${field} must be a number.`,
  });

/** A positive 32-bit id in a body, query or form (a number, or a plain digit string), with Laravel's messages. */
export const idField = (field: string) =>
  z.preprocess(
    plainDigits,
    numberField(field)
      .int(`The ${field} must be an integer.`)
      .min(1, `The selected ${field} is invalid.`)
      .max(2_147_483_647, `The selected ${field} is invalid.`),
  );

/** The same, optional: empty, 0 and "0" mean none. */
export const optionalIdField = (field: string) =>
  z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : plainDigits(v)), idField(field).nullish());

/**
 * A phone number as people type or paste it ("+62 812-3456-7890", "(021) 555.1234"): spaces,
 * dashes, dots, brackets and a leading + go first, and only then is its length checked, so a pasted
 * number keeps every digit. Anything else (letters) stays, for the digits-only check to refuse.
 */
export function normalizePhone(value: string): string {
  return value
    .trim()
    .replace(/^\+/, '')
    .replace(/[\s().-]/g, '');
}

/** The largest amount of money a form takes (in the default currency): far above any price or payout. */
export const MONEY_INPUT_MAX = 10_000_000_000;

/**
 * An amount of money a seller types, in the default currency (a JSON number, or a plain decimal
 * string from a form) with at most 2 decimals, from `min` up to MONEY_INPUT_MAX. The server keeps
 * it in minor units.
 */
export const moneyField = (field: string, min = 0) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,11}(\.\d{1,2})?$/.test(v) ? Number(v) : v),
    numberField(field)
      .min(min, `The ${field} must be at least ${min}.`)
      .max(MONEY_INPUT_MAX, `The ${field} may not be greater than ${MONEY_INPUT_MAX}.`)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `The ${field} may have at most 2 decimals.`),
  );
