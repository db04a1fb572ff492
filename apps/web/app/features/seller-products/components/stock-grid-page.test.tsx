// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readListParams } from '../list-params';
import { type Call, json, productRow, renderSellerPage } from './seller-products-test-support';
import { StockGridPage } from './stock-grid-page';

afterEach(cleanup);

const T0 = '2026-11-24T10:00:00.000Z';
const T1 = '2026-11-24T10:05:00.000Z';
const rows = [
  productRow(1, { name: 'Kemeja', stock: 10, price: 100_000 }),
  productRow(2, { name: 'Kopi', stock: 3, price: 50_000, discount_price: 45_000 }),
  productRow(3, { name: 'Teh', stock: 0, status: 'sold_out' }),
];
const counts = { all: 3, published: 2, draft: 0, pending_approval: 0, sold_out: 1 };

function renderGrid(answerSave: (call: Call) => Response, listed: () => typeof rows = () => rows) {
  return renderSellerPage(<StockGridPage place={readListParams(new URLSearchParams())} />, (call) => {
    if (call.path === '/api/seller/products') {
      return json(200, { message: 'ok', data: { total: 3, status_counts: counts, products: listed() } });
    }
    if (call.path === '/api/seller/products/stock') return answerSave(call);
    return undefined;
  });
}

const cell = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');

describe('the stock and prices grid', () => {
  it('sends only the changed rows and cells, a new stock with the stock it showed, in one save', async () => {
    const { calls } = renderGrid(() =>
      json(200, { message: 'Stock and prices saved.', data: { saved: [], conflicts: [] } }),
    );
    await screen.findByText('Kemeja');
    expect(screen.getByText('No changes')).toBeTruthy();
    fireEvent.change(cell('Stock of Kemeja'), { target: { value: '7' } });
    fireEvent.change(cell('Price of Kopi'), { target: { value: '52000.5' } });
    fireEvent.change(cell('Discount price of Kopi'), { target: { value: '' } });
    // Typing the same figure back is no change.
    fireEvent.change(cell('Price of Teh'), { target: { value: '100000.00' } });
    expect(screen.getByText('Changed products: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({
      rows: [
        { id: 1, stock: 7, expected_stock: 10, updated_at: T0 },
        { id: 2, price: 52000.5, discount_price: null, updated_at: T0 },
      ],
    });
  });

  it('never sends a negative or malformed figure: the cell says why and takes the focus', async () => {
    const { calls } = renderGrid(() => json(500, {}));
    await screen.findByText('Kemeja');
    fireEvent.change(cell('Price of Kemeja'), { target: { value: '1e5' } });
    fireEvent.change(cell('Stock of Kopi'), { target: { value: '-3' } });
    fireEvent.change(cell('Stock of Teh'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a whole number of 0 or more.')).toBeTruthy();
    expect(screen.getByText('Enter an amount of 0 or more, with at most 2 decimals.')).toBeTruthy();
    expect(screen.getByText('Enter a figure.')).toBeTruthy();
    expect(cell('Stock of Kopi').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(cell('Price of Kemeja'));
    expect(posts(calls)).toEqual([]);
  });

  it('marks a row a sale changed meanwhile with its figures now, keeps the seller’s, and saves it against them next time', async () => {
    let round = 0;
    // The list as it is after the first save: the sale's stock, the saved price.
    const after = [{ ...rows[0]!, stock: 8 }, { ...rows[1]!, price: 60_000, updated_at: T1 }, rows[2]!];
    const { calls } = renderGrid(
      () => {
        round++;
        return round === 1
          ? json(200, {
              message: 'Stock and prices saved.',
              data: {
                saved: [
                  { id: 2, stock: 3, price: 60_000, discount_price: 45_000, status: 'published', updated_at: T1 },
                ],
                conflicts: [
                  { id: 1, stock: 8, price: 100_000, discount_price: 0, status: 'published', updated_at: T0 },
                ],
              },
            })
          : json(200, { message: 'Stock and prices saved.', data: { saved: [], conflicts: [] } });
      },
      () => (round === 0 ? rows : after),
    );
    await screen.findByText('Kemeja');
    fireEvent.change(cell('Stock of Kemeja'), { target: { value: '20' } });
    fireEvent.change(cell('Price of Kopi'), { target: { value: '60000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    const summary = await screen.findByText(/Some products changed while you edited \(1\)/);
    expect(summary.getAttribute('role')).toBe('alert');
    const row = screen.getByRole('row', { name: /Kemeja/ });
    expect(
      within(row).getByText(/Changed meanwhile\. Now: stock 8, price \D*100\.000, discount price —\./),
    ).toBeTruthy();
    // The seller's figure is kept; the saved row shows its saved figure and is no longer a change.
    expect(cell('Stock of Kemeja').value).toBe('20');
    expect(cell('Stock of Kemeja').getAttribute('aria-describedby')).toContain('conflict');
    expect(cell('Price of Kopi').value).toBe('60000');
    expect(screen.getByText('Changed products: 1')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]?.body).toEqual({ rows: [{ id: 1, stock: 20, expected_stock: 8, updated_at: T0 }] });
    await waitFor(() => expect(screen.queryByText(/Some products changed while you edited/)).toBeNull());
  });

  it('shows the server’s field errors under their cells', async () => {
    renderGrid(() =>
      json(422, {
        message: 'The discount price must be less than the price.',
        errors: { 'rows.1.discount_price': ['The discount price must be less than the price.'] },
      }),
    );
    await screen.findByText('Kemeja');
    fireEvent.change(cell('Stock of Kemeja'), { target: { value: '11' } });
    fireEvent.change(cell('Discount price of Kopi'), { target: { value: '70000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The discount price must be less than the price.')).toBeTruthy();
    expect(cell('Discount price of Kopi').getAttribute('aria-invalid')).toBe('true');
    expect(cell('Stock of Kemeja').getAttribute('aria-invalid')).toBeNull();
  });

  it('moves down a column with Enter, up with Shift+Enter, and puts a cell back with Escape', async () => {
    renderGrid(() => json(500, {}));
    await screen.findByText('Kemeja');
    cell('Stock of Kemeja').focus();
    fireEvent.keyDown(cell('Stock of Kemeja'), { key: 'Enter' });
    expect(document.activeElement).toBe(cell('Stock of Kopi'));
    fireEvent.keyDown(cell('Stock of Kopi'), { key: 'Enter', shiftKey: true });
    expect(document.activeElement).toBe(cell('Stock of Kemeja'));
    fireEvent.change(cell('Price of Teh'), { target: { value: '5' } });
    fireEvent.keyDown(cell('Price of Teh'), { key: 'Escape' });
    expect(cell('Price of Teh').value).toBe('100000');
    expect(screen.getByText('No changes')).toBeTruthy();
    // From the last row, Enter goes on to Save.
    fireEvent.change(cell('Discount price of Teh'), { target: { value: '90000' } });
    fireEvent.keyDown(cell('Discount price of Teh'), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save changes' }));
  });
});
