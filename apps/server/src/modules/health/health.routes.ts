import { healthReplySchema } from '@shop/contracts/settings';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import type { HealthService } from './health.service';

/** GET /api/health: 200 when the database answers, 503 when it does not (for load balancers). */
export async function healthRoutes(app: ZodApp, { health }: { health: HealthService }) {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: healthReplySchema, 503: healthReplySchema } },
    },
    async (_request, reply) => {
      const data = await health.check();
      const up = data.database_ok;
      return reply.status(up ? 200 : 503).send(ok(data, up ? msg('OK') : msg('Database unavailable')));
    },
  );
}
