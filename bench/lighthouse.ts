/**
 * `npm run bench:pages`: Lighthouse 12 (mobile, the default config with simulated throttling) on
 * the key pages of issue 3: home, /products and a product page. Starts the real server with the
 * built web app (building it when missing), runs every page several times because scores on a
 * shared machine are noisy, and writes bench/results/lighthouse-<page>.json with the median of
 * each category score and metric (plus every run). Never part of `npm test`.
 *
 *   LIGHTHOUSE_RUNS         runs per page (default 3; the median is reported)
 *   LIGHTHOUSE_PAGES        comma-separated subset of: home, products, product
 *   LIGHTHOUSE_URL          measure an already running server instead of starting one
 *   BENCH_DATABASE_URL      PostgreSQL to use; unset uses PGlite on a fresh data folder
 *   WEB_BUILD_DIR           the web build to serve (default apps/web/build)
 *   CHROMIUM                browser binary (default /usr/bin/chromium)
 *   LIGHTHOUSE_REPORTS      a folder to keep every run's full Lighthouse JSON in, for digging into
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').map((s) => s.trim());
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const reportsDir = process.env.LIGHTHOUSE_REPORTS ? path.resolve(process.env.LIGHTHOUSE_REPORTS) : undefined;
const buildDir = path.resolve(repoRoot, process.env.WEB_BUILD_DIR ?? 'apps/web/build');

/** This machine has no internet: without these flags Chromium keeps trying to reach Google. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcp_ms: 'first-contentful-paint',
  lcp_ms: 'largest-contentful-paint',
  tbt_ms: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si_ms: 'speed-index',
} as const;

/** Audits whose failure says what to fix; listed per run when they score below 0.9. */
type Scores = Record<(typeof CATEGORIES)[number], number>;
type Metrics = Record<keyof typeof METRICS, number>;

interface RunResult {
  scores: Scores;
  metrics: Metrics;
  failing: string[];
  html_bytes: number | null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

interface Server {
  baseUrl: string;
  stop(): Promise<void>;
}

async function startServer(): Promise<Server> {
  if (!existsSync(path.join(buildDir, 'server/index.js'))) {
    console.log(`No web build at ${buildDir}: building it (npm run build).`);
    const built = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'shop-lighthouse-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      WEB_BUILD_DIR: buildDir,
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited before becoming healthy');
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // still starting
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A product in stock, so the details page is the full one (gallery, price box, add to cart). */
async function productPath(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/products?page=1&per_page=20&sort_type=popular_product`);
  if (!res.ok) throw new Error(`GET /api/products answered ${res.status}`);
  const body = (await res.json()) as { data: { products: { slug: string; quantity: number }[] } };
  const list = body.data.products;
  const product = list.find((p) => p.quantity > 0) ?? list[0];
  if (!product) throw new Error('no product to measure');
  return `/products/${encodeURIComponent(product.slug)}/details`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function measure(url: string, port: number): Promise<RunResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (reportsDir) {
    mkdirSync(reportsDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.json`;
    writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Scores;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => {
      const value = lhr.audits[id]?.numericValue ?? Number.NaN;
      return [key, key === 'cls' ? Math.round(value * 1000) / 1000 : Math.round(value)];
    }),
  ) as Metrics;
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'manual' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  const network = lhr.audits['network-requests']?.details as
    | { items?: { url: string; transferSize?: number; resourceType?: string }[] }
    | undefined;
  const document = network?.items?.find((i) => i.resourceType === 'Document');
  return { scores, metrics, failing, html_bytes: document?.transferSize ?? null };
}

/** A loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP): such a run is repeated, not counted. */
async function measureWithRetry(url: string, port: number): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(`retrying ${url}: ${(err as Error).message}`);
    }
  }
}

async function main() {
  const external = process.env.LIGHTHOUSE_URL;
  const server = external ? undefined : await startServer();
  const baseUrl = external ?? server?.baseUrl ?? '';
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROME_FLAGS });
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const rows: string[] = [];
  try {
    const pages = [
      { name: 'home', path: '/' },
      { name: 'products', path: '/products' },
      { name: 'product', path: await productPath(baseUrl) },
    ].filter((p) => !onlyPages || onlyPages.includes(p.name));
    for (const page of pages) {
      const url = `${baseUrl}${page.path}`;
      // One unmeasured visit warms the server's caches and resized-image cache, like a live shop.
      await fetch(url, { headers: { accept: 'text/html' } });
      await measureWithRetry(url, chrome.port);
      const results: RunResult[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await measureWithRetry(url, chrome.port);
        console.log(`${page.name} run ${i + 1}: ${JSON.stringify(run.scores)} ${JSON.stringify(run.metrics)}`);
        results.push(run);
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(results.map((r) => r.scores[c]))])) as Scores;
      const metrics = Object.fromEntries(
        Object.keys(METRICS).map((k) => [k, median(results.map((r) => r.metrics[k as keyof Metrics]))]),
      ) as Metrics;
      const failing = [...new Set(results.flatMap((r) => r.failing))];
      const figures = {
        page: page.name,
        path: page.path,
        form_factor: 'mobile',
        throttling: 'simulated (Lighthouse default)',
        runs,
        median: { scores, metrics },
        failing_audits: failing,
        html_transfer_bytes: median(results.map((r) => r.html_bytes ?? 0)),
        all_runs: results.map(({ scores: s, metrics: m }) => ({ scores: s, metrics: m })),
        database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite',
        lighthouse: '12',
        measured_at: new Date().toISOString(),
        node: process.version,
      };
      writeFileSync(
        path.join(here, 'results', `lighthouse-${page.name}.json`),
        `${JSON.stringify(figures, null, 2)}\n`,
      );
      rows.push(
        [
          page.name.padEnd(9),
          String(scores.performance).padStart(5),
          String(scores.accessibility).padStart(5),
          String(scores['best-practices']).padStart(5),
          String(scores.seo).padStart(5),
          String(metrics.fcp_ms).padStart(6),
          String(metrics.lcp_ms).padStart(6),
          String(metrics.tbt_ms).padStart(6),
          String(metrics.cls).padStart(6),
          String(metrics.si_ms).padStart(6),
        ].join(' '),
      );
      if (failing.length > 0) console.log(`${page.name}: below 0.9 in some run: ${failing.join(', ')}`);
    }
  } finally {
    chrome.kill();
    await server?.stop();
  }
  console.log(`\nLighthouse 12, mobile, median of ${runs} runs`);
  console.log('page       perf  a11y    bp   seo    FCP    LCP    TBT    CLS     SI');
  for (const row of rows) console.log(row);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
