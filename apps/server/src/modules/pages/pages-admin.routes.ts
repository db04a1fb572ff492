import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  contentDeletedReplySchema,
  operatorPageReplySchema,
  operatorPagesReplySchema,
  pageInputSchema,
  pagesQuerySchema,
} from '@shop/contracts/operator-content';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import type { AuditService } from '../audit/audit.service';
import { PAGE_NOT_FOUND, type PagesAdminService } from './pages-admin.service';

const adminErrors = { 401: errorReplySchema, 403: errorReplySchema };
const idErrors = { ...adminErrors, 404: errorReplySchema, 422: validationErrorReplySchema };

/** The operator's policy and CMS pages. Every route uses the `admin` policy. */
export async function pagesAdminRoutes(
  app: ZodApp,
  { pagesAdmin, audit }: { pagesAdmin: PagesAdminService; audit: AuditService },
) {
  const idOf = (raw: string) => parsePathId(raw, PAGE_NOT_FOUND);

  app.get(
    '/api/operator/pages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'The policy and CMS pages, searched by title or slug, of one kind, sorted and paged',
        querystring: pagesQuerySchema,
        response: { 200: operatorPagesReplySchema, ...adminErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await pagesAdmin.list(request.query)),
  );

  app.post(
    '/api/operator/pages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Adds a CMS page (/page/{slug}): its title and rich text in each language, sanitised when saved',
        body: pageInputSchema,
        response: { 200: operatorPageReplySchema, ...adminErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) =>
      ok({ page: await pagesAdmin.create(request.body, audit.sink(request.audit)) }, msg('Page saved.')),
  );

  app.put(
    '/api/operator/pages/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Changes a policy or CMS page (a policy page keeps its address)',
        params: pathIdSchema,
        body: pageInputSchema,
        response: { 200: operatorPageReplySchema, ...idErrors },
      },
    },
    async (request) =>
      ok(
        { page: await pagesAdmin.update(idOf(request.params.id), request.body, audit.sink(request.audit)) },
        msg('Page saved.'),
      ),
  );

  app.delete(
    '/api/operator/pages/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Deletes a CMS page (a policy page is switched off instead)',
        params: pathIdSchema,
        response: { 200: contentDeletedReplySchema, ...idErrors, 409: errorReplySchema },
      },
    },
    async (request) =>
      ok(await pagesAdmin.remove(idOf(request.params.id), audit.sink(request.audit)), msg('Page deleted.')),
  );
}
