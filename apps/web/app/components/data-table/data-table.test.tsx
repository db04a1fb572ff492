// @vitest-environment happy-dom

import { createColumnHelper } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { DataTable } from './data-table';
import { nextSearchParams, tableParamsOf, useTableParams } from './use-table-params';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
  amount: number;
  note: string;
}
const column = createColumnHelper<Row>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('amount', { header: 'Amount', meta: { align: 'end' } }),
  column.accessor('note', { header: 'Note', meta: { hideOnPhone: true } }),
];
const ROWS: Row[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  name: `Row ${i + 1}`,
  amount: i,
  note: `n${i}`,
}));

function Table({
  state = 'ready',
  onRetry = () => {},
}: {
  state?: 'ready' | 'loading' | 'error' | 'empty';
  onRetry?: () => void;
}) {
  const { params, update } = useTableParams();
  const start = (params.page - 1) * 20;
  return (
    <DataTable
      label="Things"
      columns={columns}
      rows={state === 'ready' ? ROWS.slice(start, start + 20) : state === 'empty' ? [] : undefined}
      total={state === 'ready' ? ROWS.length : 0}
      perPage={20}
      params={params}
      sortable={['name', 'amount']}
      onPage={(page) => update({ page })}
      onSort={(sort) => update({ sort })}
      getRowId={(r: Row) => String(r.id)}
      loading={state === 'loading'}
      error={state === 'error'}
      onRetry={onRetry}
      emptyTitle="Nothing here."
      warnRow={(r: Row) => r.id === 2}
    />
  );
}

function renderTable(initial = '/list?status=pending', props: Parameters<typeof Table>[0] = {}) {
  const router = createMemoryRouter([{ path: '/list', element: <Table {...props} /> }], { initialEntries: [initial] });
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  const search = () => new URLSearchParams(router.state.location.search);
  return { router, search };
}

describe('the back office table', () => {
  it('sorts on the server through the URL: ascending, descending, then the default; a new sort starts at page 1', async () => {
    const { search } = renderTable('/list?status=pending&page=2');
    const table = screen.getByRole('table', { name: 'Things' });
    const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBeNull();

    fireEvent.click(within(nameHeader).getByRole('button'));
    expect(Object.fromEntries(search())).toEqual({ status: 'pending', sort: 'name', direction: 'asc' });
    expect(within(table).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(within(table).getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(search().get('direction')).toBe('desc');
    fireEvent.click(within(within(table).getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    expect(search().get('sort')).toBeNull();
    expect(search().get('status')).toBe('pending');
    // Only the columns the server sorts by are buttons.
    expect(within(within(table).getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();
  });

  it('pages through the URL and keeps the filters and the sort', async () => {
    const { search } = renderTable('/list?status=pending&sort=amount&direction=desc');
    expect(screen.getAllByText('Row 1').length).toBeGreaterThan(0);
    const pages = screen.getByRole('navigation', { name: 'Pages of Things' });
    fireEvent.click(within(pages).getByRole('button', { name: /3/ }));
    expect(Object.fromEntries(search())).toEqual({ status: 'pending', sort: 'amount', direction: 'desc', page: '3' });
    expect(screen.getAllByText('Row 41').length).toBeGreaterThan(0);
    expect(screen.queryByText('Row 1')).toBeNull();
  });

  it('shows each row as a card on a phone without the columns marked for wider screens, and warns on a row', () => {
    renderTable();
    const cards = screen.getByRole('list', { name: 'Things' });
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Name')).toBeTruthy();
    expect(within(first).queryByText('Note')).toBeNull();
    expect(within(cards).getAllByRole('listitem')[1]!.className).toContain('amber');
  });

  it('has its own loading, empty and error states', () => {
    renderTable('/list', { state: 'loading' });
    expect(screen.getByRole('table', { name: 'Things' }).getAttribute('aria-busy')).toBe('true');
    cleanup();
    renderTable('/list', { state: 'empty' });
    expect(screen.getByText('Nothing here.')).toBeTruthy();
    cleanup();
    const retry = vi.fn();
    renderTable('/list', { state: 'error', onRetry: retry });
    expect(screen.getByRole('alert').textContent).toContain('This list could not be loaded.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalled();
  });
});

describe('the table params', () => {
  it('reads page, sort and filters from the URL, ignoring nonsense', () => {
    expect(tableParamsOf(new URLSearchParams('page=x&direction=up&sort=name&q=abc&status='))).toEqual({
      page: 1,
      sort: 'name',
      direction: null,
      filters: { q: 'abc' },
    });
  });

  it('starts again at page 1 on a new filter, and drops an emptied filter', () => {
    const next = nextSearchParams(new URLSearchParams('page=4&q=abc&status=pending'), { filters: { q: '' } });
    expect(next.toString()).toBe('status=pending');
    expect(nextSearchParams(next, { page: 1 }).toString()).toBe('status=pending');
  });
});
