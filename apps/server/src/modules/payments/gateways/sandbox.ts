import type { PaymentGateway } from '../../../deps';

/**
 * The built-in test gateway: its "hosted page" is the storefront's own
 * /payment/{uuid}, whose Pay and Cancel buttons call the server, which settles the payment itself.
 * No money moves; a shop turns it off (payment_gateways.is_active) before going live.
 */
export const sandboxGateway: PaymentGateway = {
  name: 'sandbox',
  online: true,
  async start(payment) {
    return { url: `/payment/${payment.id}`, reference: null };
  },
  // No money moved, so none goes back: the payment is marked refunded by the caller.
  async refund() {},
};
