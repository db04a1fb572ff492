import fastifyMultipart from '@fastify/multipart';
import {
  adminBrandListQuerySchema,
  adminBrandListReplySchema,
  adminBrandReplySchema,
  adminBrandRequestSchema,
  adminCatalogueDeleteQuerySchema,
  adminCategoryDeleteReplySchema,
  adminColorListQuerySchema,
  adminColorListReplySchema,
  adminColorReplySchema,
  adminColorRequestSchema,
  adminSizeListQuerySchema,
  adminSizeListReplySchema,
  adminSizeReplySchema,
  adminSizeRequestSchema,
  adminUnitListQuerySchema,
  adminUnitListReplySchema,
  adminUnitReplySchema,
  adminUnitRequestSchema,
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
import type { ListQuery } from './catalog-admin.service';
import { type CatalogValuesService, VALUE_MESSAGES, type ValueInput, type ValueKind } from './catalog-values.service';

const idErrors = { ...roleErrors, ...missingError, ...invalidError };

/**
 * Each kind's address, reply key, contracts and the words of its replies. Typed loosely so one loop
 * registers the four: the contracts still check every request and reply at run time.
 */
interface KindRoutes {
  path: string;
  list: string;
  one: string;
  label: string;
  listQuery: z.ZodType;
  listReply: z.ZodType;
  request: z.ZodType;
  reply: z.ZodType;
  saved: Message;
  deleted: Message;
}

const KINDS: Record<ValueKind, KindRoutes> = {
  brand: {
    path: '/api/operator/brands',
    list: 'brands',
    one: 'brand',
    label: 'brands',
    listQuery: adminBrandListQuerySchema,
    listReply: adminBrandListReplySchema,
    request: adminBrandRequestSchema,
    reply: adminBrandReplySchema,
    saved: msg('Brand saved.'),
    deleted: msg('Brand deleted.'),
  },
  color: {
    path: '/api/operator/colors',
    list: 'colors',
    one: 'color',
    label: 'colours (with their colour codes)',
    listQuery: adminColorListQuerySchema,
    listReply: adminColorListReplySchema,
    request: adminColorRequestSchema,
    reply: adminColorReplySchema,
    saved: msg('Colour saved.'),
    deleted: msg('Colour deleted.'),
  },
  size: {
    path: '/api/operator/sizes',
    list: 'sizes',
    one: 'size',
    label: 'sizes (in their order)',
    listQuery: adminSizeListQuerySchema,
    listReply: adminSizeListReplySchema,
    request: adminSizeRequestSchema,
    reply: adminSizeReplySchema,
    saved: msg('Size saved.'),
    deleted: msg('Size deleted.'),
  },
  unit: {
    path: '/api/operator/units',
    list: 'units',
    one: 'unit',
    label: 'units',
    listQuery: adminUnitListQuerySchema,
    listReply: adminUnitListReplySchema,
    request: adminUnitRequestSchema,
    reply: adminUnitReplySchema,
    saved: msg('Unit saved.'),
    deleted: msg('Unit deleted.'),
  },
};

/**
 * The operator's platform-wide brands, colours, sizes and units (a shop's own are not listed and
 * answer 404). Every route uses the `admin` policy; every write writes one audit entry.
 */
export async function catalogValuesRoutes(
  app: ZodApp,
  { catalogValues, audit }: { catalogValues: CatalogValuesService; audit: AuditService },
) {
  const idOf = (kind: ValueKind, raw: string) => {
    const id = pathIdOrNull(raw);
    if (id === null) throw notFound(VALUE_MESSAGES[kind].notFound);
    return id;
  };

  for (const kind of Object.keys(KINDS) as ValueKind[]) {
    const k = KINDS[kind];
    app.get(
      k.path,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: `The platform-wide ${k.label}, searched by name, sorted and paged`,
          querystring: k.listQuery,
          response: { 200: k.listReply, ...roleErrors, 422: validationErrorReplySchema },
        },
      },
      async (request) => {
        const { total, rows } = await catalogValues.list(kind, request.query as ListQuery);
        return ok({ total, [k.list]: rows });
      },
    );

    app.post(
      k.path,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: `Adds one of the platform-wide ${k.label}`,
          body: k.request,
          response: { 200: k.reply, ...roleErrors, 422: validationErrorReplySchema },
        },
      },
      async (request) =>
        ok(
          { [k.one]: await catalogValues.create(kind, request.body as ValueInput, audit.sink(request.audit)) },
          k.saved,
        ),
    );

    app.put(
      `${k.path}/:id`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: `Changes one of the platform-wide ${k.label}`,
          params: pathIdSchema,
          body: k.request,
          response: { 200: k.reply, ...idErrors },
        },
      },
      async (request) =>
        ok(
          {
            [k.one]: await catalogValues.update(
              kind,
              idOf(kind, request.params.id),
              request.body as ValueInput,
              audit.sink(request.audit),
            ),
          },
          k.saved,
        ),
    );

    app.delete(
      `${k.path}/:id`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: `Deletes one of the platform-wide ${k.label}; one products use needs move_to, where they move`,
          params: pathIdSchema,
          querystring: adminCatalogueDeleteQuerySchema,
          response: { 200: adminCategoryDeleteReplySchema, ...idErrors, 409: errorReplySchema },
        },
      },
      async (request) =>
        ok(
          await catalogValues.remove(
            kind,
            idOf(kind, request.params.id),
            request.query.move_to,
            audit.sink(request.audit),
          ),
          k.deleted,
        ),
    );
  }

  app.delete(
    '/api/operator/brands/:id/image',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['operator'],
        summary: 'Removes the brand’s logo',
        params: pathIdSchema,
        response: { 200: adminBrandReplySchema, ...idErrors },
      },
    },
    async (request) =>
      ok(
        { brand: await catalogValues.removeBrandImage(idOf('brand', request.params.id), audit.sink(request.audit)) },
        msg('Logo removed.'),
      ),
  );

  // Multipart only in this scope (the logo): the rest of the API keeps refusing bodies it does not expect.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: CATALOGUE_IMAGE_MAX_BYTES, files: 2, fields: 5, fieldSize: 1000, parts: 10 },
    });
    scope.post(
      '/api/operator/brands/:id/image',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary:
            'Replaces the brand’s logo: multipart/form-data with `image` (jpg, png or webp, told by its bytes; at ' +
            'most 2 MB; stored as a WebP)',
          consumes: ['multipart/form-data'],
          params: pathIdSchema,
          body: z.record(z.string(), z.unknown()).nullish(),
          response: {
            200: adminBrandReplySchema,
            ...idErrors,
            400: errorReplySchema,
            413: errorReplySchema,
          },
        },
      },
      async (request) => {
        const id = idOf('brand', request.params.id);
        const form = request.isMultipart()
          ? await readSingleFileForm(request, { fields: new Set<string>(), file: 'image' })
          : { file: null };
        return ok(
          { brand: await catalogValues.setBrandImage(id, form.file, audit.sink(request.audit)) },
          msg('Logo saved.'),
        );
      },
    );
  });
}
