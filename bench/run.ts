/**
 * `npm run bench`: load figures for the key calls and pages, on PostgreSQL, as the README's benchmark section describes
 * asks. Starts the real server (built web app) against BENCH_DATABASE_URL, seeds it when empty,
 * runs autocannon per target and writes bench/results/<target>.json with requests/s, p50, p95,
 * p99 and the server's resident memory. Never part of `npm test`: these machines are shared and noisy.
 *
 *   BENCH_DATABASE_URL    default postgres://postgres@127.0.0.1:5432/shop_bench (created if missing)
 *   BENCH_CONNECTIONS     default 50      BENCH_SECONDS  default 10
 *   BENCH_ONLY            comma-separated target names to run a subset
 *   BENCH_NODE_ARGS       extra arguments for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 *   PUBLIC_CACHE_SECONDS  passed to the server; 0 measures without the public reply caches and
 *                         writes <target>-nocache.json instead
 *   BENCH_WRITES          product writes a second during each measured run (default 0), as a shop
 *                         makes them while it serves: sales (stock down, sold count up, through the
 *                         products table as a placement does) and sellers' stock edits; with
 *                         BENCH_WRITE_PRICES=1 one in five writes is a price edit instead (a
 *                         product can then move between listings). Results go to
 *                         <target>-writes.json.
 *   BENCH_PG_STATEMENTS   1 prints, after each target, PostgreSQL's busiest statements of the measured
 *                         run (pg_stat_statements, which must be in shared_preload_libraries;
 *                         pg_stat_statements.track = all shows the statements inside place_order)
 *
 * Before measuring, the database is vacuumed and analysed (see settleDatabase).
 *
 * The catalogue targets rotate over many distinct requests built from the database (categories,
 * price bands, sorts, search words, name prefixes, product ids, three languages), so no figure
 * describes one cached reply. Latency percentiles come from every response's own time, not from
 * autocannon's per-second histogram.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchShoppers,
  cpuMs,
  databaseUrl,
  percentile,
  postgresPids,
  residentMemoryMb,
  settleDatabase,
  startBenchServer,
} from './support';

const here = path.dirname(fileURLToPath(import.meta.url));

const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const cacheSeconds = process.env.PUBLIC_CACHE_SECONDS;
const cacheOff = cacheSeconds !== undefined && Number(cacheSeconds) === 0;
const writesPerSecond = Number(process.env.BENCH_WRITES ?? 0);
const writePrices = process.env.BENCH_WRITE_PRICES === '1';

/**
 * Writes `perSecond` products a second until stopped (BENCH_WRITES): a sale or a stock edit of a
 * random listed product, or with BENCH_WRITE_PRICES a price edit one time in five. Returns how
 * many it wrote.
 */
function startWrites(url: string, productIds: number[], perSecond: number) {
  const client = new pg.Client({ connectionString: url });
  const next = random(99);
  let written = 0;
  let stopped = false;
  const run = (async () => {
    await client.connect();
    const started = Date.now();
    while (!stopped) {
      const id = pick(productIds, next);
      const kind = next();
      if (writePrices && kind < 0.2) {
        await client.query('update products set price = price + 100 where id = $1', [id]);
      } else if (kind < 0.8) {
        await client.query(
          'update products set stock = greatest(stock - 1, 0), sold_count = sold_count + 1 where id = $1',
          [id],
        );
      } else {
        await client.query('update products set stock = stock + 5 where id = $1', [id]);
      }
      written++;
      const due = started + (written * 1000) / perSecond;
      await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    }
    await client.end();
  })();
  return {
    stop: async () => {
      stopped = true;
      await run;
      return written;
    },
  };
}

interface BenchRequest {
  path: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** JSON body of a POST. */
  body?: unknown;
}

interface Target {
  name: string;
  /** What the target asks, for the results file. */
  describe: string;
  /** The requests the connections take in turn. */
  requests: (sample: Sample) => BenchRequest[];
  /** Puts the database in the state the requests need (carts filled, ...), before warming up. */
  prepare?: (url: string, sample: Sample) => Promise<void>;
  /**
   * Each request can be sent once (an order placement empties its cart): the first tenth warms
   * up, the rest is measured, each sent once, instead of a timed loop.
   */
  once?: boolean;
}

