/**
 * `npm run bench:pages`: Lighthouse 12 (mobile, the default config with simulated throttling) on
 * the key pages (home, /products and a product page) and the buying pages,
 * signed in as the demo customer with two shops' products in the cart: `cart` (home with the cart
 * filled, and the open "My Cart" drawer checked for accessibility in snapshot mode), `checkout`
 * (both shops selected) and `buynow` (a buy-now line). Starts the real server with the
 * built web app (building it when missing), runs every page several times because scores on a
 * shared machine are noisy, and writes bench/results/lighthouse-<page>.json with the median of
 * each category score and metric (plus every run). Never part of `npm test`.
 *
 *   LIGHTHOUSE_RUNS         runs per page (default 3; the median is reported)
 *   LIGHTHOUSE_PAGES        comma-separated subset of: home, products, product, cart, checkout, buynow
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
import lighthouse, { snapshot } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

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
  if (
    !existsSync(path.join(buildDir, 'server/index.js')) ||
    !existsSync(path.join(repoRoot, 'apps/server/dist/server.js'))
  ) {
    console.log('No build of the web app or the server: building them (npm run build).');
    const built = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('npm run build failed');
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), 'shop-lighthouse-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', '--expose-gc', 'apps/server/dist/server.js'],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        // As `npm start` and the image run it (fewer malloc arenas: less memory at rest).
        MALLOC_ARENA_MAX: '2',
        NODE_ENV: 'production',
        DATABASE_URL: databaseUrl,
        WEB_BUILD_DIR: buildDir,
        ...(dataDir ? { DATA_DIR: dataDir } : {}),
      },
    },
  );
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

async function measure(url: string, port: number, signedIn?: SignedInBrowser): Promise<RunResult> {
  // A signed-in run keeps the cookie and local storage (disableStorageReset) but not the cache.
  if (signedIn) await signedIn.clearCache();
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(signedIn ? { disableStorageReset: true } : {}),
    },
    undefined,
    signedIn?.page,
  );
  return resultOf(url, result?.lhr);
}

function resultOf(url: string, lhr: import('lighthouse').Result | undefined): RunResult {
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
async function measureWithRetry(url: string, port: number, signedIn?: SignedInBrowser): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port, signedIn);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(`retrying ${url}: ${(err as Error).message}`);
    }
  }
}

interface Storage {
  setItem(key: string, value: string): void;
}

/** The demo customer's browser for the signed-in pages: session cookie and cart selection set. */
interface SignedInBrowser {
  page: Page;
  clearCache(): Promise<void>;
}

const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

/**
 * Signs the demo customer in through the API and fills the cart the buying pages show: one
 * product in stock from each of two shops, and a buy-now line of a third product.
 */
async function prepareShopper(
  baseUrl: string,
): Promise<{ cookie: { name: string; value: string }; shopIds: number[] }> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: XHR,
    body: JSON.stringify({ phone: 'customer@example.com', password: 'password' }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const pair = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.includes('='));
  if (!pair) throw new Error('login set no cookie');
  const [name = '', value = ''] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
  const headers = { ...XHR, cookie: pair };
  const listed = await fetch(`${baseUrl}/api/products?page=1&per_page=40&sort_type=popular_product`);
  type Card = { id: number; quantity: number; shop: { id: number } };
  const cards = ((await listed.json()) as { data: { products: Card[] } }).data.products.filter((p) => p.quantity > 5);
  const picked: Card[] = [];
  for (const card of cards) if (!picked.some((p) => p.shop.id === card.shop.id)) picked.push(card);
  if (picked.length < 3) throw new Error('fewer than three shops have a product in stock');
  const cart = await fetch(`${baseUrl}/api/carts`, { headers });
  type Lines = { data: { cart_items?: { products: { cart_item_id: number }[] }[] } };
  for (const shop of ((await cart.json()) as Lines).data.cart_items ?? []) {
    for (const line of shop.products) {
      await fetch(`${baseUrl}/api/cart/delete`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ cart_item_id: line.cart_item_id }),
      });
    }
  }
  const add = async (productId: number, isBuyNow: boolean) => {
    const res = await fetch(`${baseUrl}/api/cart/store`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ product_id: productId, quantity: 1, is_buy_now: isBuyNow }),
    });
    if (!res.ok) throw new Error(`adding product ${productId} answered ${res.status}: ${await res.text()}`);
  };
  const [a, b, c] = picked as [Card, Card, Card];
  await add(a.id, false);
  await add(b.id, false);
  await add(c.id, true);
  return { cookie: { name, value }, shopIds: [a.shop.id, b.shop.id] };
}

