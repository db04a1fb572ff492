// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  useWishlistControl,
  useWishlisted,
  WishlistButton,
} from '../../../entities/wishlist/components/wishlist-control';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { WishlistProvider } from './wishlist-provider';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const card = (id: number, is_favorite: boolean) => ({
  id,
  slug: `p-${id}`,
  is_digital: false,
  name: `Product ${id}`,
  thumbnail: '/x.webp',
  thumbnail_width: 1,
  thumbnail_height: 1,
  price: 1,
  discount_price: 0,
  discount_percentage: 0,
  rating: 0,
  total_reviews: '0',
  total_sold: '0',
  quantity: 1,
  is_favorite,
  sizes: [],
  colors: [],
  unit: null,
  brand: null,
  shop: {
    id: 1,
    slug: 's',
    name: 'S',
    logo: null,
    rating: 0,
    estimated_delivery_time: null,
    delivery_charge: 0,
    last_online: false,
  },
});

/** Reads a heart the way a product card does, counting its renders. */
function CountedHeart({ id, onRender }: { id: number; onRender: () => void }) {
  onRender();
  const active = useWishlisted(useWishlistControl(), { id, name: `Product ${id}`, is_favorite: false });
  return <span hidden>{String(active)}</span>;
}

function renderHearts(loggedIn: boolean, fetchImpl: typeof fetch, renders?: Record<string, number>) {
  const count = (id: string) => () => {
    if (renders) renders[id] = (renders[id] ?? 0) + 1;
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const props = { onLoginRequired: vi.fn(), onCountChange: vi.fn(), onUnauthorized: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={createI18n('en', {})}>
          <WishlistProvider loggedIn={loggedIn} {...props}>
            {/* The product lists say "not favourite" for everyone: they are cached for all visitors. */}
            <div data-testid="p1">
              <WishlistButton product={{ id: 1, name: 'Product 1', is_favorite: false }} />
              <CountedHeart id={1} onRender={count('p1')} />
            </div>
            <div data-testid="p2">
              <WishlistButton product={{ id: 2, name: 'Product 2', is_favorite: false }} />
              <CountedHeart id={2} onRender={count('p2')} />
            </div>
          </WishlistProvider>
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return props;
}

const heart = (testId: string) => screen.getByTestId(testId).querySelector('button') as HTMLButtonElement;

describe('WishlistProvider and the heart', () => {
  it('asks a visitor to log in instead of calling the API', () => {
    const fetchImpl = vi.fn<typeof fetch>();
    const props = renderHearts(false, fetchImpl);
    expect(heart('p1').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart('p1'));
    expect(props.onLoginRequired).toHaveBeenCalledTimes(1);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("fills the shopper's own hearts, toggles one and reports the new count", async () => {
    let ids = [2];
    const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/favorite-product-ids') return json(200, { message: 'ok', data: { ids } });
      if (path === '/api/favorite-add-or-remove') {
        const id = JSON.parse(String(init?.body)).product_id as number;
        ids = ids.includes(id) ? ids.filter((x) => x !== id) : [id, ...ids];
        return json(200, {
          message: 'Product added to favorite',
          data: { product: card(id, ids.includes(id)), total: ids.length },
        });
      }
      return json(404, { message: 'Not found' });
    });
    const props = renderHearts(true, fetchImpl);
    await waitFor(() => expect(heart('p2').getAttribute('aria-pressed')).toBe('true'));
    expect(heart('p1').getAttribute('aria-pressed')).toBe('false');
    expect(props.onCountChange).toHaveBeenLastCalledWith(1);

    fireEvent.click(heart('p1'));
    await waitFor(() => expect(heart('p1').getAttribute('aria-pressed')).toBe('true'));
    expect(heart('p1').getAttribute('aria-label')).toBe('Remove from wishlist');
    expect(props.onCountChange).toHaveBeenLastCalledWith(2);
    expect(props.onLoginRequired).not.toHaveBeenCalled();
  });

  it('re-renders only the hearts whose state the arriving list changes', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (input) =>
      new URL(String(input)).pathname === '/api/favorite-product-ids'
        ? json(200, { message: 'ok', data: { ids: [2] } })
        : json(404, { message: 'Not found' }),
    );
    const renders: Record<string, number> = {};
    renderHearts(true, fetchImpl, renders);
    await waitFor(() => expect(heart('p2').getAttribute('aria-pressed')).toBe('true'));
    // Product cards on a page are many: the list arriving must not render the unchanged ones again.
    expect(renders.p1).toBe(1);
    expect(renders.p2).toBe(2);
  });

  it('ends the session and opens the login dialog when the toggle answers 401', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input)).pathname;
      if (path === '/api/favorite-product-ids') return json(200, { message: 'ok', data: { ids: [] } });
      return json(401, { message: 'Unauthenticated.', code: 'UNAUTHENTICATED' });
    });
    const props = renderHearts(true, fetchImpl);
    await waitFor(() => expect(props.onCountChange).toHaveBeenCalledWith(0));
    fireEvent.click(heart('p1'));
    await waitFor(() => expect(props.onUnauthorized).toHaveBeenCalled());
    expect(props.onLoginRequired).toHaveBeenCalled();
    expect(heart('p1').getAttribute('aria-pressed')).toBe('false');
  });
});
