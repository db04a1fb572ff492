// @vitest-environment happy-dom
import type { AdminCategory, AdminSubCategory } from '@shop/contracts/catalog-admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { CataloguePage } from './catalogue-page';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const phones: AdminCategory = {
  id: 1,
  name: 'Phones',
  translations: { id: 'Ponsel', ar: 'هواتف' },
  slug: 'phones',
  position: 1,
  is_active: true,
  products: 3,
  image: '/uploads/catalogue/phones.webp',
};
const toys: AdminCategory = {
  ...phones,
  id: 2,
  name: 'Toys',
  translations: {},
  slug: 'toys',
  products: 0,
  image: null,
};

const running: AdminSubCategory = {
  id: 31,
  name: 'Running',
  translations: { id: 'Lari' },
  slug: 'running',
  position: 2,
  is_active: false,
  products: 0,
  image: null,
  categories: [
    { id: 1, name: 'Phones' },
    { id: 2, name: 'Toys' },
  ],
};

interface Sent {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

function renderPage(initial: string, answer?: (sent: Sent) => Response | undefined) {
  const asked: URLSearchParams[] = [];
  const sent: Sent[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    if (init?.method && init.method !== 'GET') {
      const call = {
        method: init.method,
        path: url.pathname,
        search: url.search,
        body:
          init.body instanceof FormData
            ? Object.fromEntries(init.body.entries())
            : init.body
              ? JSON.parse(String(init.body))
              : null,
      };
      sent.push(call);
      return answer?.(call) ?? json(200, { message: 'Saved.', data: { category: { ...toys, id: 7 } } });
    }
    const values: Record<string, unknown[]> = {
      brands: [{ id: 5, name: 'Acme', translations: {}, is_active: true, products: 4, image: null }],
      colors: [
        { id: 6, name: 'Teal', translations: { ar: 'أزرق مخضر' }, is_active: true, products: 0, color_code: '#0F766E' },
      ],
      sizes: [{ id: 7, name: 'XL', translations: {}, is_active: false, products: 2, position: 5 }],
      units: [{ id: 8, name: 'Box', translations: {}, is_active: true, products: 0 }],
    };
    const kind = url.pathname.split('/').at(-1) ?? '';
    if (values[kind]) {
      asked.push(url.searchParams);
      const rows = values[kind]!;
      return json(200, { message: 'ok', data: { total: rows.length, [kind]: rows } });
    }
    if (url.pathname === '/api/operator/sub-categories') {
      asked.push(url.searchParams);
      return json(200, { message: 'ok', data: { total: 1, sub_categories: [running] } });
    }
    if (url.searchParams.get('per_page') !== '100') asked.push(url.searchParams);
    return json(200, { message: 'ok', data: { total: 2, categories: [phones, toys] } });
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/operator/catalogue', element: <CataloguePage /> }], {
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

describe('the operator’s catalogue: categories', () => {
  it('asks with the URL’s search and sort, shows the names in each language, and sorts from a header', async () => {
    const { asked, router } = renderPage('/operator/catalogue?q=ph&sort=name&direction=desc');
    const table = await screen.findByRole('table', { name: 'Categories' });
    await within(table).findByText('Phones');
    expect(Object.fromEntries(asked[0]!)).toMatchObject({ q: 'ph', sort: 'name', direction: 'desc', page: '1' });
    expect(within(table).getByText('Ponsel')).toBeTruthy();
    expect(within(table).getByText('هواتف').getAttribute('dir')).toBe('rtl');

    fireEvent.click(within(table).getByRole('button', { name: /Products/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('products'));
    await waitFor(() => expect(asked.at(-1)!.get('sort')).toBe('products'));
  });

  it('adds a category with its names, order and switch, and shows a field error the server sends', async () => {
    let refuse = true;
    const { sent } = renderPage('/operator/catalogue', () => {
      if (!refuse) return undefined;
      refuse = false;
      return json(422, { message: 'The given data was invalid.', errors: { position: ['The position is taken.'] } });
    });
    await screen.findByRole('table', { name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The name field is required.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Garden' } });
    fireEvent.change(within(dialog).getByLabelText('Name (Indonesian)'), { target: { value: 'Kebun' } });
    fireEvent.change(within(dialog).getByLabelText('Sort order (smaller first)'), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByLabelText('Shown in the storefront'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The position is taken.')).toBeTruthy();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/operator/categories',
      body: { name: 'Garden', translations: { id: 'Kebun', ar: '' }, position: 4, is_active: false },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(2);
  });

  it('deletes an unused category at once and asks where the products of a used one go', async () => {
    const { sent } = renderPage('/operator/catalogue', (call) =>
      call.search === '' && call.path.endsWith('/2')
        ? undefined
        : call.search === ''
          ? json(409, { message: '3 products use this category: choose another category to move them to.' })
          : undefined,
    );
    const table = await screen.findByRole('table', { name: 'Categories' });
    await within(table).findByText('Toys');

    fireEvent.click(within(table).getByRole('button', { name: 'Delete Toys' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Move to')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent[0]).toMatchObject({ method: 'DELETE', path: '/api/operator/categories/2' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: 'Delete Phones' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/3 products use Phones/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move and delete' }));
    expect(await within(dialog).findByText('Choose where its products go.')).toBeTruthy();
    const target = within(dialog).getByLabelText('Move to') as HTMLSelectElement;
    await waitFor(() => expect(within(target).queryByRole('option', { name: 'Toys' })).not.toBeNull());
    // The deleted category is not offered as its own target.
    expect(within(target).queryByRole('option', { name: 'Phones' })).toBeNull();
    fireEvent.change(target, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move and delete' }));
    await waitFor(() =>
      expect(sent.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/operator/categories/1', search: '?move_to=2' }),
    );
  });

  it('shows the server’s refusal of a delete and offers the move it asks for', async () => {
    const used = { ...toys, products: 0 };
    renderPage('/operator/catalogue', () =>
      json(409, { message: '2 products use this category: choose another category to move them to.' }),
    );
    const table = await screen.findByRole('table', { name: 'Categories' });
    fireEvent.click(await within(table).findByRole('button', { name: `Delete ${used.name}` }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/2 products use this category/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Move to')).toBeTruthy();
  });
});

describe('the operator’s catalogue: thumbnails and subcategories', () => {
  it('saves a category, then uploads its new thumbnail; a refused picture keeps the dialog open', async () => {
    let refuse = true;
    const { sent } = renderPage('/operator/catalogue', (call) => {
      if (call.path.endsWith('/image') && refuse) {
        refuse = false;
        return json(422, {
          message: 'The given data was invalid.',
          errors: { image: ['The image must be a file of type: jpg, jpeg, png, webp.'] },
        });
      }
      return undefined;
    });
    const table = await screen.findByRole('table', { name: 'Categories' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit Toys' }));
    const dialog = await screen.findByRole('dialog');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'kite.png', { type: 'image/png' });
    fireEvent.change(within(dialog).getByLabelText('Upload picture'), { target: { files: [file] } });
    expect(await within(dialog).findByText('kite.png')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/The image must be a file of type/)).toBeTruthy();
    expect(sent.map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/operator/categories/2',
      'POST /api/operator/categories/2/image',
    ]);
    expect(sent[1]!.body).toHaveProperty('image');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.map((c) => `${c.method} ${c.path}`).slice(2)).toEqual([
      'PUT /api/operator/categories/2',
      'POST /api/operator/categories/2/image',
    ]);
  });

  it('removes a category’s thumbnail after the save', async () => {
    const { sent } = renderPage('/operator/catalogue');
    const table = await screen.findByRole('table', { name: 'Categories' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit Phones' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove picture' }));
    expect(within(dialog).getByText('None')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.map((c) => `${c.method} ${c.path}`)).toEqual([
        'PUT /api/operator/categories/1',
        'DELETE /api/operator/categories/1/image',
      ]),
    );
  });

  it('lists the subcategories under their categories, filters by category, and adds one under a category', async () => {
    const { asked, sent, router } = renderPage('/operator/catalogue?tab=subcategories');
    const table = await screen.findByRole('table', { name: 'Subcategories' });
    await within(table).findByText('Running');
    expect(within(table).getByText('Phones, Toys')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Subcategories' }).getAttribute('aria-current')).toBe('page');
    // The tab is the page's, not a filter of the list.
    expect(asked[0]!.has('tab')).toBe(false);

    const filter = screen.getByLabelText('Category') as HTMLSelectElement;
    await waitFor(() => expect(within(filter).queryByRole('option', { name: 'Toys' })).not.toBeNull());
    fireEvent.change(filter, { target: { value: '2' } });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('category_id')).toBe('2'));
    await waitFor(() => expect(asked.at(-1)!.get('category_id')).toBe('2'));

    fireEvent.click(screen.getByRole('button', { name: 'New subcategory' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Kites' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one category.')).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Toys' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent[0]).toMatchObject({
        method: 'POST',
        path: '/api/operator/sub-categories',
        body: { name: 'Kites', category_ids: [2], position: 0, is_active: true },
      }),
    );
  });
});

describe('the operator’s catalogue: brands, colours, sizes and units', () => {
  it('adds a colour with its code, checked by the contract before it is sent', async () => {
    const { sent } = renderPage('/operator/catalogue?tab=colours');
    const table = await screen.findByRole('table', { name: 'Colours' });
    expect(await within(table).findByText('#0F766E')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New colour' }));
    const dialog = await screen.findByRole('dialog', { name: 'New colour' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Navy' } });
    fireEvent.change(within(dialog).getByLabelText('Colour code'), { target: { value: 'navy' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/six hex digits/)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Colour code'), { target: { value: '#1e3a8a' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent[0]).toMatchObject({
        method: 'POST',
        path: '/api/operator/colors',
        body: { name: 'Navy', color_code: '#1E3A8A', is_active: true },
      }),
    );
    expect(sent[0]!.body).not.toHaveProperty('position');
  });

  it('changes a size’s order and sorts the sizes by it', async () => {
    const { sent, router } = renderPage('/operator/catalogue?tab=sizes');
    const table = await screen.findByRole('table', { name: 'Sizes' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Edit XL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the size' });
    fireEvent.change(within(dialog).getByLabelText('Sort order (smaller first)'), { target: { value: '9' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent[0]).toMatchObject({
        method: 'PUT',
        path: '/api/operator/sizes/7',
        body: { name: 'XL', position: 9 },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(table).getByRole('button', { name: /Sort order/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('position'));
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('sizes');
  });

  it('deletes a used brand by moving its products to another brand', async () => {
    const { sent } = renderPage('/operator/catalogue?tab=brands');
    const table = await screen.findByRole('table', { name: 'Brands' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Delete Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the brand' });
    expect(within(dialog).getByText(/4 products use Acme/)).toBeTruthy();
    // The only brand is the deleted one: nothing to move to, so nothing is sent.
    await waitFor(() => expect(within(dialog).getByLabelText('Move to')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move and delete' }));
    expect(await within(dialog).findByText('Choose where its products go.')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
