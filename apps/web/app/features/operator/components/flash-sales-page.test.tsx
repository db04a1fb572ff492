// @vitest-environment happy-dom
import type { OperatorFlashSale } from '@shop/contracts/operator-promotions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { FlashSalesPage } from './flash-sales-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const upcoming: OperatorFlashSale = {
  id: 7,
  name: 'Payday sale',
  translations: { id: 'Obral gajian' },
  discount: 20,
  starts_at: '2026-12-01T00:00:00.000Z',
  ends_at: '2026-12-02T00:00:00.000Z',
  state: 'upcoming',
  all_shops: false,
  shops: [{ id: 3, name: 'Toko Tiga' }],
  products: 4,
};
const ended: OperatorFlashSale = { ...upcoming, id: 8, name: 'Old sale', state: 'ended', all_shops: true, shops: [] };

const shopRow = {
  id: 3,
  name: 'Toko Tiga',
  slug: 'toko-tiga',
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

function renderPage(initial: string) {
  const asked: string[] = [];
  const sent: { method: string; url: string; body: Record<string, unknown> }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method && init.method !== 'GET') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push({ method: init.method, url: url.pathname, body });
      if (body.name === 'Taken') {
        return json(422, {
          message: 'The sale must end in the future.',
          errors: { ends_at: ['The sale must end in the future.'] },
        });
      }
      return json(200, { message: 'Flash sale saved.', data: { flash_sale: upcoming } });
    }
    if (url.pathname === '/api/operator/shop-list') {
      return json(200, {
        message: 'ok',
        data: { total: 1, default_commission_rate: 10, shops: [shopRow] },
      });
    }
    asked.push(url.search);
    return json(200, { message: 'ok', data: { total: 2, flash_sales: [upcoming, ended] } });
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/operator/flash-sales', element: <FlashSalesPage /> }], {
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

describe('the operator’s flash sales', () => {
  it('lists the sales with the URL’s filters; an ended sale offers no action; a new state filter goes into the URL', async () => {
    const { asked, router } = renderPage('/operator/flash-sales?state=upcoming&sort=name&direction=asc');
    const table = await screen.findByRole('table', { name: 'Flash sales' });
    await within(table).findByText('Payday sale');
    expect(Object.fromEntries(new URLSearchParams(asked[0]))).toMatchObject({
      state: 'upcoming',
      sort: 'name',
      direction: 'asc',
      per_page: '20',
    });
    expect(within(table).getByText('Toko Tiga')).toBeTruthy();
    expect(within(table).getByText('All shops')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'End Payday sale' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'End Old sale' })).toBeNull();

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'ended' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('state')).toBe('ended'));
  });

  it('the form checks its fields, sends the titles, window and chosen shops, and shows the server’s errors', async () => {
    const { sent } = renderPage('/operator/flash-sales');
    fireEvent.click(await screen.findByRole('button', { name: 'New flash sale' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'All shops' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The title field is required.')).toBeTruthy();
    expect(await within(dialog).findByText('Choose at least one shop.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'Taken' } });
    fireEvent.change(within(dialog).getByLabelText('Title (Indonesian)'), { target: { value: 'Obral' } });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Toko Tiga' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/api/operator/flash-sales',
      body: { name: 'Taken', translations: { id: 'Obral', ar: '' }, all_shops: false, shop_ids: [3], discount: 0 },
    });
    expect(await within(dialog).findByText('The sale must end in the future.')).toBeTruthy();
  });
});
