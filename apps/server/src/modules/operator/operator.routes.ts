import { messageReplySchema } from '@shop/contracts/auth';
import { DEFAULT_LOCALE } from '@shop/contracts/constants';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  operatorShopReplySchema,
  operatorShopsQuerySchema,
  operatorShopsReplySchema,
  operatorTicketReplySchema,
  operatorTicketsQuerySchema,
  operatorTicketsReplySchema,
  ticketNumberParamsSchema,
  ticketReplyRequestSchema,
  ticketStatusRequestSchema,
  userChatRequestSchema,
} from '@shop/contracts/operator';
import type { ZodApp } from '../../deps';
import { notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { pathIdOrNull, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { roleErrors } from '../../lib/route-errors';
import { signedInUserId } from '../../plugins/access';
import type { AuditService } from '../audit/audit.service';
import type { AuthService } from '../auth/auth.service';
import { loginRoute } from '../auth/login-route';
import type { SessionsService } from '../auth/sessions.service';
import type { TwoStepService } from '../auth/two-step.service';
import type { SupportService } from '../support/support.service';
import type { OperatorService } from './operator.service';

const TICKET_NOT_FOUND = msg('Ticket not found.');

/**
 * The operator screen: sign-in for the operator (role admin), shop approvals and the
 * support tickets. Every data route uses the `admin` policy.
 */
export async function operatorRoutes(
  app: ZodApp,
  {
    operator: service,
    support,
    auth,
    sessions,
    twoStep,
    audit,
  }: {
    operator: OperatorService;
    support: SupportService;
    auth: AuthService;
    sessions: SessionsService;
    twoStep: TwoStepService;
    audit: AuditService;
  },
) {
  loginRoute(
    app,
    { auth, sessions, twoStep },
    {
      url: '/api/operator/login',
      tag: 'operator',
      summary: 'Signs the operator in (role admin); other accounts get 422',
      role: 'admin',
    },
  );

  app.get(
    '/api/operator/shops',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Shops by approval status (status=pending|approved|rejected), newest first, with their owners',
        querystring: operatorShopsQuerySchema,
        response: { 200: operatorShopsReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await service.shops(request.query)),
  );

  for (const [action, decision, message] of [
    ['approve', 'approved', msg('Shop approved.')],
    ['reject', 'rejected', msg('Shop rejected.')],
  ] as const) {
    app.post(
      `/api/operator/shops/:id/${action}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary:
            decision === 'approved'
              ? 'Approves a shop: it becomes active and its seller can work; the seller is told'
              : 'Rejects a shop: it stays inactive; the seller is told',
          params: pathIdSchema,
          response: {
            200: operatorShopReplySchema,
            ...roleErrors,
            404: errorReplySchema,
            422: validationErrorReplySchema,
          },
        },
      },
      async (request) => {
        const id = pathIdOrNull(request.params.id);
        if (id === null) throw notFound(msg('Shop not found.'));
        // The seller's language is not known: the shop's messages go in the default one.
        const shop = await service.decide(id, decision, DEFAULT_LOCALE, audit.sink(request.audit));
        return ok({ shop }, message);
      },
    );
  }

  app.get(
    '/api/operator/support-tickets',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Every shopper’s support tickets by tab (running, completed, cancel), newest first',
        querystring: operatorTicketsQuerySchema,
        response: { 200: operatorTicketsReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await support.operatorList(request.query, request.locale)),
  );

  app.get(
    '/api/operator/support-tickets/:number',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'One support ticket by its number with its thread and attachments',
        params: ticketNumberParamsSchema,
        response: { 200: operatorTicketReplySchema, ...roleErrors, 404: errorReplySchema },
      },
    },
    async (request) =>
      ok({
        support_ticket: await support.operatorShow(request.params.number, signedInUserId(request), request.locale),
      }),
  );

  const ticketOf = async (ticketNumber: string) => {
    const ticket = await support.ticketStateByNumber(ticketNumber);
    if (ticket === null) throw notFound(TICKET_NOT_FOUND);
    return ticket;
  };
  const ticketErrors = { ...roleErrors, 404: errorReplySchema, 422: validationErrorReplySchema };

  app.post(
    '/api/operator/support-tickets/:number/user-chat',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Lets the shopper write in the ticket’s thread (enabled true) or stops it',
        params: ticketNumberParamsSchema,
        body: userChatRequestSchema,
        response: { 200: messageReplySchema, ...ticketErrors },
      },
    },
    async (request) => {
      const ticket = await ticketOf(request.params.number);
      await support.setUserChat(ticket.id, request.body.enabled, audit.sink(request.audit));
      return ok(null, request.body.enabled ? msg('User chat turned on.') : msg('User chat turned off.'));
    },
  );

  app.post(
    '/api/operator/support-tickets/:number/status',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Sets the ticket’s status (pending, confirm, completed, cancel)',
        params: ticketNumberParamsSchema,
        body: ticketStatusRequestSchema,
        response: { 200: messageReplySchema, ...ticketErrors },
      },
    },
    async (request) => {
      const ticket = await ticketOf(request.params.number);
      await support.setStatus(ticket.id, request.body.status, audit.sink(request.audit));
      return ok(null, msg('Ticket status updated.'));
    },
  );

  app.post(
    '/api/operator/support-tickets/:number/reply',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'The operator answers in the ticket’s thread',
        params: ticketNumberParamsSchema,
        body: ticketReplyRequestSchema,
        response: { 200: operatorTicketReplySchema, ...ticketErrors },
      },
    },
    async (request) => {
      const operatorId = signedInUserId(request);
      const ticket = await ticketOf(request.params.number);
      await support.reply(ticket.id, operatorId, request.body.message, audit.sink(request.audit));
      return ok(
        { support_ticket: await support.operatorShow(request.params.number, operatorId, request.locale) },
        msg('Reply sent.'),
      );
    },
  );
}
