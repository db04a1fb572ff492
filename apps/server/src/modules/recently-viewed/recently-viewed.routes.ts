import { recentlyViewedReplySchema } from '@shop/contracts/account';
import { errorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { RecentlyViewedService } from './recently-viewed.service';

/** Products the shopper opened lately (recorded by GET /api/product-details when signed in). */
export async function recentlyViewedRoutes(
  app: ZodApp,
  { recentlyViewed: service }: { recentlyViewed: RecentlyViewedService },
) {
  app.get(
    '/api/recently-views',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'The last 10 distinct products the shopper viewed, newest first',
        response: { 200: recentlyViewedReplySchema, 401: errorReplySchema },
      },
    },
    async (request) => ok({ products: await service.list(signedInUserId(request), request.locale) }),
  );
}