const LOCALES = ['en', 'id', 'ar'] as const;
const html = { accept: 'text/html' };

/** Deterministic pseudo-random numbers so two runs send the same requests. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(list: readonly T[], next: () => number): T {
  return list[Math.floor(next() * list.length)] as T;
}

const lang = (locale: string) => ({ 'accept-language': locale });

/**
 * `word` with one random edit (two neighbours swapped, a letter missing, wrong or extra), two for
 * nine letters or more; a word under five letters as it is (typos are corrected from five).
 */
function withTypos(word: string, next: () => number): string {
  const letters = [...word];
  if (letters.length < 5) return word;
  for (let edit = letters.length >= 9 ? 2 : 1; edit > 0; edit--) {
    const at = Math.floor(next() * (letters.length - 1));
    const other = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(next() * 26)] as string;
    const kind = Math.floor(next() * 4);
    if (kind === 0) [letters[at], letters[at + 1]] = [letters[at + 1] as string, letters[at] as string];
    else if (kind === 1) letters.splice(at, 1);
    else if (kind === 2) letters[at] = other;
    else letters.splice(at, 0, other);
  }
  return letters.join('');
}

/** A quarter of the words with typos (withTypos). */
const typedWithTypos = (word: string, next: () => number) => (next() < 0.25 ? withTypos(word, next) : word);

/**
 * The search target's requests: one or two words of the catalogue in three languages (each as
 * `typed` makes it), sometimes with a category and a sort.
 */
function searchRequests(s: Sample, typed: (word: string, next: () => number) => string) {
  const next = random(2);
  return Array.from({ length: 3000 }, () => {
    const locale = pick(LOCALES, next);
    const words = s.words[locale]?.length ? (s.words[locale] as string[]) : (s.words.en as string[]);
    const word = () => typed(pick(words, next), next);
    const text = next() < 0.7 ? word() : `${word()} ${word()}`;
    const params = new URLSearchParams({ search: text, per_page: '20' });
    if (next() < 0.3) params.set('category_id', String(pick(s.categoryIds, next)));
    if (next() < 0.3) params.set('sort_type', pick(SORTS, next));
    return { path: `/api/products?${params}`, headers: lang(locale) };
  });
}

/** Real values from the database the request sets are drawn from. */
interface Sample {
  categoryIds: number[];
  /** The three categories with the most listed products. */
  largestCategoryIds: number[];
  brandIds: number[];
  productIds: number[];
  /** The same products' slugs, for their pages. */
  productSlugs: string[];
  /** Active categories' slugs, for their pages. */
  categorySlugs: string[];
  /** Effective-price quantiles in API money (major units). */
  priceQuantiles: number[];
  /** Words of product names per language, lower case. */
  words: Record<string, string[]>;
  /** Signed-in bench shoppers (bearer tokens), each with an address. */
  shoppers: BenchShopper[];
  shopperUserIds: number[];
  /** Listed physical products in stock of two shops or more, for carts: id and shop. */
  cartProducts: { id: number; shopId: number }[];
}

interface BenchShopper {
  token: string;
  addressId: number;
}

const json = { 'content-type': 'application/json' };
const bearer = (s: BenchShopper) => ({ authorization: `Bearer ${s.token}`, ...json });
/** Shoppers whose carts the cart-add and checkout-preview targets use; the others place orders. */
const BROWSING_SHOPPERS = 500;

/** Each shopper's cart for the checkout targets: three lines from two shops (quantity 1-2). */
function cartOf(sample: Sample, index: number) {
  const next = random(10_000 + index);
  const first = pick(sample.cartProducts, next);
  const others = sample.cartProducts.filter((p) => p.shopId !== first.shopId);
  const second = pick(others, next);
  const third = pick(sample.cartProducts, next);
  const lines = new Map<number, { id: number; shopId: number; quantity: number }>();
  for (const p of [first, second, third]) lines.set(p.id, { ...p, quantity: 1 + Math.floor(next() * 2) });
  return [...lines.values()];
}

