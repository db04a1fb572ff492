// @vitest-environment happy-dom
import type { ProductCard } from '@shop/contracts/catalog';
import type { ProductsReply } from '@shop/contracts/products';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { PreferencesProvider } from '../../../lib/preferences';
import { productCard as product } from '../../../testing/fixtures';
import { ProductListing, type ProductListingProps } from './product-listing';

afterEach(cleanup);

const facets: ProductsReply['filters'] = {
  sizes: [{ id: 1, name: 'XL', price: 0 }],
  colors: [{ id: 2, name: 'Red', color_code: '#f00', price: 0 }],
  brands: [
    { id: 5, name: 'Arunika' },
    { id: 6, name: 'Bytewise' },
  ],
  categories: [{ id: 9, name: 'Fashion', slug: 'fashion' }],
  min_price: 10,
  max_price: 500,
};

type Handler = (url: URL) => { status: number; body: unknown };

function setup(initial: string, handler: Handler, props: Partial<ProductListingProps> = {}) {
  const requests: URL[] = [];
  const fetchStub: typeof fetch = async (input) => {
    const url = new URL(String(input));
    if (url.pathname !== '/api/products') return new Response('{}', { status: 404 });
    requests.push(url);
    const { status, body } = handler(url);
    return new Response(JSON.stringify(body), { status });
  };
  const api = createApiClient({ origin: 'http://api.test', locale: () => 'en', fetch: fetchStub });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Page() {
    const location = useLocation();
    return (
      <>
        <ProductListing title="All Products" {...props} />
        <output data-testid="url">{`${location.pathname}${location.search}`}</output>
      </>
    );
  }
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [initial] });
  render(
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <PreferencesProvider locale="en" currency={null} hadLocaleCookie availableLocales={['en']}>
          <I18nextProvider i18n={createI18n('en', {})}>
            <RouterProvider router={router} />
          </I18nextProvider>
        </PreferencesProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { requests };
}

const ok = (products: ProductCard[], total: number) => ({
  status: 200,
  body: { message: 'Success', data: { total, more: false, products, filters: facets } },
});

describe('ProductListing', () => {
  it('asks the API for the URL filters, 12 per page, and shows the cards with a paging nav', async () => {
    const { requests } = setup('/products?brand=5&sort=newest&page=2', () =>
      ok(
        Array.from({ length: 12 }, (_, i) => product(13 + i)),
        30,
      ),
    );
    expect(await screen.findByText('Product 13')).toBeTruthy();
    const params = Object.fromEntries(requests[0]?.searchParams ?? []);
    expect(params).toEqual({ page: '2', per_page: '12', sort_type: 'newest', brand_id: '5' });
    expect(screen.getByText('30 products')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Pages of All Products' });
    expect(within(nav).getByRole('link', { current: 'page' }).textContent).toBe('2');
    expect(within(nav).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe(
      '/products?brand=5&sort=newest&page=3',
    );
    // The chosen brand is shown as a removable chip.
    expect(screen.getByRole('list', { name: 'Active filters' }).textContent).toContain('Arunika');
  });

  it('says "more than" when the API counted up to its cap, and pages up to it', async () => {
    setup('/products', () => ({
      status: 200,
      body: {
        message: 'Success',
        data: { total: 1000, more: true, products: [product(1)], filters: facets },
      },
    }));
    expect(await screen.findByText('More than 1000 products')).toBeTruthy();
    expect(screen.queryByText('1000 products')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Pages of All Products' });
    expect(within(nav).getByRole('link', { name: 'Page 84' })).toBeTruthy();
  });

  it('puts a filter choice in the URL and starts again at page 1', async () => {
    setup('/products?page=2', () => ok([product(1)], 13));
    await screen.findByText('Product 1');
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    fireEvent.click(within(panel).getByLabelText('Bytewise'));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/products?brand=6'));
    fireEvent.click(within(panel).getByLabelText('XL'));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/products?brand=6&size=1'));
    fireEvent.click(within(panel).getAllByLabelText('All')[1] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/products?size=1'));
  });

  it('sends the price range in the default currency', async () => {
    setup('/products', () => ok([product(1)], 1));
    await screen.findByText('Product 1');
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    fireEvent.change(within(panel).getByLabelText('Minimum price'), { target: { value: '300' } });
    fireEvent.change(within(panel).getByLabelText('Maximum price'), { target: { value: '100' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    // Swapped into order; the rate is 1 before settings load.
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/products?min_price=100&max_price=300'));
  });

  it('applies the page scope over the URL (a category page, a fixed sort)', async () => {
    const { requests } = setup('/categories/fashion?category=3&sort=newest', () => ok([product(1)], 1), {
      scope: { categoryId: 9, subCategoryId: 4 },
      showCategoryFilter: false,
    });
    await screen.findByText('Product 1');
    expect(requests[0]?.searchParams.get('category_id')).toBe('9');
    expect(requests[0]?.searchParams.get('sub_category_id')).toBe('4');
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(panel).queryByText('Category')).toBeNull();
  });

  it('shows an empty state that can clear the filters', async () => {
    setup('/products?brand=5&search=lamp', () => ok([], 0));
    expect(await screen.findByText('No products found')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: /Pages of/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/products?search=lamp'));
  });

  it('shows an error with "Try again" that asks again', async () => {
    let calls = 0;
    setup('/products', () => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'Server Error' } } : ok([product(7)], 1);
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the products');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Product 7')).toBeTruthy();
  });

  it('shows skeletons while the first page loads', async () => {
    setup('/products', () => ok([product(1)], 1));
    expect(screen.getByTestId('product-grid-skeleton')).toBeTruthy();
    await screen.findByText('Product 1');
    expect(screen.queryByTestId('product-grid-skeleton')).toBeNull();
  });
});
