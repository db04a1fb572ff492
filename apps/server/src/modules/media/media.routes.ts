import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { UPLOADS_CACHE_CONTROL } from '../../lib/media-store';
import { IMMUTABLE, type MediaService } from './media.service';

/** SVGs are served as they are, but never as a document that could run script. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * GET /media/{width}/uploads/...: an uploaded image at one of the fixed widths, avif or webp; and,
 * with media in a bucket, GET /uploads/... (on disk those are static files, see app.ts).
 */
export async function mediaRoutes(app: ZodApp, { media: service }: { media: MediaService }) {
  app.get(
    '/media/:width/*',
    {
      config: { access: 'public' },
      schema: {
        tags: ['media'],
        hide: true,
        params: z.object({ width: z.string().max(5), '*': z.string().max(500) }),
      },
    },
    async (request, reply) => {
      const width = /^\d+$/.test(request.params.width) ? Number(request.params.width) : Number.NaN;
      const result = await service.get(width, request.params['*'], request.headers.accept);
      reply.header('Cache-Control', IMMUTABLE);
      if (result.kind === 'svg') {
        return reply.type('image/svg+xml').header('Content-Security-Policy', SVG_POLICY).send(result.body);
      }
      return reply.type(`image/${result.format}`).header('Vary', 'Accept').send(result.body);
    },
  );

  if (!service.servesUploads) return;
  app.get(
    '/uploads/*',
    {
      config: { access: 'public' },
      schema: { tags: ['media'], hide: true, params: z.object({ '*': z.string().max(500) }) },
    },
    async (request, reply) => {
      const found = await service.original(request.params['*'], request.headers['if-none-match']);
      reply.header('Cache-Control', UPLOADS_CACHE_CONTROL);
      if (found.notModified) {
        if (found.etag) reply.header('ETag', found.etag);
        return reply.code(304).send();
      }
      const { info } = found;
      if (info.contentType === 'image/svg+xml') reply.header('Content-Security-Policy', SVG_POLICY);
      return reply
        .type(info.contentType)
        .header('Content-Length', info.length)
        .header('ETag', info.etag)
        .header('Last-Modified', info.lastModified.toUTCString())
        .send(found.body);
    },
  );
}
