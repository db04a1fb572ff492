/**
 * `npm run bench:catalogue-import` (and the `catalogue-import` target of `npm run bench`): the
 * figure of the Seller Centre's CSV import (10,000 rows in at most 60 s on PostgreSQL on these two
 * cores). Starts the real server on the bench database (support.ts), signs in one demo seller,
 * generates a Shopify product export of BENCH_IMPORT_ROWS rows (every product 4 variant rows: two
 * colours by two sizes, one of them with an extra price; a rich-text body, vendor, type, tags,
 * status), uploads it as the import page does and follows the job until it is done. Then imports
 * the same file again (every product updated, none duplicated) and times that too. The time is
 * from the upload's reply to the job's `done`, so it holds the job's wait for its first turn
 * (IMPORT_JOB_INTERVAL_MS, 2 s by default) as a seller sees it.
 *
 * With BENCH_IMPORT_IMAGES=1 each product also has a photo by URL, served by a local image server
 * whose origin the bench allows (commerce setting `import_image_origins`): every product then
 * fetches, checks and converts one image as well. The products the bench made are deleted at the
 * end, so the catalogue the other targets measure stays as it was.
 *
 *   BENCH_IMPORT_ROWS    default 10000 (a multiple of 4)
 *   BENCH_IMPORT_IMAGES  1: one photo per product by URL
 *   BENCH_EMBEDDED       1: run on a fresh embedded database (PGlite, demo seed) with 400 rows, to
 *                        check the script works; its figures are printed, not written
 *
 * Writes bench/results/catalogue-import.json (catalogue-import-images.json with images).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuMs, databaseUrl, postgresPids, residentMemoryMb, startBenchServer } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const embedded = process.env.BENCH_EMBEDDED === '1';
const rows = Number(process.env.BENCH_IMPORT_ROWS ?? (embedded ? 400 : 10_000));
const withImages = process.env.BENCH_IMPORT_IMAGES === '1';
const TARGET_SECONDS = 60;
/** The handles (and SKUs) of the bench's products start with this, so they can be found and removed. */
const PREFIX = 'impbench';

/** The demo's password (APP_ENV is not production on the bench server). */
const DEMO_PASSWORD = 'password';
/** A 64x64 PNG: the photo each product points at when BENCH_IMPORT_IMAGES=1. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDKqdyTnZkrYh7hIFCBKSh4etpohuwAdUrsgv1LtEN2IDqFdmFepfoBmxA9YrsQr1LdAM2oHpFdqHeJboBG1C9IrtQ7xLdgA2oXpFdqHeJbsAGVK/ILtS7RDdgA6pXZBfqXaIbsAHVK7IL9S7RDdiA6hXZhXqX6AZsQPWK7EK9S3QDNqB6RXah3iW6ARtQveIfHnf6AS3V4JeoAAAAAElFTkSuQmCC',
  'base64',
);

/** One CSV cell, quoted when it must be. */
function cell(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Variant SKU',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Image Src',
  'Image Position',
  'Status',
];

