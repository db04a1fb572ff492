import fastifyMultipart from '@fastify/multipart';
import { ErrorCode, errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  bannerInputSchema,
  bannersQuerySchema,
  CONTENT_IMAGE_MAX_BYTES,
  contentDeletedReplySchema,
  contentImageReplySchema,
  operatorBannerReplySchema,
  operatorBannersReplySchema,
  PLACEMENTS,
} from '@shop/contracts/operator-content';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodApp } from '../../deps';
import { AppError } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { readSingleFileForm } from '../../lib/multipart-form';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import type { AuditService } from '../audit/audit.service';
import { BANNER_NOT_FOUND, type BannersAdminService } from './banners-admin.service';

const adminErrors = { 401: errorReplySchema, 403: errorReplySchema };
const idErrors = { ...adminErrors, 404: errorReplySchema, 422: validationErrorReplySchema };
const NAMES = {
  banners: { one: 'banner', many: 'banners', saved: msg('Banner saved.'), deleted: msg('Banner deleted.') },
  ads: { one: 'ad', many: 'ads', saved: msg('Ad saved.'), deleted: msg('Ad deleted.') },
} as const;

/**
 * The home page's banners and ads as the operator keeps them, and the upload of their pictures.
 * Every route uses the `admin` policy; each write has one audit entry in its transaction.
 */
export async function bannersAdminRoutes(
  app: ZodApp,
  { bannersAdmin, audit }: { bannersAdmin: BannersAdminService; audit: AuditService },
) {
  for (const placement of PLACEMENTS) {
    const name = NAMES[placement];
    const idOf = (raw: string) => parsePathId(raw, BANNER_NOT_FOUND[placement]);

    app.get(
      `/api/operator/${placement}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: `The home page’s ${name.many}, searched by title or link, of one state (live, scheduled, ended, off), sorted and paged`,
          querystring: bannersQuerySchema,
          response: { 200: operatorBannersReplySchema, ...adminErrors, 422: validationErrorReplySchema },
        },
      },
      async (request) => ok(await bannersAdmin.list(placement, request.query)),
    );

    app.post(
      `/api/operator/${placement}`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: `Adds a ${name.one}: title, link, picture (uploaded first), order, active, start and end`,
          body: bannerInputSchema,
          response: { 200: operatorBannerReplySchema, ...adminErrors, 422: validationErrorReplySchema },
        },
      },
      async (request) =>
        ok({ item: await bannersAdmin.create(placement, request.body, audit.sink(request.audit)) }, name.saved),
    );

    app.put(
      `/api/operator/${placement}/:id`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: `Changes a ${name.one}`,
          params: pathIdSchema,
          body: bannerInputSchema,
          response: { 200: operatorBannerReplySchema, ...idErrors },
        },
      },
      async (request) =>
        ok(
          {
            item: await bannersAdmin.update(
              placement,
              idOf(request.params.id),
              request.body,
              audit.sink(request.audit),
            ),
          },
          name.saved,
        ),
    );

    app.delete(
      `/api/operator/${placement}/:id`,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary: `Deletes a ${name.one}`,
          params: pathIdSchema,
          response: { 200: contentDeletedReplySchema, ...idErrors },
        },
      },
      async (request) =>
        ok(await bannersAdmin.remove(placement, idOf(request.params.id), audit.sink(request.audit)), name.deleted),
    );
  }

  // Multipart only in this scope (the picture): the rest of the API keeps refusing bodies it does not expect.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, {
      // An oversized picture is cut and flagged (truncated), so it becomes a field error, not a 413.
      throwFileSizeLimit: false,
      limits: { fileSize: CONTENT_IMAGE_MAX_BYTES + 1, files: 1, fields: 2, fieldSize: 100, parts: 3 },
    });
    scope.post(
      '/api/operator/content-images',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['operator'],
          summary:
            'Uploads a picture for a banner, an ad or a blog post: multipart `image` (jpg, png or webp, told by its ' +
            'bytes; at most 5 MB), kept as a WebP; its id goes in the banner’s or post’s form',
          consumes: ['multipart/form-data'],
          response: {
            200: contentImageReplySchema,
            ...adminErrors,
            400: errorReplySchema,
            415: errorReplySchema,
            422: validationErrorReplySchema,
          },
        },
      },
      async (request) => {
        if (!request.isMultipart())
          throw new AppError(415, ErrorCode.UnsupportedMediaType, msg('Send the picture as multipart/form-data.'));
        const { file } = await readSingleFileForm(request, { fields: new Set(), file: 'image' });
        return ok({ image: await bannersAdmin.uploadImage(file, audit.sink(request.audit)) }, msg('Picture uploaded.'));
      },
    );
  });
}
