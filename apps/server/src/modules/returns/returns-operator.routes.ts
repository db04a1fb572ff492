import { validationErrorReplySchema } from '@shop/contracts/errors';
import {
  operatorReturnReplySchema,
  operatorReturnsQuerySchema,
  operatorReturnsReplySchema,
  reasonRequestSchema,
} from '@shop/contracts/operator-back-office';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { missingError, refusedError, roleErrors } from '../../lib/route-errors';
import type { AuditService } from '../audit/audit.service';
import type { ReturnsService } from './returns.service';

// 422: a bad request, or a return already refunded or refused.
const decisionErrors = { ...roleErrors, ...missingError, ...refusedError };
const RETURN_NOT_FOUND = msg('Return not found.');

/**
 * The operator decides on any shop's return: refunds it (the shop's balance is debited, as when
 * the shop refunds it) or refuses it with a reason the shopper is told. Every route is `admin`.
 */
export async function returnsOperatorRoutes(
  app: ZodApp,
  { returns, audit }: { returns: ReturnsService; audit: AuditService },
) {
  app.get(
    '/api/operator/returns',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'Every shop’s returns, searched by order code or shopper, filtered by status and shop, sorted and paged',
        querystring: operatorReturnsQuerySchema,
        response: { 200: operatorReturnsReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await returns.operatorList(request.query)),
  );

  app.post(
    '/api/operator/returns/:id/refund',
    {
      // Money going back to a shopper out of a shop's balance: a fresh two-step code, as for payouts.
      config: { access: 'admin', stepUp: true },
      schema: {
        tags: ['operator'],
        summary:
          'Refunds a return that is neither refunded nor refused: marked paid, the shop’s balance debited, the shopper told',
        params: pathIdSchema,
        response: { 200: operatorReturnReplySchema, ...decisionErrors },
      },
    },
    async (request) => {
      const id = parsePathId(request.params.id, RETURN_NOT_FOUND);
      const returnOrder = await returns.operatorRefund(id, audit.sink(request.audit));
      return ok({ return_order: returnOrder }, msg('Return refunded.'));
    },
  );

  app.post(
    '/api/operator/returns/:id/refuse',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Refuses a return that is neither refunded nor refused, with the reason the shopper is told',
        params: pathIdSchema,
        body: reasonRequestSchema,
        response: { 200: operatorReturnReplySchema, ...decisionErrors },
      },
    },
    async (request) => {
      const id = parsePathId(request.params.id, RETURN_NOT_FOUND);
      const returnOrder = await returns.operatorRefuse(id, request.body.reason, audit.sink(request.audit));
      return ok({ return_order: returnOrder }, msg('Return refused.'));
    },
  );
}
