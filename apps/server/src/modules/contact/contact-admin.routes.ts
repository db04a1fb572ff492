import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  contactMessageHandledSchema,
  contactMessageReadSchema,
  contactMessageReplySchema,
  contactMessagesQuerySchema,
  contactMessagesReplySchema,
} from '@shop/contracts/operator-content';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import type { AuditService } from '../audit/audit.service';
import { CONTACT_MESSAGE_NOT_FOUND, type ContactAdminService } from './contact-admin.service';

const adminErrors = { 401: errorReplySchema, 403: errorReplySchema };
const idErrors = { ...adminErrors, 404: errorReplySchema, 422: validationErrorReplySchema };

/** The operator's inbox of the contact-us and support forms. Every route uses the `admin` policy. */
export async function contactAdminRoutes(
  app: ZodApp,
  { contactAdmin, audit }: { contactAdmin: ContactAdminService; audit: AuditService },
) {
  app.get(
    '/api/operator/contact-messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'The contact form’s messages, searched in every text, filtered (unread, open, handled), sorted and paged; ' +
          'with how many are unread',
        querystring: contactMessagesQuerySchema,
        response: { 200: contactMessagesReplySchema, ...adminErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await contactAdmin.list(request.query)),
  );

  app.post(
    '/api/operator/contact-messages/:id/read',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Marks a message read, or unread again',
        params: pathIdSchema,
        body: contactMessageReadSchema,
        response: { 200: contactMessageReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = parsePathId(request.params.id, CONTACT_MESSAGE_NOT_FOUND);
      const message = await contactAdmin.markRead(id, request.body.read, audit.sink(request.audit));
      return ok({ contact_message: message }, request.body.read ? msg('Marked as read.') : msg('Marked as unread.'));
    },
  );

  app.post(
    '/api/operator/contact-messages/:id/handled',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Marks a message handled (and read), or open again',
        params: pathIdSchema,
        body: contactMessageHandledSchema,
        response: { 200: contactMessageReplySchema, ...idErrors },
      },
    },
    async (request) => {
      const id = parsePathId(request.params.id, CONTACT_MESSAGE_NOT_FOUND);
      const message = await contactAdmin.markHandled(id, request.body.handled, audit.sink(request.audit));
      return ok(
        { contact_message: message },
        request.body.handled ? msg('Marked as handled.') : msg('Marked as open.'),
      );
    },
  );
}
