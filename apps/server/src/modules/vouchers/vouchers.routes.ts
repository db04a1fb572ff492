import {
  collectedVouchersQuerySchema,
  voucherCollectReplySchema,
  voucherCollectSchema,
  vouchersQuerySchema,
  vouchersReplySchema,
} from '@shop/contracts/cart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { VouchersService } from './vouchers.service';

/** Shop vouchers: listed, collected once, then applied at checkout. */
export async function vouchersRoutes(app: ZodApp, { vouchers: service }: { vouchers: VouchersService }) {
  app.get(
    '/api/get-vouchers',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['cart'],
        summary: 'The usable vouchers of a shop (its own and platform vouchers assigned to it), with is_collected',
        querystring: vouchersQuerySchema,
        response: { 200: vouchersReplySchema, 401: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok({ coupons: await service.list(request.query.shop_id, signedInUserId(request)) }),
  );

  app.post(
    '/api/vouchers-collect',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['cart'],
        summary: 'Collect a voucher, once: a second collect answers 409 "Voucher already collected"',
        body: voucherCollectSchema,
        response: {
          200: voucherCollectReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
          409: errorReplySchema,
          422: validationErrorReplySchema,
        },
      },
    },
    async (request) =>
      ok(
        { coupon: await service.collect(signedInUserId(request), request.body.coupon_id) },
        msg('Voucher collected successfully'),
      ),
  );

  app.get(
    '/api/get-collected-vouchers',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['cart'],
        summary: 'The usable vouchers the shopper collected, of one shop or all',
        querystring: collectedVouchersQuerySchema,
        response: { 200: vouchersReplySchema, 401: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok({ coupons: await service.collected(signedInUserId(request), request.query.shop_id ?? null) }),
  );
}
