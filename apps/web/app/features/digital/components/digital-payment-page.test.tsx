// @vitest-environment happy-dom
import type { DigitalOrder } from '@shop/contracts/digital';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DigitalPaymentPage } from './digital-payment-page';
import { type Call, digitalOrder, json, renderWithServer } from './digital-test-support';

vi.mock('react-toastify/unstyled', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn() } }));
vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** On a fake clock: lets replies and renders through without moving the time, until `text` shows. */
async function showsWithoutTime(text: string) {
  for (let i = 0; i < 50 && !screen.queryByText(text); i++) await act(() => vi.advanceTimersByTimeAsync(0));
  return screen.getByText(text);
}

const orderReply = (order: DigitalOrder) => json(200, { message: 'ok', data: { order } });

function renderPayment(answer: (call: Call) => Response, orderId = 7) {
  return renderWithServer(
    <DigitalPaymentPage orderId={orderId} signedIn onLogin={vi.fn()} onUnauthorized={vi.fn()} />,
    answer,
    `/digital-payment/${orderId}`,
  );
}

const PLN_SUCCESS = digitalOrder({
  kind: 'pln',
  operator: { key: 'pln', name: 'PLN', logo: '/x.svg' },
  product: { id: 20, name: 'Token 20.000', nominal: 20000 },
  customer_number: '12345678901',
  customer_name: 'BUDI SANTOSO',
  segment_power: 'R1 /000001300',
  status: 'success',
  token: '12345678901234567890',
  serial_number: '12345678901234567890/BUDI SANTOSO/R1/1300/13.5',
  payment: { ...digitalOrder().payment, status: 'paid' },
});

describe('DigitalPaymentPage', () => {
  it('shows a PLN token in groups of four, left to right, and copies it', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPayment(() => orderReply(PLN_SUCCESS));
    const token = await screen.findByTestId('pln-token');
    expect(token.textContent).toBe('1234 5678 9012 3456 7890');
    expect(token.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('BUDI SANTOSO')).toBeTruthy();
    expect(screen.getByText('R1 / 1300 VA')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy token' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith('12345678901234567890');
  });

  it('says the credit was sent, with the serial number', async () => {
    renderPayment(() =>
      orderReply(
        digitalOrder({
          status: 'success',
          serial_number: 'SN-778899',
          payment: { ...digitalOrder().payment, status: 'paid' },
        }),
      ),
    );
    expect(await screen.findByText('Credit sent')).toBeTruthy();
    expect(screen.getByTestId('digital-serial').textContent).toBe('SN-778899');
    expect(screen.queryByTestId('pln-token')).toBeNull();
  });

  it('pays with the sandbox on the server, then shows the order as the server has it', async () => {
    let paid = false;
    const { calls } = renderPayment((call) => {
      if (call.path.endsWith('/sandbox/pay')) {
        paid = true;
        return json(200, { message: 'ok', data: { payment: {} } });
      }
      return orderReply(
        paid
          ? digitalOrder({ status: 'processing', payment: { ...digitalOrder().payment, status: 'paid' } })
          : digitalOrder(),
      );
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Sending your credit...')).toBeTruthy();
    const pay = calls.find((c) => c.method === 'POST');
    expect(pay?.path).toBe('/api/payments/9b2f7c1e-1111-4a4a-8888-123456789abc/sandbox/pay');
    expect(pay?.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('asks again every 2 s while processing, and Check again asks the provider', async () => {
    // A fake clock: two seconds are two seconds however busy the machine is (vi.waitFor moves it).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let reads = 0;
    const { calls } = renderPayment((call) => {
      if (call.path.endsWith('/check')) {
        return orderReply(
          digitalOrder({
            status: 'success',
            serial_number: 'SN-1',
            payment: { ...digitalOrder().payment, status: 'paid' },
          }),
        );
      }
      reads += 1;
      return orderReply(digitalOrder({ status: 'processing', payment: { ...digitalOrder().payment, status: 'paid' } }));
    });
    await showsWithoutTime('Sending your credit...');
    expect(screen.getByText('Processing', { selector: '.sr-only' })).toBeTruthy();
    expect(reads).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(reads).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await vi.waitFor(() => expect(reads).toBe(2));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await showsWithoutTime('Credit sent');
    expect(calls.find((c) => c.path.endsWith('/check'))?.method).toBe('POST');
    // Done: no more asking, however long the page stays open.
    const after = reads;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(reads).toBe(after);
  });

  it('waits (and asks again) when the payment is confirmed but the order has not moved on yet', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let reads = 0;
    renderPayment(() => {
      reads += 1;
      return orderReply(
        reads === 1
          ? digitalOrder({ payment: { ...digitalOrder().payment, status: 'paid' } })
          : digitalOrder({
              status: 'success',
              serial_number: 'SN-2',
              payment: { ...digitalOrder().payment, status: 'paid' },
            }),
      );
    });
    await showsWithoutTime('Sending your credit...');
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(reads).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await vi.waitFor(() => expect(reads).toBe(2));
    await showsWithoutTime('Credit sent');
  });

  it('shows a failure with its refund and leads back to the product page with the number', async () => {
    renderPayment(() =>
      orderReply(
        digitalOrder({
          status: 'failed',
          refund_status: 'refunded',
          failure_message: 'The number is not active.',
          payment: { ...digitalOrder().payment, status: 'refunded' },
        }),
      ),
    );
    expect((await screen.findByTestId('digital-failure')).textContent).toBe('The number is not active.');
    expect(screen.getByTestId('digital-refund').textContent).toBe('Your payment was refunded.');
    expect(screen.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe(
      '/digital-product/pulsa/telkomsel?number=081234567890',
    );
  });

  it('offers to pay again after a cancelled payment: a new order for the same number', async () => {
    const { calls } = renderPayment((call) => {
      if (call.method === 'POST') return json(201, { message: 'ok', data: { order: digitalOrder({ id: 8 }) } });
      return orderReply(digitalOrder({ payment: { ...digitalOrder().payment, status: 'cancelled' } }));
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pay again' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/digital-payment/8'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      product_id: 10,
      customer_number: '081234567890',
      payment_method: 'sandbox',
    });
  });

  it('says the order is not found for another shopper (404)', async () => {
    renderPayment(() => json(404, { message: 'Not found', code: 'NOT_FOUND' }));
    expect(await screen.findByText('Order not found')).toBeTruthy();
  });
});
