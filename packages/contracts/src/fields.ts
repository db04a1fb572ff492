import { z } from 'zod';

/** A positive 32-bit id in a body, query or form (numbers as text accepted), with Laravel's messages. */
export const idField = (field: string) =>
  z.coerce
    .number({ error: `The ${field} field is required.` })
    .int(`The ${field} must be an integer.`)
    .min(1, `The selected ${field} is invalid.`)
    .max(2_147_483_647, `The selected ${field} is invalid.`);

/** The same, optional: empty, 0 and "0" mean none. */
export const optionalIdField = (field: string) =>
  z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), idField(field).nullish());

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
