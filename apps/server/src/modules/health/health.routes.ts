import { healthReplySchema, readyReplySchema } from '@shop/contracts/settings';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import type { HealthService } from './health.service';

/**
 * GET /api/health (liveness: the process answers; reads nothing) and GET /api/ready (readiness:
 * 200 when the database and Redis, if configured, answer; 503 when one does not; a read replica
 * that is down is reported, still 200), for load balancers and orchestrators.
 */
export async function healthRoutes(app: ZodApp, { health }: { health: HealthService }) {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness: 200 while the process answers (it reads nothing)',
        response: { 200: healthReplySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(health.live(), msg('OK'));
    },
  );

  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: 200 when the database and Redis (if configured) answer, else 503',
        response: { 200: readyReplySchema, 503: readyReplySchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const data = await health.ready();
      const up = data.status === 'ok';
      return reply.status(up ? 200 : 503).send(ok(data, up ? msg('OK') : msg('Not ready')));
    },
  );
}
