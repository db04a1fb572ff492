// @vitest-environment happy-dom
import type { SellerShop } from '@shop/contracts/sellers';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../lib/api-client';
import { ApiProvider } from '../lib/api-context';
import { createI18n } from '../lib/i18n';
import SellerCentreLayout from './seller-centre-layout';

afterEach(cleanup);

const shopOf = (status: SellerShop['status'], is_active = status === 'approved'): SellerShop => ({
  id: 3,
  name: 'Toko Baru',
  slug: 'toko-baru',
  logo: null,
  address: null,
  phone: null,
  status,
  is_active,
});

/** The layout at `path` with the signed-in seller's `shop`; each page under it just says its name. */
function renderAt(path: string, shop: SellerShop | null) {
  // Every seller call of a shop that is not approved answers 403, as the server does.
  const fetchImpl: typeof fetch = async () =>
    new Response(JSON.stringify({ message: 'Forbidden', code: 'FORBIDDEN' }), {
      status: 403,
      headers: { 'content-type': 'application/json' },
    });
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const props = { loaderData: { shop } } as unknown as Parameters<typeof SellerCentreLayout>[0];
  const router = createMemoryRouter(
    [
      {
        path: '/shop',
        element: <SellerCentreLayout {...props} />,
        children: [
          { index: true, element: <p>The dashboard</p> },
          { path: '*', element: <p>The page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
}

describe('the Seller Centre layout', () => {
  it.each([
    '/shop/products',
    '/shop/products/new',
    '/shop/products/12',
    '/shop/products/stock',
    '/shop/products/import',
    '/shop/orders',
    '/shop/orders/7',
    '/shop/returns',
    '/shop/messages',
    '/shop/earnings/',
  ])('shows a shop waiting for approval that it waits at %s, not the page whose calls answer 403', (path) => {
    renderAt(path, shopOf('pending'));
    expect(screen.getByText(/Your shop is waiting for approval/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Toko Baru', level: 1 })).toBeTruthy();
    expect(screen.queryByText('The page')).toBeNull();
  });

  it('tells a refused shop so, on its pages too', () => {
    renderAt('/shop/orders', shopOf('rejected'));
    expect(screen.getByText(/Your shop was not approved/)).toBeTruthy();
    expect(screen.queryByText('The page')).toBeNull();
  });

  it('shows a suspended shop its pages (its orders still move) under a notice of the suspension', () => {
    renderAt('/shop/orders/7', { ...shopOf('approved', false), suspended: true });
    expect(screen.getByText('The page')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Your shop is suspended by the marketplace');
    cleanup();
    // Approved but inactive without a suspension: not run, so it waits.
    renderAt('/shop/orders', shopOf('approved', false));
    expect(screen.queryByText('The page')).toBeNull();
    expect(screen.queryByText(/suspended/)).toBeNull();
  });

  it('shows an approved shop its pages, and anyone the pages that need no shop', () => {
    renderAt('/shop/products/new', shopOf('approved'));
    expect(screen.getByText('The page')).toBeTruthy();
    cleanup();
    renderAt('/shop/register', shopOf('pending'));
    expect(screen.getByText('The page')).toBeTruthy();
    cleanup();
    renderAt('/shop/login', null);
    expect(screen.getByText('The page')).toBeTruthy();
  });
});