/** Replaces the carts of the given shoppers with their cartOf lines, in one statement. */
async function fillCarts(url: string, sample: Sample, from: number, to: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const users: number[] = [];
    const products: number[] = [];
    const shops: number[] = [];
    const quantities: number[] = [];
    for (let i = from; i < to; i++) {
      const userId = sample.shopperUserIds[i] as number;
      for (const line of cartOf(sample, i)) {
        users.push(userId);
        products.push(line.id);
        shops.push(line.shopId);
        quantities.push(line.quantity);
      }
    }
    await client.query('delete from cart_items where user_id = any($1::int[])', [
      sample.shopperUserIds.slice(from, to),
    ]);
    await client.query(
      `insert into cart_items (user_id, product_id, shop_id, quantity)
       select * from unnest($1::int[], $2::int[], $3::int[], $4::int[])`,
      [users, products, shops, quantities],
    );
  } finally {
    await client.end();
  }
}

const SORTS = ['default', 'newest', 'low_to_high', 'high_to_low', 'top_selling', 'popular_product'] as const;

const targets: Target[] = [
  { name: 'api-master', describe: '/api/master', requests: () => [{ path: '/api/master' }] },
  {
    name: 'api-home',
    describe: '/api/home?page=1&per_page=12',
    requests: () => [{ path: '/api/home?page=1&per_page=12' }],
  },
  { name: 'ssr-home', describe: '/ (HTML)', requests: () => [{ path: '/', headers: html }] },
  {
    // What a browser asks: the same page, compressed (a visitor's page is never sent plain).
    name: 'ssr-home-br',
    describe: '/ (HTML, Accept-Encoding: br, gzip as browsers send)',
    requests: () => [{ path: '/', headers: { ...html, 'accept-encoding': 'br, gzip' } }],
  },
  {
    // Server-rendered pages a visitor opens, as a browser asks for them, in three languages; with
    // PAGE_CACHE_MB=0 each is rendered for its request (the figure of a page's render CPU).
    name: 'ssr-listing',
    describe: '/categories/<slug> and /products?sort_type=<sort> (HTML, br), three languages',
    requests: (s) => {
      const next = random(11);
      return Array.from({ length: 600 }, (_, i) => ({
        path:
          i % 2 === 0
            ? `/categories/${pick(s.categorySlugs, next)}?lang=${pick(LOCALES, next)}`
            : `/products?sort_type=${pick(SORTS, next)}&lang=${pick(LOCALES, next)}`,
        headers: { ...html, 'accept-encoding': 'br, gzip' },
      }));
    },
  },
  {
    name: 'ssr-product',
    describe: '/products/<slug>/details (HTML, br) of 3000 listed products, three languages',
    requests: (s) => {
      const next = random(12);
      return s.productSlugs.map((slug) => ({
        path: `/products/${slug}/details?lang=${pick(LOCALES, next)}`,
        headers: { ...html, 'accept-encoding': 'br, gzip' },
      }));
    },
  },
  {
    name: 'listing',
    describe: '/api/products with category (or brand) + price band + sort + page, three languages',
    requests: (s) => {
      const next = random(1);
      const q = s.priceQuantiles;
      return Array.from({ length: 3000 }, () => {
        const lo = Math.floor(next() * (q.length - 2));
        const hi = lo + 1 + Math.floor(next() * (q.length - 1 - lo));
        const byBrand = next() < 0.2;
        const params = new URLSearchParams({
          [byBrand ? 'brand_id' : 'category_id']: String(pick(byBrand ? s.brandIds : s.categoryIds, next)),
          min_price: String(q[lo]),
          max_price: String(q[hi]),
          sort_type: pick(SORTS, next),
          page: String(1 + Math.floor(next() * 3)),
          per_page: '20',
        });
        return { path: `/api/products?${params}`, headers: lang(pick(LOCALES, next)) };
      });
    },
  },
  {
    name: 'listing-all',
    describe:
      '/api/products unfiltered (the /products page as a shopper opens it): first three pages, each sort, three languages',
    requests: () => {
      const next = random(11);
      return Array.from({ length: 600 }, () => {
        const params = new URLSearchParams({
          sort_type: pick(SORTS, next),
          page: String(1 + Math.floor(next() * 3)),
          per_page: '20',
        });
        return { path: `/api/products?${params}`, headers: lang(pick(LOCALES, next)) };
      });
    },
  },
  {
    name: 'listing-category',
    describe:
      '/api/products?category_id=<one of the three largest categories>, no other filter: first three pages, each sort, three languages',
    requests: (s) => {
      const next = random(12);
      return Array.from({ length: 600 }, () => {
        const params = new URLSearchParams({
          category_id: String(pick(s.largestCategoryIds, next)),
          sort_type: pick(SORTS, next),
          page: String(1 + Math.floor(next() * 3)),
          per_page: '20',
        });
        return { path: `/api/products?${params}`, headers: lang(pick(LOCALES, next)) };
      });
    },
  },
  {
    name: 'search',
    describe: '/api/products?search=<word> (one or two words, sometimes with a category and sort)',
    requests: (s) => searchRequests(s, (word) => word),
  },
  {
    name: 'autocomplete',
    describe: '/api/products/search-autocomplete?name=<2-6 letter prefix of a name word>&limit=8, three languages',
    requests: (s) => {
      const next = random(3);
      return Array.from({ length: 4000 }, () => {
        const locale = pick(LOCALES, next);
        const words = s.words[locale]?.length ? (s.words[locale] as string[]) : (s.words.en as string[]);
        const word = pick(words, next);
        const prefix = word.slice(0, Math.min(word.length, 2 + Math.floor(next() * 5)));
        const params = new URLSearchParams({ name: prefix, limit: '8' });
        return { path: `/api/products/search-autocomplete?${params}`, headers: lang(locale) };
      });
    },
  },
  {
    name: 'search-typos',
    describe: 'the search target with a typo in a quarter of its words (one edit, two from nine letters)',
    requests: (s) => searchRequests(s, typedWithTypos),
  },
  {
    name: 'autocomplete-typos',
    describe: 'the autocomplete target where a quarter of the requests type a whole word with a typo',
    requests: (s) => {
      const next = random(3);
      return Array.from({ length: 4000 }, () => {
        const locale = pick(LOCALES, next);
        const words = s.words[locale]?.length ? (s.words[locale] as string[]) : (s.words.en as string[]);
        const word = pick(words, next);
        const name =
          next() < 0.25 ? withTypos(word, next) : word.slice(0, Math.min(word.length, 2 + Math.floor(next() * 5)));
        const params = new URLSearchParams({ name, limit: '8' });
        return { path: `/api/products/search-autocomplete?${params}`, headers: lang(locale) };
      });
    },
  },
  {
    name: 'cart-add',
    describe:
      'POST /api/cart/store {product_id} by 500 signed-in shoppers, 6 products each, from an empty cart (the reply is the whole priced cart)',
    once: true,
    prepare: async (url, s) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('delete from cart_items where user_id = any($1::int[])', [s.shopperUserIds]);
      await client.end();
    },
    requests: (s) => {
      const next = random(5);
      return Array.from({ length: BROWSING_SHOPPERS * 6 }, (_, i) => ({
        path: '/api/cart/store',
        method: 'POST' as const,
        headers: bearer(s.shoppers[i % BROWSING_SHOPPERS] as BenchShopper),
        body: { product_id: pick(s.cartProducts, next).id },
      }));
    },
  },
  {
    name: 'checkout-preview',
    describe:
      'POST /api/cart/checkout {shop_ids} of 500 shoppers with 3 lines from 2 shops (tiers, VAT, the collected-voucher lookup; the shoppers hold none)',
    prepare: (url, s) => fillCarts(url, s, 0, BROWSING_SHOPPERS),
    requests: (s) =>
      Array.from({ length: BROWSING_SHOPPERS }, (_, i) => ({
        path: '/api/cart/checkout',
        method: 'POST' as const,
        headers: bearer(s.shoppers[i] as BenchShopper),
        body: { shop_ids: [...new Set(cartOf(s, i).map((l) => l.shopId))] },
      })),
  },
  {
    name: 'place-order',
    describe:
      'POST /api/place-order (cash, Idempotency-Key) by 5,500 shoppers, each once: 2 orders and 1 payment per request, stock taken; the shoppers hold no vouchers',
    once: true,
    prepare: (url, s) => fillCarts(url, s, BROWSING_SHOPPERS, s.shoppers.length),
    requests: (s) =>
      s.shoppers.slice(BROWSING_SHOPPERS).map((shopper, j) => {
        const i = BROWSING_SHOPPERS + j;
        return {
          path: '/api/place-order',
          method: 'POST' as const,
          headers: { ...bearer(shopper), 'idempotency-key': `bench-${Date.now()}-${i}` },
          body: {
            shop_ids: [...new Set(cartOf(s, i).map((l) => l.shopId))],
            address_id: shopper.addressId,
            payment_method: 'cash',
          },
        };
      }),
  },
  {
    name: 'details',
    describe: '/api/product-details?product_id=<one of 3000 listed products>, three languages',
    requests: (s) => {
      const next = random(4);
      return s.productIds.map((id) => ({
        path: `/api/product-details?product_id=${id}`,
        headers: lang(pick(LOCALES, next)),
      }));
    },
  },
];

