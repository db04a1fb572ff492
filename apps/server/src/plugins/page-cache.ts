import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { CURRENCY_COOKIE, LOCALE_COOKIE, SESSION_COOKIE } from '@shop/contracts/constants';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { Clock } from '../lib/clock';
import { type ChangeTracker, TrackedValues } from '../lib/shared-reply';
import { PUBLIC_STALE_MS } from '../lib/ttl-cache';

/**
 * Storefront pages for visitors without a session, kept as they were rendered (decision 0030).
 * The pages of the catalogue only: the home page, listings, categories, search, shops, provinces,
 * flash sales and product pages. Account, checkout, payment, Seller Centre and operator pages, the
 * blog (it counts views per visitor) and everything else are rendered for each request.
 */
const CACHED_PAGES = [
  /^\/$/,
  /^\/products$/,
  /^\/products\/[^/]+\/details$/,
  /^\/categories(\/[^/]+){0,2}$/,
  /^\/(most-popular|best-deal|search|shops|provinces)$/,
  /^\/(shops|provinces|flash-sale)\/[^/]+$/,
];

/**
 * The cookies a page render reads besides the session (root.tsx, entities/cart): the language and
 * currency chosen, and the cart drawer's shop selection. Named here because the page cache keys
 * on them; a new cookie a page reads must be added (page-cache.test.ts checks the web app's list).
 */
export const PAGE_PREFERENCE_COOKIES: readonly string[] = [LOCALE_COOKIE, CURRENCY_COOKIE, 'cart-selection'];

/** A rendered page as it is kept: its bytes, the nonce its scripts carry, and how it was built. */
export interface RenderedPage {
  status: number;
  /** The render's headers, without Set-Cookie and the content security policy (made per nonce). */
  headers: [string, string][];
  /** Cookies the render set (such a page is not kept; visitors asking for it at once share it). */
  setCookies: string[];
  html: Buffer;
  nonce: string;
  /** Whether it may be served again: a 200 HTML page that sets no cookie. */
  cacheable: boolean;
  /** The same bytes compressed, made the first time a visitor accepts each encoding. */
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page's bytes in the encoding the visitor accepts best (brotli, then gzip), or as they are. */
function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => q === undefined || !/^\s*q=0(\.0*)?\s*$/.test(q))
    .map(([name]) => name?.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

export class PageCache {
  private readonly pages: TrackedValues<RenderedPage>;
  private readonly settings: { observeChanges(): Promise<void>; onCleared(listener: () => void): void };

  constructor(
    ttlMs: number,
    maxBytes: number,
    freshness: {
      clock: Clock;
      /** The catalogue's changes (CatalogChanges): a page is built again after any. */
      changes: ChangeTracker;
      /** The settings: a write drops every page (the header, footer, languages and theme). */
      settings: { observeChanges(): Promise<void>; onCleared(listener: () => void): void };
    },
  ) {
    this.pages = new TrackedValues(ttlMs, 5_000, freshness, {
      staleMs: PUBLIC_STALE_MS,
      name: 'pages',
      maxBytes,
      sizeOf: (page) => page.html.length * 1.5 + 512,
      keep: (page) => page.cacheable,
    });
    this.settings = freshness.settings;
    freshness.settings.onCleared(() => this.pages.clear());
  }

  /**
   * The key of the page `request` asks for, when it may come from the cache: a GET of a catalogue
   * page, without a session cookie or an Authorization header. The key holds everything the render
   * reads of the request: the address (path and query), the host and protocol (absolute links),
   * the preference cookies as sent, and whether the visitor is a crawler (its page is rendered
   * whole before it is sent, entry.server.tsx).
   */
  keyOf(request: FastifyRequest, url: URL): string | undefined {
    if (request.method !== 'GET' || request.headers.authorization !== undefined) return undefined;
    if (!CACHED_PAGES.some((page) => page.test(url.pathname))) return undefined;
    const preferences: string[] = [];
    for (const pair of (request.headers.cookie ?? '').split(';')) {
      const name = pair.slice(0, pair.indexOf('=') >>> 0).trim();
      if (name === SESSION_COOKIE) return undefined;
      if (PAGE_PREFERENCE_COOKIES.includes(name)) preferences.push(pair.trim());
    }
    const userAgent = request.headers['user-agent'];
    const crawler = userAgent !== undefined && isbot(userAgent);
    return [request.protocol, request.host, url.pathname + url.search, crawler ? 'crawler' : '', ...preferences].join(
      '\n',
    );
  }

  /** The page under `key`: kept while the catalogue and settings did not change, else `render`ed. */
  async get(key: string, render: () => Promise<Omit<RenderedPage, 'encoded'>>): Promise<RenderedPage> {
    await this.settings.observeChanges();
    return this.pages.get(key, async () => ({ ...(await render()), encoded: new Map() }));
  }

  /** The page's bytes for a visitor sending `acceptEncoding`, compressed once per page and encoding. */
  async body(page: RenderedPage, acceptEncoding: string | undefined): Promise<{ body: Buffer; encoding?: string }> {
    const encoding = page.html.length >= 1024 ? pickEncoding(acceptEncoding) : undefined;
    if (encoding === undefined) return { body: page.html };
    let encoded = page.encoded.get(encoding);
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? brotli(page.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzip(page.html, { level: 6 });
      page.encoded.set(encoding, encoded);
    }
    return { body: await encoded, encoding };
  }

  clear(): void {
    this.pages.clear();
  }
}
