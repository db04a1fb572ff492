import fastifyMultipart from '@fastify/multipart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  IMPORT_FILE_MAX_BYTES,
  importJobReplySchema,
  importJobsReplySchema,
  importStartFieldsSchema,
} from '@shop/contracts/seller-imports';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { sendCsv } from '../../lib/csv';
import { FieldErrors, requiredMessage } from '../../lib/errors';
import { parseForm } from '../../lib/forms';
import { msg } from '../../lib/messages';
import { readSingleFileForm } from '../../lib/multipart-form';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import type { PeriodicJob } from '../../lib/periodic-job';
import { ok } from '../../lib/reply';
import { sellerShopOf, signedInUserId } from '../../plugins/access';
import type { AuditService } from '../audit/audit.service';
import { IMPORT_NOT_FOUND, type SellerImportsService } from './seller-imports.service';

function sellerOf(request: FastifyRequest): { shopId: number; userId: number } {
  return { shopId: sellerShopOf(request), userId: signedInUserId(request) };
}

const jobIdOf = (id: string) => parsePathId(id, IMPORT_NOT_FOUND);

const FIELDS: ReadonlySet<string> = new Set(['default_category_id']);
const errors = { 401: errorReplySchema, 403: errorReplySchema };

/**
 * The catalogue in files at /api/seller/products/export and /api/seller/products/import: the
 * `seller` policy and the caller's shop only; another shop's import answers 404.
 */
export async function sellerImportsRoutes(
  app: ZodApp,
  {
    sellerImports: service,
    importJob,
    audit,
  }: { sellerImports: SellerImportsService; importJob: PeriodicJob; audit: AuditService },
) {
  app.get(
    '/api/seller/products/export',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'The shop’s catalogue as CSV in the import template (UTF-8 with a BOM)',
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.exportCsv(sellerOf(request).shopId);
      return sendCsv(reply, file, 'catalogue.csv');
    },
  );

  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 3, fieldSize: 100, parts: 4 },
    });
    scope.post(
      '/api/seller/products/import',
      {
        config: { access: 'seller' },
        schema: {
          tags: ['seller'],
          summary:
            'Starts an import: multipart/form-data with `file` (our template or a Shopify product export, CSV) and ' +
            'optionally `default_category_id`; a file that is not a catalogue is a 422 and nothing is kept',
          consumes: ['multipart/form-data'],
          body: z.record(z.string(), z.unknown()).nullish(),
          response: {
            200: importJobReplySchema,
            ...errors,
            400: errorReplySchema,
            413: errorReplySchema,
            415: errorReplySchema,
            422: validationErrorReplySchema,
          },
        },
      },
      async (request) => {
        const seller = sellerOf(request);
        const form = request.isMultipart()
          ? await readSingleFileForm(request, { fields: FIELDS, file: 'file' })
          : { fields: {}, file: null };
        const fields = parseForm(importStartFieldsSchema, form.fields);
        if (!form.file) throw new FieldErrors({ file: [requiredMessage('file')] });
        const job = await service.start(
          seller,
          form.file,
          fields.default_category_id ?? null,
          request.locale,
          audit.sink(request.audit),
        );
        importJob.kick();
        return ok({ job }, msg('The import has started.'));
      },
    );
  });

  app.get(
    '/api/seller/products/imports',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'The shop’s latest imports',
        response: { 200: importJobsReplySchema, ...errors },
      },
    },
    async (request) => ok({ jobs: await service.recent(sellerOf(request).shopId, request.locale) }),
  );

  app.get(
    '/api/seller/products/imports/:id',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'How far an import got: products done of total, created, updated, failed, the first report lines',
        params: pathIdSchema,
        response: { 200: importJobReplySchema, ...errors, 404: errorReplySchema },
      },
    },
    async (request) =>
      ok({ job: await service.job(sellerOf(request).shopId, jobIdOf(request.params.id), request.locale) }),
  );

  app.get(
    '/api/seller/products/imports/:id/report',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'An import’s whole report as CSV: each row refused or imported with a warning, and why',
        params: pathIdSchema,
        response: { 200: z.string(), ...errors, 404: errorReplySchema },
      },
    },
    async (request, reply) => {
      const id = jobIdOf(request.params.id);
      const file = await service.reportCsv(sellerOf(request).shopId, id, request.locale);
      return sendCsv(reply, file, `import-${id}-report.csv`);
    },
  );
}