/** Runs autocannon over `requests` in turn; latencies are every response's own time in ms. */
/** Runs autocannon for `duration` seconds, or for `amount` requests when given. */
async function load(
  baseUrl: string,
  requests: BenchRequest[],
  options: { connections: number; duration: number; amount?: number },
) {
  let turn = 0;
  const latencies: number[] = [];
  let instance: autocannon.Instance | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: baseUrl,
        connections: options.connections,
        duration: options.duration,
        ...(options.amount ? { amount: options.amount } : {}),
        requests: [
          {
            setupRequest: (request) => {
              const next = requests[turn++ % requests.length] as BenchRequest;
              return {
                ...request,
                path: next.path,
                headers: { ...request.headers, ...next.headers },
                ...(next.method ? { method: next.method } : {}),
                ...(next.body === undefined ? {} : { body: JSON.stringify(next.body) }),
              };
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  const sorted = Float64Array.from(latencies).sort();
  return {
    result,
    latency: {
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: percentile(sorted, 100),
    },
    responses: latencies.length,
    distinct: new Set(
      requests.map(
        (r) =>
          `${r.headers?.['accept-language'] ?? ''} ${r.headers?.authorization ?? ''} ${r.path} ${JSON.stringify(r.body ?? '')}`,
      ),
    ).size,
  };
}

/**
 * BENCH_PG_STATEMENTS=1: PostgreSQL's own account of a measured run (pg_stat_statements): where the
 * database's time went, statement by statement, with the WAL each wrote.
 */
async function pgStatements(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('create extension if not exists pg_stat_statements');
  return {
    reset: async () => {
      await client.query('select pg_stat_statements_reset()');
    },
    report: async () => {
      const rows = await client.query(
        `select calls, round((total_exec_time / calls)::numeric, 3) as ms, round(wal_records::numeric / calls, 1) as wal,
           toplevel, left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as query
         from pg_stat_statements where calls >= 100 order by total_exec_time desc limit 12`,
      );
      return rows.rows
        .map(
          (r) =>
            `  ${String(r.calls).padStart(7)} x ${String(r.ms).padStart(7)} ms  wal ${String(r.wal).padStart(5)}  ${r.toplevel ? '' : '  (inside) '}${r.query}`,
        )
        .join('\n');
    },
    end: () => client.end(),
  };
}

let statementStats: Awaited<ReturnType<typeof pgStatements>> | null = null;

async function main() {
  const { server, baseUrl } = await startBenchServer();
  if (process.env.BENCH_PG_STATEMENTS === '1') statementStats = await pgStatements(databaseUrl);
  await settleDatabase(databaseUrl);
  const sample = await sampleDatabase(databaseUrl);
  mkdirSync(path.join(here, 'results'), { recursive: true });
  try {
    for (const target of targets) {
      if (only && !only.includes(target.name)) continue;
      await target.prepare?.(databaseUrl, sample);
      const all = target.requests(sample);
      // A request set that fails is a broken benchmark, not a slow one: check a few first.
      for (const request of all.slice(0, 5)) {
        const reply = await fetch(`${baseUrl}${request.path}`, {
          method: request.method ?? 'GET',
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        });
        if (!reply.ok)
          throw new Error(`${target.name}: ${request.path} answered ${reply.status} ${await reply.text()}`);
      }
      // Requests that can be sent once: a tenth warms up, the rest (not yet sent) is measured.
      const warmCount = target.once ? Math.floor(all.length / 10) : 0;
      const requests = target.once ? all.slice(5 + warmCount) : all;
      // Warm caches and JIT so the figures describe steady state: every distinct request once (a
      // shop that has been serving them for a while), then 2 s more. The cold figures are those of
      // PUBLIC_CACHE_SECONDS=0, where every request reaches the database.
      if (target.once) {
        await load(baseUrl, all.slice(5, 5 + warmCount), { connections: 10, duration: 600, amount: warmCount });
      } else {
        await load(baseUrl, requests, { connections: 10, duration: 600, amount: Math.max(10, requests.length) });
        await load(baseUrl, requests, { connections: 10, duration: 2 });
      }
      if (statementStats) await statementStats.reset();
      const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
      const cpuBefore = {
        server: cpuMs([server.pid ?? 0]),
        postgres: cpuMs(postgresPids()),
        loadGenerator: process.cpuUsage(),
      };
      const writes = writesPerSecond > 0 ? startWrites(databaseUrl, sample.productIds, writesPerSecond) : undefined;
      const { result, latency, responses, distinct } = await load(baseUrl, requests, {
        connections,
        duration: target.once ? 600 : duration,
        ...(target.once ? { amount: requests.length } : {}),
      });
      const written = (await writes?.stop()) ?? 0;
      const perRequest = (ms: number) => Math.round((ms / Math.max(1, responses)) * 100) / 100;
      const cpu = {
        server_ms_per_request: perRequest(cpuMs([server.pid ?? 0]) - cpuBefore.server),
        postgres_ms_per_request: perRequest(cpuMs(postgresPids()) - cpuBefore.postgres),
        // autocannon, in this process: on the same two cores, its CPU is not the server's.
        load_generator_ms_per_request: perRequest(
          (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuBefore.loadGenerator)),
        ),
      };
      const figures = {
        target: target.name,
        path: target.describe,
        distinct_requests: distinct,
        database: 'postgres',
        products: sample.productCount,
        public_cache_seconds: cacheSeconds === undefined ? 'default' : Number(cacheSeconds),
        connections,
        duration_seconds: duration,
        requests_per_second: Math.round(result.requests.average),
        responses,
        latency_ms: latency,
        non_2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        ...(writes
          ? { product_writes: { per_second_asked: writesPerSecond, written, prices_edited: writePrices } }
          : {}),
        server_rss_mb: server.pid ? residentMemoryMb(server.pid) : null,
        cpu,
        load_average_before: loadAverage,
        measured_at: new Date().toISOString(),
        node: process.version,
      };
      const file = `${target.name}${cacheOff ? '-nocache' : ''}${writes ? `-writes${writePrices ? '-prices' : ''}` : ''}.json`;
      writeFileSync(path.join(here, 'results', file), `${JSON.stringify(figures, null, 2)}\n`);
      console.log(
        `${target.name.padEnd(13)} ${String(figures.requests_per_second).padStart(6)} req/s  p50 ${latency.p50} ms  p95 ${latency.p95} ms  p99 ${latency.p99} ms  rss ${figures.server_rss_mb} MB  cpu/req node ${cpu.server_ms_per_request} pg ${cpu.postgres_ms_per_request} load ${cpu.load_generator_ms_per_request} ms  non-2xx ${figures.non_2xx}${cacheOff ? '  (cache off)' : ''}${writes ? `  (${written} product writes)` : ''}`,
      );
      if (statementStats) console.log(await statementStats.report());
    }
  } finally {
    // autocannon stops with requests in flight; let the server answer them before it closes its pool.
    await new Promise((r) => setTimeout(r, 2000));
    server.kill('SIGTERM');
    await statementStats?.end();
  }
}

async function sampleDatabase(url: string): Promise<Sample & { productCount: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const listed = `from products p join shops s on s.id = p.shop_id where p.is_active and p.is_approved and s.is_active`;
    const count = await client.query(`select count(*)::int as n ${listed}`);
    const categories = await client.query(
      'select distinct category_id as id from product_categories join categories c on c.id = category_id where c.is_active order by 1',
    );
    const largest = await client.query(
      `select pc.category_id as id from product_categories pc join products p on p.id = pc.product_id
       join shops s on s.id = p.shop_id where p.is_active and p.is_approved and s.is_active
       group by 1 order by count(*) desc limit 3`,
    );
    const brands = await client.query(
      `select distinct p.brand_id as id ${listed} and p.brand_id is not null order by 1`,
    );
    // Spread over the whole catalogue, not the first rows.
    const ids = await client.query(`select p.id, p.slug ${listed} order by md5(p.id::text) limit 3000`);
    const categorySlugs = await client.query('select slug from categories where is_active order by id');
    const prices = await client.query(
      `select percentile_disc(array[0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]) within group (
         order by case when p.discount_price > 0 then p.discount_price else p.price end) as q ${listed}`,
    );
    const words = await client.query(
      `select locale, array_agg(distinct w) as words from (
         select locale, regexp_split_to_table(lower(name), '[^[:alnum:]]+') as w
         from product_translations where product_id in (select id from products order by md5(id::text) limit 5000)) t
       where length(w) >= 3 group by locale`,
    );
    const cartProducts = await client.query(
      `select p.id, p.shop_id as "shopId" ${listed} and not p.is_digital and p.stock > 0
         and not exists (select 1 from flash_sale_products f where f.product_id = p.id)
       order by md5(p.id::text) limit 300`,
    );
    // Plenty of stock, so the placements measure placing, not running out.
    await client.query('update products set stock = 1000000 where id = any($1::int[])', [
      cartProducts.rows.map((r) => r.id),
    ]);
    const shoppers = await benchShoppers(client);
    return {
      cartProducts: cartProducts.rows,
      shoppers: shoppers.map((s) => ({ token: s.token, addressId: s.addressId })),
      shopperUserIds: shoppers.map((s) => s.userId),
      productCount: count.rows[0]?.n ?? 0,
      categoryIds: categories.rows.map((r) => r.id),
      largestCategoryIds: largest.rows.map((r) => r.id),
      brandIds: brands.rows.map((r) => r.id),
      productIds: ids.rows.map((r) => r.id),
      productSlugs: ids.rows.map((r) => r.slug),
      categorySlugs: categorySlugs.rows.map((r) => r.slug),
      priceQuantiles: (prices.rows[0]?.q ?? [0, 0]).map((minor: number) => Math.floor(minor / 100)),
      words: Object.fromEntries(words.rows.map((r) => [r.locale, r.words])),
    };
  } finally {
    await client.end();
  }
}

/** The realtime target has its own script (it holds sockets, not an autocannon loop) and server. */
async function runRealtimeTarget() {
  if (only && !only.includes('realtime')) return;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'realtime.ts')], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the realtime target failed (exit ${code})`);
}

/** Saving a product in the Seller Centre has its own script too (editors that each wait for their save). */
async function runSellerProductSaveTarget() {
  if (only && !only.includes('seller-product-save')) return;
  const script = path.join(here, 'seller-product-save.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the seller-product-save target failed (exit ${code})`);
}

main()
  .then(runRealtimeTarget)
  .then(runSellerProductSaveTarget)
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
