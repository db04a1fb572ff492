/**
 * `npm run bench:seller-products` (and the `seller-product-save` target of `npm run bench`):
 * the figure of the Seller Centre's editor (a save's p95 at 20 sellers at once). Starts the real server on the bench database
 * (support.ts), signs in the demo shops' sellers, gives each of BENCH_SELLERS (20) concurrent
 * editors a published product of its own (with a photo), then has every editor save its product
 * again and again for BENCH_SECONDS, as the editor's Save does: PUT /api/seller/products/{id}
 * with the whole form (texts in English, Indonesian and Arabic with a rich-text description,
 * category and subcategory, price, discount, stock, SKU, colours and sizes; each save changes the
 * English description, the price and the stock) and the updated_at of the previous save. Latency is the time of each call; the target is p95 <= 100 ms. Writes
 * bench/results/seller-product-save.json.
 *
 *   BENCH_SELLERS   default 20    BENCH_SECONDS  default 10    BENCH_WARMUP_SECONDS  default 3
 *   BENCH_THINK_MS  default 0: how long each editor waits after a save's reply before the next
 *                   save, on average (each wait is between half and one and a half times it, and
 *                   each editor starts at a random moment within one: sellers are not in step). 0 is the worst case (every editor saving back to back, the server busy
 *                   all the time: the latency is then mostly the wait for two busy cores); 1000
 *                   is 20 sellers each saving once a second, still far above what people do
 *   BENCH_EMBEDDED  1: run the server on a fresh embedded database (PGlite, demo seed) in a temporary
 *                   folder, to check the script works; its figures are printed, not written: they
 *                   describe nothing (one connection, no PostgreSQL)
 *
 * The demo seed has fewer shops than editors: editors beyond the shop count share a shop's seller,
 * each still with its own product, so no two editors ever wait on the same row.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, percentile, postgresPids, residentMemoryMb, startBenchServer } from './support';

const here = path.dirname(fileURLToPath(import.meta.url));
const editors = Number(process.env.BENCH_SELLERS ?? 20);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const embedded = process.env.BENCH_EMBEDDED === '1';
const thinkMs = Number(process.env.BENCH_THINK_MS ?? 0);

/** The demo's password (APP_ENV is not production on the bench server). */
const DEMO_PASSWORD = 'password';
/** A 2x2 PNG: the photo every bench product gets. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4YKl9wFKbAUIBACJSBJGhAHVTAAAAAElFTkSuQmCC',
  'base64',
);

interface Options {
  categories: { id: number; sub_categories: { id: number }[] }[];
  brands: { id: number }[];
  units: { id: number }[];
  colors: { id: number }[];
  sizes: { id: number }[];
}

interface Editor {
  token: string;
  productId: number;
  updatedAt: string;
  saves: number;
}

async function call<T>(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<T> {
  const reply = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${method} ${url} answered ${reply.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The sellers of the shops the storefront lists (the demo's: `<slug>@example.com`), signed in. */
async function sellerTokens(baseUrl: string): Promise<string[]> {
  const shops = (await (await fetch(`${baseUrl}/api/shops?per_page=100`)).json()) as {
    data: { shops: { slug: string }[] };
  };
  const tokens: string[] = [];
  for (const { slug } of shops.data.shops) {
    const reply = await fetch(`${baseUrl}/api/shop/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: `${slug}@example.com`, password: DEMO_PASSWORD }),
    });
    if (!reply.ok) continue; // not a demo shop
    tokens.push(((await reply.json()) as { data: { access: { token: string } } }).data.access.token);
  }
  if (tokens.length === 0) throw new Error('no demo seller could sign in: seed the bench database with the demo');
  return tokens;
}

/**
 * The editor's whole form for save number `n` of editor `e`, as the editor sends it: every field,
 * of which a few change from one save to the next (the English description, price and stock).
 */
function form(options: Options, e: number, n: number, updatedAt: string | null) {
  const category = options.categories.find((c) => c.sub_categories.length > 0) ?? options.categories[0];
  const pickEvery = <T>(list: T[], count: number) => list.slice(0, Math.min(count, list.length));
  const word = `Bench ${e}`;
  const description = (lang: string, edit: number) =>
    `<h3>${lang}</h3><p>${word}: <strong>cotton</strong>, hand-drawn, <em>washed</em> ${edit} times.</p>` +
    '<ul><li>Size chart in the photos</li><li>Ships in two days</li></ul><p><a href="https://example.com">Care</a></p>';
  return {
    status: 'published',
    texts: {
      en: {
        name: `Batik Shirt ${word}`,
        short_description: 'Hand-drawn batik shirt.',
        description: description('en', n),
      },
      id: { name: `Kemeja Batik ${word}`, short_description: 'Kemeja batik tulis.', description: description('id', 0) },
      ar: {
        name: `قميص باتيك ${word}`,
        short_description: 'قميص باتيك مرسوم باليد.',
        description: description('ar', 0),
      },
    },
    sku: null as string | null,
    category_id: category?.id ?? null,
    sub_category_id: category?.sub_categories[0]?.id ?? null,
    brand_id: options.brands[0]?.id ?? null,
    unit_id: options.units[0]?.id ?? null,
    price: 150_000 + (n % 50) * 1000,
    discount_price: 120_000,
    stock: 100 + (n % 10),
    colors: pickEvery(options.colors, 3).map((c, i) => ({ id: c.id, extra_price: i * 5000 })),
    sizes: pickEvery(options.sizes, 4).map((s, i) => ({ id: s.id, extra_price: i * 2500 })),
    ...(updatedAt ? { updated_at: updatedAt } : {}),
  };
}

/** Each editor's own product: created, given a photo, published. */
async function prepare(baseUrl: string, tokens: string[], options: Options): Promise<Editor[]> {
  const list: Editor[] = [];
  for (let e = 0; e < editors; e++) {
    const token = tokens[e % tokens.length] as string;
    // A draft first (a product gets its photo once it exists); its SKU is its id's, unique in the shop.
    const { status: _published, ...draft } = form(options, e, 0, null);
    const created = await call<{ data: { product: { id: number } } }>(baseUrl, token, 'POST', '/api/seller/products', {
      ...draft,
      sku: null,
    });
    const id = created.data.product.id;
    const boundary = `----bench${e}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PHOTO,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const photo = await fetch(`${baseUrl}/api/seller/products/${id}/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    if (!photo.ok) throw new Error(`photo upload answered ${photo.status}: ${await photo.text()}`);
    const saved = await call<{ data: { product: { updated_at: string } } }>(
      baseUrl,
      token,
      'PUT',
      `/api/seller/products/${id}`,
      { status: 'published', sku: `BENCH-${id}` },
    );
    list.push({ token, productId: id, updatedAt: saved.data.product.updated_at, saves: 0 });
  }
  return list;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every editor saves its product one call after another until `until`; the latencies of each call. */
async function run(baseUrl: string, list: Editor[], options: Options, until: number) {
  const latencies: number[] = [];
  const failures: string[] = [];
  await Promise.all(
    list.map(async (editor, e) => {
      // Sellers are not in step: each starts at its own moment within one think time.
      if (thinkMs > 0) await pause(Math.random() * thinkMs);
      while (performance.now() < until) {
        const body = { ...form(options, e, ++editor.saves, editor.updatedAt), sku: `BENCH-${editor.productId}` };
        const started = performance.now();
        const reply = await fetch(`${baseUrl}/api/seller/products/${editor.productId}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await reply.text();
        latencies.push(performance.now() - started);
        if (!reply.ok) {
          failures.push(`${reply.status} ${text.slice(0, 200)}`);
          continue;
        }
        editor.updatedAt = (JSON.parse(text) as { data: { product: { updated_at: string } } }).data.product.updated_at;
        if (thinkMs > 0) await pause(thinkMs * (0.5 + Math.random()));
      }
    }),
  );
  return { latencies, failures };
}

