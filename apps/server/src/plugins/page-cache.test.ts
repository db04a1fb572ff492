import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ChangeTracker } from '../lib/shared-reply';
import { PAGE_PREFERENCE_COOKIES, PageCache, type RenderedPage } from './page-cache';

/** A tracker whose changes the test makes: `change()` is a catalogue write seen. */
function fakeChanges() {
  let generation = 0;
  const tracker = {
    observe: async () => {},
    generation: () => generation,
    current: (_builtAt: number, built: number) => built === generation,
  } as unknown as ChangeTracker;
  return { tracker, change: () => generation++ };
}

function fakeSettings() {
  const listeners: (() => void)[] = [];
  return {
    observeChanges: async () => {},
    onCleared: (listener: () => void) => listeners.push(listener),
    write: () => {
      for (const listener of listeners) listener();
    },
  };
}

const clock = { now: () => new Date(), sleep: async () => {} };

function setup(ttlMs = 60_000) {
  const changes = fakeChanges();
  const settings = fakeSettings();
  const cache = new PageCache(ttlMs, 1024 * 1024, { clock, changes: changes.tracker, settings });
  let renders = 0;
  const render =
    (page: Partial<RenderedPage> = {}) =>
    async () => {
      renders++;
      return {
        status: 200,
        headers: [['content-type', 'text/html; charset=utf-8']] as [string, string][],
        setCookies: [],
        html: Buffer.from(`<html><script nonce="n${renders}"></script>${'x'.repeat(2000)}</html>`),
        nonce: `n${renders}`,
        cacheable: true,
        ...page,
      };
    };
  return { cache, changes, settings, render, renders: () => renders };
}

const request = (headers: Record<string, string> = {}, method = 'GET') =>
  ({ method, headers, protocol: 'https', host: 'shop.example' }) as unknown as FastifyRequest;
const at = (pathAndQuery: string) => new URL(pathAndQuery, 'https://shop.example');

describe('page cache', () => {
  it('keys catalogue pages of visitors without a session by address, preference cookies and crawler', () => {
    const { cache } = setup();
    for (const page of [
      '/',
      '/products?page=2',
      '/products/a-shoe/details',
      '/categories/shoes/running',
      '/search?q=x',
    ]) {
      expect(cache.keyOf(request(), at(page))).toBeDefined();
    }
    // Pages of one visitor, or with effects, are rendered each time.
    for (const page of ['/checkout', '/dashboard', '/shop/products', '/blog/news', '/payment/abc', '/operator']) {
      expect(cache.keyOf(request(), at(page))).toBeUndefined();
    }
    expect(cache.keyOf(request({ cookie: 'locale=id; session=abc' }), at('/'))).toBeUndefined();
    expect(cache.keyOf(request({ authorization: 'Bearer x' }), at('/'))).toBeUndefined();
    expect(cache.keyOf(request({}, 'POST'), at('/'))).toBeUndefined();

    const plain = cache.keyOf(request(), at('/'));
    expect(cache.keyOf(request({ cookie: 'locale=ar' }), at('/'))).not.toBe(plain);
    expect(cache.keyOf(request({ cookie: 'locale=ar' }), at('/'))).not.toBe(
      cache.keyOf(request({ cookie: 'locale=id' }), at('/')),
    );
    expect(cache.keyOf(request({ cookie: 'currency=USD' }), at('/'))).not.toBe(plain);
    expect(cache.keyOf(request(), at('/?lang=ar'))).not.toBe(plain);
    // Cookies no page reads (analytics, say) do not split the cache.
    expect(cache.keyOf(request({ cookie: '_ga=GA1.2.3' }), at('/'))).toBe(plain);
    expect(cache.keyOf(request({ 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }), at('/'))).not.toBe(
      plain,
    );
  });

  it('names every cookie the web app reads', () => {
    // The web app's cookie names, read from its sources: a new one must be part of the key.
    const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/app');
    const cartSelection = readFileSync(path.join(web, 'entities/cart/stores/cart-selection.tsx'), 'utf8');
    expect(cartSelection).toMatch(/CART_SELECTION_COOKIE = 'cart-selection'/);
    expect(PAGE_PREFERENCE_COOKIES).toEqual(['locale', 'currency', 'cart-selection']);
  });

  it('serves a page again, with the nonce it was rendered with, until the catalogue changes', async () => {
    const { cache, changes, render, renders } = setup();
    const first = await cache.get('k', render());
    const again = await cache.get('k', render());
    expect(renders()).toBe(1);
    expect(again.nonce).toBe(first.nonce);
    changes.change();
    const after = await cache.get('k', render());
    expect(renders()).toBe(2);
    expect(after.nonce).not.toBe(first.nonce);
  });

  it('drops every page when the settings are written', async () => {
    const { cache, settings, render, renders } = setup();
    await cache.get('a', render());
    await cache.get('b', render());
    settings.write();
    await cache.get('a', render());
    expect(renders()).toBe(3);
  });

  it('keeps no page that set a cookie or failed, and shares one render among visitors asking at once', async () => {
    const { cache, render, renders } = setup();
    await cache.get('cookie', render({ setCookies: ['locale=ar; Path=/'], cacheable: false }));
    await cache.get('cookie', render({ setCookies: ['locale=ar; Path=/'], cacheable: false }));
    expect(renders()).toBe(2);
    await cache.get('missing', render({ status: 404, cacheable: false }));
    await cache.get('missing', render({ status: 404, cacheable: false }));
    expect(renders()).toBe(4);
    const together = await Promise.all([cache.get('home', render()), cache.get('home', render())]);
    expect(renders()).toBe(5);
    expect(together[0]).toBe(together[1]);
  });

  it('renders every time with a TTL of 0', async () => {
    const { cache, render, renders } = setup(0);
    await cache.get('k', render());
    await cache.get('k', render());
    expect(renders()).toBe(2);
  });

  it('compresses a page once per encoding, in the one the visitor takes best', async () => {
    const { cache, render } = setup();
    const page = await cache.get('k', render());
    const br = await cache.body(page, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(page.html)).toBe(true);
    expect((await cache.body(page, 'gzip, br')).body).toBe(br.body);
    const gz = await cache.body(page, 'gzip, br;q=0');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).equals(page.html)).toBe(true);
    const plain = await cache.body(page, undefined);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body).toBe(page.html);
  });
});
