// @vitest-environment happy-dom
import type { ProductDetails } from '@shop/contracts/products';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CartControl, CartControlProvider } from '../../../entities/cart/components/cart-control';
import { createI18n } from '../../../lib/i18n';
import { ProductDetailsPage } from './product-details-page';

vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

// The app's own set-up: English keys, no resources needed.
const i18n = createI18n('en', {});
afterEach(cleanup);

function details(overrides: Partial<ProductDetails> = {}): ProductDetails {
  return {
    id: 5,
    slug: 'oxford-shirt-5',
    is_digital: false,
    name: 'Oxford Shirt',
    thumbnail: '/uploads/shirt-1.webp',
    thumbnail_width: 800,
    thumbnail_height: 800,
    price: 132900,
    discount_price: 81100,
    discount_percentage: 39,
    rating: 4.5,
    total_reviews: '12',
    total_sold: '45',
    quantity: 16,
    is_favorite: false,
    sizes: [
      { id: 1, name: 'S', price: 0 },
      { id: 5, name: 'XXL', price: 10000 },
    ],
    colors: [{ id: 3, name: 'Black', color_code: '#111111', price: 0 }],
    unit: { id: 1, name: 'pcs' },
    brand: 'Kenari Denim',
    shop: {
      id: 2,
      slug: 'batik-sekar',
      name: 'Batik Sekar',
      logo: null,
      rating: 4.3,
      estimated_delivery_time: '2-4 days',
      delivery_charge: 10000,
      last_online: false,
      total_reviews: 418,
    },
    short_description: 'Breathable cotton.',
    description: '<p>Made to last.</p>',
    sku: 'PN-MEN-5',
    thumbnails: [
      { id: 10, thumbnail: '/uploads/shirt-1.webp', width: 800, height: 800 },
      { id: 11, thumbnail: '/uploads/shirt-2.webp', width: 800, height: 800 },
    ],
    categories: [{ id: 4, name: "Men's Fashion", slug: 'mens-fashion' }],
    sub_categories: [],
    flash_sale: null,
    meta_title: null,
    meta_description: null,
    ...overrides,
  };
}

function renderPage(product: ProductDetails, cart?: CartControl) {
  const page = (
    <ProductDetailsPage product={product} related={[]} popular={[]} publicUrl="https://shop.example" appName="Shop" />
  );
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        {cart ? (
          <CartControlProvider value={cart} count={0}>
            {page}
          </CartControlProvider>
        ) : (
          page
        )}
      </MemoryRouter>
    </I18nextProvider>,
  );
}

const cartControl = (): CartControl => ({ add: vi.fn(), buyNow: vi.fn(), isAdding: () => false, openCart: vi.fn() });

const digits = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '');

describe('ProductDetailsPage', () => {
  it('adds the chosen size extra to the shown price', () => {
    const { container } = renderPage(details());
    const price = () => digits(container.querySelector('.text-3xl')?.textContent);
    expect(price()).toBe('81100');
    fireEvent.click(screen.getByRole('radio', { name: /XXL/ }));
    expect(price()).toBe('91100');
    expect(digits(container.querySelector('del')?.textContent)).toBe('142900');
  });

  it('opens on the cheapest colour and size, at the price the cards and the cart show, and prices each choice', () => {
    // The colours come in id order: the first costs extra.
    const product = details({
      price: 96_000,
      discount_price: 0,
      discount_percentage: 0,
      colors: [
        { id: 2, name: 'Green', color_code: '#00aa00', price: 10_000 },
        { id: 3, name: 'Black', color_code: '#111111', price: 0 },
      ],
      sizes: [
        { id: 7, name: 'M', price: 2_000 },
        { id: 6, name: 'S', price: 0 },
      ],
    });
    const { container } = renderPage(product);
    const price = () => digits(container.querySelector('.text-3xl')?.textContent);
    expect(price()).toBe('96000');
    expect((screen.getByRole('radio', { name: 'Black' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'S' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /Green/ }));
    expect(price()).toBe('106000');
    fireEvent.click(screen.getByRole('radio', { name: /M/ }));
    expect(price()).toBe('108000');
  });

  it('shows the discount of what is chosen, as the cart does', () => {
    const { container } = renderPage(details({ price: 100_000, discount_price: 80_000, discount_percentage: 20 }));
    expect(screen.getByText('20% OFF')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /XXL/ }));
    expect(digits(container.querySelector('.text-3xl')?.textContent)).toBe('90000');
    // 90.000 of 110.000 is 18% off.
    expect(screen.getByText('18% OFF')).toBeTruthy();
  });

  it('shows the stock, or Stock Out', () => {
    renderPage(details());
    expect(screen.getByText('In stock: 16')).toBeTruthy();
    cleanup();
    renderPage(details({ quantity: 0 }));
    expect(screen.getByText('Stock Out')).toBeTruthy();
  });

  it('offers Add to Cart and Buy Now while the shop is open', () => {
    renderPage(details({ quantity: 7 }), cartControl());
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy Now' })).toBeTruthy();
    expect(screen.queryByTestId('shop-closed')).toBeNull();
  });

  it('says the shop is closed for now and offers no way to buy while it is', () => {
    const product = details({ quantity: 0, shop_closed: true });
    renderPage(product, cartControl());
    expect(screen.getByTestId('shop-closed').textContent).toBe(
      `${product.shop.name} is closed for now: its products cannot be bought until it opens again.`,
    );
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).toBeNull();
    expect(screen.queryByText('Stock Out')).toBeNull();
  });

  it('opens share links in a new tab without an opener', () => {
    renderPage(details());
    const links = screen.getAllByRole('link', { name: /^Share on/ });
    expect(links).toHaveLength(8);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.getAttribute('href')).toContain(
        encodeURIComponent('https://shop.example/products/oxford-shirt-5/details'),
      );
    }
  });

  it('describes the product and its breadcrumb as JSON-LD', () => {
    const { container } = renderPage(details({ quantity: 0 }));
    const script = container.querySelector('script[type="application/ld+json"]');
    const graph = JSON.parse(script?.textContent ?? '{}')['@graph'];
    const product = graph.find((g: { '@type': string }) => g['@type'] === 'Product');
    expect(product.offers).toMatchObject({
      price: '81100.00',
      priceCurrency: 'IDR',
      availability: 'https://schema.org/OutOfStock',
    });
    expect(product.aggregateRating).toMatchObject({ ratingValue: '4.5', reviewCount: 12 });
    expect(product.sku).toBe('PN-MEN-5');
    const crumbs = graph.find((g: { '@type': string }) => g['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((c: { name: string }) => c.name)).toEqual([
      'Home',
      "Men's Fashion",
      'Oxford Shirt',
    ]);
  });

  it('moves through the gallery with the arrow keys', () => {
    renderPage(details());
    const first = screen.getByRole('button', { name: 'Show image 1 of 2' });
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(screen.getByRole('button', { name: 'Show image 2 of 2' }).getAttribute('aria-pressed')).toBe('true');
  });
});
