import { legalPageReplySchema } from '@shop/contracts/content';
import { errorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import type { PagesService } from './pages.service';

/** Policy pages (terms, privacy, returns, about us) and any other CMS page, by slug. */
export async function pagesRoutes(app: ZodApp, { pages: service }: { pages: PagesService }) {
  app.get(
    '/api/legal-pages/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pages'],
        summary:
          'One active policy or CMS page: its title and sanitised HTML, in the request’s language when written in it',
        params: z.object({ slug: z.string().min(1).max(160) }),
        response: { 200: legalPageReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => ok({ content: await service.page(request.params.slug, request.locale) }),
  );
}
