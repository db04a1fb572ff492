// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { CartButtons, type CartControl, CartControlProvider } from './cart-control';

afterEach(cleanup);

const product = { id: 9, name: 'Kebaya', thumbnail: '/uploads/demo/9.webp', quantity: 4 };

function renderButtons(control: CartControl | null, quantity = 4) {
  const ui = <CartButtons product={{ ...product, quantity }} choice={{ color: 1, size: 2, unit: 'pcs' }} />;
  return render(
    <I18nextProvider i18n={createI18n('en', {})}>
      {control ? (
        <CartControlProvider value={control} count={0}>
          {ui}
        </CartControlProvider>
      ) : (
        ui
      )}
    </I18nextProvider>,
  );
}

const control = (): CartControl => ({ add: vi.fn(), buyNow: vi.fn(), isAdding: () => false, openCart: vi.fn() });

describe('CartButtons', () => {
  it('adds or buys now with the chosen colour, size and unit', () => {
    const cart = control();
    renderButtons(cart);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(cart.add).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }), { color: 1, size: 2, unit: 'pcs' });
    fireEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(cart.buyNow).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }), { color: 1, size: 2, unit: 'pcs' });
  });

  it('is disabled when out of stock', () => {
    renderButtons(control(), 0);
    expect((screen.getByRole('button', { name: 'Add to Cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Buy Now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('renders nothing without a cart control', () => {
    renderButtons(null);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
