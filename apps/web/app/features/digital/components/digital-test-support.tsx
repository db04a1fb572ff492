import type { DigitalOrder, DigitalProduct } from '@shop/contracts/digital';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';

/** Shared set-up of the digital pages' component tests (not shipped: only tests import it). */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function product(id: number, overrides: Partial<DigitalProduct> = {}): DigitalProduct {
  return {
    id,
    kind: 'pulsa',
    operator: 'telkomsel',
    code: `S${id}`,
    name: `Telkomsel ${id}.000`,
    nominal: id * 1000,
    price: id * 1000 + 1500,
    promo_price: null,
    in_stock: true,
    ...overrides,
  };
}

export function digitalOrder(overrides: Partial<DigitalOrder> = {}): DigitalOrder {
  return {
    id: 7,
    order_code: '#D000007',
    kind: 'pulsa',
    operator: { key: 'telkomsel', name: 'Telkomsel', logo: '/operator-telkomsel.svg' },
    product: { id: 10, name: 'Telkomsel 10.000', nominal: 10000 },
    customer_number: '081234567890',
    customer_name: null,
    segment_power: null,
    price: 11500,
    status: 'awaiting_payment',
    refund_status: 'none',
    token: null,
    serial_number: null,
    failure_message: null,
    payment: {
      id: '9b2f7c1e-1111-4a4a-8888-123456789abc',
      status: 'pending',
      payment_method: 'sandbox',
      payment_method_title: 'Sandbox',
      payment_url: null,
    },
    created_at: '2026-11-24T15:00:00.000Z',
    fulfilled_at: null,
    ...overrides,
  };
}

export interface Call {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

/** Where the router went: the test reads it from the page. */
function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a page with a fake server answering by method and path; returns the calls it got. */
export function renderWithServer(element: ReactNode, answer: (call: Call) => Response, path = '/') {
  const calls: Call[] = [];
  const fetchImpl = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    const target = new URL(String(url));
    const call: Call = {
      method: init.method ?? 'GET',
      path: target.pathname,
      search: target.searchParams,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {element}
            <Location />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <ApiProvider
        client={createApiClient({
          origin: 'http://shop.test',
          locale: () => 'en',
          fetch: fetchImpl as unknown as typeof fetch,
        })}
      >
        <I18nextProvider i18n={createI18n('en', {})}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { calls, client };
}
