import {
  collectedVouchersQuerySchema,
  voucherCollectReplySchema,
  voucherCollectSchema,
  vouchersQuerySchema,
  vouchersReplySchema,
} from '@shop/contracts/cart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  sellerVoucherInputSchema,
  sellerVoucherReplySchema,
  sellerVouchersQuerySchema,
  sellerVouchersReplySchema,
} from '@shop/contracts/seller-vouchers';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { sellerShopOf, signedInUserId } from '../../plugins/access';
import type { AuditService } from '../audit/audit.service';
import type { VouchersService } from './vouchers.service';

/** Shop vouchers: listed, collected once, then applied at checkout; and the seller's own vouchers. */
export async function vouchersRoutes(
  app: ZodApp,
  { vouchers: service, audit }: { vouchers: VouchersService; audit: AuditService },
) {
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

  const sellerErrors = { 401: errorReplySchema, 403: errorReplySchema };
  const idOf = (id: string) => parsePathId(id, msg('Voucher not found.'));

  app.get(
    '/api/seller/vouchers',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'The shop’s own vouchers, newest first, each with how often it was used; optionally by state',
        querystring: sellerVouchersQuerySchema,
        response: { 200: sellerVouchersReplySchema, ...sellerErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await service.shopVouchers(sellerShopOf(request), request.query)),
  );

  app.post(
    '/api/seller/vouchers',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'Makes a voucher of the shop: a percentage (with an optional cap) or an amount, minimum spend, ' +
          'per-shopper and total limits, validity; the checkout applies it by its own rules',
        body: sellerVoucherInputSchema,
        response: { 200: sellerVoucherReplySchema, ...sellerErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const voucher = await service.createShopVoucher(sellerShopOf(request), request.body, audit.sink(request.audit));
      return ok({ voucher }, msg('Voucher created.'));
    },
  );

  app.get(
    '/api/seller/vouchers/:id',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'One of the shop’s vouchers (404 for another shop’s)',
        params: pathIdSchema,
        response: { 200: sellerVoucherReplySchema, ...sellerErrors, 404: errorReplySchema },
      },
    },
    async (request) => ok({ voucher: await service.shopVoucher(sellerShopOf(request), idOf(request.params.id)) }),
  );

  app.put(
    '/api/seller/vouchers/:id',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'Changes one of the shop’s vouchers (the whole voucher again); 422 once it has ended or for a total ' +
          'limit below its uses, 404 for another shop’s',
        params: pathIdSchema,
        body: sellerVoucherInputSchema,
        response: {
          200: sellerVoucherReplySchema,
          ...sellerErrors,
          404: errorReplySchema,
          422: z.union([validationErrorReplySchema, errorReplySchema]),
        },
      },
    },
    async (request) => {
      const shopId = sellerShopOf(request);
      const id = idOf(request.params.id);
      const voucher = await service.updateShopVoucher(shopId, id, request.body, audit.sink(request.audit));
      return ok({ voucher }, msg('Voucher updated.'));
    },
  );

  app.post(
    '/api/seller/vouchers/:id/end',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'Ends one of the shop’s vouchers now (no longer usable); 422 once ended, 404 for another shop’s',
        params: pathIdSchema,
        response: {
          200: sellerVoucherReplySchema,
          ...sellerErrors,
          404: errorReplySchema,
          422: z.union([validationErrorReplySchema, errorReplySchema]),
        },
      },
    },
    async (request) => {
      const shopId = sellerShopOf(request);
      const id = idOf(request.params.id);
      const voucher = await service.endShopVoucher(shopId, id, audit.sink(request.audit));
      return ok({ voucher }, msg('Voucher ended.'));
    },
  );
}
