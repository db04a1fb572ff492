import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import { internalCallHeaders } from './client-ip';
import { newCspNonce, pageContentSecurityPolicy } from './content-security-policy';
import type { PageCache } from './page-cache';

export interface WebOptions {
  buildDir: string;
  /** Where SSR loaders reach the API: this very process, over loopback. */
  apiOrigin: string;
  mode: 'production' | 'development';
  /** Image origins the page policy allows besides this one (config MEDIA_ORIGINS). */
  mediaOrigins?: readonly string[];
  /** Origins pages may connect to besides this one (hosted Pusher). */
  connectOrigins?: readonly string[];
  /** Catalogue pages for visitors without a session, kept between requests (off without it). */
  pageCache?: PageCache;
}

/**
 * Serves the server-rendered web app (apps/web) for every path the API does not own. The web
 * app is a client of the HTTP API like any other: it gets only `apiOrigin`, never server code.
 */
export async function webPlugin(app: FastifyInstance, opts: WebOptions) {
  const serverEntry = path.join(opts.buildDir, 'server/index.js');
  if (!existsSync(serverEntry)) {
    app.log.warn(`web build not found at ${serverEntry}: run "npm run build" to serve pages`);
    app.get('/*', { config: { access: 'public' } }, async (_req, reply) =>
      reply.status(503).type('text/plain').send('The web app is not built yet. Run "npm run build".'),
    );
    return;
  }
  // Loaded here, not at the top: React picks its production or development build from
  // process.env.NODE_ENV when first imported, and server.ts sets that from the config first.
  const { createRequestHandler } = await import('react-router');
  const { createReadableStreamFromReadable } = await import('@react-router/node');
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, opts.mode);
  const mediaOrigins = opts.mediaOrigins ?? [];
  const connectOrigins = opts.connectOrigins ?? [];

  const clientDir = path.join(opts.buildDir, 'client');
  // Files at the top of the client build (favicon, manifest); everything else is a page.
  const topLevelFiles = new Set(
    readdirSync(clientDir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `/${e.name}`),
  );
  // The build writes .br/.gz copies of its assets (apps/web/vite.config.ts); those are sent as they
  // are. Cache-Control is ours to set below: left on, @fastify/static replaces it with max-age=0.
  await app.register(fastifyStatic, { root: clientDir, serve: false, preCompressed: true, cacheControl: false });

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, `${request.protocol}://${request.host}`);
    if (url.pathname.startsWith('/assets/')) {
      // Vite fingerprints these names, so they never change.
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'accept-encoding')
        .sendFile(url.pathname.slice(1));
    }
    if (topLevelFiles.has(url.pathname)) {
      return reply.header('cache-control', 'public, max-age=3600').sendFile(url.pathname.slice(1));
    }
    const cspNonce = newCspNonce();
    const policy = (nonce: string) => pageContentSecurityPolicy(nonce, { mediaOrigins, connectOrigins });
    const key = opts.pageCache?.keyOf(request, url);
    if (opts.pageCache && key !== undefined) {
      // Rendered whole, not streamed, and not stopped when this visitor leaves: others may be
      // waiting for the same page.
      const page = await opts.pageCache.get(key, async () => {
        const response = await renderPage(request, url, cspNonce);
        const html = Buffer.from(await response.arrayBuffer());
        const setCookies = response.headers.getSetCookie();
        const headers = [...response.headers].filter(([name]) => name !== 'set-cookie');
        const cacheable =
          response.status === 200 &&
          setCookies.length === 0 &&
          (response.headers.get('content-type') ?? '').startsWith('text/html');
        return { status: response.status, headers, setCookies, html, nonce: cspNonce, cacheable };
      });
      const { body, encoding } = await opts.pageCache.body(page, request.headers['accept-encoding']);
      reply.status(page.status);
      // The page's scripts carry the nonce it was rendered with (decision 0030).
      reply.header('content-security-policy', policy(page.nonce));
      for (const [name, value] of page.headers) reply.header(name, value);
      if (page.setCookies.length > 0) reply.header('set-cookie', page.setCookies);
      if (encoding) {
        reply.header('content-encoding', encoding);
        const vary = String(reply.getHeader('vary') ?? '');
        reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
      reply.removeHeader('content-length');
      return reply.send(body);
    }

    const controller = new AbortController();
    reply.raw.on('close', () => controller.abort());
    const response = await renderPage(request, url, cspNonce, controller.signal);
    reply.status(response.status);
    reply.header('content-security-policy', policy(cspNonce));
    for (const [key, value] of response.headers) {
      if (key === 'set-cookie') continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response.body) return reply.send();
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  };

  /**
   * The loaders' API calls, sent into this process (Fastify's inject: the same hooks and routes,
   * no connection, no HTTP parsing) instead of over loopback HTTP, which cost a second request's
   * CPU for each. A call with a body other than text (an upload) still goes over HTTP.
   */
  const apiFetch: typeof fetch = async (input, init) => {
    const body = init?.body;
    if (body !== undefined && body !== null && typeof body !== 'string') return fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const reply = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers)),
      ...(typeof body === 'string' ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    const empty = reply.statusCode === 204 || reply.statusCode === 304 || init?.method === 'HEAD';
    return new Response(empty ? null : reply.rawPayload, { status: reply.statusCode, headers });
  };

  /** The page `request` asks for, rendered by the web app with `cspNonce` on its scripts. */
  const renderPage = (request: FastifyRequest, url: URL, cspNonce: string, signal?: AbortSignal) => {
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const webRequest = new Request(url, {
      method: request.method,
      headers,
      ...(signal ? { signal } : {}),
      ...(hasBody ? { body: createReadableStreamFromReadable(request.raw), duplex: 'half' } : {}),
    } as RequestInit);
    // The loaders' API calls name the visitor (request.ip honours TRUST_PROXY) so the API can count
    // per visitor (blog views) although every call arrives from loopback.
    return handle(webRequest, {
      apiOrigin: opts.apiOrigin,
      apiHeaders: internalCallHeaders(request.ip),
      apiFetch,
      cspNonce,
    });
  };

  app.get('/*', { config: { access: 'public' } }, render);
}
