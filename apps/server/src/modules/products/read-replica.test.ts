import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPLICA_HOLD_MS } from '../../db/replica';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { signInNewCustomer } from '../../testing/auth';
import { signInSeller } from '../../testing/chat';
import { cartCalls, createTestProduct, seededShops } from '../../testing/commerce';
import { replicaTestsRun, startTcpRelay, type TcpRelay, waitForReplay, withReplayPaused } from '../../testing/replica';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CATALOG_POLL_MS, CATALOG_SETTLE_MS } from '../catalog/catalog-changes';

/**
 * The catalogue's reads on a PostgreSQL streaming replica (DATABASE_REPLICA_URL), against the real
 * one of TEST_REPLICA_URL (.ci/run makes it): shoppers' reads are served there, a write is seen
 * by the writer at once (the primary) and by shoppers once replayed, no kept reply stays on data
 * the replica had not replayed, and a replica cut off is replaced by the primary without an error.
 * The app reaches the replica through a TCP relay the last test cuts.
 */
describe.runIf(replicaTestsRun())('catalogue reads on a read replica', () => {
  let relay: TcpRelay;
  let ctx: TestApp;
  /** A second process's view of the same database: replies kept as in a real shop. */
  let cached: TestApp;
  let shop: { id: number; name: string; slug: string };

  beforeAll(async () => {
    const replicaUrl = process.env.TEST_REPLICA_URL;
    if (!replicaUrl) throw new Error('CI=1 runs the replica tests: TEST_REPLICA_URL must name the replica');
    const { hostname, port } = new URL(replicaUrl);
    relay = await startTcpRelay({ host: hostname, port: Number(port || 5432) });
    ctx = await createTestApp({ kind: 'postgres', replica: { port: relay.port }, logger: { level: 'error' } });
    cached = await createTestApp({
      logger: { level: 'error' },
      sameDatabaseAs: ctx,
      replica: true,
      env: { PUBLIC_CACHE_SECONDS: '60' },
    });
    const [first] = await seededShops(ctx.db, 1);
    if (!first) throw new Error('no shop');
    shop = first;
  });

  afterAll(async () => {
    await cached?.close();
    await ctx?.close();
    await relay?.close();
  });

  const primaryUrl = () => ctx.databaseUrl as string;
  const replicaUrl = () => ctx.replicaUrl as string;
  const replayed = () => waitForReplay(primaryUrl(), replicaUrl());
  const paused = <T>(work: () => Promise<T>) => withReplayPaused(primaryUrl(), replicaUrl(), work);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  const get = (app: TestApp, url: string) => app.app.inject({ url });
  const details = (app: TestApp, productId: number) => get(app, `/api/product-details?product_id=${productId}`);
  const detailsData = async (app: TestApp, productId: number) => {
    const res = await details(app, productId);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { product: { price: number; name: string; shop: { name: string } } }).product;
  };

  /** The app's connections to its database on the replica, by what they last ran. */
  async function replicaActivity(): Promise<string[]> {
    const client = new pg.Client({ connectionString: replicaUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ query: string }>(
        `select query from pg_stat_activity
         where datname = current_database() and application_name = 'storefront-replica' and pid <> pg_backend_pid()`,
      );
      return rows.map((r) => r.query);
    } finally {
      await client.end();
    }
  }

  it('serves the shoppers’ catalogue reads from the replica (seen in its pg_stat_activity)', async () => {
    const product = await createTestProduct(ctx.db, { shopId: shop.id, price: 250_000, stock: 5 });
    await replayed();
    for (const url of [
      '/api/products?per_page=4',
      '/api/products?search=test&per_page=4',
      '/api/products/search-autocomplete?name=test',
      `/api/product-details?product_id=${product.id}`,
      '/api/home',
      '/api/categories',
      '/api/shops',
      `/api/shops/${shop.slug}/products`,
      '/api/flash-sales',
      '/sitemap.xml',
    ]) {
      const res = await get(ctx, url);
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    }
    const seen = await replicaActivity();
    expect(seen.length).toBeGreaterThan(0);
    // What the catalogue reads: listed products (the cards, the listing), not only a version check.
    expect(seen.join('\n')).toMatch(/"products"/);
  });

  it('shows a new product to its seller and in the cart at once, and on its page once the replica replayed it', async () => {
    const seller = await signInSeller(ctx, shop.slug);
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const cart = cartCalls(ctx.app, session.bearerHeaders);
    const product = await paused(async () => {
      const made = await createTestProduct(ctx.db, { shopId: shop.id, price: 175_000, stock: 7 });
      // The replica has not replayed the insert: shoppers do not see the product yet...
      expect((await details(ctx, made.id)).statusCode).toBe(404);
      // ...but its seller and the cart, on the primary, do.
      const own = await ctx.app.inject({ url: `/api/seller/products/${made.id}`, headers: seller.bearerHeaders });
      expect(own.statusCode, own.body).toBe(200);
      const added = await cart.add({ product_id: made.id, quantity: 1 });
      expect(added.statusCode, added.body).toBe(200);
      expect(JSON.stringify(added.json())).toContain(`"id":${made.id}`);
      return made;
    });
    await replayed();
    expect((await detailsData(ctx, product.id)).price).toBe(1750);
  });

  /**
   * Reads the cached app until `check` passes (replay is asynchronous), letting a poll's time pass
   * each time. The API clock stays: nothing is rebuilt for its time passing, only for a change seen.
   */
  async function eventually(check: () => Promise<boolean>, what: string) {
    // Up to 20 s of real time (Date is faked): on a loaded machine the replica may replay seconds
    // of other tests' WAL (databases made from templates) before it reaches the change.
    const deadline = performance.now() + 20_000;
    while (performance.now() < deadline) {
      if (await check()) return;
      await sleep(50);
      vi.setSystemTime(Date.now() + CATALOG_POLL_MS);
    }
    throw new Error(`never: ${what}`);
  }

  /** Lets the cached app's first look at the catalogue settle, so its replies are kept. */
  async function settle(productId: number) {
    await detailsData(cached, productId);
    vi.setSystemTime(Date.now() + CATALOG_SETTLE_MS + CATALOG_POLL_MS);
    cached.clock.advance(CATALOG_SETTLE_MS + CATALOG_POLL_MS);
    await detailsData(cached, productId);
  }

  it('does not keep a reply built from the replica before it replayed a product write', async () => {
    const product = await createTestProduct(ctx.db, { shopId: shop.id, price: 300_000, stock: 3 });
    await replayed();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await settle(product.id);
      expect((await detailsData(cached, product.id)).price).toBe(3000);
      await paused(async () => {
        await ctx.db.update(products).set({ price: 310_000 }).where(eq(products.id, product.id));
        // The change log is read on the replica: the write is not seen before its data is there.
        vi.setSystemTime(Date.now() + CATALOG_POLL_MS);
        cached.clock.advance(CATALOG_POLL_MS);
        expect((await detailsData(cached, product.id)).price).toBe(3000);
      });
      await eventually(async () => (await detailsData(cached, product.id)).price === 3100, 'the new price');
    } finally {
      vi.useRealTimers();
    }
  });

  it('builds kept replies once more when the replica has replayed a change of everything (a shop renamed)', async () => {
    const product = await createTestProduct(ctx.db, { shopId: shop.id, price: 320_000, stock: 3 });
    await replayed();
    const renamed = `${shop.name} (renamed)`;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await settle(product.id);
      expect((await detailsData(cached, product.id)).shop.name).toBe(shop.name);
      await paused(async () => {
        // A shop write moves the catalogue's version (read on the primary), not the product log.
        await ctx.db.update(shops).set({ name: renamed }).where(eq(shops.id, shop.id));
        vi.setSystemTime(Date.now() + CATALOG_POLL_MS);
        cached.clock.advance(CATALOG_POLL_MS);
        // Built again at once, from the replica, which has not replayed the rename...
        expect((await detailsData(cached, product.id)).shop.name).toBe(shop.name);
        // ...and again once the change settled, still from the paused replica.
        vi.setSystemTime(Date.now() + CATALOG_SETTLE_MS + CATALOG_POLL_MS);
        cached.clock.advance(CATALOG_SETTLE_MS + CATALOG_POLL_MS);
        expect((await detailsData(cached, product.id)).shop.name).toBe(shop.name);
      });
      // Once the replica has replayed the primary's position, the kept reply is built once more.
      await eventually(async () => (await detailsData(cached, product.id)).shop.name === renamed, 'the new shop name');
    } finally {
      vi.useRealTimers();
      await ctx.db.update(shops).set({ name: shop.name }).where(eq(shops.id, shop.id));
    }
  });

  it('sends the reads to the primary while the replica is cut off, says so, and takes the replica back once it caught up', async () => {
    const product = await createTestProduct(ctx.db, { shopId: shop.id, price: 410_000, stock: 9 });
    await replayed();
    const ready = async () => {
      const res = await get(ctx, '/api/ready');
      expect(res.statusCode).toBe(200);
      return res.json().data as { status: string; replica: string };
    };
    const metric = async (name: string) => {
      const body = (await get(ctx, '/metrics')).body;
      const line = body.split('\n').find((l) => l.startsWith(`${name} `));
      return Number(line?.split(' ')[1]);
    };
    expect(await ready()).toMatchObject({ status: 'ok', replica: 'ok' });
    expect(await metric('db_replica_up')).toBe(1);
    const fallbacksBefore = await metric('db_replica_fallbacks_total');
    // Open connections to the replica, dropped with the relay.
    expect((await detailsData(ctx, product.id)).price).toBe(4100);

    relay.cut();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const url of ['/api/products?per_page=4', '/api/home', `/api/product-details?product_id=${product.id}`]) {
        const res = await get(ctx, url);
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      }
      expect((await detailsData(ctx, product.id)).price).toBe(4100);
      expect(await ready()).toMatchObject({ status: 'ok', replica: 'down' });
      expect(await metric('db_replica_up')).toBe(0);
      expect(await metric('db_replica_fallbacks_total')).toBeGreaterThan(fallbacksBefore);

      // Back, but asked again only after the hold; then taken back, having replayed the primary.
      relay.restore();
      expect(await ready()).toMatchObject({ replica: 'down' });
      vi.setSystemTime(Date.now() + REPLICA_HOLD_MS);
      expect(await ready()).toMatchObject({ status: 'ok', replica: 'ok' });
      expect(await metric('db_replica_up')).toBe(1);
      const fallbacksAfter = await metric('db_replica_fallbacks_total');
      expect((await detailsData(ctx, product.id)).price).toBe(4100);
      expect(await metric('db_replica_fallbacks_total')).toBe(fallbacksAfter);
    } finally {
      vi.useRealTimers();
      relay.restore();
    }
  });
});
