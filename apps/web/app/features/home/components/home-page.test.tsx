// @vitest-environment happy-dom
import type { FlashSale, Home, ProductCard } from '@shop/contracts/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { PreferencesProvider } from '../../../lib/preferences';
import { productCards, shopCard } from '../../../testing/fixtures';
import { homeFirstScreen, homeFirstScreenQueryOptions } from '../api/home-query-options';
import { FlashSaleSection } from './flash-sale-section';
import { HomePage } from './home-page';

// The app's own set-up: English keys, no resources needed.
const i18n = createI18n('en', {});

/**
 * The browser's IntersectionObserver, told by the test when the sections below the first screen
 * come near: at once (`nearAtOnce`, most tests) or when the test calls `scrollNear()`.
 */
let nearAtOnce = true;
const waiting: (() => void)[] = [];
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    const near = () =>
      this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver);
    if (nearAtOnce) queueMicrotask(near);
    else waiting.push(near);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
function scrollNear() {
  for (const near of waiting.splice(0)) act(near);
}

beforeEach(() => {
  nearAtOnce = true;
  waiting.length = 0;
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const NOW = Date.parse('2026-03-01T10:00:00Z');

function homeReply(page: number, overrides: Partial<Home> = {}): Home {
  const total = 15;
  const products = page === 1 ? productCards(1, 12) : page === 2 ? productCards(13, 3) : [];
  return {
    banners: [],
    ads: [],
    categories: [],
    shops: [shopCard()],
    popular_products: productCards(100, 2),
    just_for_you: { total, products },
    incoming_flash_sale: null,
    running_flash_sale: null,
    ...overrides,
  };
}

interface Server {
  calls: string[];
  failHome: boolean;
  home: (page: number) => Home;
}

function renderHome(server: Server, props: { multiVendor?: boolean } = {}) {
  const fetchStub: typeof fetch = async (input) => {
    const url = new URL(String(input));
    server.calls.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/home' && !server.failHome) {
      const page = Number(url.searchParams.get('page') ?? '1');
      return new Response(JSON.stringify({ message: 'ok', data: server.home(page) }), { status: 200 });
    }
    if (url.pathname === '/api/home') return new Response('{"message":"boom"}', { status: 500 });
    return new Response('{"message":"Not found","code":"not_found"}', { status: 404 });
  };
  const api = createApiClient({ origin: 'http://api.test', locale: () => 'en', fetch: fetchStub });
  return render(withProviders(api, <HomePage heading="Shop" now={NOW} multiVendor={props.multiVendor ?? true} />));
}

function withProviders(
  api: ReturnType<typeof createApiClient>,
  children: React.ReactNode,
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider locale="en" currency={null} hadLocaleCookie availableLocales={['en']}>
        <ApiProvider client={api}>
          <I18nextProvider i18n={i18n}>
            <MemoryRouter>{children}</MemoryRouter>
          </I18nextProvider>
        </ApiProvider>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}

function sale(id: number, start: string, end: string, products: ProductCard[] | null): FlashSale {
  return { id, name: `Sale ${id}`, thumbnail: null, discount: 20, start_date: start, end_date: end, products };
}

describe('HomePage', () => {
  it('loads the first page, appends the next on Load More and hides the button when all are loaded', async () => {
    const server: Server = { calls: [], failHome: false, home: (page) => homeReply(page) };
    renderHome(server);
    const section = await screen.findByRole('region', { name: 'Just For You' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(12);
    expect(within(section).getByText('Showing 12 of 15 products')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Load More Products' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(15));
    expect(server.calls).toContain('/api/home?page=2&per_page=12');
    expect(within(section).queryByRole('button', { name: 'Load More Products' })).toBeNull();
    expect(within(section).getByText('Product 15')).toBeTruthy();
  });

  it('hides the flash-sale sections when there is no sale', async () => {
    const server: Server = { calls: [], failHome: false, home: (page) => homeReply(page) };
    renderHome(server);
    await screen.findByRole('region', { name: 'Just For You' });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('Flash Sale')).toBeNull();
  });

  it('counts down to the end of a running sale and to the start of an incoming one, then ticks', async () => {
    // Only Date is faked: the browser clock equals the loader's, timers still run for real.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    const running = sale(5, '2026-02-28T00:00:00Z', '2026-03-02T12:03:04Z', productCards(200, 2));
    const incoming = sale(6, '2026-03-04T10:00:00Z', '2026-03-05T10:00:00Z', null);
    const server: Server = {
      calls: [],
      failHome: false,
      home: (page) => homeReply(page, { running_flash_sale: running, incoming_flash_sale: incoming }),
    };
    renderHome(server);
    const runningSection = await screen.findByRole('region', { name: /^Flash Sale/ });
    const runningTimer = within(runningSection).getByRole('timer');
    // The first render uses the loader's clock: 1 day 2 h 3 min 4 s before the end.
    expect(runningTimer.getAttribute('aria-label')).toBe('Ends in 1 days 2 hours 3 minutes');
    expect(
      within(runningSection)
        .getByRole('link', { name: /View All/ })
        .getAttribute('href'),
    ).toBe('/flash-sale/5');
    expect(within(runningSection).getByText('Product 200')).toBeTruthy();

    const incomingSection = screen.getByRole('region', { name: /^Upcoming Flash Sale/ });
    expect(within(incomingSection).getByRole('timer').getAttribute('aria-label')).toBe(
      'Starts in 3 days 0 hours 0 minutes',
    );

    vi.setSystemTime(NOW + 61_000);
    await waitFor(() => expect(runningTimer.getAttribute('aria-label')).toBe('Ends in 1 days 2 hours 2 minutes'), {
      timeout: 3000,
    });
  });

  it('renders the countdown on the server from the loader clock, not the machine clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW + 5 * 3_600_000);
    const running = sale(5, '2026-02-28T00:00:00Z', '2026-03-02T12:03:04Z', productCards(200, 1));
    const api = createApiClient({
      origin: 'http://api.test',
      locale: () => 'en',
      fetch: async () => new Response('', { status: 404 }),
    });
    const html = renderToString(
      withProviders(api, <FlashSaleSection sale={running} kind="running" initialNow={NOW} />),
    );
    expect(html).toContain('aria-label="Ends in 1 days 2 hours 3 minutes"');
  });

  it('never shows a negative countdown for a sale that already ended', () => {
    const ended = sale(7, '2026-02-20T00:00:00Z', '2026-02-21T00:00:00Z', productCards(300, 1));
    const api = createApiClient({
      origin: 'http://api.test',
      locale: () => 'en',
      fetch: async () => new Response('', { status: 404 }),
    });
    const html = renderToString(withProviders(api, <FlashSaleSection sale={ended} kind="running" initialNow={NOW} />));
    expect(html).toContain('aria-label="Ends in 0 days 0 hours 0 minutes"');
  });

  it('shows the top rated shops only in multi-vendor mode', async () => {
    const server: Server = { calls: [], failHome: false, home: (page) => homeReply(page) };
    renderHome(server, { multiVendor: true });
    const shops = await screen.findByRole('region', { name: 'Top Rated Shops' });
    expect(
      within(within(shops).getByRole('list'))
        .getAllByRole('link')
        .map((card) => card.getAttribute('href')),
    ).toEqual(['/shops/batik-store']);
    cleanup();
    renderHome({ ...server, calls: [] }, { multiVendor: false });
    await screen.findByRole('region', { name: 'Just For You' });
    expect(screen.queryByRole('region', { name: 'Top Rated Shops' })).toBeNull();
  });

  it('shows an error with Try again when the home call fails, and recovers', async () => {
    const server: Server = { calls: [], failHome: true, home: (page) => homeReply(page) };
    renderHome(server);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We could not load the home page')).toBeTruthy();
    server.failHome = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Just For You' })).toBeTruthy();
  });

  it('shows a friendly text when there are no products at all', async () => {
    const server: Server = {
      calls: [],
      failHome: false,
      home: () => homeReply(1, { popular_products: [], just_for_you: { total: 0, products: [] } }),
    };
    renderHome(server);
    expect(await screen.findByText('No products yet, new arrivals are on their way')).toBeTruthy();
    expect(screen.getByText('No popular products yet, check back soon')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Products' })).toBeNull();
  });

  it('shows the first screen at once and loads the sections below it only as the visitor scrolls near', async () => {
    nearAtOnce = false;
    const running = sale(5, '2026-02-28T00:00:00Z', '2026-03-02T12:03:04Z', productCards(200, 2));
    const server: Server = {
      calls: [],
      failHome: false,
      home: (page) => homeReply(page, { running_flash_sale: running }),
    };
    renderHome(server);
    await screen.findByRole('region', { name: 'Categories' });
    // The placeholder of the sections below (grey cards, "Loading..." for screen readers).
    const loading = () => screen.queryAllByTestId('product-grid-skeleton');
    expect(loading()).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Just For You' })).toBeNull();
    expect(screen.queryByText('Product 200')).toBeNull();
    expect(server.calls).toEqual(['/api/home?page=1&per_page=12']);

    scrollNear();
    const section = await screen.findByRole('region', { name: 'Just For You' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByRole('region', { name: /^Flash Sale/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Popular Products' })).toBeTruthy();
    expect(loading()).toHaveLength(0);
  });

  it('renders on the server the first screen only, with links to the rest for visitors without JavaScript', async () => {
    const running = sale(5, '2026-02-28T00:00:00Z', '2026-03-02T12:03:04Z', productCards(200, 2));
    const incoming = sale(6, '2026-03-04T10:00:00Z', '2026-03-05T10:00:00Z', null);
    const home = homeReply(1, {
      running_flash_sale: running,
      incoming_flash_sale: incoming,
      categories: [
        {
          id: 3,
          name: 'Batik',
          slug: 'batik',
          thumbnail: null,
          products_count: 4,
          sub_categories: [{ id: 9, name: 'Batik Tulis', slug: 'batik-tulis', thumbnail: null }],
        },
      ],
    });
    const api = createApiClient({
      origin: 'http://api.test',
      locale: () => 'en',
      fetch: async () => new Response('', { status: 404 }),
    });
    // As the route's loader leaves it: the first screen's cut of the reply, nothing else.
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(homeFirstScreenQueryOptions(api).queryKey, homeFirstScreen(home));
    const html = renderToString(withProviders(api, <HomePage heading="Shop" now={NOW} multiVendor />, queryClient));
    expect(html).toContain('Batik');
    expect(html).not.toContain('Batik Tulis');
    expect(html).toContain('<noscript>');
    for (const [href, text] of [
      ['/flash-sale/5', 'Sale 5'],
      ['/flash-sale/6', 'Sale 6'],
      ['/most-popular', 'Popular Products'],
      ['/shops', 'Top Rated Shops'],
      ['/products', 'Just For You'],
    ]) {
      expect(html).toMatch(new RegExp(`<a[^>]*href="${href}"[^>]*>${text}</a>`));
    }
    expect(html).not.toContain('Product 1<');
    expect(html).not.toContain('Product 200');
  });
});
