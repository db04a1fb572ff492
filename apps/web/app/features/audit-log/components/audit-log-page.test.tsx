// @vitest-environment happy-dom
import type { AuditEntry } from '@shop/contracts/audit';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { AuditLogPage } from './audit-log-page';

afterEach(cleanup);

const SCRIPT = '<img src=x onerror="window.__pwned=1">';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const entry: AuditEntry = {
  id: 1,
  actor: { id: 7, name: `Sari ${SCRIPT}`, role: 'seller' },
  shop: { id: 3, name: 'Toko Sari' },
  kind: 'voucher',
  record_id: '42',
  action: 'update',
  changes: { discount: { before: 1000, after: 2000 }, code: { before: null, after: `X${SCRIPT}` } },
  ip: '10.0.0.1',
  user_agent: 'Mozilla/5.0',
  created_at: '2026-11-24T10:00:00.000Z',
};

function renderPage(
  reply: (url: URL) => Response | Promise<Response>,
  { path = '/operator/audit-log', locale = 'en' }: { path?: string; locale?: string } = {},
) {
  const asked: URL[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    const url = new URL(String(input));
    asked.push(url);
    return reply(url);
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => locale, fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/operator/audit-log', element: <AuditLogPage /> }], {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={createI18n(locale, {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { asked, router };
}

const page = (entries: AuditEntry[], total = entries.length) =>
  json(200, { message: 'ok', data: { total, kinds: ['product', 'voucher'], entries } });

describe('the operator’s audit log page', () => {
  it('shows the entries in a table, as text, with before and after of each change', async () => {
    renderPage(() => page([entry]));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Person', 'Shop', 'Kind', 'Record', 'Action', 'Changes', 'IP address', 'Browser']);
    expect(within(rows[1]!).getByText('discount:')).toBeTruthy();
    expect(rows[1]!.textContent).toContain('1000 → 2000');
    expect(rows[1]!.textContent).toContain(`Sari ${SCRIPT}`);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('sends the filters of the address to the API, and exports the same view', async () => {
    const { asked } = renderPage(() => page([entry], 120), {
      path: '/operator/audit-log?actor=7&kind=voucher&page=2',
    });
    await screen.findByRole('table');
    const query = asked[0]!.searchParams;
    expect(asked[0]!.pathname).toBe('/api/operator/audit-log');
    expect(query.get('actor')).toBe('7');
    expect(query.get('kind')).toBe('voucher');
    expect(query.get('page')).toBe('2');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/operator/audit-log.csv?actor=7&kind=voucher',
    );
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toContain('actor=7');
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toContain('page=3');
  });

  it('filters from the form', async () => {
    const { asked, router } = renderPage(() => page([entry]));
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Shop (id)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(router.state.location.search).toContain('shop=3'));
    await waitFor(() => expect(asked.some((u) => u.searchParams.get('shop') === '3')).toBe(true));
  });

  it('says so when nothing matches, and offers a retry when loading failed', async () => {
    renderPage(() => page([]));
    expect(await screen.findByText('No entry matches these filters.')).toBeTruthy();
    cleanup();
    let calls = 0;
    renderPage(() => (++calls === 1 ? json(500, { message: 'Server Error', code: 'SERVER_ERROR' }) : page([entry])));
    expect(await screen.findByText('We could not load the audit log')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('shows a loading state first', async () => {
    renderPage(() => new Promise<Response>(() => {}));
    expect(await screen.findByRole('status')).toBeTruthy();
  });
});
