import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  blogInputSchema,
  contentDeletedReplySchema,
  operatorBlogReplySchema,
  operatorBlogsQuerySchema,
  operatorBlogsReplySchema,
} from '@shop/contracts/operator-content';
import type { ZodApp } from '../../deps';
import { unauthorized } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import type { AuditService } from '../audit/audit.service';
import { BLOG_NOT_FOUND, type BlogsAdminService } from './blogs-admin.service';

const adminErrors = { 401: errorReplySchema, 403: errorReplySchema };
const idErrors = { ...adminErrors, 404: errorReplySchema, 422: validationErrorReplySchema };

/** The operator's blog posts. Every route uses the `admin` policy. */
export async function blogsAdminRoutes(
  app: ZodApp,
  { blogsAdmin, audit }: { blogsAdmin: BlogsAdminService; audit: AuditService },
) {
  const idOf = (raw: string) => parsePathId(raw, BLOG_NOT_FOUND);

  app.get(
    '/api/operator/blogs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'Every blog post (published or draft), searched by title or slug, sorted and paged; with the categories',
        querystring: operatorBlogsQuerySchema,
        response: { 200: operatorBlogsReplySchema, ...adminErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await blogsAdmin.list(request.query)),
  );

  app.post(
    '/api/operator/blogs',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary:
          'Writes a blog post: its title and rich text in each language (sanitised when saved), picture, category',
        body: blogInputSchema,
        response: { 200: operatorBlogReplySchema, ...adminErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const author = request.session?.userId;
      if (author === undefined) throw unauthorized();
      return ok({ blog: await blogsAdmin.create(request.body, author, audit.sink(request.audit)) }, msg('Post saved.'));
    },
  );

  app.put(
    '/api/operator/blogs/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Changes a blog post',
        params: pathIdSchema,
        body: blogInputSchema,
        response: { 200: operatorBlogReplySchema, ...idErrors },
      },
    },
    async (request) =>
      ok(
        { blog: await blogsAdmin.update(idOf(request.params.id), request.body, audit.sink(request.audit)) },
        msg('Post saved.'),
      ),
  );

  app.delete(
    '/api/operator/blogs/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Deletes a blog post',
        params: pathIdSchema,
        response: { 200: contentDeletedReplySchema, ...idErrors },
      },
    },
    async (request) =>
      ok(await blogsAdmin.remove(idOf(request.params.id), audit.sink(request.audit)), msg('Post deleted.')),
  );
}
