import fastifyMultipart from '@fastify/multipart';
import {
  adminCatalogueDeleteQuerySchema,
  adminCategoryDeleteReplySchema,
  adminCategoryListQuerySchema,
  adminCategoryListReplySchema,
  adminCategoryReplySchema,
  adminCategoryRequestSchema,
  adminSubCategoryListQuerySchema,
  adminSubCategoryListReplySchema,
  adminSubCategoryReplySchema,
  adminSubCategoryRequestSchema,
  CATALOGUE_IMAGE_MAX_BYTES,
} from '@shop/contracts/catalog-admin';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { notFound } from '../../lib/errors';
import { type Message, msg } from '../../lib/messages';
import { readSingleFileForm } from '../../lib/multipart-form';
import { pathIdOrNull, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { invalidError, missingError, roleErrors } from '../../lib/route-errors';
import type { AuditService } from '../audit/audit.service';
import { CATEGORY_NOT_FOUND, type CatalogAdminService, SUB_CATEGORY_NOT_FOUND } from './catalog-admin.service';

const idErrors = { ...roleErrors, ...missingError, ...invalidError };
const imageErrors = { ...idErrors, 400: errorReplySchema, 413: errorReplySchema };
const idOf = (raw: string, missing: Message = CATEGORY_NOT_FOUND) => {
  const id = pathIdOrNull(raw);
  if (id === null) throw notFound(missing);
  return id;
};
const NO_FIELDS: ReadonlySet<string> = new Set();
const looseBody = z.record(z.string(), z.unknown()).nullish();

/**
 * The operator's catalogue structure: categories and subcategories, each with a thumbnail. Every
 * route uses the `admin` policy.
 */
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
        response: { 200: adminCategoryListReplySchema, ...roleErrors, 422: validationErrorReplySchema },
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
        response: { 200: adminCategoryReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) =>
      ok({ category: await catalogAdmin.create(request.body, audit.sink(request.audit)) }, msg('Category saved.')),
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
      ok(
        { category: await catalogAdmin.update(idOf(request.params.id), request.body, audit.sink(request.audit)) },
        msg('Category saved.'),
      ),
  );

  app.delete(
    '/api/operator/categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Deletes a category; one products use needs move_to, the category its products move to',
        params: pathIdSchema,
        querystring: adminCatalogueDeleteQuerySchema,
        response: { 200: adminCategoryDeleteReplySchema, ...idErrors, 409: errorReplySchema },
      },
    },
    async (request) =>
      ok(
        await catalogAdmin.remove(idOf(request.params.id), request.query.move_to, audit.sink(request.audit)),
        msg('Category deleted.'),
      ),
  );

  app.delete(
    '/api/operator/categories/:id/image',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Removes the category’s thumbnail',
        params: pathIdSchema,
        response: { 200: adminCategoryReplySchema, ...idErrors },
      },
    },
    async (request) =>
      ok(
        { category: await catalogAdmin.removeImage(idOf(request.params.id), audit.sink(request.audit)) },
        msg('Thumbnail removed.'),
      ),
  );

  app.get(
    '/api/operator/sub-categories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Every subcategory (of one category with category_id), searched by name, sorted and paged',
        querystring: adminSubCategoryListQuerySchema,
        response: { 200: adminSubCategoryListReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await catalogAdmin.listSubCategories(request.query)),
  );

  app.post(
    '/api/operator/sub-categories',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Adds a subcategory (name in each language, the categories it shows under, order, active)',
        body: adminSubCategoryRequestSchema,
        response: { 200: adminSubCategoryReplySchema, ...roleErrors, 422: validationErrorReplySchema },
      },
    },
    async (request) =>
      ok(
        { sub_category: await catalogAdmin.createSubCategory(request.body, audit.sink(request.audit)) },
        msg('Subcategory saved.'),
      ),
  );

  app.put(
    '/api/operator/sub-categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Changes a subcategory',
        params: pathIdSchema,
        body: adminSubCategoryRequestSchema,
        response: { 200: adminSubCategoryReplySchema, ...idErrors },
      },
    },
    async (request) =>
      ok(
        {
          sub_category: await catalogAdmin.updateSubCategory(
            idOf(request.params.id, SUB_CATEGORY_NOT_FOUND),
            request.body,
            audit.sink(request.audit),
          ),
        },
        msg('Subcategory saved.'),
      ),
  );

  app.delete(
    '/api/operator/sub-categories/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Deletes a subcategory; one products use needs move_to, the subcategory its products move to',
        params: pathIdSchema,
        querystring: adminCatalogueDeleteQuerySchema,
        response: { 200: adminCategoryDeleteReplySchema, ...idErrors, 409: errorReplySchema },
      },
    },
    async (request) =>
      ok(
        await catalogAdmin.removeSubCategory(
          idOf(request.params.id, SUB_CATEGORY_NOT_FOUND),
          request.query.move_to,
          audit.sink(request.audit),
        ),
        msg('Subcategory deleted.'),
      ),
  );

  app.delete(
    '/api/operator/sub-categories/:id/image',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Removes the subcategory’s thumbnail',
        params: pathIdSchema,
        response: { 200: adminSubCategoryReplySchema, ...idErrors },
      },
    },
    async (request) =>
      ok(
        {
          sub_category: await catalogAdmin.removeSubCategoryImage(
            idOf(request.params.id, SUB_CATEGORY_NOT_FOUND),
            audit.sink(request.audit),
          ),
        },
        msg('Thumbnail removed.'),
      ),
  );

  // Multipart only in this scope (the thumbnails): the rest of the API keeps refusing bodies it does not expect.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, {
      // An oversized picture is cut and flagged (truncated), so it becomes a field error, not a 413.
      throwFileSizeLimit: false,
      limits: { fileSize: CATALOGUE_IMAGE_MAX_BYTES, files: 2, fields: 5, fieldSize: 1000, parts: 10 },
    });
    const imageRoute = {
      consumes: ['multipart/form-data'],
      params: pathIdSchema,
      body: looseBody,
    };
    scope.post(
      '/api/operator/categories/:id/image',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary:
            'Replaces the category’s thumbnail: multipart/form-data with `image` (jpg, png or webp, told by its ' +
            'bytes; at most 2 MB; stored as a WebP)',
          ...imageRoute,
          response: { 200: adminCategoryReplySchema, ...imageErrors },
        },
      },
      async (request) => {
        const id = idOf(request.params.id);
        const form = request.isMultipart()
          ? await readSingleFileForm(request, { fields: NO_FIELDS, file: 'image' })
          : { file: null };
        const category = await catalogAdmin.setImage(id, form.file, audit.sink(request.audit));
        return ok({ category }, msg('Thumbnail saved.'));
      },
    );
    scope.post(
      '/api/operator/sub-categories/:id/image',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary:
            'Replaces the subcategory’s thumbnail: multipart/form-data with `image` (jpg, png or webp; at most 2 MB)',
          ...imageRoute,
          response: { 200: adminSubCategoryReplySchema, ...imageErrors },
        },
      },
      async (request) => {
        const id = idOf(request.params.id, SUB_CATEGORY_NOT_FOUND);
        const form = request.isMultipart()
          ? await readSingleFileForm(request, { fields: NO_FIELDS, file: 'image' })
          : { file: null };
        const subCategory = await catalogAdmin.setSubCategoryImage(id, form.file, audit.sink(request.audit));
        return ok({ sub_category: subCategory }, msg('Thumbnail saved.'));
      },
    );
  });
}
