import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import type { SeoService } from './seo.service';

/** Search engines re-read these often enough; an hour spares the database on busy crawls. */
const SITEMAP_CACHE = 'public, max-age=3600';

function sendXml(reply: FastifyReply, body: string | null) {
  if (body === null) throw notFound(msg('Sitemap not found.'));
  return reply.type('application/xml; charset=utf-8').header('Cache-Control', SITEMAP_CACHE).send(body);
}

const fileNumber = z.object({ n: z.coerce.number().int().min(1).max(100_000) });

/** /sitemap.xml with its parts, and /robots.txt: registered before the web app's catch-all. */
export async function seoRoutes(app: ZodApp, { seo: service }: { seo: SeoService }) {
  const hidden = { tags: ['seo'], hide: true } as const;

  app.get('/robots.txt', { config: { access: 'public' }, schema: hidden }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', SITEMAP_CACHE).send(service.robots()),
  );

  app.get('/sitemap.xml', { config: { access: 'public' }, schema: hidden }, async (_request, reply) =>
    sendXml(reply, await service.sitemap()),
  );

  // The first pages file under its name from before the pages were split, for links made then.
  app.get('/sitemap-pages.xml', { config: { access: 'public' }, schema: hidden }, async (_request, reply) =>
    sendXml(reply, await service.pagesSitemap(1)),
  );

  app.get(
    '/sitemap-pages-:n.xml',
    { config: { access: 'public' }, schema: { ...hidden, params: fileNumber } },
    async (request, reply) => sendXml(reply, await service.pagesSitemap(request.params.n)),
  );

  app.get(
    '/sitemap-products-:n.xml',
    { config: { access: 'public' }, schema: { ...hidden, params: fileNumber } },
    async (request, reply) => sendXml(reply, await service.productsSitemap(request.params.n)),
  );
}
