import fastifyMultipart from '@fastify/multipart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  returnDetailsReplySchema,
  returnOrderInputSchema,
  returnsQuerySchema,
  returnsReplySchema,
} from '@shop/contracts/returns';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { badRequest } from '../../lib/errors';
import { parseForm } from '../../lib/forms';
import { msg } from '../../lib/messages';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { ReturnsService } from './returns.service';

const TEXT_FIELDS = new Set(['order_id', 'reason', 'bank_account_number', 'bank_name', 'return_address']);
const LIST_FIELDS = new Set(['product_ids', 'product_ids[]']);
const looseBody = z.record(z.string(), z.unknown()).nullish();

/** Reads the multipart return form: its text fields and the repeated `product_ids[]`; files are dropped. */
async function readReturnForm(request: FastifyRequest) {
  const fields: Record<string, unknown> = {};
  const productIds: string[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      await part.toBuffer().catch(() => undefined);
    } else if (typeof part.value === 'string') {
      if (LIST_FIELDS.has(part.fieldname)) productIds.push(...part.value.split(',').filter((v) => v.trim() !== ''));
      else if (TEXT_FIELDS.has(part.fieldname)) fields[part.fieldname] = part.value;
    }
  }
  if (productIds.length > 0) fields.product_ids = productIds;
  return fields;
}

/** The shopper's returns: ask for one, the list, one return. */
export async function returnsRoutes(app: ZodApp, { returns: service }: { returns: ReturnsService }) {
  app.get(
    '/api/return-orders',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['returns'],
        summary: 'The shopper’s returns, newest first (10 a page unless per_page)',
        querystring: returnsQuerySchema,
        response: { 200: returnsReplySchema, 401: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await service.list(signedInUserId(request), request.query)),
  );

  app.get(
    '/api/return-order-details/:id',
    {
      config: { access: 'owner', resource: 'return' },
      schema: {
        tags: ['returns'],
        summary: 'One return of the shopper with its shop and lines (404 for anyone else’s)',
        params: pathIdSchema,
        response: { 200: returnDetailsReplySchema, 401: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) =>
      ok({ return_order: await service.details(signedInUserId(request), parsePathId(request.params.id)) }),
  );

  // Multipart only in this scope: the rest of the API keeps refusing bodies it does not expect.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { fileSize: 1, files: 0, fields: 120, fieldSize: 10_000, parts: 120 },
    });
    scope.post(
      '/api/return-order',
      {
        // A double submit cannot ask twice: the unique line index refuses the second (422).
        config: { access: 'customer' },
        schema: {
          tags: ['returns'],
          summary:
            'Ask to return lines of a Delivered order: multipart/form-data or JSON with order_id, ' +
            'product_ids[] (ORDER LINE ids: products[].id of the order details), reason, ' +
            'bank_account_number (6 to 20 digits; spaces and dashes are dropped), bank_name, return_address. ' +
            '422 when the order is not Delivered, ' +
            'the return period is over, it holds a digital product, a line is not in the order or ' +
            'was already returned; 404 for another user’s order',
          consumes: ['multipart/form-data', 'application/json'],
          body: looseBody,
          response: {
            200: returnDetailsReplySchema,
            400: errorReplySchema,
            401: errorReplySchema,
            404: errorReplySchema,
            409: errorReplySchema,
            413: errorReplySchema,
            422: z.union([validationErrorReplySchema, errorReplySchema]),
          },
        },
      },
      async (request) => {
        const body = request.isMultipart()
          ? await readReturnForm(request).catch((error: { statusCode?: number }) => {
              if (error.statusCode && error.statusCode < 500) throw error;
              throw badRequest(msg('The form data could not be read.'));
            })
          : request.body;
        const returnOrder = await service.create(signedInUserId(request), parseForm(returnOrderInputSchema, body));
        return ok({ return_order: returnOrder }, msg('Return request sent successfully'));
      },
    );
  });
}
