// @vitest-environment happy-dom
import type { OperatorReturn } from '@shop/contracts/operator-back-office';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { StepUpProvider } from '../../../entities/security/components/step-up';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { ReturnsPage } from './returns-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const open: OperatorReturn = {
  id: 5,
  order_id: 40,
  order_code: '#TS000123',
  reason: 'Arrived broken',
  amount: 20_000,
  status: 'Pending',
  quantity: 1,
  payment_status: 'Unpaid',
  reject_note: null,
  bank_name: 'BCA',
  bank_account_number: '1234567890',
  return_address: 'Jalan Kembali 2',
  created_at: '2026-11-24T10:00:00.000Z',
  customer_name: 'Sari',
  shop: { id: 11, name: 'Toko Satu' },
  open: true,
};
const decided: OperatorReturn = { ...open, id: 6, order_code: '#TS000124', status: 'Refunded', open: false };

function renderPage(reply: (url: URL, init?: RequestInit) => Response) {
  const sent: { url: string; body: unknown; query: string }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method === 'POST') sent.push({ url: url.pathname, body: JSON.parse(String(init.body)), query: '' });
    else sent.push({ url: url.pathname, body: null, query: url.search });
    return reply(url, init);
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/operator/returns', element: <ReturnsPage /> }], {
    initialEntries: ['/operator/returns'],
  });
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>
          <StepUpProvider>
            <RouterProvider router={router} />
          </StepUpProvider>
        </QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { sent, router };
}

const listReply = (url: URL) =>
  url.pathname === '/api/operator/returns'
    ? json(200, { message: 'ok', data: { total: 2, return_orders: [open, decided] } })
    : json(404, { message: 'Not found', code: 'NOT_FOUND' });

describe('the operator’s returns', () => {
  it('offers a decision only on an open return; refusing sends the reason', async () => {
    const { sent } = renderPage((url, init) =>
      init?.method === 'POST'
        ? json(200, { message: 'Return refused.', data: { return_order: { ...open, status: 'Cancelled' } } })
        : listReply(url),
    );
    expect((await screen.findAllByRole('button', { name: 'Refuse the return of #TS000123' })).length).toBeGreaterThan(
      0,
    );
    expect(screen.queryAllByRole('button', { name: 'Refuse the return of #TS000124' })).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Refuse the return of #TS000123' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Refuse the return' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Wrong product sent back' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.filter((s) => s.body !== null)).toEqual([
      { url: '/api/operator/returns/5/refuse', body: { reason: 'Wrong product sent back' }, query: '' },
    ]);
  });

  it('refunds after the confirmation, and searches through the URL', async () => {
    const { sent, router } = renderPage((url, init) =>
      init?.method === 'POST'
        ? json(200, { message: 'Return refunded.', data: { return_order: { ...open, status: 'Refunded' } } })
        : listReply(url),
    );
    fireEvent.click(
      (await screen.findAllByRole('button', { name: 'Refund the return of #TS000123' }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Refund the return' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.body !== null)).toEqual([
        { url: '/api/operator/returns/5/refund', body: {}, query: '' },
      ]),
    );
    fireEvent.change(screen.getByLabelText('Order code or shopper'), { target: { value: 'TS000123' } });
    await waitFor(() => expect(router.state.location.search).toContain('q=TS000123'));
    await waitFor(() => expect(sent.some((s) => s.query.includes('q=TS000123'))).toBe(true));
  });
});
