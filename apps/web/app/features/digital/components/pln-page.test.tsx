// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, digitalOrder, json, product, renderWithServer } from './digital-test-support';
import { PlnPage } from './pln-page';

vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

afterEach(cleanup);

const OPTIONS = [{ value: 'sandbox', title: 'Sandbox', logo: null }];
const CUSTOMER = {
  customer_number: '12345678901',
  meter_number: '12345678901',
  subscriber_id: '512345678901',
  name: 'BUDI SANTOSO',
  segment_power: 'R1 /000001300',
};

function server(call: Call): Response {
  if (call.path === '/api/digital/products') {
    return json(200, {
      message: 'ok',
      data: {
        operator: { key: 'pln', name: 'PLN', logo: '/x.svg' },
        products: [product(20, { kind: 'pln', operator: 'pln', name: 'Token 20.000' })],
      },
    });
  }
  if (call.path === '/api/digital/pln/inquiry') {
    const number = (call.body as { customer_number: string }).customer_number;
    if (number === CUSTOMER.customer_number) return json(200, { message: 'ok', data: { customer: CUSTOMER } });
    return json(404, { message: 'Customer not found', code: 'NOT_FOUND' });
  }
  if (call.path === '/api/digital/orders' && call.method === 'POST') {
    return json(201, { message: 'ok', data: { order: digitalOrder({ id: 9, kind: 'pln' }) } });
  }
  return json(404, { message: 'Not found', code: 'NOT_FOUND' });
}

function renderPln(initialNumber = '') {
  const result = renderWithServer(
    <PlnPage
      initialNumber={initialNumber}
      paymentOptions={OPTIONS}
      signedIn
      onLogin={vi.fn()}
      onUnauthorized={vi.fn()}
    />,
    server,
    '/digital-product/pln/token',
  );
  return { ...result, field: screen.getByLabelText('Meter number or customer ID') as HTMLInputElement };
}

describe('PlnPage', () => {
  it('says when the number has the wrong length, and asks nobody', async () => {
    const { field, calls } = renderPln();
    fireEvent.change(field, { target: { value: '1234 5678' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'A meter number has 11 digits and a customer ID 12. Check the number.',
    );
    expect(calls.some((c) => c.path === '/api/digital/pln/inquiry')).toBe(false);
  });

  it('shows the customer name and tariff from the inquiry before the token can be bought', async () => {
    const { field, calls } = renderPln();
    const cards = await screen.findAllByTestId('denomination');
    fireEvent.click(within(cards[0] as HTMLElement).getByRole('radio'));
    fireEvent.change(field, { target: { value: '1234 5678 901' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    // Not checked yet: nothing is ordered.
    expect(calls.some((c) => c.path === '/api/digital/orders')).toBe(false);
    expect(screen.getAllByText('Check the customer first.').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const customer = await screen.findByTestId('pln-customer');
    expect(customer.textContent).toContain('BUDI SANTOSO');
    expect(customer.textContent).toContain('R1 / 1300 VA');
    expect(calls.find((c) => c.path === '/api/digital/pln/inquiry')?.body).toEqual({ customer_number: '12345678901' });

    fireEvent.click(screen.getByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/digital-payment/9'));
    expect(calls.find((c) => c.path === '/api/digital/orders')?.body).toEqual({
      product_id: 20,
      customer_number: '12345678901',
      payment_method: 'sandbox',
    });
  });

  it('checks a number brought by a link (Try again) at once', async () => {
    const { field, calls } = renderPln('12345678901');
    expect(field.value).toBe('12345678901');
    expect((await screen.findByTestId('pln-customer')).textContent).toContain('BUDI SANTOSO');
    expect(calls.filter((c) => c.path === '/api/digital/pln/inquiry')).toHaveLength(1);
  });

  it('says when no customer has the number, and forgets a checked customer when the number changes', async () => {
    const { field } = renderPln();
    fireEvent.change(field, { target: { value: '12345678901' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('pln-customer')).toBeTruthy();
    fireEvent.change(field, { target: { value: '99999999999' } });
    expect(screen.queryByTestId('pln-customer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No PLN customer has this number. Check the number on the meter or the bill.',
    );
  });
});
