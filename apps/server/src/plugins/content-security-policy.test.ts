import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { describeEachDatabase } from '../testing/test-app';
import {
  API_CONTENT_SECURITY_POLICY,
  apiContentSecurityPolicyPlugin,
  DOCS_CONTENT_SECURITY_POLICY,
  pageContentSecurityPolicy,
} from './content-security-policy';
import { webPlugin } from './web';

/**
 * A web build whose server entry writes two inline scripts and a module preload with the nonce it
 * is handed, as apps/web's entry.server.tsx does through React Router (the e2e tier checks the
 * real pages).
 */
function buildWithScripts(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'csp-'));
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(
    path.join(dir, 'server/index.js'),
    `
    const handleRequest = (request, status, headers, routerContext, loadContext) => {
      const n = loadContext.cspNonce;
      headers.set('content-type', 'text/html');
      return new Response(
        '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="' + n + '"></head>' +
          '<body><script nonce="' + n + '">window.a = 1</script><script type="module" nonce="' + n + '">import("/assets/a.js")</script></body></html>',
        { status, headers },
      );
    };
    export const entry = { module: { default: handleRequest } };
    export const routes = { root: { id: 'root', path: '', module: { default: () => null } } };
    export const assets = { entry: { module: '/assets/a.js', imports: [] }, routes: { root: { id: 'root', module: '/assets/root.js', imports: [] } }, url: '/assets/manifest.js', version: '1' };
    export const publicPath = '/';
    export const assetsBuildDirectory = 'client';
    export const basename = '/';
    export const future = {};
    export const ssr = true;
    export const isSpaMode = false;
    export const prerender = [];
    export const routeDiscovery = { mode: 'initial' };
    `,
  );
  return dir;
}

const nonceOf = (policy: string | undefined) => /script-src 'nonce-([^']+)' 'strict-dynamic'/.exec(policy ?? '')?.[1];

describe('Content-Security-Policy of pages', () => {
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = buildWithScripts();
    app = Fastify();
    await app.register(webPlugin, {
      buildDir: dir,
      apiOrigin: 'http://127.0.0.1:1',
      mode: 'production',
      mediaOrigins: ['https://cdn.example.net'],
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a policy with a fresh 128-bit nonce per page, the one every script of that page carries', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ url: `/?visit=${i}` });
      expect(res.statusCode).toBe(200);
      const policy = res.headers['content-security-policy'] as string | undefined;
      const nonce = nonceOf(policy);
      expect(nonce, policy).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
      const tags = res.body.match(/<script\b[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
      expect(tags).toHaveLength(3);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      seen.add(nonce!);
    }
    expect(seen.size).toBe(3);
  });

  it('allows nothing else to run, and images from this origin and the configured media origins', async () => {
    const policy = (await app.inject({ url: '/' })).headers['content-security-policy'] as string;
    const directives = new Map(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives.get('script-src')?.slice(1)).toEqual(["'strict-dynamic'"]);
    expect(directives.get('script-src')?.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|'self'/);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.net']);
  });
});

describe('Content-Security-Policy of the API', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    await app.register(apiContentSecurityPolicyPlugin);
    app.get('/api/products', async () => ({ data: [] }));
    app.get('/api/docs', async (_req, reply) => reply.type('text/html').send('<html></html>'));
    app.get('/api/docs/static/index.html', async (_req, reply) => reply.type('text/html').send('<html></html>'));
    app.get('/products', async () => 'a page');
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('gives JSON replies (and their errors) a policy that loads and frames nothing', async () => {
    expect((await app.inject({ url: '/api/products' })).headers['content-security-policy']).toBe(
      API_CONTENT_SECURITY_POLICY,
    );
    const missing = await app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it("gives Swagger UI its own scripts only, and leaves pages to the web plugin's policy", async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html']) {
      expect((await app.inject({ url })).headers['content-security-policy'], url).toBe(DOCS_CONTENT_SECURITY_POLICY);
    }
    expect(DOCS_CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect((await app.inject({ url: '/products' })).headers['content-security-policy']).toBeUndefined();
  });

  it('names the media origins it is given, and only those', () => {
    expect(pageContentSecurityPolicy('abc', { mediaOrigins: [] })).toContain("img-src 'self' data: blob:;");
  });

  it('lets pages connect to hosted Pusher only when it is given', () => {
    expect(pageContentSecurityPolicy('abc', { mediaOrigins: [] })).not.toContain('pusher.com');
    const policy = pageContentSecurityPolicy('abc', {
      mediaOrigins: [],
      connectOrigins: ['wss://ws-ap1.pusher.com', 'https://sockjs-ap1.pusher.com'],
    });
    expect(policy).toMatch(/connect-src 'self' [^;]*wss:\/\/ws-ap1\.pusher\.com https:\/\/sockjs-ap1\.pusher\.com/);
  });
});

describeEachDatabase('Content-Security-Policy in the app', (ctx) => {
  it('is on every API reply of the built app, errors included, and on Swagger UI', async () => {
    const health = await ctx.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    const missing = await ctx.app.inject({ url: '/api/no-such-call' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    const docs = await ctx.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
  });
});

describe('media origins', () => {
  it('reads the media origins from MEDIA_ORIGINS, as origins', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: tmpdir() };
    expect(loadConfig(base).MEDIA_ORIGINS).toEqual([]);
    const config = loadConfig({ ...base, MEDIA_ORIGINS: 'https://cdn.example.net/media/, https://img.example.org' });
    expect(config.MEDIA_ORIGINS).toEqual(['https://cdn.example.net', 'https://img.example.org']);
    expect(() => loadConfig({ ...base, MEDIA_ORIGINS: 'not a url' })).toThrow(/MEDIA_ORIGINS/);
  });
});
