import { addressesQuerySchema, addressesReplySchema, addressReplySchema } from '@shop/contracts/account';
import { messageReplySchema } from '@shop/contracts/auth';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { AddressesService } from './addresses.service';

const looseBody = z.record(z.string(), z.unknown()).optional();

/** The shopper's shipping addresses; exactly one is the default once there is any. */
export async function addressesRoutes(app: ZodApp, { addresses: service }: { addresses: AddressesService }) {
  app.get(
    '/api/addresses',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'The shopper’s addresses, the default first (all of them without per_page)',
        querystring: addressesQuerySchema,
        response: { 200: addressesReplySchema, 401: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) =>
      ok(await service.list(signedInUserId(request), { page: request.query.page, perPage: request.query.per_page })),
  );

  app.post(
    '/api/address/store',
    {
      // A double submit (two taps, a retry after a lost reply) must not save the address twice.
      config: { access: 'customer', idempotency: 'optional' },
      schema: {
        tags: ['account'],
        summary:
          'Add an address; the first one, or one sent with is_default, becomes the default. With an `Idempotency-Key`, a repeated call replays the first reply',
        body: looseBody,
        response: {
          200: addressReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          409: errorReplySchema,
          422: validationErrorReplySchema,
        },
      },
    },
    async (request) =>
      ok({ address: await service.create(signedInUserId(request), request.body) }, msg('Address added successfully')),
  );

  app.get(
    '/api/address/:id',
    {
      config: { access: 'owner', resource: 'address' },
      schema: {
        tags: ['account'],
        summary: 'One address of the shopper (404 for anyone else’s)',
        params: pathIdSchema,
        response: { 200: addressReplySchema, 401: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => ok({ address: await service.get(signedInUserId(request), parsePathId(request.params.id)) }),
  );

  app.post(
    '/api/address/:id/update',
    {
      config: { access: 'owner', resource: 'address' },
      schema: {
        tags: ['account'],
        summary: 'Change an address; is_default true makes it the default (the old one is unset)',
        params: pathIdSchema,
        body: looseBody,
        response: {
          200: addressReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
          422: validationErrorReplySchema,
        },
      },
    },
    async (request) => {
      const id = parsePathId(request.params.id);
      const address = await service.update(signedInUserId(request), id, request.body);
      return ok({ address }, msg('Address updated successfully'));
    },
  );

  app.delete(
    '/api/address/:id/delete',
    {
      config: { access: 'owner', resource: 'address' },
      schema: {
        tags: ['account'],
        summary: 'Delete an address; deleting the default makes the most recently used other one default',
        params: pathIdSchema,
        response: { 200: messageReplySchema, 401: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => {
      await service.remove(signedInUserId(request), parsePathId(request.params.id));
      return ok(null, msg('Address deleted successfully'));
    },
  );
}
