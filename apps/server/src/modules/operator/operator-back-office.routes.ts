import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  bulkApproveRequestSchema,
  operatorBalancesQuerySchema,
  operatorBalancesReplySchema,
  operatorDashboardReplySchema,
  operatorProductsQuerySchema,
  operatorProductsReplySchema,
  operatorShopListQuerySchema,
  operatorShopListReplySchema,
  operatorShopRowReplySchema,
  operatorWithdrawalReplySchema,
  operatorWithdrawalsQuerySchema,
  operatorWithdrawalsReplySchema,
  payWithdrawalRequestSchema,
  productDecisionReplySchema,
  reasonRequestSchema,
  shopCommissionRequestSchema,
} from '@shop/contracts/operator-back-office';
import type { ZodApp } from '../../deps';
import { notFound } from '../../lib/errors';
import { type Message, msg } from '../../lib/messages';
import { roundTo } from '../../lib/money';
import { pathIdOrNull, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { missingError, refusedError, roleErrors } from '../../lib/route-errors';
import type { AuditService } from '../audit/audit.service';
import type { EarningsService } from '../earnings/earnings.service';
import type { SettingsService } from '../settings/settings.service';
import type { OperatorService } from './operator.service';

// 422: a bad request, or a decision the record's state refuses (already decided, not suspended).
const idErrors = { ...roleErrors, ...missingError, ...refusedError };

const idOf = (raw: string, missing: Message) => {
  const id = pathIdOrNull(raw);
  if (id === null) throw notFound(missing);
  return id;
};
const SHOP_NOT_FOUND = msg('Shop not found.');
const PRODUCT_NOT_WAITING = msg('This product is not waiting for approval.');
const WITHDRAWAL_NOT_FOUND = msg('Withdrawal not found.');

/**
 * The operator's back office beyond shop approvals and tickets: every shop (suspend, reactivate,
 * its own commission), the product approval queue, and the sellers' money (withdrawals, balances).
 * Every route uses the `admin` policy; lists page, sort and filter on the server.
 */
export async function operatorBackOfficeRoutes(
  app: ZodApp,
  {
    operator,
    earnings,
    settings,
    audit,
  }: { operator: OperatorService; earnings: EarningsService; settings: SettingsService; audit: AuditService },
) {
  app.get(
    '/api/operator/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'What waits for the operator: shops, products and withdrawals to decide on',
        response: { 200: operatorDashboardReplySchema, ...roleErrors },
      },
    },
    async () => {
      const [attention, withdrawals] = await Promise.all([operator.attention(), earnings.pendingWithdrawalTotals()]);
      return ok({
        pending_shops: attention.pendingShops,
        suspended_shops: attention.suspendedShops,
        pending_products: attention.pendingProducts,
        pending_withdrawals: withdrawals.count,
        pending_withdrawal_amount: withdrawals.amount,
      });
    },
  );

  app.get(
    '/api/operator/shop-list',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'Every shop, searched by name, slug or owner, filtered by state (pending, approved, rejected, suspended), sorted and paged',
        querystring: operatorShopListQuerySchema,
        response: { 200: operatorShopListReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const [list, rateBps] = await Promise.all([operator.shopList(request.query), settings.commissionRateBps()]);
      return ok({ ...list, default_commission_rate: roundTo(rateBps / 100, 2) });
    },
  );

  app.post(
    '/api/operator/shops/:id/suspend',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'Suspends an approved shop: it and its products leave the storefront at once; its seller can still move the open orders',
        params: pathIdSchema,
        response: { 200: operatorShopRowReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, SHOP_NOT_FOUND);
      const shop = await operator.suspend(id, audit.sink(request.audit));
      return ok({ shop }, msg('Shop suspended.'));
    },
  );

  app.post(
    '/api/operator/shops/:id/reactivate',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Lifts a suspension: the shop and its products are back on the storefront',
        params: pathIdSchema,
        response: { 200: operatorShopRowReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, SHOP_NOT_FOUND);
      const shop = await operator.reactivate(id, audit.sink(request.audit));
      return ok({ shop }, msg('Shop reactivated.'));
    },
  );

  app.put(
    '/api/operator/shops/:id/commission',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'Sets the shop’s own commission in percent (null: the default); orders delivered from now on are charged it',
        params: pathIdSchema,
        body: shopCommissionRequestSchema,
        response: { 200: operatorShopRowReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, SHOP_NOT_FOUND);
      const shop = await operator.setCommission(id, request.body.commission_rate, audit.sink(request.audit));
      return ok({ shop }, msg('Commission saved.'));
    },
  );

  app.get(
    '/api/operator/products/waiting',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Products their sellers published that wait for approval, oldest first by default',
        querystring: operatorProductsQuerySchema,
        response: { 200: operatorProductsReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await operator.waitingProducts(request.query)),
  );

  app.post(
    '/api/operator/products/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Approves the waiting products among the ids (bulk); the others are left alone',
        body: bulkApproveRequestSchema,
        response: { 200: productDecisionReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const approved = await operator.approveProducts(request.body.ids, audit.sink(request.audit));
      return ok({ approved }, msg('{{count}} products approved.', { count: approved }));
    },
  );

  app.post(
    '/api/operator/products/:id/approve',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Approves one waiting product: it is listed on the storefront',
        params: pathIdSchema,
        response: { 200: productDecisionReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, PRODUCT_NOT_WAITING);
      await operator.approveProduct(id, audit.sink(request.audit));
      return ok({ approved: 1 }, msg('Product approved.'));
    },
  );

  app.post(
    '/api/operator/products/:id/refuse',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Refuses a waiting product: it goes back to its seller as a draft with the reason',
        params: pathIdSchema,
        body: reasonRequestSchema,
        response: { 200: productDecisionReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, PRODUCT_NOT_WAITING);
      await operator.refuseProduct(id, request.body.reason, audit.sink(request.audit));
      return ok({ approved: 0 }, msg('Product refused.'));
    },
  );

  app.get(
    '/api/operator/withdrawals',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Every shop’s withdrawal requests, filtered by status and shop, sorted and paged',
        querystring: operatorWithdrawalsQuerySchema,
        response: { 200: operatorWithdrawalsReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await earnings.operatorWithdrawals(request.query)),
  );

  app.post(
    '/api/operator/withdrawals/:id/pay',
    {
      // Money going out: the operator's code again when the last one is older than ten minutes
      // (plugins/step-up.ts), before anything is marked paid.
      config: { access: 'admin', stepUp: true },
      schema: {
        tags: ['operator'],
        summary:
          'Marks a pending withdrawal paid with the bank transfer’s reference; its hold stays in the ledger as the payout',
        params: pathIdSchema,
        body: payWithdrawalRequestSchema,
        response: { 200: operatorWithdrawalReplySchema, ...idErrors, 409: errorReplySchema },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, WITHDRAWAL_NOT_FOUND);
      const withdrawal = await earnings.payWithdrawal(id, request.body.reference, audit.sink(request.audit));
      return ok({ withdrawal }, msg('Withdrawal paid.'));
    },
  );

  app.post(
    '/api/operator/withdrawals/:id/refuse',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Refuses a pending withdrawal with the reason the seller sees; its hold goes back to the balance',
        params: pathIdSchema,
        body: reasonRequestSchema,
        response: { 200: operatorWithdrawalReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = idOf(request.params.id, WITHDRAWAL_NOT_FOUND);
      const withdrawal = await earnings.refuseWithdrawal(id, request.body.reason, audit.sink(request.audit));
      return ok({ withdrawal }, msg('Withdrawal refused.'));
    },
  );

  app.get(
    '/api/operator/balances',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'Every shop’s balance (the sum of its ledger) beside what its orders, returns and withdrawals add up to',
        querystring: operatorBalancesQuerySchema,
        response: { 200: operatorBalancesReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await earnings.operatorBalances(request.query)),
  );
}
