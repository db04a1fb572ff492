// @vitest-environment happy-dom
import type { OperatorShopRow } from '@shop/contracts/operator-back-office';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { ShopsPage } from './shops-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const base: OperatorShopRow = {
  id: 11,
  name: 'Toko Satu',
  slug: 'toko-satu',
  logo: null,
  address: null,
  phone: null,
  status: 'approved',
  is_active: true,
  created_at: '2026-11-24T10:00:00.000Z',
  owner: { id: 5, name: 'Budi', email: 'budi@test.example', phone: null },
  suspended_at: null,
  commission_rate: null,
};
const suspended: OperatorShopRow = {
  ...base,
  id: 12,
  name: 'Toko Dua',
  slug: 'toko-dua',
  is_active: false,
  suspended_at: '2026-11-25T10:00:00.000Z',
  commission_rate: 5,
};

function renderPage(initial: string) {
  const asked: string[] = [];
  const sent: { method: string; url: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method && init.method !== 'GET') {
      sent.push({ method: init.method, url: url.pathname, body: JSON.parse(String(init.body)) });
      if (url.pathname.endsWith('/commission')) {
        return json(422, {
          message: 'The commission rate may not be greater than 100.',
          errors: { commission_rate: ['The commission rate may not be greater than 100.'] },
        });
      }
      return json(200, { message: 'Shop suspended.', data: { shop: base } });
    }
    asked.push(url.search);
    return json(200, { message: 'ok', data: { total: 2, default_commission_rate: 10, shops: [base, suspended] } });
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/operator/shops', element: <ShopsPage /> }], {
    initialEntries: [initial],
  });
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { asked, sent, router };
}

describe('the operator’s shops page', () => {
  it('asks the API with the URL’s filters and sort, and a new filter goes into the URL', async () => {
    const { asked, router } = renderPage('/operator/shops?status=suspended&sort=name&direction=asc&page=2');
    const table = await screen.findByRole('table', { name: 'Shops' });
    await within(table).findByText('Toko Dua');
    const first = new URLSearchParams(asked[0]);
    expect(Object.fromEntries(first)).toMatchObject({
      status: 'suspended',
      sort: 'name',
      direction: 'asc',
      page: '2',
      per_page: '20',
    });
    expect(within(table).getByText('Default (10%)')).toBeTruthy();
    expect(within(table).getByText('5%')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('pending'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    await waitFor(() => expect(asked.some((q) => new URLSearchParams(q).get('status') === 'pending')).toBe(true));
  });

  it('suspends after a confirmation, offers reactivation for a suspended shop, and shows the commission’s errors', async () => {
    const { sent } = renderPage('/operator/shops');
    const table = await screen.findByRole('table', { name: 'Shops' });
    await within(table).findByText('Toko Satu');
    expect(within(table).getByRole('button', { name: 'Reactivate Toko Dua' })).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Suspend Toko Satu' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'POST', url: '/api/operator/shops/11/suspend', body: {} }),
    );

    fireEvent.click(within(table).getByRole('button', { name: 'Commission of Toko Satu' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText('Commission (%)');
    fireEvent.change(field, { target: { value: '1.234' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/at most 2 decimals/)).toBeTruthy();
    expect(sent.some((s) => s.url.endsWith('/commission'))).toBe(false);

    fireEvent.change(field, { target: { value: '99.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toContainEqual({
        method: 'PUT',
        url: '/api/operator/shops/11/commission',
        body: { commission_rate: 99.5 },
      }),
    );
    // The server's field error shows under the field.
    expect(await within(dialog).findByText('The commission rate may not be greater than 100.')).toBeTruthy();
  });
});
