// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readListParams } from '../list-params';
import { SellerProductsPage } from './seller-products-page';
import { json, productOptions, productRow, renderSellerPage } from './seller-products-test-support';

afterEach(cleanup);

const SCRIPT = '<img src=x onerror="window.__pwned=1">';
const counts = { all: 3, published: 1, draft: 1, pending_approval: 0, sold_out: 1 };
const rows = [
  productRow(1, { name: `Kemeja ${SCRIPT}`, discount_price: 80_000 }),
  productRow(2, { name: 'Kopi', status: 'draft', sku: '' }),
  productRow(3, { name: 'Teh', status: 'sold_out', stock: 0 }),
];

function renderList(path = '/shop/products', bulkReply?: unknown) {
  const place = readListParams(new URL(path, 'http://shop.test').searchParams);
  return renderSellerPage(
    <SellerProductsPage place={place} />,
    (call) => {
      if (call.path === '/api/seller/products/options') return json(200, { message: 'ok', data: productOptions });
      if (call.path === '/api/seller/products') {
        return json(200, { message: 'ok', data: { total: 3, status_counts: counts, products: rows } });
      }
      if (call.path === '/api/seller/products/bulk') {
        return json(200, bulkReply ?? { message: 'Products updated.', data: { done: [], failed: [] } });
      }
      return undefined;
    },
    { path },
  );
}

describe('the products list', () => {
  it('asks the API for the place of the list its address names, and shows the rows with their status', async () => {
    const { calls } = renderList('/shop/products?search=kem&category_id=1&status=draft&sort=price&order=desc&page=2');
    expect(await screen.findByText(`Kemeja ${SCRIPT}`)).toBeTruthy();
    const list = calls.find((c) => c.path === '/api/seller/products');
    expect(Object.fromEntries(new URLSearchParams(list?.search))).toEqual({
      search: 'kem',
      category_id: '1',
      status: 'draft',
      sort: 'price',
      order: 'desc',
      page: '2',
      per_page: '20',
    });
    expect(document.querySelector('img[src="x"]')).toBeNull();
    const table = screen.getByRole('table', { name: 'Products' });
    expect(within(table).getByText('Sold out')).toBeTruthy();
    expect(within(table).getAllByText('Draft')).toHaveLength(1);
    // The discount price is shown with the price struck through (in its column, and under the name on a phone).
    const kemeja = within(table).getByRole('row', { name: /Kemeja/ });
    expect(within(kemeja).getAllByText(/^\D*80\.000$/)).toHaveLength(2);
    expect(within(kemeja).getAllByText(/100\.000/, { selector: 's' })).toHaveLength(2);
  });

  it('shows each status tab with its count, the current one marked', async () => {
    renderList('/shop/products?status=sold_out');
    const tabs = screen.getByRole('navigation', { name: 'Product status' });
    await waitFor(() => expect(within(tabs).getByRole('link', { name: 'All (3)' })).toBeTruthy());
    expect(within(tabs).getByRole('link', { name: 'Sold out (1)' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Draft (1)' }).getAttribute('href')).toBe(
      '/shop/products?status=draft',
    );
  });

  it('puts a search, a category and a sort in the address, from page 1, keeping the other filters', async () => {
    const { router } = renderList('/shop/products?status=draft&page=3');
    await screen.findByText('Kopi');
    fireEvent.change(screen.getByLabelText('Search products'), { target: { value: ' batik ' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(router.state.location.search).toBe('?search=batik&status=draft'));

    fireEvent.change(await screen.findByLabelText('Category'), { target: { value: '2' } });
    await waitFor(() => expect(router.state.location.search).toBe('?category_id=2&status=draft'));

    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'stock:asc' } });
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft&sort=stock'));
  });

  it('publishes the selected products and lists those it could not publish with their reasons', async () => {
    const { calls } = renderList('/shop/products', {
      message: 'Products updated.',
      data: {
        done: [1],
        failed: [{ id: 2, name: 'Kopi', errors: { photos: ['Add at least one photo before publishing.'] } }],
      },
    });
    await screen.findByText('Kopi');
    expect(screen.queryByRole('toolbar')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: `Select Kemeja ${SCRIPT}` }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Kopi' }));
    const toolbar = screen.getByRole('toolbar', { name: 'Selected products' });
    expect(within(toolbar).getByText('2 selected')).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST')).toEqual([
        expect.objectContaining({ path: '/api/seller/products/bulk', body: { action: 'publish', ids: [1, 2] } }),
      ]),
    );
    const alert = await screen.findByText('These products could not be published:');
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByRole('link', { name: 'Kopi' }).getAttribute('href')).toBe('/shop/products/2');
    expect(within(box).getByText('Add at least one photo before publishing.')).toBeTruthy();
    // The one that failed stays selected, to fix and try again.
    expect((screen.getByRole('checkbox', { name: 'Select Kopi' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: `Select Kemeja ${SCRIPT}` }) as HTMLInputElement).checked).toBe(false);
  });

  it('asks before deleting, and deletes every product of the page when all are selected', async () => {
    const { calls } = renderList();
    await screen.findByText('Kopi');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the selected products (3)?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ action: 'delete', ids: [1, 2, 3] }),
    );
  });

  it('says when nothing matches, with a way back to every product', async () => {
    renderSellerPage(<SellerProductsPage place={readListParams(new URLSearchParams('search=zzz'))} />, (call) =>
      call.path === '/api/seller/products'
        ? json(200, { message: 'ok', data: { total: 0, status_counts: { ...counts, all: 0 }, products: [] } })
        : undefined,
    );
    expect(await screen.findByText('No products match')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all products' }).getAttribute('href')).toBe('/shop/products');
  });
});
