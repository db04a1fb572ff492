import type { PaymentGateway } from '../../../deps';

/** Cash on delivery: nothing is paid online; the order is paid when it is delivered. */
export const cashGateway: PaymentGateway = {
  name: 'cash',
  online: false,
  async start() {
    return { url: null, reference: null };
  },
};
