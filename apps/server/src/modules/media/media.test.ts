import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { MediaService, pickFormat } from './media.service';

describe('pickFormat', () => {
  it('prefers avif only when the browser accepts it', () => {
    expect(pickFormat('image/avif,image/webp,*/*')).toBe('avif');
    expect(pickFormat('image/webp,*/*;q=0.8')).toBe('webp');
    expect(pickFormat('image/avif;q=0,image/webp')).toBe('webp');
    expect(pickFormat(undefined)).toBe('webp');
  });
});

describeEachDatabase('GET /media/{width}/{path}', (ctx) => {
  beforeAll(async () => {
    const dir = path.join(ctx.config.UPLOADS_DIR, 'test');
    mkdirSync(dir, { recursive: true });
    await sharp({ create: { width: 800, height: 400, channels: 3, background: '#059673' } })
      .png()
      .toFile(path.join(dir, 'wide.png'));
    writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    writeFileSync(path.join(dir, 'broken.png'), 'not an image');
    writeFileSync(path.join(ctx.config.DATA_DIR, 'secret.png'), 'outside the uploads folder');
  });

  it('resizes to the asked width as webp, or avif when accepted, with a long cache', async () => {
    const res = await ctx.app.inject({ url: '/media/320/uploads/test/wide.png', headers: { accept: 'image/webp' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('Accept');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 160 });

    const avif = await ctx.app.inject({
      url: '/media/480/uploads/test/wide.png',
      headers: { accept: 'image/avif,image/webp,*/*' },
    });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(480);
  });

  it('never enlarges and keeps the copy on disk for the next request', async () => {
    const res = await ctx.app.inject({ url: '/media/1600/uploads/test/wide.png' });
    expect((await sharp(res.rawPayload).metadata()).width).toBe(800);
    const cacheDir = path.join(ctx.config.DATA_DIR, 'cache', 'media');
    const files = readdirSync(cacheDir, { recursive: true }).filter((f) => String(f).endsWith('.webp'));
    expect(files.length).toBeGreaterThanOrEqual(2);
    const again = await ctx.app.inject({ url: '/media/1600/uploads/test/wide.png' });
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
  });

  it('rejects widths outside the fixed set', async () => {
    for (const width of ['321', '0', 'abc', '99999']) {
      expect((await ctx.app.inject({ url: `/media/${width}/uploads/test/wide.png` })).statusCode, width).toBe(404);
    }
  });

  it('answers 404 for missing and unreadable files', async () => {
    expect((await ctx.app.inject({ url: '/media/320/uploads/test/none.png' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/media/320/uploads/test/broken.png' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/media/320/uploads/test' })).statusCode).toBe(404);
  });

  it('cannot reach files outside the uploads folder', async () => {
    for (const url of [
      '/media/320/uploads/../secret.png',
      '/media/320/uploads/%2e%2e/secret.png',
      '/media/320/uploads/test/%2e%2e/%2e%2e/secret.png',
      '/media/320/uploads/..%2fsecret.png',
      '/media/320/uploads/..%5csecret.png',
      '/media/320/uploads//etc/passwd',
      '/media/320/secret.png',
      '/media/320/uploads/%00secret.png',
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['content-type'] ?? '', url).not.toMatch(/^image\//);
    }
    const service = new MediaService({ config: ctx.config });
    expect(service.resolveSource('uploads/../secret.png')).toBeNull();
    expect(service.resolveSource('uploads/test/../../secret.png')).toBeNull();
    expect(service.resolveSource('uploads/.hidden.png')).toBeNull();
    expect(service.resolveSource('uploads/test/wide.png')).toBe(path.join(ctx.config.UPLOADS_DIR, 'test', 'wide.png'));
  });

  it('passes SVG through untouched', async () => {
    const res = await ctx.app.inject({ url: '/media/320/uploads/test/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  });
});