async function signedInBrowser(browser: Browser, baseUrl: string): Promise<SignedInBrowser> {
  const { cookie, shopIds } = await prepareShopper(baseUrl);
  const page = await browser.newPage();
  await page.setCookie({ ...cookie, url: baseUrl, httpOnly: true });
  await page.goto(`${baseUrl}/robots.txt`);
  // The cart drawer's shop selection (apps/web/app/entities/cart/stores/cart-selection.tsx, zustand persist format).
  await page.evaluate(
    (ids) =>
      // Runs in the page (the bench's tsconfig has no DOM types).
      (globalThis as unknown as { localStorage: Storage }).localStorage.setItem(
        'cart-selection',
        JSON.stringify({ state: { selectedShopIds: ids, couponCode: null }, version: 0 }),
      ),
    shopIds,
  );
  // Its cookie twin, as the app writes it on every change, so the server renders the checkout.
  await page.setCookie({ name: 'cart-selection', value: shopIds.join('.'), url: baseUrl });
  const cdp = await page.createCDPSession();
  return { page, clearCache: async () => void (await cdp.send('Network.clearBrowserCache')) };
}

/** Accessibility of the open "My Cart" drawer (Lighthouse snapshot mode), signed in. */
async function drawerAccessibility(
  baseUrl: string,
  signedIn: SignedInBrowser,
): Promise<{ score: number; failing: string[] }> {
  const { page } = signedIn;
  await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle0' });
  const button = await page.waitForSelector('header button[aria-label^="My Cart ("]');
  if (!button) throw new Error('no cart button in the header');
  await button.click();
  await page.waitForSelector('::-p-aria([name="My Cart"][role="heading"])');
  // The drawer slides in: measure it where it stops.
  await new Promise((r) => setTimeout(r, 1000));
  const result = await snapshot(page, {
    config: { extends: 'lighthouse:default', settings: { onlyCategories: ['accessibility'] } },
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error('Lighthouse snapshot gave no result');
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return { score: Math.round((lhr.categories.accessibility?.score ?? 0) * 100), failing };
}

async function main() {
  const external = process.env.LIGHTHOUSE_URL;
  const server = external ? undefined : await startServer();
  const baseUrl = external ?? server?.baseUrl ?? '';
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: CHROME_FLAGS });
  mkdirSync(path.join(here, 'results'), { recursive: true });
  const rows: string[] = [];
  let browser: Browser | undefined;
  try {
    const pages = [
      { name: 'home', path: '/', signedIn: false },
      { name: 'products', path: '/products', signedIn: false },
      { name: 'product', path: await productPath(baseUrl), signedIn: false },
      { name: 'cart', path: '/', signedIn: true },
      { name: 'checkout', path: '/checkout', signedIn: true },
      { name: 'buynow', path: '/buynow', signedIn: true },
    ].filter((p) => !onlyPages || onlyPages.includes(p.name));
    let shopper: SignedInBrowser | undefined;
    if (pages.some((p) => p.signedIn)) {
      browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      shopper = await signedInBrowser(browser, baseUrl);
    }
    for (const page of pages) {
      const url = `${baseUrl}${page.path}`;
      const as = page.signedIn ? shopper : undefined;
      // One unmeasured visit warms the server's caches and resized-image cache, like a live shop.
      await fetch(url, { headers: { accept: 'text/html' } });
      await measureWithRetry(url, chrome.port, as);
      const results: RunResult[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await measureWithRetry(url, chrome.port, as);
        console.log(`${page.name} run ${i + 1}: ${JSON.stringify(run.scores)} ${JSON.stringify(run.metrics)}`);
        results.push(run);
      }
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(results.map((r) => r.scores[c]))])) as Scores;
      const metrics = Object.fromEntries(
        Object.keys(METRICS).map((k) => [k, median(results.map((r) => r.metrics[k as keyof Metrics]))]),
      ) as Metrics;
      const failing = [...new Set(results.flatMap((r) => r.failing))];
      const drawer = page.name === 'cart' && shopper ? await drawerAccessibility(baseUrl, shopper) : undefined;
      if (drawer)
        console.log(`cart drawer (open, snapshot): accessibility ${drawer.score} ${drawer.failing.join(', ')}`);
      const figures = {
        page: page.name,
        path: page.path,
        form_factor: 'mobile',
        signed_in: page.signedIn,
        ...(drawer ? { open_drawer_accessibility: drawer } : {}),
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
    await browser?.disconnect();
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
