// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, json, renderCart, voucher } from './cart-test-support';
import { VoucherDialog } from './voucher-dialog';

const toast = vi.hoisted(() =>
  Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }),
);
vi.mock('react-toastify/unstyled', () => ({ toast }));
vi.mock('../../../lib/use-display-currency', () => ({
  useDisplayCurrency: () => ({ code: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' }),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.clearAllMocks();
});

function renderDialog(fetchImpl: typeof fetch) {
  const onUnauthorized = vi.fn();
  const onClose = vi.fn();
  const view = renderCart(
    <VoucherDialog shop={{ id: 4, name: 'Batik Store' }} onClose={onClose} onUnauthorized={onUnauthorized} />,
    { fetchImpl, loggedIn: false },
  );
  return { ...view, onUnauthorized, onClose };
}

describe('the voucher modal', () => {
  it("lists the shop's vouchers: discount as percentage or amount, minimum spend, validity and Collect / Collected", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/get-vouchers') {
        return json(200, {
          message: 'ok',
          data: {
            coupons: [
              voucher(1, { discount_type: 'Percentage', discount: 10, min_order_amount: 50_000 }),
              voucher(2, { discount_type: 'Amount', discount: 25_000, min_order_amount: 200_000, is_collected: true }),
            ],
          },
        });
      }
      return json(404, { message: 'Not found' });
    });
    renderDialog(fetchImpl);
    const dialog = await screen.findByRole('dialog', { name: 'Voucher from Batik Store' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(calls(fetchImpl)[0]).toMatchObject({ path: '/api/get-vouchers', query: { shop_id: '4' } });
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByText('10%')).toBeTruthy();
    expect(within(first).getByText('Minimum Spend')).toBeTruthy();
    expect(within(first).getByText('Rp50.000')).toBeTruthy();
    expect(within(first).getByText('Validity till')).toBeTruthy();
    expect(within(first).getByText('Dec 31, 2026, 11:59 PM')).toBeTruthy();
    expect((within(first).getByRole('button', { name: 'Collect' }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(second).getByText('Rp25.000')).toBeTruthy();
    expect(within(second).getByText('Rp200.000')).toBeTruthy();
    expect((within(second).getByRole('button', { name: 'Collected' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('collects a voucher once: the button becomes Collected', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/get-vouchers') return json(200, { message: 'ok', data: { coupons: [voucher(1)] } });
      if (url.pathname === '/vouchers-collect') {
        expect(JSON.parse(String(init?.body))).toEqual({ coupon_id: 1 });
        return json(200, { message: 'Voucher collected', data: { coupon: voucher(1, { is_collected: true }) } });
      }
      return json(404, { message: 'Not found' });
    });
    renderDialog(fetchImpl);
    const collect = await screen.findByRole('button', { name: 'Collect' });
    fireEvent.click(collect);
    const collected = await screen.findByRole('button', { name: 'Collected' });
    expect((collected as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(collected);
    expect(calls(fetchImpl).filter((c) => c.path === '/vouchers-collect')).toHaveLength(1);
    expect(toast.success).toHaveBeenCalled();
  });

  it("a refused collect toasts the server's message and keeps Collect", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/get-vouchers') return json(200, { message: 'ok', data: { coupons: [voucher(1)] } });
      if (url.pathname === '/vouchers-collect') return json(422, { message: 'Voucher already collected', errors: {} });
      return json(404, { message: 'Not found' });
    });
    renderDialog(fetchImpl);
    fireEvent.click(await screen.findByRole('button', { name: 'Collect' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Voucher already collected'));
    expect(screen.getByRole('button', { name: 'Collect' })).toBeTruthy();
  });

  it('says "Sorry there is no voucher available" when the shop has none', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json(200, { message: 'ok', data: { coupons: [] } }));
    renderDialog(fetchImpl);
    expect(await screen.findByText('Sorry there is no voucher available')).toBeTruthy();
  });

  it("a failed load toasts the server's message; a 401 also ends the session", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(401, { message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }),
    );
    const view = renderDialog(fetchImpl);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Unauthenticated.'));
    expect(view.onUnauthorized).toHaveBeenCalledTimes(1);
  });
});
