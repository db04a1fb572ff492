import {
  balanceReplySchema,
  ledgerQuerySchema,
  ledgerReplySchema,
  withdrawalDetailsReplySchema,
  withdrawalReplySchema,
  withdrawalRequestSchema,
  withdrawalsQuerySchema,
  withdrawalsReplySchema,
} from '@shop/contracts/earnings';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { pathIdOrNull, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { roleErrors } from '../../lib/route-errors';
import { sellerShopOf, signedInUserId } from '../../plugins/access';
import type { AuditService } from '../audit/audit.service';
import type { EarningsService } from './earnings.service';

/** The seller's money: the balance, the ledger, and withdrawals to a bank account. */
export async function earningsRoutes(
  app: ZodApp,
  { earnings: service, audit }: { earnings: EarningsService; audit: AuditService },
) {
  app.get(
    '/api/seller/balance',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'The shop’s available balance (the sum of its ledger), what withdrawals hold, and the commission rate',
        response: { 200: balanceReplySchema, ...roleErrors },
      },
    },
    async (request) => ok({ balance: await service.balance(sellerShopOf(request)) }),
  );

  app.get(
    '/api/seller/ledger',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'The shop’s ledger, newest first: sales of delivered orders, commissions, refunds, withdrawal holds and ' +
          'releases, each with the balance after it',
        querystring: ledgerQuerySchema,
        response: { 200: ledgerReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await service.ledger(sellerShopOf(request), request.query)),
  );

  app.get(
    '/api/seller/withdrawals',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'The shop’s withdrawal requests, newest first, optionally of one status (pending, paid, refused)',
        querystring: withdrawalsQuerySchema,
        response: { 200: withdrawalsReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await service.withdrawals(sellerShopOf(request), request.query)),
  );

  app.post(
    '/api/seller/withdrawals',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'Asks to be paid part of the available balance into a bank account: the amount is held until the ' +
          'operator pays or refuses it; 422 when it is more than the available balance',
        body: withdrawalRequestSchema,
        response: {
          200: withdrawalReplySchema,
          ...roleErrors,
          404: errorReplySchema,
          422: validationErrorReplySchema,
        },
      },
    },
    async (request) =>
      ok(
        await service.requestWithdrawal(
          sellerShopOf(request),
          signedInUserId(request),
          request.body,
          audit.sink(request.audit),
        ),
        msg('Your withdrawal request was sent.'),
      ),
  );

  app.get(
    '/api/seller/withdrawals/:id',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'One of the shop’s withdrawal requests (404 for another shop’s)',
        params: pathIdSchema,
        response: {
          200: withdrawalDetailsReplySchema,
          ...roleErrors,
          404: errorReplySchema,
        },
      },
    },
    async (request) => {
      const id = pathIdOrNull(request.params.id);
      if (id === null) throw notFound(msg('Withdrawal not found.'));
      return ok({ withdrawal: await service.withdrawal(sellerShopOf(request), id) });
    },
  );
}
