// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useBackOfficeList, useRowDialogs, useWholeList } from './back-office-list';

afterEach(cleanup);

const list = { data: { total: 42 }, isPending: false, isError: true, refetch: () => undefined };

function Probe({ own }: { own: readonly string[] }) {
  const { filters, query, tableProps } = useBackOfficeList(own);
  const props = tableProps(list);
  const whole = useWholeList()(list, [1, 2, 3]);
  const dialogs = useRowDialogs<{ id: number }>();
  return (
    <>
      <output data-testid="filters">{JSON.stringify(filters)}</output>
      <output data-testid="query">{JSON.stringify(query)}</output>
      <output data-testid="table">
        {JSON.stringify({ total: props.total, page: props.params.page, loading: props.loading, error: props.error })}
      </output>
      <output data-testid="whole">
        {JSON.stringify({ total: whole.total, page: whole.params.page, sort: whole.params.sort })}
      </output>
      <output data-testid="dialogs">
        {JSON.stringify({ open: dialogs.formOpen, editing: dialogs.editing, deleting: dialogs.deleting })}
      </output>
      <button type="button" onClick={() => props.onPage(3)}>
        page 3
      </button>
      <button type="button" onClick={() => dialogs.edit({ id: 5 })}>
        edit
      </button>
      <button type="button" onClick={() => dialogs.remove({ id: 6 })}>
        remove
      </button>
      <button type="button" onClick={dialogs.closeForm}>
        close
      </button>
    </>
  );
}

function renderAt(url: string, own: readonly string[] = []) {
  const router = createMemoryRouter([{ path: '/list', element: <Probe own={own} /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

const read = (id: string) => JSON.parse(screen.getByTestId(id).textContent ?? 'null');

describe('useBackOfficeList', () => {
  it('sends the URL’s filters, page and sort, less the params the page reads itself', () => {
    renderAt('/list?tab=brands&q=shoe&page=2&sort=name&direction=desc', ['tab']);
    expect(read('filters')).toEqual({ q: 'shoe' });
    expect(read('query')).toEqual({ q: 'shoe', page: 2, sort: 'name', direction: 'desc' });
    expect(read('table')).toEqual({ total: 42, page: 2, loading: false, error: true });
  });

  it('keeps every filter when the page reads none itself, and pages through the URL', () => {
    const router = renderAt('/list?status=open');
    expect(read('query')).toEqual({ status: 'open', page: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'page 3' }));
    expect(router.state.location.search).toContain('page=3');
    expect(router.state.location.search).toContain('status=open');
  });
});

describe('useWholeList', () => {
  it('counts the rows sent and shows them on one unsorted page', () => {
    renderAt('/list?page=4&sort=name&direction=asc');
    expect(read('whole')).toEqual({ total: 3, page: 1, sort: null });
  });
});

describe('useRowDialogs', () => {
  it('opens the form for the row edited and closes it again; remembers the row to delete', () => {
    renderAt('/list');
    expect(read('dialogs')).toEqual({ open: false, editing: null, deleting: null });
    fireEvent.click(screen.getByRole('button', { name: 'edit' }));
    expect(read('dialogs')).toEqual({ open: true, editing: { id: 5 }, deleting: null });
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    fireEvent.click(screen.getByRole('button', { name: 'remove' }));
    expect(read('dialogs')).toEqual({ open: false, editing: null, deleting: { id: 6 } });
  });
});
