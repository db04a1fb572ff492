import { createReadStream } from 'node:fs';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import type { MediaService } from './media.service';

/** Resized copies never change under their URL (a new upload gets a new name). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /media/{width}/uploads/...: an uploaded image at one of the fixed widths, avif or webp. */
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
        // Served as it is, but never as a document that could run script.
        return reply
          .type('image/svg+xml')
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(createReadStream(result.file));
      }
      return reply.type(`image/${result.format}`).header('Vary', 'Accept').send(result.body);
    },
  );
}
