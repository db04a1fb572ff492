import { contactReplySchema, supportReplySchema, supportRequestSchema } from '@shop/contracts/content';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import type { AppDeps, ZodApp } from '../../app';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { SupportService } from './support.service';

/**
 * The contact details page and the public contact form. The form is open to visitors, so each
 * address may send only a few messages (RATE_LIMITS.support).
 */
export async function supportRoutes(app: ZodApp, deps: AppDeps) {
  const service = new SupportService(deps);

  app.get(
    '/api/contact-us',
    {
      config: { access: 'public' },
      schema: {
        tags: ['support'],
        summary: "The shop's phone, email, WhatsApp, Messenger and address",
        response: { 200: contactReplySchema },
      },
    },
    async () => ok(await service.contact()),
  );

  app.post(
    '/api/support',
    {
      config: { access: 'public', rateLimit: RATE_LIMITS.support },
      schema: {
        tags: ['support'],
        summary: 'Sends a message from the contact-us or support form',
        body: supportRequestSchema,
        response: { 200: supportReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const row = await service.create(request.body);
      return ok(
        {
          content: {
            id: row.id,
            name: row.name,
            email: row.email,
            phone: row.phone,
            subject: row.subject,
            message: row.message,
            created_at: row.created_at,
          },
        },
        msg('Your message has been sent successfully.'),
      );
    },
  );
}
