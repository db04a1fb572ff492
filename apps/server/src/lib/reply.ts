import type { Envelope } from '@shop/contracts/envelope';

/** The `{ message, data }` envelope of every successful reply. */
export function ok<T>(data: T, message = 'Success'): Envelope<T> {
  return { message, data };
}
