import { Writable } from 'node:stream';
import { readyReplySchema } from '@shop/contracts/settings';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../testing/test-app';

const TOKEN = 'metrics-token-for-the-test-0123';

/** The log lines an app writes, parsed. */
function logSink() {
  const lines: { level: number; msg: string; status?: number; url?: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describeEachDatabase('metrics at /metrics', (ctx, kind) => {
  it('counts requests by route pattern, the caches, sockets, jobs and Node’s own figures', async () => {
    await ctx.app.inject({ url: '/api/health' });
    await ctx.app.inject({ url: '/api/products?per_page=2' });
    const res = await ctx.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = res.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/,
    );
    // The pattern, not the URL: no query, no ids.
    expect(text).toContain('route="/api/products"');
    expect(text).not.toContain('per_page');
    expect(text).toMatch(/cache_lookups_total\{cache="listings",result="miss"\} [1-9]/);
    expect(text).toMatch(/^realtime_sockets 0$/m);
    expect(text).toContain('job_passes_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_cpu_user_seconds_total');
    if (kind === 'postgres') expect(text).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
  });
});

describe('metrics settings, readiness and the request log', () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('asks for the token when METRICS_TOKEN is set', async () => {
    app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const none = await app.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Unauthenticated.', code: 'UNAUTHORIZED' });
    const wrong = await app.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const right = await app.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_request_duration_seconds');
  });

  it('has no /metrics in production without a token', async () => {
    app = await createTestApp({
      env: { APP_ENV: 'production', APP_KEY: 'k'.repeat(40), PUBLIC_URL: 'https://shop.example' },
    });
    expect((await app.app.inject({ url: '/metrics' })).statusCode).toBe(404);
  });

  it('is not ready (503) while Redis does not answer, and says which part is down', async () => {
    app = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    const res = await app.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(readyReplySchema.parse(res.json()).data).toMatchObject({
      status: 'degraded',
      database_ok: true,
      redis: 'down',
    });
    // Liveness reads nothing: the process still answers.
    expect((await app.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('is not ready (503) once the database stops answering, and logs the failed requests', async () => {
    const { lines, stream } = logSink();
    app = await createTestApp({ logger: { level: 'info', stream } });
    await app.database.close();
    const res = await app.app.inject({ url: '/api/ready' });
    expect(res.statusCode, res.body).toBe(503);
    expect(readyReplySchema.parse(res.json()).data).toMatchObject({ database_ok: false, status: 'degraded' });
    const failed = await app.app.inject({ url: '/api/products' });
    expect(failed.statusCode).toBe(500);
    expect(lines.some((l) => l.msg === 'request failed' && l.status === 500 && l.url === '/api/products')).toBe(true);
    // Its database is closed already: close the rest.
    await app.app.close();
    app = undefined;
  });

  it('logs nothing for an ordinary request at info, a slow one at warn, every one at debug', async () => {
    const info = logSink();
    app = await createTestApp({ logger: { level: 'info', stream: info.stream } });
    await app.app.inject({ url: '/api/health' });
    expect(info.lines.filter((l) => l.url === '/api/health')).toEqual([]);
    await app.close();

    const slow = logSink();
    app = await createTestApp({ env: { SLOW_REQUEST_MS: '1' }, logger: { level: 'info', stream: slow.stream } });
    // A listing built from the database (nothing cached in tests) takes more than a millisecond.
    await app.app.inject({ url: '/api/products?per_page=50&token=secret' });
    const logged = slow.lines.find((l) => l.msg === 'slow request');
    expect(logged?.level).toBe(40);
    // The path only: a query may carry a token.
    expect(logged?.url).toBe('/api/products');
    expect(JSON.stringify(slow.lines)).not.toContain('secret');
    await app.close();

    const debug = logSink();
    app = await createTestApp({ logger: { level: 'debug', stream: debug.stream } });
    await app.app.inject({ url: '/api/health' });
    expect(debug.lines.some((l) => l.msg === 'request completed' && l.url === '/api/health')).toBe(true);
  });
});
