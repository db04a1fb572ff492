import { outboxQuerySchema, outboxReplySchema } from '@shop/contracts/auth';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import type { OutboxService } from './outbox.service';

/**
 * The development outbox: with APP_ENV=local, for the person at this machine only; for anyone
 * else, and anywhere but APP_ENV=local, these paths do not exist (404).
 */
export async function notificationsRoutes(app: ZodApp, { outbox }: { outbox: OutboxService }) {
  if (!outbox.enabled) return;

  app.get(
    '/api/dev/outbox',
    {
      config: { access: 'public', localOnly: true },
      schema: {
        tags: ['development'],
        summary: 'Messages the notifier recorded, newest first (APP_ENV=local, from this machine only)',
        querystring: outboxQuerySchema,
        response: { 200: outboxReplySchema },
      },
    },
    async (request) => ok({ messages: await outbox.messages(request.query.to) }),
  );

  app.get(
    '/dev/outbox',
    { config: { access: 'public', localOnly: true }, schema: { hide: true, querystring: outboxQuerySchema } },
    async (request, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(await outbox.page(request.query.to)),
  );
}
