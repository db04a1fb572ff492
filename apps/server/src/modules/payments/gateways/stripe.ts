import type { GatewayConfig, PaidNotice, PaymentGateway } from '../../../deps';
import { loadStripe } from '../../../lib/lazy-modules';

/** Where the Stripe client sends its calls; tests point it at a local stand-in. */
export interface StripeHost {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

function secret(config: GatewayConfig, key: 'secret_key' | 'webhook_secret'): string {
  const value = config[key];
  if (typeof value !== 'string' || value.length === 0) {
    throw new Error(`The stripe gateway has no ${key}: set it in payment_gateways.config.`);
  }
  return value;
}

/**
 * Stripe Checkout: a hosted Checkout Session per payment, paid when
 * the signed `checkout.session.completed` webhook (payment_status paid) or
 * `checkout.session.async_payment_succeeded` arrives. The browser's return is never trusted.
 * A refund (a digital top-up that failed) goes back through the session's PaymentIntent.
 */
export function stripeGateway(host?: StripeHost): PaymentGateway {
  const client = async (config: GatewayConfig) => {
    const Stripe = await loadStripe();
    return new Stripe(secret(config, 'secret_key'), { maxNetworkRetries: 2, timeout: 20_000, ...host });
  };
  return {
    name: 'stripe',
    online: true,
    async start(payment, config) {
      const back = `${payment.publicUrl.replace(/\/$/, '')}${payment.returnPath ?? `/payment/${payment.id}`}`;
      const session = await (await client(config)).checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: payment.id,
          metadata: { payment_id: payment.id },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: payment.currency.toLowerCase(),
                unit_amount: payment.amount,
                product_data: { name: payment.description },
              },
            },
          ],
          success_url: back,
          cancel_url: `${back}${back.includes('?') ? '&' : '?'}cancelled=1`,
        },
        // Our own retries of one payment make one session.
        { idempotencyKey: `payment-${payment.id}` },
      );
      if (!session.url) throw new Error('Stripe answered without a Checkout URL');
      return { url: session.url, reference: session.id };
    },
    /**
     * A full refund of the Checkout Session's payment: the session (our payment's reference) names
     * its PaymentIntent, which is refunded. Our idempotency key makes a retried refund the same one.
     */
    async refund(payment, config) {
      if (!payment.reference) throw new Error('The payment has no Checkout Session to refund.');
      const stripe = await client(config);
      const session = await stripe.checkout.sessions.retrieve(payment.reference);
      const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
      if (!intent) throw new Error(`Checkout Session ${session.id} has no PaymentIntent to refund.`);
      await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${payment.id}` });
    },
    async verifyWebhook(rawBody, headers, config): Promise<PaidNotice | null> {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') throw new Error('missing Stripe-Signature');
      // constructEvent only checks the signature: no call to Stripe, any key string will do.
      const Stripe = await loadStripe();
      const event = new Stripe('sk_verify_only').webhooks.constructEvent(
        rawBody,
        signature,
        secret(config, 'webhook_secret'),
      );
      const paid =
        (event.type === 'checkout.session.completed' && event.data.object.payment_status !== 'unpaid') ||
        event.type === 'checkout.session.async_payment_succeeded';
      if (!paid) return null;
      const session = event.data.object;
      const paymentId = session.client_reference_id ?? session.metadata?.payment_id;
      if (!paymentId) return null;
      return {
        eventId: event.id,
        paymentId,
        reference: session.id,
        amount: session.amount_total ?? -1,
        currency: session.currency ?? '',
      };
    },
  };
}
