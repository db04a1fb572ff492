import { contactReplySchema, supportReplySchema, supportRequestSchema } from '@shop/contracts/content';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import type { SupportService } from './support.service';

/**
 * The contact details page and the public contact form. The form is open to visitors, so each
 * address may send only a few messages (RATE_LIMITS.support).
 */
export async function supportRoutes(app: ZodApp, { support: service }: { support: SupportService }) {
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
        'Your message has been sent successfully.',
      );
    },
  );
}
