import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from './web';

/** A web build as `react-router build` lays it out: the server bundle never runs for assets. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-plugin-'));
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client/assets'), { recursive: true });
  writeFileSync(
    path.join(dir, 'server/index.js'),
    'export const routes = {}; export const assets = { entry: { module: "", imports: [] }, routes: {}, url: "", version: "1" };',
  );
  const script = `export const x = ${JSON.stringify('a'.repeat(4000))};`;
  writeFileSync(path.join(dir, 'client/assets/app-abc123.js'), script);
  writeFileSync(path.join(dir, 'client/assets/app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'client/favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('web plugin: static files', () => {
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = fakeBuild();
    app = Fastify();
    await app.register(webPlugin, { buildDir: dir, apiOrigin: 'http://127.0.0.1:1', mode: 'production' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends fingerprinted assets as immutable, and the precompressed copy to browsers that take brotli', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('export const x');
  });

  it('sends the plain file, still immutable, to a client without brotli', async () => {
    const res = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('export const x');
  });

  it('caches top-level files for an hour only (their names do not change with their content)', async () => {
    const res = await app.inject({ url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});
