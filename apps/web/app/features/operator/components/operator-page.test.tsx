// @vitest-environment happy-dom
import type { OperatorShop, OperatorTicket, OperatorTicketSummary } from '@shop/contracts/operator';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { OperatorPage } from './operator-page';

afterEach(cleanup);

const SCRIPT = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const shop: OperatorShop = {
  id: 11,
  name: `Toko ${SCRIPT}`,
  slug: 'toko',
  logo: null,
  address: `Jl. ${SCRIPT}`,
  phone: '0211234567',
  status: 'pending',
  is_active: false,
  created_at: '2026-11-24T10:00:00.000Z',
  owner: { id: 5, name: `Budi ${SCRIPT}`, email: 'budi@test.example', phone: null },
};

const ticketSummary: OperatorTicketSummary = {
  id: 1,
  ticket_no: '123456',
  order_number: null,
  status: 'pending',
  subject: `Help ${SCRIPT}`,
  issue_type: 'Delivery',
  created_at: '2026-11-24T10:00:00.000Z',
  customer_name: `Sari ${SCRIPT}`,
  user_chat: false,
};

const ticket: OperatorTicket = {
  ...ticketSummary,
  message: `Where is it? ${SCRIPT}`,
  email: 'sari@test.example',
  phone: null,
  can_reply: false,
  attachments: [
    {
      id: 7,
      name: `receipt ${SCRIPT}.png`,
      mime: 'image/png',
      size: 1200,
      url: '/api/operator/support-tickets/123456/attachments/7',
    },
  ],
  messages: [
    {
      id: 1,
      message: `Reply ${SCRIPT}`,
      created_at: '2026-11-24T10:00:00.000Z',
      sender_id: 9,
      sender_name: 'Sari',
      profile_photo: null,
      is_highlighted: false,
      is_mine: false,
    },
  ],
};

function renderPage() {
  const posted: { url: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method === 'POST') {
      posted.push({ url: url.pathname, body: JSON.parse(String(init.body)) });
      if (url.pathname.endsWith('/approve')) return json(200, { message: 'Shop approved.', data: { shop } });
      return json(200, { message: 'Done.', data: null });
    }
    if (url.pathname === '/api/operator/shops') {
      return json(200, { message: 'ok', data: { total: 1, shops: [shop] } });
    }
    if (url.pathname === '/api/operator/support-tickets') {
      return json(200, {
        message: 'ok',
        data: { total: 1, running: 1, completed: 0, cancel: 0, support_tickets: [ticketSummary] },
      });
    }
    if (url.pathname === '/api/operator/support-tickets/123456') {
      return json(200, { message: 'ok', data: { support_ticket: ticket } });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <OperatorPage /> }], { initialEntries: ['/operator'] });
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { posted };
}

function expectInert() {
  expect(document.querySelector('img[src="x"]')).toBeNull();
  expect(document.querySelector('body script')).toBeNull();
  expect((window as { __pwned?: number }).__pwned).toBeUndefined();
}

describe('T9 on the operator screen', () => {
  it('shows shop names, owners and ticket texts as text, and approves from the keyboard-usable buttons', async () => {
    const { posted } = renderPage();
    expect(await screen.findByText(shop.name)).toBeTruthy();
    expect(screen.getByText(`Budi ${SCRIPT} · budi@test.example`)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: `#123456 · Help ${SCRIPT} Sari ${SCRIPT} · Delivery` }));
    expect(await screen.findByText(`Where is it? ${SCRIPT}`)).toBeTruthy();
    expect(screen.getByText(`Reply ${SCRIPT}`)).toBeTruthy();
    // The shopper's files, each a link to the operator's own address of it.
    const file = screen.getByRole('link', { name: `receipt ${SCRIPT}.png` });
    expect(file.getAttribute('href')).toBe('/api/operator/support-tickets/123456/attachments/7');
    expectInert();

    fireEvent.click(screen.getByRole('button', { name: `Approve ${shop.name}` }));
    await waitFor(() => expect(posted).toContainEqual({ url: '/api/operator/shops/11/approve', body: {} }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'User chat' }));
    await waitFor(() =>
      expect(posted).toContainEqual({ url: '/api/operator/support-tickets/123456/user-chat', body: { enabled: true } }),
    );
    fireEvent.change(screen.getByLabelText('Reply'), { target: { value: 'On it' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(posted).toContainEqual({ url: '/api/operator/support-tickets/123456/reply', body: { message: 'On it' } }),
    );
  });
});
