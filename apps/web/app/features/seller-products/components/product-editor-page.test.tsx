// @vitest-environment happy-dom
import type { SellerProduct } from '@shop/contracts/seller-products';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductEditorPage } from './product-editor-page';
import { type Call, json, productOptions, renderSellerPage, sellerProduct } from './seller-products-test-support';

afterEach(cleanup);

function renderEditor(
  product: SellerProduct | null,
  answerSave: (call: Call) => Response | undefined,
  fresh: () => SellerProduct = () => product as SellerProduct,
) {
  const path = product ? `/shop/products/${product.id}` : '/shop/products/new';
  return renderSellerPage(
    <ProductEditorPage id={product?.id ?? null} />,
    (call) => {
      if (call.path === '/api/seller/products/options') return json(200, { message: 'ok', data: productOptions });
      if (call.method === 'GET' && product && call.path === `/api/seller/products/${product.id}`) {
        return json(200, { message: 'ok', data: { product: fresh() } });
      }
      if (call.method !== 'GET') return answerSave(call);
      return undefined;
    },
    { path, routePath: '/shop/products/:id' },
  );
}

const saves = (calls: Call[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');

describe('the product editor', () => {
  it('shows each field error of a refused publish under its field, marks the language tab, and focuses the first', async () => {
    const product = sellerProduct({
      colors: [
        { id: 6, extra_price: 0 },
        { id: 7, extra_price: 0 },
      ],
    });
    const { calls } = renderEditor(product, () =>
      json(422, {
        message: 'The English short description is required to publish.',
        errors: {
          'texts.en.short_description': ['The English short description is required to publish.'],
          'texts.ar.name': ['Nama wajib diisi.'],
          price: ['The price must be greater than 0 to publish.'],
          'colors.1.extra_price': ['The extra price may have at most 2 decimals.'],
          photos: ['Add at least one photo before publishing.'],
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).toMatchObject({ status: 'published', updated_at: product.updated_at });

    const shortDescription = await screen.findByLabelText('Short description', {
      selector: '#product-texts-en-short_description',
    });
    await waitFor(() => expect(document.activeElement).toBe(shortDescription));
    expect(shortDescription.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The English short description is required to publish.')).toBeTruthy();
    expect(screen.getByText('The price must be greater than 0 to publish.')).toBeTruthy();
    expect(screen.getByText('Add at least one photo before publishing.')).toBeTruthy();
    // The second colour sent (Blue) carries its own error.
    const blueExtra = screen.getByLabelText('Extra price (Blue)');
    expect(blueExtra.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The extra price may have at most 2 decimals.')).toBeTruthy();
    // The Arabic tab says it has an error; its panel shows it once opened, right to left.
    const arabic = screen.getByRole('tab', { name: /العربية/ });
    expect(within(arabic).getByText('(has errors)')).toBeTruthy();
    fireEvent.click(arabic);
    const panel = screen.getByRole('tabpanel', { name: /العربية/ });
    expect(within(panel).getByLabelText('Name (optional)').getAttribute('dir')).toBe('rtl');
    expect(within(panel).getByLabelText('Short description').getAttribute('dir')).toBe('rtl');
    expect(within(panel).getByText('Nama wajib diisi.')).toBeTruthy();
  });

  it('refuses a negative stock or a malformed price before anything is sent, focusing the first', async () => {
    const { calls } = renderEditor(sellerProduct(), () => undefined);
    fireEvent.change(await screen.findByLabelText('Stock'), { target: { value: '-5' } });
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '150.000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Enter a whole number of 0 or more.')).toBeTruthy();
    expect(screen.getByText('Enter an amount of 0 or more, with at most 2 decimals.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Price')));
    expect(saves(calls)).toEqual([]);
  });

  it('sends the chosen colours and sizes with their extra prices, and the stock it started from', async () => {
    const product = sellerProduct({ stock: 4 });
    const { calls } = renderEditor(product, () =>
      json(200, {
        message: 'Product saved.',
        data: { product: { ...product, stock: 9, updated_at: '2026-11-24T11:00:00.000Z' } },
      }),
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Red' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Blue' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'L' }));
    fireEvent.change(screen.getByLabelText('Extra price (L)'), { target: { value: '15000' } });
    fireEvent.change(screen.getByLabelText('Stock'), { target: { value: '9' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Subcategory'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    const [save] = saves(calls);
    expect(save?.method).toBe('PUT');
    expect(save?.path).toBe('/api/seller/products/5');
    expect(save?.body).toMatchObject({
      status: 'draft',
      category_id: 1,
      sub_category_id: 11,
      colors: [
        { id: 6, extra_price: null },
        { id: 7, extra_price: null },
      ],
      sizes: [{ id: 9, extra_price: 15000 }],
      stock: 9,
      expected_stock: 4,
      updated_at: product.updated_at,
      texts: { en: { name: 'Kemeja', short_description: null, description: null } },
    });
  });

  it('leaves the stock out when the seller did not change it, so a sale meanwhile does not block the save', async () => {
    const product = sellerProduct({ stock: 4 });
    const { calls } = renderEditor(product, () => json(200, { message: 'Product saved.', data: { product } }));
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Kemeja Batik' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(1));
    expect(saves(calls)[0]?.body).not.toHaveProperty('stock');
    expect(saves(calls)[0]?.body).not.toHaveProperty('expected_stock');
  });

  it('says when the product changed since it was opened, and reloads it on request', async () => {
    const product = sellerProduct();
    const newer = sellerProduct({ texts: { en: { name: 'Kemeja Baru', short_description: null, description: null } } });
    let reads = 0;
    renderEditor(
      product,
      () =>
        json(409, {
          message: 'This product was saved again since you opened it. Reload it to see the changes.',
          code: 'CONFLICT',
        }),
      () => (reads++ === 0 ? product : newer),
    );
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByText(
      'This product was saved again since you opened it. Reload it to see the changes.',
    );
    fireEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Reload the product' }),
    );
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Kemeja Baru'));
    expect(
      screen.queryByText('This product was saved again since you opened it. Reload it to see the changes.'),
    ).toBeNull();
  });

  it('opens a product with a description as unchanged, and says so once the seller types', async () => {
    const product = sellerProduct({
      texts: {
        en: { name: 'Kemeja', short_description: 'Katun', description: '<h2>Bahan</h2>\n<ul><li>Katun</li></ul>' },
      },
    });
    renderEditor(product, () => undefined);
    const description = await screen.findByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(description.textContent).toContain('Bahan'));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Kemeja Batik' } });
    expect(await screen.findByText('Unsaved changes')).toBeTruthy();
  });

  it('creates a new product as a draft and opens it, where photos can be added', async () => {
    const created = sellerProduct({
      id: 12,
      texts: { en: { name: 'Sambal', short_description: null, description: null } },
    });
    const { calls, router } = renderEditor(null, () =>
      json(200, { message: 'Product saved.', data: { product: created } }),
    );
    expect(await screen.findByText('Save the product as a draft to add photos.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sambal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/products/12'));
    expect(saves(calls)[0]).toMatchObject({ method: 'POST', path: '/api/seller/products' });
    expect(saves(calls)[0]?.body).not.toHaveProperty('updated_at');
  });
});
