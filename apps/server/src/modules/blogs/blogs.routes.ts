import {
  blogDetailsReplySchema,
  blogsQuerySchema,
  blogsReplySchema,
  blogViewReplySchema,
} from '@shop/contracts/content';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import type { BlogsService } from './blogs.service';

/** The blog list with its category filter, and one post with related reading and products. */
export async function blogsRoutes(app: ZodApp, { blogs: service }: { blogs: BlogsService }) {
  app.get(
    '/api/blogs',
    {
      config: { access: 'public' },
      schema: {
        tags: ['blogs'],
        summary: 'Published posts, newest first, optionally of one category; plus the categories that have posts',
        querystring: blogsQuerySchema,
        response: { 200: blogsReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const { page, per_page, category_id } = request.query;
      return ok(await service.list(category_id, { page, perPage: per_page }, request.locale));
    },
  );

  app.get(
    '/api/blog/:slugOrId/details',
    {
      config: { access: 'public' },
      schema: {
        tags: ['blogs'],
        summary: 'One post by slug or id with tags, related and popular posts and products; counts a view per visitor',
        params: z.object({ slugOrId: z.string().min(1).max(200) }),
        response: { 200: blogDetailsReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => ok(await service.details(request.params.slugOrId, request.clientIp, request.locale)),
  );

  app.post(
    '/api/blog/:slugOrId/view',
    {
      config: { access: 'public' },
      schema: {
        tags: ['blogs'],
        summary: "Counts the caller's view of a post, once per visitor (for apps; the web counts through /details)",
        params: z.object({ slugOrId: z.string().min(1).max(200) }),
        response: { 200: blogViewReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => ok(await service.view(request.params.slugOrId, request.clientIp)),
  );
}
