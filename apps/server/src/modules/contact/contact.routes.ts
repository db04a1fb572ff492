import { contactReplySchema, supportReplySchema, supportRequestSchema } from '@shop/contracts/content';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import type { ContactService } from './contact.service';

/**
 * The contact details page and the public contact form. The form is open to visitors, so each
 * address may send only a few messages (RATE_LIMITS.contact).
 */
export async function contactRoutes(app: ZodApp, { contact: service }: { contact: ContactService }) {
  app.get(
    '/api/contact-us',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: "The shop's phone, email, WhatsApp, Messenger and address",
        response: { 200: contactReplySchema },
      },
    },
    async () => ok(await service.contact()),
  );

  app.post(
    '/api/support',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.contact },
      schema: {
        tags: ['contact'],
        summary: 'Sends a message from the contact-us or support form',
        body: supportRequestSchema,
        response: { 200: supportReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) =>
      ok({ content: await service.create(request.body) }, msg('Your message has been sent successfully.')),
  );
}
