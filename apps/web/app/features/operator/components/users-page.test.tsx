// @vitest-environment happy-dom
import type { OperatorUser } from '@shop/contracts/operator-promotions';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { UsersPage } from './users-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shopper: OperatorUser = {
  id: 21,
  name: 'Sari',
  email: 'sari@test.example',
  phone: null,
  role: 'customer',
  status: 'active',
  shop: null,
  created_at: '2026-11-01T10:00:00.000Z',
};
const seller: OperatorUser = {
  ...shopper,
  id: 22,
  name: 'Budi',
  email: 'budi@test.example',
  role: 'seller',
  status: 'blocked',
  shop: { id: 3, name: 'Toko Tiga' },
};

function renderPage(initial: string) {
  const asked: string[] = [];
  const sent: { method: string; url: string }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method && init.method !== 'GET') {
      sent.push({ method: init.method, url: url.pathname });
      return json(200, { message: 'User blocked.', data: { user: { ...shopper, status: 'blocked' } } });
    }
    asked.push(url.search);
    return json(200, { message: 'ok', data: { total: 2, users: [shopper, seller] } });
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/operator/users', element: <UsersPage /> }], {
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

describe('the operator’s users', () => {
  it('asks with the URL’s filters, shows role, shop and status, and blocks after a confirmation', async () => {
    const { asked, sent, router } = renderPage('/operator/users?role=seller&status=blocked&q=bu');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Sari');
    expect(Object.fromEntries(new URLSearchParams(asked[0]))).toMatchObject({
      role: 'seller',
      status: 'blocked',
      q: 'bu',
    });
    expect(within(table).getByText('Toko Tiga')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Unblock Budi' })).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Block Sari' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/signed out everywhere/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', url: '/api/operator/users/21/block' }));

    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'customer' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('role')).toBe('customer'));
  });
});
