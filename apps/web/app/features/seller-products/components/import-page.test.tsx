// @vitest-environment happy-dom
import type { ImportJob } from '@shop/contracts/seller-imports';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportPage } from './import-page';
import { type Call, json, productOptions, renderSellerPage } from './seller-products-test-support';

afterEach(cleanup);

const job = (overrides: Partial<ImportJob> = {}): ImportJob => ({
  id: 4,
  file_name: 'products_export.csv',
  format: 'shopify',
  status: 'running',
  rows: 120,
  total: 50,
  done: 20,
  created: 18,
  updated: 2,
  failed: 0,
  warnings: 0,
  report: [],
  created_at: '2026-11-24T10:00:00.000Z',
  finished_at: null,
  ...overrides,
});

function renderImport(jobId: number | null, answer: (call: Call) => Response | undefined) {
  return renderSellerPage(
    <ImportPage jobId={jobId} />,
    (call) => {
      if (call.path === '/api/seller/products/options') return json(200, { message: 'ok', data: productOptions });
      if (call.path === '/api/seller/products/imports') return json(200, { message: 'ok', data: { jobs: [] } });
      return answer(call);
    },
    { path: jobId ? `/shop/products/import?job=${jobId}` : '/shop/products/import' },
  );
}

describe('the import page', () => {
  it('sends the file with the default category, then follows the job it started', async () => {
    const { calls, router } = renderImport(null, (call) =>
      call.method === 'POST' && call.path === '/api/seller/products/import'
        ? json(200, { message: 'The import has started.', data: { job: job({ status: 'queued', done: 0 }) } })
        : undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start import' }));
    expect(await screen.findByText('Choose a CSV file to import.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const file = new File(['Handle,Title\nkopi,Kopi\n'], 'products_export.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    await screen.findByRole('option', { name: 'Food' });
    fireEvent.change(screen.getByLabelText('Category for products whose own is not found (optional)'), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(router.state.location.search).toBe('?job=4'));
    const form = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect((form.get('file') as File).name).toBe('products_export.csv');
    expect(form.get('default_category_id')).toBe('2');
  });

  it('shows why the server refused the file, under the file field', async () => {
    renderImport(null, (call) =>
      call.method === 'POST'
        ? json(422, {
            message: 'The file is neither our product template nor a Shopify product export.',
            errors: { file: ['The file is neither our product template nor a Shopify product export.'] },
          })
        : undefined,
    );
    const input = screen.getByLabelText('CSV file');
    fireEvent.change(input, { target: { files: [new File(['a,b\n1,2\n'], 'other.csv', { type: 'text/csv' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Start import' }));
    expect(
      await screen.findByText('The file is neither our product template nor a Shopify product export.'),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('moves its progress bar while the job runs, then shows what it did and links the report', async () => {
    let reads = 0;
    renderImport(4, (call) => {
      if (call.path !== '/api/seller/products/imports/4') return undefined;
      reads++;
      const current =
        reads === 1
          ? job()
          : job({
              status: 'done',
              done: 50,
              created: 45,
              updated: 3,
              failed: 2,
              warnings: 1,
              finished_at: '2026-11-24T10:01:00.000Z',
              report: [
                { row: 7, kind: 'error', message: 'The price is not an amount.' },
                { row: 9, kind: 'warning', message: 'The size XXL is not one of the marketplace’s and was left out.' },
              ],
            });
      return json(200, { message: 'ok', data: { job: current } });
    });
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
    expect(bar.getAttribute('aria-valuemax')).toBe('50');
    expect(screen.getByText('20 of 50 products')).toBeTruthy();
    expect(screen.getByText('Importing')).toBeTruthy();

    await waitFor(() => expect(screen.getByText('50 of 50 products')).toBeTruthy(), { timeout: 4000 });
    expect(screen.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('Finished')).toBeTruthy();
    const counts = screen.getByText('Not imported').closest('dl') as HTMLElement;
    expect(within(counts).getByText('45')).toBeTruthy();
    expect(within(counts).getByText('2')).toBeTruthy();
    expect(screen.getByText('The price is not an amount.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the report (CSV)' }).getAttribute('href')).toBe(
      '/api/seller/products/imports/4/report',
    );
    // It stops asking once the job is finished.
    const after = reads;
    await new Promise((r) => setTimeout(r, 1500));
    expect(reads).toBe(after);
  });
});
