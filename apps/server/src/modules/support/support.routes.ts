import fastifyMultipart from '@fastify/multipart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { ticketNumberParamsSchema } from '@shop/contracts/operator';
import {
  createSupportTicketReplySchema,
  createSupportTicketSchema,
  sendTicketMessageSchema,
  supportTicketReplySchema,
  supportTicketsQuerySchema,
  supportTicketsReplySchema,
  TICKET_ATTACHMENT_MAX_BYTES,
  TICKET_ATTACHMENT_MAX_FILES,
  ticketIssueTypesReplySchema,
  ticketMessagesReplySchema,
  ticketNumberQuerySchema,
} from '@shop/contracts/support';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { badRequest, FieldErrors } from '../../lib/errors';
import { checkForm } from '../../lib/forms';
import { msg } from '../../lib/messages';
import type { UploadedFile } from '../../lib/multipart-form';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { SupportService } from './support.service';

/** Text fields of the create form; anything else in the multipart body is ignored. */
const TICKET_FIELDS = new Set(['issue_type', 'subject', 'message', 'email', 'phone', 'order_number']);
const ATTACHMENT_FIELDS = new Set(['attachments', 'attachments[]']);
const looseBody = z.record(z.string(), z.unknown()).nullish();
/** Enough for 5000 characters of any script in UTF-8; a longer value is refused, never cut. */
const FIELD_BYTES = 64 * 1024;

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  404: errorReplySchema,
  413: errorReplySchema,
  422: z.union([validationErrorReplySchema, errorReplySchema]),
};

