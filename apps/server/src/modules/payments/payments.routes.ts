import { paymentReplySchema } from '@shop/contracts/cart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { signedNoticeRoute } from '../../lib/raw-body';
import { ok } from '../../lib/reply';
import type { PaymentsService } from './payments.service';

/** Any text: the access plugin answers 404 for what is not a uuid of the caller's payments. */
const paymentParams = z.object({ id: z.string().max(64) });

/** The payment page's calls, the sandbox gateway's Pay and Cancel, and gateway webhooks. */
export async function paymentsRoutes(app: ZodApp, { payments: service }: { payments: PaymentsService }) {
  const errors = { 401: errorReplySchema, 404: errorReplySchema, 422: validationErrorReplySchema };

  app.get(
    '/api/payments/:id',
    {
      config: { access: 'owner', resource: 'payment' },
      schema: {
        tags: ['payments'],
        summary: 'A payment of the shopper with the orders it pays for (404 for anyone else’s)',
        params: paymentParams,
        response: { 200: paymentReplySchema, ...errors },
      },
    },
    async (request) => ok({ payment: await service.get(request.params.id, request.locale) }),
  );

  app.post(
    '/api/payments/:id/sandbox/pay',
    {
      config: { access: 'owner', resource: 'payment' },
      schema: {
        tags: ['payments'],
        summary: 'The sandbox gateway’s Pay: the server marks the payment and its orders paid (once)',
        params: paymentParams,
        response: { 200: paymentReplySchema, 400: errorReplySchema, ...errors },
      },
    },
    async (request) => ok({ payment: await service.sandboxPay(request.params.id) }, msg('Payment successful')),
  );

  app.post(
    '/api/payments/:id/sandbox/cancel',
    {
      config: { access: 'owner', resource: 'payment' },
      schema: {
        tags: ['payments'],
        summary: 'The sandbox gateway’s Cancel: the payment is closed; the orders stay, unpaid',
        params: paymentParams,
        response: { 200: paymentReplySchema, 400: errorReplySchema, ...errors },
      },
    },
    async (request) => ok({ payment: await service.sandboxCancel(request.params.id) }, msg('Payment cancelled')),
  );

  await signedNoticeRoute(app, {
    url: '/api/payments/:gateway/webhook',
    param: 'gateway',
    bodyLimit: 256 * 1024,
    tag: 'payments',
    summary:
      'A gateway’s signed notice (Stripe: checkout.session.completed). Verified over the raw body; handled once per event id',
    handle: (gateway, body, headers) => service.webhook(gateway, body, headers),
  });
}
