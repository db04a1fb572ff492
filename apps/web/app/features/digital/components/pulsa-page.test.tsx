// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, digitalOrder, json, product, renderWithServer } from './digital-test-support';
import { PulsaPage } from './pulsa-page';

vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

afterEach(cleanup);

const OPTIONS = [{ value: 'sandbox', title: 'Sandbox', logo: null }];
const products = [product(5), product(10, { promo_price: 10900 }), product(25, { in_stock: false })];

function server(call: Call): Response {
  if (call.path === '/api/digital/products') {
    return json(200, {
      message: 'ok',
      data: { operator: { key: 'telkomsel', name: 'Telkomsel', logo: '/x.svg' }, products },
    });
  }
  if (call.path === '/api/digital/orders' && call.method === 'POST') {
    return json(201, { message: 'ok', data: { order: digitalOrder({ id: 42 }) } });
  }
  return json(404, { message: 'Not found', code: 'NOT_FOUND' });
}

function renderPulsa(props: { signedIn?: boolean; initialNumber?: string; onLogin?: () => void } = {}) {
  const onLogin = props.onLogin ?? vi.fn();
  const result = renderWithServer(
    <PulsaPage
      operator="telkomsel"
      initialNumber={props.initialNumber ?? ''}
      paymentOptions={OPTIONS}
      signedIn={props.signedIn ?? true}
      onLogin={onLogin}
      onUnauthorized={vi.fn()}
    />,
    server,
    '/digital-product/pulsa/telkomsel',
  );
  return { ...result, onLogin, field: screen.getByLabelText('Phone number') as HTMLInputElement };
}

describe('PulsaPage', () => {
  it('is a tel field, and shows the operator found from the prefix while typing', async () => {
    const { field } = renderPulsa();
    expect(field.getAttribute('type')).toBe('tel');
    expect(field.getAttribute('inputmode')).toBe('tel');
    expect(field.getAttribute('autocomplete')).toBe('tel');
    expect(screen.queryByTestId('detected-operator')).toBeNull();
    fireEvent.change(field, { target: { value: '081' } });
    expect(screen.queryByTestId('detected-operator')).toBeNull();
    fireEvent.change(field, { target: { value: '+62 813' } });
    expect(within(screen.getByTestId('detected-operator')).getByRole('img').getAttribute('alt')).toBe('Telkomsel');
    expect(screen.getByText('Telkomsel number')).toBeTruthy();
  });

  it('offers the XL page, with the number, for an XL number', async () => {
    const { field } = renderPulsa();
    fireEvent.change(field, { target: { value: '0817-1234-5678' } });
    expect(screen.getByRole('alert').textContent).toContain('This number belongs to XL.');
    expect(within(screen.getByTestId('detected-operator')).getByRole('img').getAttribute('alt')).toBe('XL');
    const link = screen.getByRole('link', { name: 'Buy XL credit' });
    expect(link.getAttribute('href')).toBe('/digital-product/pulsa/xl?number=081712345678');
  });

  it('says when a prefix is unknown or the length is wrong', async () => {
    const { field } = renderPulsa();
    fireEvent.change(field, { target: { value: '0800 1234' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'This prefix belongs to no Indonesian mobile operator. Check the number.',
    );
    fireEvent.change(field, { target: { value: '0812 345' } });
    // Still being typed: no complaint yet.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(field);
    expect(screen.getByRole('alert').textContent).toBe(
      'This number is too short: a mobile number has 10 to 13 digits.',
    );
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '0812 3456 7890 123' } });
    expect(screen.getByRole('alert').textContent).toBe('This number is too long: a mobile number has 10 to 13 digits.');
  });

  it('shows the denominations: promo prices over the struck old price, out of stock disabled', async () => {
    renderPulsa();
    const cards = await screen.findAllByTestId('denomination');
    expect(cards).toHaveLength(3);
    expect(cards[1]?.textContent).toContain('Rp10.900');
    expect(cards[1]?.querySelector('del')?.textContent).toBe('Rp11.500');
    const soldOut = within(cards[2] as HTMLElement).getByRole('radio') as HTMLInputElement;
    expect(soldOut.disabled).toBe(true);
    expect(cards[2]?.textContent).toContain('Out of stock');
  });

  it('asks a visitor to log in on Buy, and orders nothing', async () => {
    const { field, onLogin, calls } = renderPulsa({ signedIn: false });
    fireEvent.change(field, { target: { value: '081234567890' } });
    const cards = await screen.findAllByTestId('denomination');
    fireEvent.click(within(cards[0] as HTMLElement).getByRole('radio'));
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('orders the chosen amount for the number with an Idempotency-Key, then opens the payment page', async () => {
    const { calls } = renderPulsa({ initialNumber: '+62 812-3456-7890' });
    const cards = await screen.findAllByTestId('denomination');
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose an amount.');
    fireEvent.click(within(cards[1] as HTMLElement).getByRole('radio'));
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/digital-payment/42'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ product_id: 10, customer_number: '081234567890', payment_method: 'sandbox' });
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });
});
