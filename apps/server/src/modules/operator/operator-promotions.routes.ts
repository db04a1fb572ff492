import { errorReplySchema } from '@shop/contracts/errors';
import { reasonRequestSchema } from '@shop/contracts/operator-back-office';
import {
  deliveryTierInputSchema,
  deliveryTierReplySchema,
  deliveryTiersReplySchema,
  flashSaleInputSchema,
  operatorFlashSaleReplySchema,
  operatorFlashSalesQuerySchema,
  operatorFlashSalesReplySchema,
  operatorOrderReplySchema,
  operatorOrdersQuerySchema,
  operatorOrdersReplySchema,
  operatorUserReplySchema,
  operatorUsersQuerySchema,
  operatorUsersReplySchema,
  platformVoucherInputSchema,
  platformVoucherReplySchema,
  platformVouchersQuerySchema,
  platformVouchersReplySchema,
  vatRateInputSchema,
  vatRateReplySchema,
  vatRatesReplySchema,
} from '@shop/contracts/operator-promotions';
import type { ZodApp } from '../../deps';
import { notFound } from '../../lib/errors';
import { type Message, msg } from '../../lib/messages';
import { pathIdOrNull, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { invalidError, missingError, refusedError, roleErrors } from '../../lib/route-errors';
import type { AuditService } from '../audit/audit.service';
import type { SessionsService } from '../auth/sessions.service';
import type { FlashSalesService } from '../flash-sales/flash-sales.service';
import type { OrdersService } from '../orders/orders.service';
import type { SettingsService } from '../settings/settings.service';
import type { VouchersService } from '../vouchers/vouchers.service';
import type { OperatorService } from './operator.service';

const listErrors = { ...roleErrors, ...invalidError };
const writeErrors = { ...roleErrors, ...refusedError };
const idErrors = { ...writeErrors, ...missingError };

const idOf = (raw: string, missing: Message) => {
  const id = pathIdOrNull(raw);
  if (id === null) throw notFound(missing);
  return id;
};
const SALE_NOT_FOUND = msg('Flash sale not found.');
const VOUCHER_NOT_FOUND = msg('Voucher not found.');
const ORDER_NOT_FOUND = msg('Order not found.');
const USER_NOT_FOUND = msg('User not found.');
const TIER_NOT_FOUND = msg('Delivery charge not found.');
const VAT_NOT_FOUND = msg('VAT not found.');

/**
 * The operator's promotions (flash sales, platform vouchers), every order across shops, every
 * shopper and seller, and the delivery tiers and VAT rows checkout prices with. Each module keeps
 * its own rules (vouchers apply through the checkout's one set); these routes only let the
 * operator write them, with one audit entry per write.
 */
export async function operatorPromotionsRoutes(
  app: ZodApp,
  {
    operator,
    flashSales,
    vouchers,
    orders,
    settings,
    sessions,
    audit,
  }: {
    operator: OperatorService;
    flashSales: FlashSalesService;
    vouchers: VouchersService;
    orders: OrdersService;
    settings: SettingsService;
    sessions: SessionsService;
    audit: AuditService;
  },
) {
  // ----- Flash sales -------------------------------------------------------------------------
  app.get(
    '/api/operator/flash-sales',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Every flash sale, searched by title, filtered by state (running, upcoming, ended), sorted and paged',
        querystring: operatorFlashSalesQuerySchema,
        response: { 200: operatorFlashSalesReplySchema, ...listErrors },
      },
    },
    async (request) => ok(await flashSales.operatorSales(request.query)),
  );

  app.post(
    '/api/operator/flash-sales',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Makes a flash sale: its title in each language, its window and the shops that may enter products',
        body: flashSaleInputSchema,
        response: { 200: operatorFlashSaleReplySchema, ...writeErrors },
      },
    },
    async (request) => {
      const sale = await flashSales.createSale(request.body, audit.sink(request.audit));
      return ok({ flash_sale: sale }, msg('Flash sale saved.'));
    },
  );

  app.put(
    '/api/operator/flash-sales/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Changes a flash sale that has not ended (the whole sale again)',
        params: pathIdSchema,
        body: flashSaleInputSchema,
        response: { 200: operatorFlashSaleReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, SALE_NOT_FOUND);
      const sale = await flashSales.updateSale(id, request.body, audit.sink(request.audit));
      return ok({ flash_sale: sale }, msg('Flash sale saved.'));
    },
  );

  app.post(
    '/api/operator/flash-sales/:id/end',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Ends a flash sale now: it leaves the storefront and its prices stop',
        params: pathIdSchema,
        response: { 200: operatorFlashSaleReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, SALE_NOT_FOUND);
      const sale = await flashSales.endSale(id, audit.sink(request.audit));
      return ok({ flash_sale: sale }, msg('Flash sale ended.'));
    },
  );

  // ----- Platform vouchers -------------------------------------------------------------------
  app.get(
    '/api/operator/vouchers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'The marketplace’s own vouchers, searched by code, filtered by state, newest first, paged',
        querystring: platformVouchersQuerySchema,
        response: { 200: platformVouchersReplySchema, ...listErrors },
      },
    },
    async (request) => ok(await vouchers.platformVouchers(request.query)),
  );

  app.post(
    '/api/operator/vouchers',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Makes a platform voucher and the shops it reaches; checkout applies it by its usual rules',
        body: platformVoucherInputSchema,
        response: { 200: platformVoucherReplySchema, ...writeErrors },
      },
    },
    async (request) => {
      const voucher = await vouchers.createPlatformVoucher(request.body, audit.sink(request.audit));
      return ok({ voucher }, msg('Voucher saved.'));
    },
  );

  app.put(
    '/api/operator/vouchers/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Changes a platform voucher that has not ended, and the shops it reaches',
        params: pathIdSchema,
        body: platformVoucherInputSchema,
        response: { 200: platformVoucherReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, VOUCHER_NOT_FOUND);
      const voucher = await vouchers.updatePlatformVoucher(id, request.body, audit.sink(request.audit));
      return ok({ voucher }, msg('Voucher saved.'));
    },
  );

  app.post(
    '/api/operator/vouchers/:id/end',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Ends a platform voucher now',
        params: pathIdSchema,
        response: { 200: platformVoucherReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, VOUCHER_NOT_FOUND);
      const voucher = await vouchers.endPlatformVoucher(id, audit.sink(request.audit));
      return ok({ voucher }, msg('Voucher ended.'));
    },
  );

  // ----- Orders ------------------------------------------------------------------------------
  app.get(
    '/api/operator/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'Every order across shops, filtered by shop, status, payment and date, searched by code or shopper, sorted and paged',
        querystring: operatorOrdersQuerySchema,
        response: { 200: operatorOrdersReplySchema, ...listErrors },
      },
    },
    async (request) => ok(await orders.operatorOrders(request.query)),
  );

  app.get(
    '/api/operator/orders/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'One order’s details with its shopper',
        params: pathIdSchema,
        response: { 200: operatorOrderReplySchema, ...roleErrors, 404: errorReplySchema },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, ORDER_NOT_FOUND);
      return ok({ order: await orders.operatorDetails(id, request.locale) });
    },
  );

  app.post(
    '/api/operator/orders/:id/cancel',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'Cancels an order not yet picked up, with the reason the shopper sees; its stock and voucher come back',
        params: pathIdSchema,
        body: reasonRequestSchema,
        response: { 200: operatorOrderReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, ORDER_NOT_FOUND);
      const order = await orders.operatorCancel(id, request.body.reason, request.locale, audit.sink(request.audit));
      return ok({ order }, msg('Order cancelled.'));
    },
  );

  // ----- Users -------------------------------------------------------------------------------
  app.get(
    '/api/operator/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Every shopper and seller, searched by name, email or phone, filtered by role and status, paged',
        querystring: operatorUsersQuerySchema,
        response: { 200: operatorUsersReplySchema, ...listErrors },
      },
    },
    async (request) => ok(await operator.users(request.query)),
  );

  for (const blocked of [true, false]) {
    app.post(
      `/api/operator/users/:id/${blocked ? 'block' : 'unblock'}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: blocked
            ? 'Blocks a shopper or seller: their sessions end at once and they cannot sign in'
            : 'Unblocks a shopper or seller: they can sign in again',
          params: pathIdSchema,
          response: { 200: operatorUserReplySchema, ...idErrors },
        },
      },
      async (request) => {
        const id = idOf(request.params.id, USER_NOT_FOUND);
        const user = await operator.setBlocked(
          id,
          blocked,
          (userId) => sessions.revokeUserSessions(userId),
          audit.sink(request.audit),
        );
        return ok({ user }, blocked ? msg('User blocked.') : msg('User unblocked.'));
      },
    );
  }

  // ----- Delivery tiers and VAT --------------------------------------------------------------
  app.get(
    '/api/operator/delivery-charges',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'The delivery charge tiers checkout uses, by quantity',
        response: { 200: deliveryTiersReplySchema, ...roleErrors },
      },
    },
    async () => ok({ tiers: await settings.deliveryTiers() }),
  );

  app.post(
    '/api/operator/delivery-charges',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Adds a delivery charge tier',
        body: deliveryTierInputSchema,
        response: { 200: deliveryTierReplySchema, ...writeErrors },
      },
    },
    async (request) => {
      const tier = await settings.createDeliveryTier(request.body, audit.sink(request.audit));
      return ok({ tier }, msg('Delivery charge saved.'));
    },
  );

  app.put(
    '/api/operator/delivery-charges/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Changes a delivery charge tier',
        params: pathIdSchema,
        body: deliveryTierInputSchema,
        response: { 200: deliveryTierReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, TIER_NOT_FOUND);
      const tier = await settings.updateDeliveryTier(id, request.body, audit.sink(request.audit));
      return ok({ tier }, msg('Delivery charge saved.'));
    },
  );

  app.delete(
    '/api/operator/delivery-charges/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Removes a delivery charge tier',
        params: pathIdSchema,
        response: { 200: deliveryTierReplySchema, ...roleErrors, 404: errorReplySchema },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, TIER_NOT_FOUND);
      const tier = await settings.deleteDeliveryTier(id, audit.sink(request.audit));
      return ok({ tier }, msg('Delivery charge removed.'));
    },
  );

  app.get(
    '/api/operator/vat',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'The VAT rows; checkout adds the active ones',
        response: { 200: vatRatesReplySchema, ...roleErrors },
      },
    },
    async () => ok({ vat: await settings.vatRates() }),
  );

  app.post(
    '/api/operator/vat',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Adds a VAT row',
        body: vatRateInputSchema,
        response: { 200: vatRateReplySchema, ...writeErrors },
      },
    },
    async (request) => {
      const vat = await settings.createVat(request.body, audit.sink(request.audit));
      return ok({ vat }, msg('VAT saved.'));
    },
  );

  app.put(
    '/api/operator/vat/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Changes a VAT row (its name, rate, or whether checkout adds it)',
        params: pathIdSchema,
        body: vatRateInputSchema,
        response: { 200: vatRateReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, VAT_NOT_FOUND);
      const vat = await settings.updateVat(id, request.body, audit.sink(request.audit));
      return ok({ vat }, msg('VAT saved.'));
    },
  );
}
