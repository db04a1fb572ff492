import { dashboardReplySchema } from '@shop/contracts/account';
import { errorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { DashboardService } from './dashboard.service';

export async function dashboardRoutes(app: ZodApp, { dashboard: service }: { dashboard: DashboardService }) {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'Account dashboard: order, cart and wishlist counts, recently viewed, the default address',
        response: { 200: dashboardReplySchema, 401: errorReplySchema },
      },
    },
    async (request) => ok(await service.summary(signedInUserId(request), request.locale)),
  );
}
