import os from 'node:os';
import { errorReplySchema } from '@shop/contracts/errors';
import { healthReplySchema, readyReplySchema } from '@shop/contracts/settings';
import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { SPEC_ALIASES } from '../lib/spec-aliases';
import { describeEachDatabase } from './test-app';

describeEachDatabase('app', (ctx) => {
  it('answers health (liveness) with 200 and readiness with the database kind and Redis', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(healthReplySchema.parse(res.json()).data.status).toBe('ok');
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(readyReplySchema.parse(ready.json()).data).toMatchObject({
      status: 'ok',
      database: ctx.kind,
      database_ok: true,
      redis: ctx.config.REDIS_URL ? 'ok' : 'off',
      // No DATABASE_REPLICA_URL: the catalogue is read where it is written.
      replica: 'off',
    });
    expect(ctx.database.replica).toBe(ctx.database.db);
  });

  it('answers an unknown /api path with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/no-such-call?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(errorReplySchema.parse(res.json())).toEqual({
        message: `Route ${method} /api/no-such-call not found.`,
        code: 'NOT_FOUND',
      });
    }
  });

  it('answers every alias of the spec-aliases table with its canonical route, hidden from the document', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
    const entries = Object.entries(SPEC_ALIASES);
    expect(entries.length).toBeGreaterThan(0);
    for (const [canonical, aliases] of entries) {
      const methods = (['GET', 'POST', 'DELETE'] as const).filter((method) =>
        ctx.app.hasRoute({ method, url: canonical }),
      );
      expect(methods.length, canonical).toBeGreaterThan(0);
      expect(doc.paths[openApiPath(canonical)], canonical).toBeDefined();
      for (const alias of aliases) {
        for (const method of methods) expect(ctx.app.hasRoute({ method, url: alias }), `${method} ${alias}`).toBe(true);
        expect(doc.paths[openApiPath(alias)], alias).toBeUndefined();
      }
    }
    // And they answer alike.
    const [canonical, alias] = await Promise.all([
      ctx.app.inject({ url: '/api/master' }),
      ctx.app.inject({ url: '/master' }),
    ]);
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toEqual(canonical.json());
  });

  it('publishes an OpenAPI document listing every call with its tag and reply schema', async () => {
    const res = await ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ['/api/health', 'health'],
      ['/api/master', 'settings'],
      ['/api/countries', 'settings'],
      ['/api/categories', 'catalog'],
      ['/api/home', 'catalog'],
      ['/api/lang/{locale}', 'languages'],
      ['/api/change-language', 'languages'],
    ];
    for (const [path, tag] of expected) {
      const get = doc.paths[path]?.get;
      expect(get, path).toBeDefined();
      expect(get?.tags).toContain(tag);
      expect(Object.keys(get?.responses ?? {})).toContain('200');
    }
    // The spec's aliases without /api answer, but the document lists each call once.
    expect(doc.paths['/master']).toBeUndefined();
    expect(doc.paths['/api/{*}']).toBeUndefined();
  });

  // On the database the file already opened: a fresh PGlite took most of this test's time.
  it('refuses to start when a route declares no access policy', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: os.tmpdir() });
    const app = await buildApp({ config, database: ctx.database, web: false, logger: false });
    try {
      // Modules register their routes while buildApp runs, so this throw fails start-up.
      expect(() => app.get('/api/without-policy', async () => ({ ok: true }))).toThrow(
        'Route GET /api/without-policy declares no access policy (config.access).',
      );
      expect(() => app.get('/api/with-policy', { config: { access: 'public' } }, async () => ({}))).not.toThrow();
      await app.ready();
    } finally {
      await app.close();
    }
  });
});
