import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { productsReplySchema } from '@shop/contracts/products';
import { importJobReplySchema } from '@shop/contracts/seller-imports';
import { sellerProductsReplySchema } from '@shop/contracts/seller-products';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SignedIn } from '../../testing/auth';
import { seededShops } from '../../testing/commerce';
import { multipart } from '../../testing/multipart';
import { signInSeller } from '../../testing/seller-centre';
import { describeEachDatabase } from '../../testing/test-app';
import { findSettings, saveSetting } from '../settings/settings.repository';
import { readCatalogue } from './import-formats';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHOPIFY_ORIGIN = 'https://cdn.shopify.com';

let images: Server;
let imageOrigin = '';
let imageRequests = 0;

beforeAll(async () => {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  images = createServer((req, res) => {
    imageRequests++;
    if (req.url?.endsWith('.png')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(png);
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageOrigin = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => images.close(resolve)));

/** The Shopify sample with its photos on the local image server (the only origin allowed). */
const shopifySample = () =>
  Buffer.from(
    readFileSync(path.join(here, 'fixtures/shopify-products.csv'), 'utf8').replaceAll(SHOPIFY_ORIGIN, imageOrigin),
  );

describeEachDatabase(
  'catalogue import and export',
  (ctx) => {
    let seller: SignedIn;
    let other: SignedIn;
    let shop: { id: number; slug: string };

    const upload = (who: SignedIn, file: Buffer, fields: Record<string, string> = {}, name = 'products.csv') => {
      const form = multipart(fields, [{ name: 'file', filename: name, type: 'text/csv', data: file }]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/seller/products/import',
        headers: { ...who.bearerHeaders, 'content-type': form.contentType },
        payload: form.payload,
      });
    };
    const get = (who: SignedIn, url: string) => ctx.app.inject({ url, headers: who.bearerHeaders });
    const importAndRun = async (file: Buffer) => {
      const started = await upload(seller, file);
      expect(started.statusCode, started.body).toBe(200);
      const job = importJobReplySchema.parse(started.json()).data.job;
      expect(job.status).toBe('queued');
      expect(await ctx.services.importJob.runOnce()).toBe(1);
      const res = await get(seller, `/api/seller/products/imports/${job.id}`);
      return importJobReplySchema.parse(res.json()).data.job;
    };
    const shopProducts = async () => {
      const res = await get(seller, '/api/seller/products?per_page=100');
      return sellerProductsReplySchema.parse(res.json()).data;
    };

    beforeAll(async () => {
      const [first, second] = await seededShops(ctx.db, 2);
      if (!first || !second) throw new Error('the seed needs two shops');
      shop = first;
      seller = await signInSeller(ctx.app, `${first.slug}@example.com`);
      other = await signInSeller(ctx.app, `${second.slug}@example.com`);
      const { commerce } = await findSettings(ctx.db, ['commerce']);
      if (!commerce) throw new Error('the seed has no commerce settings');
      await saveSetting(ctx.db, 'commerce', { ...commerce, import_image_origins: [imageOrigin] });
    });

    it('imports the Shopify sample with variants and photos, then re-imports it without a duplicate', async () => {
      const before = (await shopProducts()).total;
      const read = readCatalogue(shopifySample());
      const job = await importAndRun(shopifySample());
      expect(job).toMatchObject({ status: 'done', format: 'shopify', total: 50, done: 50, created: 50, updated: 0 });
      expect(job.failed).toBe(0);
      const after = await shopProducts();
      expect(after.total).toBe(before + 50);

      // A published Shopify product with a known category is on sale, with its photos, colours and sizes.
      const shirt = read.products.find((p) => p.handle === 'oxford-shirt-everyday-1');
      const row = after.products.find((p) => p.sku === shirt?.sku);
      expect(row).toBeDefined();
      const details = await get(seller, `/api/seller/products/${row?.id}`);
      const product = details.json().data.product;
      expect(product.photos.length).toBe(1);
      expect(product.colors.length).toBe(4);
      expect(product.sizes.find((s: { extra_price: number }) => s.extra_price === 5000)).toBeDefined();
      expect(product.price).toBe(219_000);
      expect(product.discount_price).toBe(189_000);
      expect(product.status).toBe('published');
      // Script in a Shopify body is stored inert.
      const withScript = after.products.find((p) => p.sku === read.products[7]?.sku);
      const scripted = (await get(seller, `/api/seller/products/${withScript?.id}`)).json().data.product;
      expect(JSON.stringify(scripted.texts)).not.toMatch(/<script|onerror/i);

      const search = await ctx.app.inject({
        url: `/api/products?search=${encodeURIComponent('Oxford Shirt Everyday 1')}`,
      });
      expect(productsReplySchema.parse(search.json()).data.products.some((p) => p.id === row?.id)).toBe(true);

      const requestsBefore = imageRequests;
      const again = await importAndRun(shopifySample());
      expect(again).toMatchObject({ status: 'done', total: 50, done: 50, created: 0, updated: 50 });
      const recent = await get(seller, '/api/seller/products/imports');
      expect(recent.statusCode, recent.body).toBe(200);
      expect(
        recent
          .json()
          .data.jobs.slice(0, 2)
          .map((j: { id: number }) => j.id),
      ).toEqual([again.id, job.id]);
      expect((await shopProducts()).total).toBe(before + 50);
      // Products that have photos are not given them again.
      expect(imageRequests).toBe(requestsBefore);
    });

    it('reports each bad row with its line, imports the rest, and gives the report as CSV', async () => {
      const file = Buffer.from(
        [
          'Handle,Title,Variant Price,Variant Inventory Qty,Type',
          'ok-mug,Plain Mug,25000,3,Mugs',
          'bad-mug,Bad Mug,twenty,3,Mugs',
          'odd-mug,Odd Mug,25000,3,No Such Category',
        ].join('\n'),
      );
      const job = await importAndRun(file);
      expect(job).toMatchObject({ status: 'done', total: 2, done: 2, created: 2, failed: 1 });
      expect(job.report).toEqual(
        expect.arrayContaining([{ row: 3, kind: 'error', message: 'The variant price is not an amount.' }]),
      );
      const report = await ctx.app.inject({
        url: `/api/seller/products/imports/${job.id}/report`,
        headers: { ...seller.bearerHeaders, 'accept-language': 'id' },
      });
      expect(report.statusCode).toBe(200);
      expect(report.headers['content-type']).toMatch(/text\/csv/);
      const text = report.body.replace(/^\uFEFF/, '');
      expect(text).toContain('3,');
      expect(text).toContain('Harga varian bukan angka nominal yang valid.');
      // A message inside a message is in the reader's language too, one reason a line.
      expect(text).toContain('4,peringatan,Disimpan sebagai draf: Kolom kategori wajib diisi.');
      expect(text).toContain('4,peringatan,Disimpan sebagai draf: Tambahkan setidaknya satu foto sebelum menerbitkan.');
    });

    it('refuses a file that is not a catalogue at once, writing nothing', async () => {
      const res = await upload(seller, Buffer.from('name,price\nmug,1\n'));
      expect(res.statusCode).toBe(422);
      expect(validationErrorReplySchema.parse(res.json()).errors.file?.[0]).toMatch(/neither our product template/);
      const empty = await upload(seller, Buffer.alloc(0));
      expect(empty.statusCode).toBe(422);
      expect(await ctx.services.importJob.runOnce()).toBe(0);
    });

    it('resumes a job cut short where it stopped (a lease that ran out), without duplicates', async () => {
      const lines = ['Handle,Title,Variant Price,Variant Inventory Qty'];
      for (let i = 0; i < 30; i++) lines.push(`resume-${i},Resume ${i},1000,1`);
      const file = Buffer.from(lines.join('\n'));
      const started = await upload(seller, file);
      const jobId = importJobReplySchema.parse(started.json()).data.job.id;
      // A process that saved the first 10 products then stopped: it left its lease and `done`.
      await ctx.db.execute(
        sql`update import_jobs set status = 'running', done = 10, created = 10, lease_until = ${new Date(ctx.clock.now().getTime() - 1000).toISOString()}::timestamptz where id = ${jobId}`,
      );
      // Those 10 exist already, as a stopped process would have left them.
      for (let i = 0; i < 10; i++) {
        await ctx.services.sellerProducts.create(shop.id, {
          texts: { en: { name: `Resume ${i}`, short_description: undefined, description: undefined } },
          sku: `resume-${i}`,
        });
      }
      expect(await ctx.services.importJob.runOnce()).toBe(1);
      const job = importJobReplySchema.parse((await get(seller, `/api/seller/products/imports/${jobId}`)).json()).data
        .job;
      expect(job).toMatchObject({ status: 'done', done: 30, created: 30 });
      const made = (await shopProducts()).products.filter((p) => p.sku.startsWith('resume-'));
      expect(new Set(made.map((p) => p.sku)).size).toBe(30);
      expect(made).toHaveLength(30);
    });

    it('exports the shop’s catalogue as CSV with a BOM that imports back', async () => {
      const res = await get(seller, '/api/seller/products/export');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      const file = res.rawPayload;
      expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const read = readCatalogue(file);
      expect(read.format).toBe('template');
      expect(read.products.length).toBe((await shopProducts()).total);
    });

    it('another shop’s import answers 404, as one that does not exist', async () => {
      const started = await upload(seller, Buffer.from('Handle,Title,Variant Price\nx-1,X,1\n'));
      const jobId = importJobReplySchema.parse(started.json()).data.job.id;
      for (const url of [`/api/seller/products/imports/${jobId}`, `/api/seller/products/imports/${jobId}/report`]) {
        const foreign = await get(other, url);
        expect(foreign.statusCode, url).toBe(404);
        expect(errorReplySchema.parse(foreign.json()).code).toBe('NOT_FOUND');
        expect((await get(other, url.replace(String(jobId), '999999999'))).json()).toEqual(foreign.json());
      }
      await ctx.services.importJob.runOnce();
    });
  },
  { env: { IMPORT_JOB_INTERVAL_MS: '0' } },
);