/** A Shopify product export of `count` rows (4 per product), as Shopify writes one. */
function shopifyFile(
  count: number,
  names: { categories: string[]; brands: string[] },
  imageOrigin: string | null,
): Buffer {
  const lines = [HEADER.join(',')];
  const colours = ['Black', 'Navy'];
  const sizes = ['M', 'XL'];
  for (let p = 0; p < count / 4; p++) {
    const handle = `${PREFIX}-${p}`;
    const title = `Bench Import Shirt ${p}`;
    let variant = 0;
    for (const colour of colours) {
      for (const size of sizes) {
        const first = variant === 0;
        const price = 150_000 + (size === 'XL' ? 10_000 : 0);
        lines.push(
          [
            handle,
            first ? title : '',
            first
              ? `<p>${title}: <strong>cotton</strong>, washed twice.</p><ul><li>Ships in two days</li><li>7-day returns</li></ul>`
              : '',
            first ? (names.brands[p % names.brands.length] ?? 'Bench Goods') : '',
            first ? (names.categories[p % names.categories.length] ?? '') : '',
            first ? 'shirts, bench' : '',
            first ? 'TRUE' : '',
            first ? 'Color' : '',
            colour,
            first ? 'Size' : '',
            size,
            `${PREFIX}-${p}-${variant}`,
            3 + variant,
            `${price}.00`,
            `${price + 20_000}.00`,
            first && imageOrigin ? `${imageOrigin}/photos/${p}.png` : '',
            first && imageOrigin ? 1 : '',
            first ? 'active' : '',
          ]
            .map(cell)
            .join(','),
        );
        variant++;
      }
    }
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

async function signIn(baseUrl: string): Promise<string> {
  const shops = (await (await fetch(`${baseUrl}/api/shops?per_page=100`)).json()) as {
    data: { shops: { slug: string }[] };
  };
  for (const { slug } of shops.data.shops) {
    const reply = await fetch(`${baseUrl}/api/shop/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `${slug}@example.com`, password: DEMO_PASSWORD }),
    });
    if (reply.ok) return ((await reply.json()) as { data: { access: { token: string } } }).data.access.token;
  }
  throw new Error('no demo seller could sign in: seed the bench database with the demo');
}

interface Job {
  id: number;
  status: string;
  rows: number;
  total: number;
  done: number;
  created: number;
  updated: number;
  failed: number;
  warnings: number;
  report: { row: number; kind: string; message: string }[];
}

/** Uploads the file and follows its job to the end; the seconds from the upload's reply to `done`. */
async function importOnce(baseUrl: string, token: string, file: Buffer): Promise<{ job: Job; seconds: number }> {
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'text/csv' }), 'products_export.csv');
  const started = await fetch(`${baseUrl}/api/seller/products/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await started.text();
  if (!started.ok) throw new Error(`the upload answered ${started.status}: ${text.slice(0, 300)}`);
  let job = (JSON.parse(text) as { data: { job: Job } }).data.job;
  const from = performance.now();
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((r) => setTimeout(r, 250));
    const reply = await fetch(`${baseUrl}/api/seller/products/imports/${job.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    job = ((await reply.json()) as { data: { job: Job } }).data.job;
  }
  return { job, seconds: Math.round((performance.now() - from) / 10) / 100 };
}

async function imageServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': PHOTO.length });
    res.end(PHOTO);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the image server has no port');
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

/** Runs SQL on the bench database (the commerce setting, the clean-up); nothing on the embedded one. */
async function onBenchDatabase(run: (client: pg.Client) => Promise<void>) {
  if (embedded) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

async function main() {
  if (rows % 4 !== 0) throw new Error('BENCH_IMPORT_ROWS must be a multiple of 4');
  const dataDir = embedded ? mkdtempSync(path.join(os.tmpdir(), 'bench-catalogue-import-')) : undefined;
  const images = withImages ? await imageServer() : null;
  const { server, baseUrl } = await startBenchServer({}, { embeddedDataDir: dataDir });
  try {
    const token = await signIn(baseUrl);
    const options = (await (
      await fetch(`${baseUrl}/api/seller/products/options`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { categories: { name: string }[]; brands: { name: string }[] } };
    const names = {
      categories: options.data.categories.map((c) => c.name),
      brands: options.data.brands.map((b) => b.name),
    };
    const file = shopifyFile(rows, names, images?.origin ?? null);
    await onBenchDatabase(async (client) => {
      // A previous run stopped half-way leaves its products: remove them so this one creates every product.
      await client.query('delete from products where sku like $1', [`${PREFIX}-%`]);
      await client.query('delete from import_jobs where file_name = $1', ['products_export.csv']);
      if (images) {
        await client.query(
          `update settings set value = jsonb_set(value, '{import_image_origins}', $1::jsonb) where key = 'commerce'`,
          [JSON.stringify([images.origin])],
        );
      }
    });
    const products = await (async () => {
      let count: number | null = null;
      await onBenchDatabase(async (client) => {
        count = Number((await client.query('select count(*) from products where deleted_at is null')).rows[0].count);
      });
      return count;
    })();

    const cpuBefore = { server: cpuMs([server.pid ?? 0]), postgres: cpuMs(postgresPids()) };
    const first = await importOnce(baseUrl, token, file);
    const cpuFirst = { server: cpuMs([server.pid ?? 0]), postgres: cpuMs(postgresPids()) };
    const again = await importOnce(baseUrl, token, file);
    const cpuAgain = { server: cpuMs([server.pid ?? 0]), postgres: cpuMs(postgresPids()) };
    const perRow = (ms: number) => Math.round((ms / rows) * 100) / 100;

    const figures = {
      target: withImages ? 'catalogue-import-images' : 'catalogue-import',
      file: `Shopify product export, ${rows} rows, ${rows / 4} products of 4 variants (2 colours x 2 sizes)${withImages ? ', one photo by URL each' : ''}, ${Math.round(file.length / 1024)} KB`,
      database: embedded ? 'pglite (embedded; a check, not a figure)' : 'postgres',
      products_in_catalogue_before: products,
      target_seconds: TARGET_SECONDS,
      first_import: {
        seconds: first.seconds,
        rows_per_second: Math.round(rows / first.seconds),
        created: first.job.created,
        updated: first.job.updated,
        failed: first.job.failed,
        warnings: first.job.warnings,
        cpu_ms_per_row: {
          server: perRow(cpuFirst.server - cpuBefore.server),
          postgres: embedded ? null : perRow(cpuFirst.postgres - cpuBefore.postgres),
        },
      },
      re_import: {
        seconds: again.seconds,
        rows_per_second: Math.round(rows / again.seconds),
        created: again.job.created,
        updated: again.job.updated,
        failed: again.job.failed,
        cpu_ms_per_row: {
          server: perRow(cpuAgain.server - cpuFirst.server),
          postgres: embedded ? null : perRow(cpuAgain.postgres - cpuFirst.postgres),
        },
      },
      first_report_lines: first.job.report.slice(0, 3),
      server_rss_mb: server.pid ? residentMemoryMb(server.pid) : null,
      measured_at: new Date().toISOString(),
      node: process.version,
    };
    if (embedded) {
      console.log(JSON.stringify(figures, null, 2));
    } else {
      mkdirSync(path.join(here, 'results'), { recursive: true });
      writeFileSync(path.join(here, 'results', `${figures.target}.json`), `${JSON.stringify(figures, null, 2)}\n`);
    }
    console.log(
      `${figures.target}  ${rows} rows  first ${first.seconds} s (${first.job.created} created)  ` +
        `again ${again.seconds} s (${again.job.updated} updated, ${again.job.created} created)  target <= ${TARGET_SECONDS} s`,
    );
    const expected = rows / 4;
    if (first.job.status !== 'done' || first.job.created !== expected || first.job.failed !== 0) {
      throw new Error(`the first import did not make every product: ${JSON.stringify(first.job).slice(0, 600)}`);
    }
    if (again.job.status !== 'done' || again.job.updated !== expected || again.job.created !== 0) {
      throw new Error(`the re-import did not update every product: ${JSON.stringify(again.job).slice(0, 600)}`);
    }
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await onBenchDatabase(async (client) => {
      await client.query('delete from products where sku like $1', [`${PREFIX}-%`]);
      await client.query('delete from import_jobs where file_name = $1', ['products_export.csv']);
    });
    images?.server.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
