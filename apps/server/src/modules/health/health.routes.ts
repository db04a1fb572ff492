import { healthReplySchema } from '@shop/contracts/settings';
import type { AppDeps, ZodApp } from '../../app';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';

const startedAt = Date.now();

/** GET /api/health: 200 when the database answers, 503 when it does not (for load balancers). */
export async function healthRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: healthReplySchema, 503: healthReplySchema } },
    },
    async (_request, reply) => {
      const databaseOk = await deps.database.ping();
      const data = {
        status: databaseOk ? ('ok' as const) : ('degraded' as const),
        database: deps.database.kind,
        database_ok: databaseOk,
        uptime_seconds: Math.round((Date.now() - startedAt) / 1000),
      };
      return reply.status(databaseOk ? 200 : 503).send(ok(data, databaseOk ? msg('OK') : msg('Database unavailable')));
    },
  );
}
