import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { errorReplySchema } from '@shop/contracts/errors';
import { sellerProductReplySchema } from '@shop/contracts/seller-products';
import { masterReplySchema } from '@shop/contracts/settings';
import { shopProfileReplySchema } from '@shop/contracts/shop-profile';
import { createSupportTicketReplySchema } from '@shop/contracts/support';
import { sql } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { media as mediaTable } from '../db/schema/common';
import { demoImageJobs } from '../db/seed/demo-images';
import { keyFor, renderImages } from '../db/seed/images';
import { type SignedIn, signInNewCustomer } from '../testing/auth';
import { createTestProduct } from '../testing/commerce';
import { multipart } from '../testing/multipart';
import { openTestShop } from '../testing/seller-money';
import { postTicket, SAMPLE_FILES } from '../testing/support';
import { createTestApp, type TestApp } from '../testing/test-app';
import { UPLOADS_CACHE_CONTROL } from './media-store';
import { S3MediaStore } from './media-store-s3';

/**
 * Media in an S3-compatible bucket, against s3rver (a local S3 server from npm) on a free port:
 * uploads through the real API land in the bucket and are served back from it, deletes and
 * replacements remove objects, and a bucket that cannot be used is a 503 that leaves no row.
 */
const BUCKET = 'shop-media';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let server: S3rver;
let serverDir: string;
let endpoint: string;
let bucket: S3Client;

/** The settings of a shop whose media live in the test bucket. */
const s3Env = (overrides: Record<string, string> = {}) => ({
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: KEYS.accessKeyId,
  S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
  ...overrides,
});

/** What the bucket holds under a key (null: nothing), read with a client of its own. */
async function head(key: string) {
  try {
    return await bucket.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }));
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key ?? '').sort();
}

const picture = (color: string) =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: color } })
    .png()
    .toBuffer();