async function main() {
  const dataDir = embedded ? mkdtempSync(path.join(os.tmpdir(), 'bench-seller-products-')) : undefined;
  const { server, baseUrl } = await startBenchServer({}, { embeddedDataDir: dataDir });
  try {
    const tokens = await sellerTokens(baseUrl);
    const options = (await call<{ data: Options }>(baseUrl, tokens[0] as string, 'GET', '/api/seller/products/options'))
      .data;
    const list = await prepare(baseUrl, tokens, options);
    // Warm-up: the freshly started server compiles the route's code on its first calls.
    await run(baseUrl, list, options, performance.now() + warmupSeconds * 1000);

    const cpuBefore = { server: cpuMs([server.pid ?? 0]), postgres: cpuMs(postgresPids()) };
    const started = performance.now();
    const { latencies, failures } = await run(baseUrl, list, options, started + seconds * 1000);
    const elapsed = (performance.now() - started) / 1000;
    const perSave = (ms: number) => Math.round((ms / Math.max(1, latencies.length)) * 100) / 100;
    const sorted = Float64Array.from(latencies).sort();
    const figures = {
      target: 'seller-product-save',
      path: 'PUT /api/seller/products/{id} (the whole editor form, three languages), each editor its own product',
      database: embedded ? 'pglite (embedded; a check, not a figure)' : 'postgres',
      concurrent_editors: editors,
      think_ms: thinkMs,
      seller_accounts: Math.min(editors, tokens.length),
      duration_seconds: seconds,
      saves: latencies.length,
      saves_per_second: Math.round(latencies.length / elapsed),
      latency_ms: {
        p50: percentile(sorted, 50),
        p90: percentile(sorted, 90),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        max: percentile(sorted, 100),
      },
      target_p95_ms: 100,
      failed: failures.length,
      first_failures: failures.slice(0, 5),
      server_rss_mb: server.pid ? residentMemoryMb(server.pid) : null,
      cpu: {
        server_ms_per_save: perSave(cpuMs([server.pid ?? 0]) - cpuBefore.server),
        postgres_ms_per_save: embedded ? null : perSave(cpuMs(postgresPids()) - cpuBefore.postgres),
      },
      measured_at: new Date().toISOString(),
      node: process.version,
    };
    if (embedded) {
      console.log(JSON.stringify(figures, null, 2));
    } else {
      mkdirSync(path.join(here, 'results'), { recursive: true });
      const name = thinkMs > 0 ? `seller-product-save-think-${thinkMs}ms.json` : 'seller-product-save.json';
      writeFileSync(path.join(here, 'results', name), `${JSON.stringify(figures, null, 2)}\n`);
    }
    console.log(
      `seller-product-save (think ${thinkMs} ms)  ${figures.saves_per_second} saves/s  p50 ${figures.latency_ms.p50} ms  p95 ${figures.latency_ms.p95} ms  ` +
        `p99 ${figures.latency_ms.p99} ms  failed ${figures.failed}  cpu/save node ${figures.cpu.server_ms_per_save} pg ${figures.cpu.postgres_ms_per_save} ms`,
    );
    if (failures.length > 0) throw new Error(`saves failed: ${failures.slice(0, 3).join(' | ')}`);
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
