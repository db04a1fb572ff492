import type { PaymentGateways } from '../../../deps';
import { cashGateway } from './cash';
import { sandboxGateway } from './sandbox';
import { type StripeHost, stripeGateway } from './stripe';

/** Every gateway the server knows (adding one: its file, and one entry here). */
export function createPaymentGateways(options: { stripeHost?: StripeHost } = {}): PaymentGateways {
  const all = [cashGateway, sandboxGateway, stripeGateway(options.stripeHost)];
  return new Map(all.map((g) => [g.name, g]));
}
