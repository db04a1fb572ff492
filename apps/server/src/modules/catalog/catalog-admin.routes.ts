import {
  adminCategoryDeleteQuerySchema,
  adminCategoryDeleteReplySchema,
  adminCategoryListQuerySchema,
  adminCategoryListReplySchema,
  adminCategoryReplySchema,
  adminCategoryRequestSchema,
} from '@shop/contracts/catalog-admin';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { notFound } from '../../lib/errors';
import { pathIdOrNull, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import type { AuditService } from '../audit/audit.service';
import { CATEGORY_NOT_FOUND, type CatalogAdminService } from './catalog-admin.service';

const adminErrors = { 401: errorReplySchema, 403: errorReplySchema };
const idErrors = { ...adminErrors, 404: errorReplySchema, 422: validationErrorReplySchema };
const idOf = (raw: string) => {
  const id = pathIdOrNull(raw);
  if (id === null) throw notFound(CATEGORY_NOT_FOUND);
  return id;
};

/** The operator's catalogue structure: categories. Every route uses the `admin` policy. */
export async function catalogAdminRoutes(
  app: ZodApp,
  { catalogAdmin, audit }: { catalogAdmin: CatalogAdminService; audit: AuditService },
) {
  app.get(
    '/api/operator/categories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Every category, searched by name, sorted (position, name, products) and paged',
        querystring: adminCategoryListQuerySchema,
        response: { 200: adminCategoryListReplySchema, ...adminErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await catalogAdmin.list(request.query)),
  );

  app.post(
    '/api/operator/categories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Adds a category (name in each language, order, active)',
        body: adminCategoryRequestSchema,
        response: { 200: adminCategoryReplySchema, ...adminErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok({ category: await catalogAdmin.create(request.body, audit.sink(request.audit)) }),
  );

  app.put(
    '/api/operator/categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Changes a category',
        params: pathIdSchema,
        body: adminCategoryRequestSchema,
        response: { 200: adminCategoryReplySchema, ...idErrors },
      },
    },
    async (request) =>
      ok({
        category: await catalogAdmin.update(idOf(request.params.id), request.body, audit.sink(request.audit)),
      }),
  );

  app.delete(
    '/api/operator/categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Deletes a category; one products use needs move_to, the category its products move to',
        params: pathIdSchema,
        querystring: adminCategoryDeleteQuerySchema,
        response: { 200: adminCategoryDeleteReplySchema, ...idErrors, 409: errorReplySchema },
      },
    },
    async (request) =>
      ok(await catalogAdmin.remove(idOf(request.params.id), request.query.move_to, audit.sink(request.audit))),
  );
}