function uploadPhoto(ctx: TestApp, seller: SignedIn, productId: number, data: Buffer, locale = 'en') {
  const form = multipart({}, [{ name: 'photo', filename: 'photo.png', type: 'image/png', data }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/seller/products/${productId}/photos`,
    headers: { ...seller.bearerHeaders, 'content-type': form.contentType, 'accept-language': locale },
    payload: form.payload,
  });
}

function uploadLogo(ctx: TestApp, seller: SignedIn, data: Buffer) {
  const form = multipart({}, [{ name: 'logo', filename: 'logo.png', type: 'image/png', data }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/seller/shop/logo',
    headers: { ...seller.bearerHeaders, 'content-type': form.contentType },
    payload: form.payload,
  });
}

const photosOf = (res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return sellerProductReplySchema.parse(res.json()).data.product.photos;
};

const mediaRows = async (ctx: TestApp) =>
  (await ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(mediaTable))[0]?.n ?? 0;

beforeAll(async () => {
  serverDir = mkdtempSync(path.join(os.tmpdir(), 'shoptest-s3rver-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: serverDir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  endpoint = `http://127.0.0.1:${port}`;
  bucket = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: KEYS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
});

afterAll(async () => {
  bucket?.destroy();
  await server?.close();
  rmSync(serverDir, { recursive: true, force: true });
});

describe('media in an S3-compatible bucket', () => {
  let ctx: TestApp;
  let seller: SignedIn;
  let shopId: number;

  beforeAll(async () => {
    ctx = await createTestApp({ env: s3Env({ MEDIA_PUBLIC_URL: 'https://media.example.org/' }) });
    ({ seller, shopId } = await openTestShop(ctx));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps an uploaded photo in the bucket and serves it at /uploads with ETag, 304 and resized copies', async () => {
    const product = await createTestProduct(ctx.db, { shopId, price: 10_000, stock: 5 });
    const before = photosOf(
      await ctx.app.inject({ url: `/api/seller/products/${product.id}`, headers: seller.bearerHeaders }),
    );
    const photos = photosOf(await uploadPhoto(ctx, seller, product.id, await picture('#0f766e')));
    const added = photos.find((p) => !before.some((b) => b.id === p.id));
    expect(added?.url).toMatch(/^\/uploads\/product-photos\/[0-9a-f]{24}\.webp$/);
    const url = String(added?.url);
    const key = url.slice(1);

    const stored = await head(key);
    expect(stored).toMatchObject({ ContentType: 'image/webp', CacheControl: UPLOADS_CACHE_CONTROL });
    // Nothing went to the data folder.
    expect(existsSync(path.join(ctx.config.DATA_DIR, key))).toBe(false);

    const served = await ctx.app.inject({ url });
    expect(served.statusCode, served.body).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe(UPLOADS_CACHE_CONTROL);
    expect(served.headers.etag).toBe(stored?.ETag);
    const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(Buffer.compare(served.rawPayload, Buffer.from(await object.Body!.transformToByteArray()))).toBe(0);

    const again = await ctx.app.inject({ url, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe(UPLOADS_CACHE_CONTROL);

    // A resized copy is made from the bucket's original and kept in the bucket.
    expect(await keysUnder('cache/media/')).toEqual([]);
    const resized = await ctx.app.inject({ url: `/media/320${url}`, headers: { accept: 'image/webp' } });
    expect(resized.statusCode, resized.body).toBe(200);
    expect(resized.headers['content-type']).toBe('image/webp');
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });
    const copies = await keysUnder('cache/media/');
    expect(copies).toHaveLength(1);
    expect(await head(copies[0] as string)).toMatchObject({ ContentType: 'image/webp' });
    const cached = await ctx.app.inject({ url: `/media/320${url}`, headers: { accept: 'image/webp' } });
    expect(Buffer.compare(cached.rawPayload, resized.rawPayload)).toBe(0);
    expect(await keysUnder('cache/media/')).toEqual(copies);

    // Missing files and paths out of the uploads prefix are not found.
    for (const missing of ['/uploads/products/none.webp', '/uploads/%2e%2e/private/x.pdf', '/uploads/.hidden.webp']) {
      expect((await ctx.app.inject({ url: missing })).statusCode, missing).toBe(404);
    }
  });

  it('names the public media address in the master and allows its origin for images', async () => {
    const master = masterReplySchema.parse((await ctx.app.inject({ url: '/api/master' })).json()).data;
    expect(master.media_url).toBe('https://media.example.org');
    expect(ctx.config.MEDIA_ORIGINS).toEqual(['https://media.example.org']);
  });

  it('removes the object of a deleted photo and of a replaced logo', async () => {
    const product = await createTestProduct(ctx.db, { shopId, price: 10_000, stock: 5 });
    const before = photosOf(
      await ctx.app.inject({ url: `/api/seller/products/${product.id}`, headers: seller.bearerHeaders }),
    );
    const first = photosOf(await uploadPhoto(ctx, seller, product.id, await picture('#b91c1c')));
    // A second photo, so the product keeps one when the first goes.
    photosOf(await uploadPhoto(ctx, seller, product.id, await picture('#1d4ed8')));
    const gone = first.find((p) => !before.some((b) => b.id === p.id));
    expect(gone?.url).toMatch(/^\/uploads\/product-photos\//);
    const goneKey = String(gone?.url).slice(1);
    expect(await head(goneKey)).not.toBeNull();
    const after = photosOf(
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/seller/products/${product.id}/photos/${gone?.id}`,
        headers: seller.bearerHeaders,
      }),
    );
    expect(after.some((p) => p.id === gone?.id)).toBe(false);
    expect(await head(goneKey)).toBeNull();
    expect((await ctx.app.inject({ url: String(gone?.url) })).statusCode).toBe(404);

    const logo = async (color: string) => {
      const res = await uploadLogo(ctx, seller, await picture(color));
      expect(res.statusCode, res.body).toBe(200);
      return String(shopProfileReplySchema.parse(res.json()).data.profile.logo).slice(1);
    };
    const old = await logo('#15803d');
    expect(await head(old)).toMatchObject({ ContentType: 'image/webp' });
    const replacement = await logo('#7e22ce');
    expect(await head(replacement)).toMatchObject({ ContentType: 'image/webp' });
    expect(await head(old)).toBeNull();
  });

  it('removes the object again when the row that was to name it cannot be written', async () => {
    const product = await createTestProduct(ctx.db, { shopId, price: 10_000, stock: 5 });
    const objects = await keysUnder('uploads/product-photos/');
    const rows = await mediaRows(ctx);
    await ctx.db.execute(
      sql.raw(`CREATE FUNCTION refuse_media() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'no media rows today'; END $$`),
    );
    await ctx.db.execute(
      sql.raw('CREATE TRIGGER refuse_media BEFORE INSERT ON media FOR EACH ROW EXECUTE FUNCTION refuse_media()'),
    );
    try {
      const res = await uploadPhoto(ctx, seller, product.id, await picture('#ca8a04'));
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.db.execute(sql.raw('DROP TRIGGER refuse_media ON media'));
      await ctx.db.execute(sql.raw('DROP FUNCTION refuse_media()'));
    }
    expect(await mediaRows(ctx)).toBe(rows);
    expect(await keysUnder('uploads/product-photos/')).toEqual(objects);
  });

  it('keeps ticket attachments under private/ in the bucket, for their owner only', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const res = await postTicket(ctx.app, session.bearerHeaders, {}, [
      { name: 'attachments[]', filename: 'invoice.pdf', type: 'application/pdf', data: SAMPLE_FILES.pdf },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [attachment] = createSupportTicketReplySchema.parse(res.json()).data.support_ticket.attachments;
    const stored = await keysUnder('private/tickets/');
    expect(stored).toHaveLength(1);
    const object = await head(stored[0] as string);
    expect(object?.ContentType).toBe('application/pdf');
    // Never a public cache header: a CDN in front of the bucket must not keep it.
    expect(object?.CacheControl).toBeUndefined();
    const served = await ctx.app.inject({ url: attachment?.url ?? '', headers: session.bearerHeaders });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SAMPLE_FILES.pdf)).toBe(true);
    expect((await ctx.app.inject({ url: `/uploads/../${stored[0]}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/uploads/%2e%2e/${stored[0]}` })).statusCode).toBe(404);
  });

  it('writes the demo pictures into the bucket once', async () => {
    const jobs = demoImageJobs();
    const sample = [
      ...jobs.filter((j) => j.path.startsWith('/uploads/demo/products/')).slice(0, 2),
      jobs.find((j) => j.raw),
    ].filter((j) => j !== undefined);
    const store = new S3MediaStore(ctx.config.S3 ?? expect.unreachable('S3 is configured'));
    try {
      expect(await renderImages(store, sample)).toEqual({ written: sample.length, skipped: 0 });
      for (const job of sample) {
        const stored = await head(keyFor(job.path));
        expect(stored?.ContentType, job.path).toBe(job.raw ? 'image/svg+xml' : 'image/webp');
        expect(stored?.CacheControl).toBe(UPLOADS_CACHE_CONTROL);
      }
      const modified = await head(keyFor(sample[0]?.path ?? ''));
      expect(await renderImages(store, sample)).toEqual({ written: 0, skipped: sample.length });
      expect((await head(keyFor(sample[0]?.path ?? '')))?.LastModified).toEqual(modified?.LastModified);
      // Served from the bucket like any upload; an SVG never as a document that could run script.
      const svg = await ctx.app.inject({ url: sample[sample.length - 1]?.path ?? '' });
      expect(svg.statusCode).toBe(200);
      expect(svg.headers['content-security-policy']).toContain("default-src 'none'");
    } finally {
      await store.close();
    }
  });
});

describe('media settings', () => {
  it('turns the bucket on with S3_BUCKET only, and refuses half a configuration', () => {
    const base = { NODE_ENV: 'test', APP_ENV: 'test' };
    expect(loadConfig(base).S3).toBeNull();
    expect(loadConfig({ ...base, S3_BUCKET: 'shop-media' }).S3).toEqual({
      bucket: 'shop-media',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(() => loadConfig({ ...base, S3_BUCKET: 'shop-media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    );
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET is not/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(
      loadConfig({ ...base, MEDIA_ORIGINS: 'https://cdn.example.net', MEDIA_PUBLIC_URL: 'https://cdn.example.net/m/' }),
    ).toMatchObject({ MEDIA_ORIGINS: ['https://cdn.example.net'], MEDIA_PUBLIC_URL: 'https://cdn.example.net/m' });
  });
});

describe('a bucket that cannot be used', () => {
  /** A photo upload and a read where the store fails: 503 in the one error shape, no row, no object. */
  async function expectUnavailable(env: Record<string, string>) {
    const ctx = await createTestApp({ env: s3Env(env) });
    try {
      const { seller, shopId } = await openTestShop(ctx);
      const product = await createTestProduct(ctx.db, { shopId, price: 10_000, stock: 5 });
      const rows = await mediaRows(ctx);
      const objects = await keysUnder('uploads/');
      const res = await uploadPhoto(ctx, seller, product.id, await picture('#0e7490'), 'id');
      expect(res.statusCode, res.body).toBe(503);
      expect(errorReplySchema.parse(res.json())).toEqual({
        code: 'UNAVAILABLE',
        message: 'Berkas yang tersimpan tidak dapat dijangkau saat ini. Silakan coba lagi nanti.',
      });
      expect(await mediaRows(ctx)).toBe(rows);
      expect(await keysUnder('uploads/')).toEqual(objects);
      const read = await ctx.app.inject({ url: '/uploads/products/anything.webp' });
      expect(read.statusCode, read.body).toBe(503);
      expect(errorReplySchema.parse(read.json()).code).toBe('UNAVAILABLE');
    } finally {
      await ctx.close();
    }
  }

  // s3rver does not check version 4 signatures, so the wrong key is one it does not know.
  it('answers 503 with a wrong key', async () => {
    await expectUnavailable({ S3_ACCESS_KEY_ID: 'NOT-A-KEY' });
  });

  it('answers 503 when the bucket is missing', async () => {
    await expectUnavailable({ S3_BUCKET: 'no-such-bucket' });
  });

  it('answers 503 when the server does not answer', async () => {
    const stopped = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: serverDir });
    const { port } = (await stopped.run()) as { port: number };
    await stopped.close();
    await expectUnavailable({ S3_ENDPOINT: `http://127.0.0.1:${port}` });
  }, 60_000);
});
