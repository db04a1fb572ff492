// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DigitalOrdersList } from './digital-orders-list';
import { digitalOrder, json, renderWithServer } from './digital-test-support';

vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

afterEach(cleanup);

const TEMPLATE = '/order-history?status=digital&page=[page]';

describe('DigitalOrdersList (the Digital tab)', () => {
  it('lists the top-ups with logo, product, number, price and status, each leading to its payment page', async () => {
    const orders = [
      digitalOrder({ id: 3, status: 'success' }),
      digitalOrder({
        id: 2,
        kind: 'pln',
        operator: { key: 'pln', name: 'PLN', logo: '/x.svg' },
        product: { id: 20, name: 'Token 20.000', nominal: 20000 },
        customer_number: '12345678901',
        price: 21500.5,
        status: 'failed',
      }),
    ];
    const { calls } = renderWithServer(<DigitalOrdersList page={1} urlTemplate={TEMPLATE} />, () =>
      json(200, { message: 'ok', data: { total: 2, orders } }),
    );
    const link = await screen.findByRole('link', { name: 'Token 20.000' });
    expect(link.getAttribute('href')).toBe('/digital-payment/2');
    const row = link.closest('article') as HTMLElement;
    expect(within(row).getByRole('img').getAttribute('alt')).toBe('PLN');
    expect(row.textContent).toContain('12345678901');
    expect(row.textContent).toContain('Rp21.500,50');
    expect(within(row).getByText('Failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Telkomsel 10.000' }).getAttribute('href')).toBe('/digital-payment/3');
    expect(calls[0]?.path).toBe('/api/digital/orders');
    expect(calls[0]?.search.get('page')).toBe('1');
    expect(screen.queryByRole('navigation', { name: 'Pages of orders' })).toBeNull();
  });

  it('pages by link when there are more than 10', async () => {
    const orders = Array.from({ length: 10 }, (_, i) => digitalOrder({ id: i + 1 }));
    const { calls } = renderWithServer(<DigitalOrdersList page={2} urlTemplate={TEMPLATE} />, () =>
      json(200, { message: 'ok', data: { total: 25, orders } }),
    );
    const pages = await screen.findByRole('navigation', { name: 'Pages of orders' });
    expect(within(pages).getByRole('link', { name: /3/ }).getAttribute('href')).toBe(
      '/order-history?status=digital&page=3',
    );
    expect(calls[0]?.search.get('page')).toBe('2');
  });

  it('says so when there are none, with a way to buy', async () => {
    renderWithServer(<DigitalOrdersList page={1} urlTemplate={TEMPLATE} />, () =>
      json(200, { message: 'ok', data: { total: 0, orders: [] } }),
    );
    expect(await screen.findByText('You have not bought any top-ups yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy mobile credit' }).getAttribute('href')).toBe(
      '/digital-product/pulsa/telkomsel',
    );
  });

  it('offers a retry when the list cannot be loaded', async () => {
    renderWithServer(<DigitalOrdersList page={1} urlTemplate={TEMPLATE} />, () =>
      json(500, { message: 'Server Error', code: 'INTERNAL' }),
    );
    expect(await screen.findByText('We could not load your top-ups')).toBeTruthy();
  });
});
