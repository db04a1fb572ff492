// @vitest-environment happy-dom
import type { ProductCard } from '@shop/contracts/catalog';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { WishlistPage } from './wishlist-page';

const toastSuccess = vi.fn();
vi.mock('react-toastify/unstyled', () => ({
  toast: { success: (...a: unknown[]) => toastSuccess(...a), error: vi.fn() },
}));

afterEach(() => {
  cleanup();
  toastSuccess.mockReset();
});

function product(id: number, name: string): ProductCard {
  return {
    id,
    slug: `p-${id}`,
    is_digital: false,
    name,
    thumbnail: `/uploads/${id}.webp`,
    thumbnail_width: 400,
    thumbnail_height: 400,
    price: 1000,
    discount_price: 0,
    discount_percentage: 0,
    rating: 4,
    total_reviews: '3',
    total_sold: '10',
    quantity: 5,
    is_favorite: true,
    sizes: [],
    colors: [],
    unit: null,
    brand: null,
    shop: {
      id: 1,
      slug: 'toko',
      name: 'Toko',
      logo: null,
      rating: 5,
      estimated_delivery_time: null,
      delivery_charge: 0,
      last_online: true,
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A tiny favourites server: the list, and the toggle that takes a product out of it. */
function server(initial: ProductCard[]) {
  let favourites = [...initial];
  const calls: { path: string; body?: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ path: url.pathname, body });
    if (url.pathname === '/favorite-products') {
      return json(200, { message: 'ok', data: { total: favourites.length, products: favourites } });
    }
    if (url.pathname === '/api/favorite-add-or-remove') {
      const removed = favourites.find((p) => p.id === body.product_id);
      favourites = favourites.filter((p) => p.id !== body.product_id);
      return json(200, {
        message: 'Product removed from favorite',
        data: { product: { ...removed, is_favorite: false }, total: favourites.length },
      });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  return { fetchImpl, calls };
}

function renderPage(fetchImpl: typeof fetch) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <WishlistPage
            renderProduct={(p, requestRemove) => (
              <article>
                <h3>{p.name}</h3>
                <button type="button" onClick={requestRemove}>{`Heart ${p.name}`}</button>
              </article>
            )}
          />
        ),
      },
    ],
    { initialEntries: ['/wishlist'] },
  );
  render(
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={createI18n('en', {})}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

describe('WishlistPage', () => {
  it('lists the favourites and removes one only after the favourite-remove confirmation', async () => {
    const { fetchImpl, calls } = server([product(1, 'Batik Shirt'), product(2, 'Kopi Gayo')]);
    renderPage(fetchImpl);
    expect(await screen.findByText('Batik Shirt')).toBeTruthy();
    expect(screen.getByText('2 products')).toBeTruthy();

    // Cancel leaves it where it was, without a call.
    fireEvent.click(screen.getByRole('button', { name: 'Heart Kopi Gayo' }));
    expect(await screen.findByText('Are you sure you want to remove Kopi Gayo from your wishlist?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/favorite-add-or-remove')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Heart Kopi Gayo' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Kopi Gayo')).toBeNull());
    expect(calls.filter((c) => c.path === '/api/favorite-add-or-remove')).toEqual([
      { path: '/api/favorite-add-or-remove', body: { product_id: 2 } },
    ]);
    expect(screen.getByText('Batik Shirt')).toBeTruthy();
    expect(toastSuccess).toHaveBeenCalledWith('Product removed from favorite', { autoClose: 3000 });
  });

  it('says so when the wishlist is empty', async () => {
    renderPage(server([]).fetchImpl);
    expect(await screen.findByText('Your wishlist is empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse products' }).getAttribute('href')).toBe('/products');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    renderPage(async () => json(500, { message: 'Server Error', code: 'INTERNAL' }));
    expect(await screen.findByText('We could not load your wishlist')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