/** A stored attachment as it was uploaded: never sniffed as something else, never cached. */
function sendAttachment(reply: FastifyReply, { row, data }: Awaited<ReturnType<SupportService['attachment']>>) {
  const disposition = row.mime === 'application/pdf' ? 'attachment' : 'inline';
  const ascii = row.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .type(row.mime)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.originalName)}`,
    )
    .send(data);
}

/**
 * Reads the multipart form. A file larger than the limit is cut by the parser at the limit and
 * refused at once, so a 20 MB upload is never held whole (nor read to its end).
 */
async function readTicketForm(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (!ATTACHMENT_FIELDS.has(part.fieldname)) {
        part.file.resume();
        continue;
      }
      const data = await part.toBuffer();
      if (part.file.truncated) {
        throw new FieldErrors({
          attachments: [
            msg('Each attachment may not be greater than {{max}} kilobytes.', {
              max: TICKET_ATTACHMENT_MAX_BYTES / 1024,
            }),
          ],
        });
      }
      files.push({ filename: part.filename, mimetype: part.mimetype, data, truncated: false });
    } else if (TICKET_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
      if (part.valueTruncated) {
        throw new FieldErrors({ [part.fieldname]: [msg('This field is too long.')] });
      }
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, files };
}

/** Support tickets of the signed-in shopper. */
export async function supportRoutes(app: ZodApp, { support: service }: { support: SupportService }) {
  app.get(
    '/api/ticket-issue-types',
    {
      config: { access: 'public' },
      schema: {
        tags: ['support'],
        summary: 'The issue types a ticket can be opened for, in the request’s language',
        response: { 200: ticketIssueTypesReplySchema },
      },
    },
    async (request) => ok({ issue_types: await service.issueTypes(request.locale) }),
  );

  app.get(
    '/api/support-tickets',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['support'],
        summary:
          'The caller’s tickets of one tab (`running` = pending or confirm, the default; `completed`; `cancel`), newest first, with the count of each tab',
        querystring: supportTicketsQuerySchema,
        response: { 200: supportTicketsReplySchema, ...errors },
      },
    },
    async (request) => ok(await service.list(signedInUserId(request), request.query, request.locale)),
  );

  // Multipart only in this scope: the rest of the API keeps refusing bodies it does not expect.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // An oversized file is cut and flagged (truncated) so it becomes a field error, not a 413.
      throwFileSizeLimit: false,
      limits: {
        fileSize: TICKET_ATTACHMENT_MAX_BYTES,
        // One more than allowed, so too many files is a field error the service words.
        files: TICKET_ATTACHMENT_MAX_FILES + 1,
        fields: 20,
        fieldSize: FIELD_BYTES,
        parts: 30,
      },
    });
    scope.post(
      '/api/support-ticket',
      {
        config: { access: 'customer' },
        schema: {
          tags: ['support'],
          summary:
            'Open a ticket: multipart/form-data (issue_type, subject, message, email, phone, order_number of one of the caller’s orders, attachments[] as jpg/png/pdf of at most 2 MB each, judged by content) or JSON without attachments. The ticket number is 6 random digits followed by the id',
          consumes: ['multipart/form-data', 'application/json'],
          body: looseBody,
          response: { 200: createSupportTicketReplySchema, ...errors },
        },
      },
      async (request) => {
        const userId = signedInUserId(request);
        const form = request.isMultipart()
          ? await readTicketForm(request).catch((error: { statusCode?: number }) => {
              if (error instanceof FieldErrors) throw error;
              // The multipart limits carry their own 4xx; a cut or garbled body is the client's fault too.
              if (error.statusCode && error.statusCode < 500) throw error;
              throw badRequest(msg('The form data could not be read.'));
            })
          : { fields: request.body, files: [] };
        const fields = checkForm(createSupportTicketSchema, form.fields);
        const ticket = await service.create(userId, fields, form.files, request.locale);
        return ok({ support_ticket: ticket }, msg('Ticket created successfully'));
      },
    );
  });

  app.get(
    '/api/support-ticket/show',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['support'],
        summary: 'One of the caller’s tickets by its number: the thread, attachments and whether the caller may reply',
        querystring: ticketNumberQuerySchema,
        response: { 200: supportTicketReplySchema, ...errors },
      },
    },
    async (request) => ok(await service.show(signedInUserId(request), request.query.ticket_number, request.locale)),
  );

  app.get(
    '/api/support-ticket-messages',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['support'],
        summary: 'The thread of one of the caller’s tickets, oldest first',
        querystring: ticketNumberQuerySchema,
        response: { 200: ticketMessagesReplySchema, ...errors },
      },
    },
    async (request) => ok({ messages: await service.messages(signedInUserId(request), request.query.ticket_number) }),
  );

  app.post(
    '/api/support-ticket-message',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['support'],
        summary:
          'Reply in a ticket’s thread (at most 5000 characters); 422 unless the support team opened the chat and the ticket is still open',
        body: sendTicketMessageSchema,
        response: { 200: ticketMessagesReplySchema, ...errors },
      },
    },
    async (request) => {
      const messages = await service.send(signedInUserId(request), request.body.ticket_number, request.body.message);
      return ok({ messages }, msg('Message sent successfully'));
    },
  );

  app.get(
    '/api/support-ticket/attachments/:id',
    {
      config: { access: 'owner', resource: 'ticketAttachment' },
      schema: {
        tags: ['support'],
        summary: 'A file attached to one of the caller’s tickets (404 for anyone else’s)',
        params: pathIdSchema,
        // The file itself (jpg, png or pdf), sent as it was stored.
        response: { 200: z.any(), 401: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request, reply) =>
      sendAttachment(reply, await service.attachment(signedInUserId(request), parsePathId(request.params.id))),
  );

  // The operator answering a ticket sees what the shopper attached; served here, beside the
  // shopper's route, so both send a file the same way.
  app.get(
    '/api/operator/support-tickets/:number/attachments/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'A file the shopper attached to a support ticket (404 when the ticket has no such file)',
        params: z.object({ number: ticketNumberParamsSchema.shape.number, id: pathIdSchema.shape.id }),
        response: { 200: z.any(), 401: errorReplySchema, 403: errorReplySchema, 404: errorReplySchema },
      },
    },
    async (request, reply) =>
      sendAttachment(reply, await service.operatorAttachment(request.params.number, parsePathId(request.params.id))),
  );

  // Development and end-to-end tests only: opens a ticket's chat without signing in as the operator.
  if (service.devRoutesEnabled) {
    app.post(
      '/api/dev/support-tickets/:ticketNumber/open-chat',
      {
        config: { access: 'customer', localOnly: true },
        schema: {
          tags: ['development'],
          summary:
            'Let the shopper reply in one of their tickets, as the operator would (APP_ENV=local, from this machine only)',
          params: z.object({ ticketNumber: z.string().max(40) }),
          response: { 200: supportTicketReplySchema, ...errors },
        },
      },
      async (request) => {
        const userId = signedInUserId(request);
        const ticket = await service.show(userId, request.params.ticketNumber, request.locale);
        await service.setUserChat(ticket.support_ticket.id, true);
        return ok(await service.show(userId, request.params.ticketNumber, request.locale));
      },
    );
  }
}
