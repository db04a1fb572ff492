// @vitest-environment happy-dom
import type { ProductCard as ProductCardData } from '@shop/contracts/catalog';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { productCard } from '../../../testing/fixtures';
import { type CartControl, CartControlProvider } from '../../cart/components/cart-control';
import { ProductCard } from './product-card';

// The card only needs the currency's current value, not the settings query and store behind it.
vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

// The app's own set-up: English keys, no resources needed.
const i18n = createI18n('en', {});

afterEach(cleanup);

/** The card under test: a discounted, rated product in stock. */
function product(overrides: Partial<ProductCardData> = {}): ProductCardData {
  return productCard(7, {
    slug: 'batik-shirt',
    name: 'Batik Shirt Parang',
    thumbnail: '/uploads/demo/batik.webp',
    price: 200000,
    discount_price: 150000,
    discount_percentage: 25,
    rating: 4.5,
    total_reviews: '1.2K',
    total_sold: '320',
    quantity: 12,
    ...overrides,
  });
}

function renderCard(ui: React.ReactElement) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}

describe('ProductCard', () => {
  it('links an in-stock product to its details page and shows how many sold', () => {
    renderCard(<ProductCard product={product()} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/products/batik-shirt/details');
    expect(screen.getByText('320 Sold')).toBeTruthy();
    expect(screen.queryByText('Stock Out')).toBeNull();
  });

  it('shows Stock Out and no link when the quantity is 0', () => {
    renderCard(<ProductCard product={product({ quantity: 0 })} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getAllByText('Stock Out').length).toBeGreaterThan(0);
    expect(screen.queryByText('320 Sold')).toBeNull();
  });

  it('shows the % OFF badge and the old price struck through when discounted', () => {
    const { container } = renderCard(<ProductCard product={product()} />);
    expect(screen.getByText('25% OFF')).toBeTruthy();
    expect(screen.getByText('Rp150.000')).toBeTruthy();
    const struck = container.querySelector('del');
    expect(struck?.textContent).toBe('Rp200.000');
  });

  it('shows only the price, with no badge and nothing struck, without a discount', () => {
    const { container } = renderCard(<ProductCard product={product({ discount_price: 0, discount_percentage: 0 })} />);
    expect(screen.getByText('Rp200.000')).toBeTruthy();
    expect(container.querySelector('del')).toBeNull();
    expect(screen.queryByText(/% OFF/)).toBeNull();
  });

  it('rounds the discount percentage on the badge', () => {
    renderCard(<ProductCard product={product({ discount_percentage: 33.333 })} />);
    expect(screen.getByText('33% OFF')).toBeTruthy();
  });

  it('marks digital products with Quick Access', () => {
    renderCard(<ProductCard product={product({ is_digital: true })} />);
    expect(screen.getByText('Quick Access')).toBeTruthy();
  });

  it('gives the image its intrinsic size and loads it lazily unless it has priority', () => {
    const { container, rerender } = renderCard(<ProductCard product={product()} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('width')).toBe('400');
    expect(img.getAttribute('height')).toBe('400');
    expect(img.getAttribute('loading')).toBe('lazy');
    rerender(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <ProductCard product={product()} priority />
        </MemoryRouter>
      </I18nextProvider>,
    );
    expect(container.querySelector('img')!.getAttribute('loading')).toBe('eager');
  });

  it('renders a heart only when a favourite handler is given, and calls it', () => {
    renderCard(<ProductCard product={product()} />);
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    const onToggle = vi.fn();
    renderCard(<ProductCard product={product()} onToggleWishlist={onToggle} />);
    const heart = screen.getByRole('button', { name: 'Add to wishlist' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }));
  });

  it('announces the rating and shows the review count', () => {
    renderCard(<ProductCard product={product()} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    expect(screen.getByText('(1.2K)')).toBeTruthy();
  });

  describe('the bag (add to cart)', () => {
    const control = (overrides: Partial<CartControl> = {}): CartControl => ({
      add: vi.fn(),
      buyNow: vi.fn(),
      isAdding: () => false,
      openCart: vi.fn(),
      ...overrides,
    });
    const withCart = (value: CartControl, ui: React.ReactElement) => (
      <CartControlProvider value={value} count={0}>
        {ui}
      </CartControlProvider>
    );

    it('is not shown without a cart control', () => {
      renderCard(<ProductCard product={product()} />);
      expect(screen.queryByRole('button', { name: /to cart/ })).toBeNull();
    });

    it("adds the product through the layout's cart control", () => {
      const cart = control();
      renderCard(withCart(cart, <ProductCard product={product()} />));
      fireEvent.click(screen.getByRole('button', { name: 'Add Batik Shirt Parang to cart' }));
      expect(cart.add).toHaveBeenCalledWith(expect.objectContaining({ id: 7, name: 'Batik Shirt Parang' }));
    });

    it('is disabled when out of stock or while adding, and absent for digital products', () => {
      const { unmount } = renderCard(withCart(control(), <ProductCard product={product({ quantity: 0 })} />));
      expect((screen.getByRole('button', { name: /to cart/ }) as HTMLButtonElement).disabled).toBe(true);
      unmount();
      const adding = renderCard(withCart(control({ isAdding: () => true }), <ProductCard product={product()} />));
      expect((screen.getByRole('button', { name: /to cart/ }) as HTMLButtonElement).disabled).toBe(true);
      adding.unmount();
      renderCard(withCart(control(), <ProductCard product={product({ is_digital: true })} />));
      expect(screen.queryByRole('button', { name: /to cart/ })).toBeNull();
    });

    it('is not offered for a product of a shop closed for now, which says so and still links to its page', () => {
      const add = vi.fn();
      renderCard(withCart(control({ add }), <ProductCard product={product({ quantity: 0, shop_closed: true })} />));
      expect(screen.queryByRole('button', { name: /to cart/ })).toBeNull();
      expect(screen.getByText('Shop closed')).toBeTruthy();
      expect(screen.getByText('Unavailable: the shop is closed for now')).toBeTruthy();
      expect(screen.queryByText('Stock Out')).toBeNull();
      expect(screen.getByRole('link').getAttribute('href')).toBe('/products/batik-shirt/details');
      expect(add).not.toHaveBeenCalled();
    });
  });
});
