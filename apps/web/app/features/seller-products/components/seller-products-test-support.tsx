import type { SellerProduct, SellerProductOptionsReply, SellerProductRow } from '@shop/contracts/seller-products';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A list row as GET /api/seller/products sends it. */
export function productRow(id: number, overrides: Partial<SellerProductRow> = {}): SellerProductRow {
  return {
    id,
    name: `Product ${id}`,
    slug: `product-${id}`,
    cover: null,
    sku: `SKU-${id}`,
    price: 100_000,
    discount_price: 0,
    stock: 10,
    sold: 2,
    status: 'published',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

/** A product as GET /api/seller/products/{id} sends it: a draft with an English name. */
export function sellerProduct(overrides: Partial<SellerProduct> = {}): SellerProduct {
  return {
    id: 5,
    status: 'draft',
    slug: 'kemeja',
    sku: '',
    texts: { en: { name: 'Kemeja', short_description: null, description: null } },
    category_id: null,
    sub_category_id: null,
    brand_id: null,
    unit_id: null,
    price: 0,
    discount_price: 0,
    stock: 0,
    sold: 0,
    colors: [],
    sizes: [],
    photos: [],
    created_at: '2026-11-24T10:00:00.000Z',
    updated_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

export const productOptions: SellerProductOptionsReply['data'] = {
  categories: [
    { id: 1, name: 'Fashion', sub_categories: [{ id: 11, name: 'Shirts' }] },
    { id: 2, name: 'Food', sub_categories: [] },
  ],
  brands: [{ id: 3, name: 'Batik Co' }],
  units: [{ id: 4, name: 'pcs' }],
  colors: [
    { id: 6, name: 'Red', color_code: '#ff0000' },
    { id: 7, name: 'Blue', color_code: '#0000ff' },
  ],
  sizes: [
    { id: 8, name: 'M' },
    { id: 9, name: 'L' },
  ],
};

export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

/**
 * Renders `element` at `path` with an API answered by `answer` (every call recorded, JSON bodies
 * parsed); a call `answer` leaves (undefined) gets 404. The router's location is returned to check
 * where the page sent the seller.
 */
export function renderSellerPage(
  element: ReactNode,
  answer: (call: Call) => Response | undefined | Promise<Response | undefined>,
  { path = '/shop/products', routePath = '*' }: { path?: string; routePath?: string } = {},
) {
  const calls: Call[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw instanceof FormData ? raw : undefined;
    const call = { method: init?.method ?? 'GET', path: url.pathname, search: url.search, body };
    calls.push(call);
    return (await answer(call)) ?? json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: routePath, element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { calls, router, client, view };
}
