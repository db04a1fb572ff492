import type { Payment } from '@shop/contracts/cart';

/**
 * A payment's state as the shopper reads it (a translation key), on the payment page and the
 * top-up payment page; keyed by every state, so a new one cannot fall through to another's label.
 */
export const PAYMENT_STATE_LABEL: Record<Payment['status'], string> = {
  pending: 'Unpaid',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
