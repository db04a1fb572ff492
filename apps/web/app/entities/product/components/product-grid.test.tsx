// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRODUCT_GRID_BESIDE_PANEL } from '../../../components/ui/grid';
import { createI18n } from '../../../lib/i18n';
import { productCards } from '../../../testing/fixtures';
import { PagedProductGrid } from './product-grid';

// The cards only need the currency's current value, not the settings query and store behind it.
vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

afterEach(cleanup);

function renderGrid(ui: React.ReactElement, { language = 'en', dir = 'ltr' } = {}) {
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => ({ dir }), element: ui, hydrateFallbackElement: <p>…</p> }],
    { initialEntries: ['/'] },
  );
  return render(
    <I18nextProvider i18n={createI18n(language, {})}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('PagedProductGrid', () => {
  it('shows the cards in the given columns, the first ones eager, and links to the other pages', async () => {
    const { container } = renderGrid(
      <PagedProductGrid
        products={productCards(1, 12)}
        className={PRODUCT_GRID_BESIDE_PANEL}
        eager={4}
        total={30}
        perPage={12}
        page={2}
        urlTemplate="/products?page=[page]"
        ariaLabel="Pages of All Products"
      />,
    );
    const nav = await screen.findByRole('navigation', { name: 'Pages of All Products' });
    expect(container.querySelector('ul')?.className).toBe(PRODUCT_GRID_BESIDE_PANEL);
    expect(container.querySelectorAll('ul > li a[href$="/details"]').length).toBeGreaterThanOrEqual(12);
    const loading = [...container.querySelectorAll('ul > li img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual([...Array(4).fill('eager'), ...Array(8).fill('lazy')]);
    expect(within(nav).getByRole('link', { name: /3/ }).getAttribute('href')).toBe('/products?page=3');
    expect(within(nav).getByText('2').closest('[aria-current="page"]')).toBeTruthy();
  });

  it('pages right to left with Arabic digits in Arabic', async () => {
    renderGrid(
      <PagedProductGrid products={productCards(1, 2)} total={30} perPage={12} page={1} urlTemplate="/x?page=[page]" />,
      { language: 'ar', dir: 'rtl' },
    );
    const nav = await screen.findByRole('navigation');
    expect(nav.getAttribute('dir')).toBe('rtl');
    expect(within(nav).getByText('٣')).toBeTruthy();
  });
});
