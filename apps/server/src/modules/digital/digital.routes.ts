import {
  digitalOrderCreateSchema,
  digitalOrderReplySchema,
  digitalOrdersQuerySchema,
  digitalOrdersReplySchema,
  digitalProductsQuerySchema,
  digitalProductsReplySchema,
  plnInquiryReplySchema,
  plnInquirySchema,
} from '@shop/contracts/digital';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { signedNoticeRoute } from '../../lib/raw-body';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import type { DigitalService } from './digital.service';

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  404: errorReplySchema,
  422: z.union([validationErrorReplySchema, errorReplySchema]),
};

/** Digital top-ups: catalogue, PLN inquiry, orders, the provider's callback. */
export async function digitalRoutes(app: ZodApp, { digital: service }: { digital: DigitalService }) {
  app.get(
    '/api/digital/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['digital'],
        summary:
          'The active denominations of an operator (telkomsel, xl, pln), in catalogue order, with its name and logo',
        querystring: digitalProductsQuerySchema,
        response: { 200: digitalProductsReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await service.products(request.query.operator)),
  );

  app.post(
    '/api/digital/pln/inquiry',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.plnInquiry },
      schema: {
        tags: ['digital'],
        summary:
          'The PLN customer behind a meter number (11 digits) or customer ID (12): name and tariff/power class. 422 under customer_number for a wrong number or one PLN does not know; 503 when the provider cannot be reached',
        body: plnInquirySchema,
        response: {
          200: plnInquiryReplySchema,
          422: validationErrorReplySchema,
          429: errorReplySchema,
          503: errorReplySchema,
        },
      },
    },
    async (request) => ok({ customer: await service.inquire(request.body.customer_number) }),
  );

  app.post(
    '/api/digital/orders',
    {
      config: { access: 'customer', idempotency: 'required' },
      schema: {
        tags: ['digital'],
        summary:
          'Order a top-up with an `Idempotency-Key`: the number is checked against the denomination (operator, length; PLN: inquired), a payment is opened at an online gateway. The order waits for its payment; it is fulfilled once the server sees the payment confirmed',
        body: digitalOrderCreateSchema,
        response: { 200: digitalOrderReplySchema, ...errors, 503: errorReplySchema },
      },
    },
    async (request) => {
      const { order, message } = await service.create(
        signedInUserId(request),
        request.body,
        request.locale,
        request.idempotencyKey?.key ?? null,
      );
      return ok({ order }, message);
    },
  );

  app.get(
    '/api/digital/orders',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['digital'],
        summary: "The caller's digital orders, newest first",
        querystring: digitalOrdersQuerySchema,
        response: { 200: digitalOrdersReplySchema, ...errors },
      },
    },
    async (request) => ok(await service.list(signedInUserId(request), request.query, request.locale)),
  );

  app.get(
    '/api/digital/orders/:id',
    {
      config: { access: 'owner', resource: 'digital_order' },
      schema: {
        tags: ['digital'],
        summary:
          'One digital order of the caller, with its payment and, once delivered, the token (404 for anyone else’s)',
        params: pathIdSchema,
        response: { 200: digitalOrderReplySchema, ...errors },
      },
    },
    async (request) => ok({ order: await service.get(parsePathId(request.params.id), request.locale) }),
  );

  app.post(
    '/api/digital/orders/:id/check',
    {
      config: { access: 'owner', resource: 'digital_order' },
      schema: {
        tags: ['digital'],
        summary:
          'Ask the provider again now about a processing order (the same transaction, never a second purchase); any other order is answered as it is',
        params: pathIdSchema,
        response: { 200: digitalOrderReplySchema, ...errors },
      },
    },
    async (request) => ok({ order: await service.check(parsePathId(request.params.id), request.locale) }),
  );

  await signedNoticeRoute(app, {
    url: '/api/digital/callback/:provider',
    param: 'provider',
    bodyLimit: 64 * 1024,
    tag: 'digital',
    summary:
      'A provider’s signed top-up result (Digiflazz: X-Hub-Signature, HMAC-SHA1 of the raw body). Verified, then applied once to the order of its ref_id',
    handle: (provider, body, headers) => service.callback(provider, body, headers),
  });
}
