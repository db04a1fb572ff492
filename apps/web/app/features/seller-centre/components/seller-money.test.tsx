// @vitest-environment happy-dom
import type { Balance, Sales } from '@shop/contracts/earnings';
import type { Master } from '@shop/contracts/settings';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { masterQueryKey } from '../../../lib/api/master';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { ApprovedShop } from './approved-shop';
import SalesChart, { salesAxes } from './sales-chart';
import { SalesTable } from './sales-panel';
import { checkVoucher, type VoucherValues } from './voucher-form';
import { WithdrawalForm } from './withdrawal-form';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The part of the settings money formatting reads: Rupiah, the default currency, before the digits. */
const RUPIAH_SETTINGS = {
  currency: { name: 'IDR', symbol: 'Rp', rate: 1, position: 'prefix' },
  currencies: [
    { id: 1, name: 'Rupiah', code: 'IDR', symbol: 'Rp', rate: 1, rate_from_default: 1, is_default: true },
    { id: 2, name: 'Dollar', code: 'USD', symbol: '$', rate: 0.000063, rate_from_default: 0.000063, is_default: false },
  ],
} as unknown as Master;

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** Renders with the app's providers; `handler` answers the calls a test cares about (others 404). */
function renderWith(element: ReactNode, handler: Handler = () => undefined, locale = 'en') {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return handler(url, init) ?? json(404, { message: 'Not found', code: 'NOT_FOUND' });
  };
  const api = createApiClient({ origin: 'http://shop.test', locale: () => locale, fetch: fetchImpl });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  // The marketplace's default currency, as the settings give it (what the Seller Centre counts in).
  client.setQueryData(masterQueryKey, RUPIAH_SETTINGS);
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/shop'] });
  render(
    <I18nextProvider i18n={createI18n(locale, {})}>
      <ApiProvider client={api}>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiProvider>
    </I18nextProvider>,
  );
  return { calls };
}

const series = [
  { date: '2026-11-22', orders: 0, revenue: 0 },
  { date: '2026-11-23', orders: 2, revenue: 150000 },
  { date: '2026-11-24', orders: 1, revenue: 99000.5 },
];

const sales: Sales = {
  days: 7,
  time_zone: 'Asia/Jakarta',
  series,
  total_orders: 3,
  total_revenue: 249000.5,
  top_products: [],
  low_stock_threshold: 5,
  low_stock_products: [],
  balance: { available: 0, pending: 0, commission_rate: 10 },
  pending_withdrawals: 0,
};

describe('the sales chart and its table', () => {
  it('gives every day’s orders and revenue as a table, hidden from sight until asked for', () => {
    renderWith(<SalesTable sales={sales} visible={false} caption="Orders and revenue per day, last 7 days" />);
    const table = screen.getByRole('table', { name: 'Orders and revenue per day, last 7 days' });
    expect(table.parentElement?.className).toContain('sr-only');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Nov 22, 2026', '0', 'Rp0,00'],
      ['Nov 23, 2026', '2', 'Rp150.000,00'],
      ['Nov 24, 2026', '1', 'Rp99.000,50'],
    ]);
    // Each day is a row header, so a screen reader names the figures by their day.
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Nov 23, 2026');
  });

  it('shows the table on the page when the seller asks for it', () => {
    renderWith(<SalesTable sales={sales} visible caption="Sales" />);
    expect(screen.getByRole('table', { name: 'Sales' }).parentElement?.className).not.toContain('sr-only');
  });

  it('is hidden from assistive technology and takes no focus (the table says it all)', async () => {
    renderWith(<SalesChart series={series} rtl={false} width={600} height={280} />);
    const chart = await screen.findByTestId('sales-chart');
    expect(chart.getAttribute('aria-hidden')).toBe('true');
    expect(chart.querySelector('[tabindex]:not([tabindex="-1"])')).toBeNull();
  });

  /** The x of each date's label, in the order the days come, and the x of the takings' axis labels. */
  async function drawnAxes(rtl: boolean) {
    renderWith(<SalesChart series={series} rtl={rtl} width={600} height={280} />);
    const chart = await screen.findByTestId('sales-chart');
    // Axis labels are drawn in their own layer of the picture, one group of labels per axis.
    const labels = (axis: 'xAxis' | 'yAxis') => [...chart.querySelectorAll(`.recharts-${axis}-tick-labels`)];
    await waitFor(() => expect(labels('xAxis')[0]?.querySelectorAll('text').length).toBe(3));
    await waitFor(() => expect(labels('yAxis').some((g) => g.textContent?.includes('Rp'))).toBe(true));
    const x = (el: Element) => Number(el.getAttribute('x'));
    const days = [...(labels('xAxis')[0]?.querySelectorAll('text') ?? [])].map(x);
    const revenue = labels('yAxis').find((g) => g.textContent?.includes('Rp'));
    const revenueX = x(revenue?.querySelector('text') as Element);
    cleanup();
    return { days, revenueX };
  }

  it('reads left to right in ltr, with the takings’ axis on the left', async () => {
    const { days, revenueX } = await drawnAxes(false);
    expect(days[0]).toBeLessThan(days[1]!);
    expect(days[1]).toBeLessThan(days[2]!);
    expect(revenueX).toBeLessThan(days[0]!);
  });

  it('reads right to left in rtl: the first day on the right, the takings’ axis on the right', async () => {
    const { days, revenueX } = await drawnAxes(true);
    expect(days[0]).toBeGreaterThan(days[1]!);
    expect(days[1]).toBeGreaterThan(days[2]!);
    expect(revenueX).toBeGreaterThan(days[0]!);
    expect(salesAxes(true)).toEqual({ timeReversed: true, revenueSide: 'right', ordersSide: 'left' });
  });
});

const balance: Balance = { available: 250000, pending: 50000, commission_rate: 10 };

describe('the withdrawal form', () => {
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const fillAll = (amount: string) => {
    fill('Amount (Rp)', amount);
    fill('Bank name', 'BCA');
    fill('Bank account number', '1234 5678 90');
    fill('Account holder', 'Sari Dewi');
  };

  it('checks the amount against the minimum and the available balance and the bank fields as the API does, sending nothing', () => {
    const { calls } = renderWith(<WithdrawalForm balance={balance} />);
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(screen.getByLabelText('Amount (Rp)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The amount field is required.')).toBeTruthy();
    expect(screen.getByText('The bank name field is required.')).toBeTruthy();
    expect(screen.getByText('The bank account number field is required.')).toBeTruthy();
    expect(screen.getByText('The account holder field is required.')).toBeTruthy();

    fillAll('250000.01');
    fill('Bank account number', '12-ab');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(screen.getByText('The amount may not be more than your available balance of Rp250.000,00.')).toBeTruthy();
    expect(screen.getByText('The bank account number may contain only digits, spaces and dashes.')).toBeTruthy();

    fill('Amount (Rp)', '9999');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(screen.getByText('The smallest withdrawal is Rp10.000,00.')).toBeTruthy();
    fill('Amount (Rp)', '12,345');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    expect(screen.getByText('Enter the amount as a number with at most 2 decimals.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('asks first, then sends the request; going back sends nothing', async () => {
    const { calls } = renderWith(<WithdrawalForm balance={balance} />, (url, init) =>
      url.pathname === '/api/seller/withdrawals' && init?.method === 'POST'
        ? json(200, {
            message: 'Your withdrawal request was sent.',
            data: {
              withdrawal: {
                id: 4,
                amount: 100000,
                status: 'pending',
                bank_name: 'BCA',
                bank_account_number: '1234567890',
                account_holder: 'Sari Dewi',
                note: null,
                created_at: '2026-11-24T03:00:00.000Z',
                decided_at: null,
              },
              balance: { available: 150000, pending: 150000, commission_rate: 10 },
            },
          })
        : undefined,
    );
    fillAll('100000,5');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw Rp100.000,50?' });
    expect(dialog.textContent).toContain('BCA 1234 5678 90 (Sari Dewi)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    dialog = await screen.findByRole('dialog', { name: 'Withdraw Rp100.000,50?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      amount: 100000.5,
      bank_name: 'BCA',
      bank_account_number: '1234 5678 90',
      account_holder: 'Sari Dewi',
    });
    // Sent: the form is empty again for the next request.
    await waitFor(() => expect((screen.getByLabelText('Amount (Rp)') as HTMLInputElement).value).toBe(''));
  });

  it('puts the server’s field errors under their fields and its other refusals above the button', async () => {
    renderWith(<WithdrawalForm balance={balance} />, (url, init) =>
      url.pathname === '/api/seller/withdrawals' && init?.method === 'POST'
        ? json(422, {
            message: 'The amount may not be more than your available balance of Rp200.000,00.',
            errors: { amount: ['The amount may not be more than your available balance of Rp200.000,00.'] },
          })
        : undefined,
    );
    fillAll('240000');
    fireEvent.click(screen.getByRole('button', { name: 'Request withdrawal' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Withdraw Rp240.000,00?' })).getByRole('button', {
        name: 'Send request',
      }),
    );
    const error = await screen.findByText('The amount may not be more than your available balance of Rp200.000,00.');
    expect(error.id).toBe(screen.getByLabelText('Amount (Rp)').getAttribute('aria-describedby'));
  });

  it('says when the balance is too small to withdraw, and offers no request', () => {
    renderWith(<WithdrawalForm balance={{ available: 9000, pending: 0, commission_rate: 10 }} />);
    expect(screen.getByText(/once your available balance reaches Rp10\.000,00/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Request withdrawal' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the voucher form’s checks', () => {
  const i18n = createI18n('en', {});
  const t = i18n.t.bind(i18n);
  const valid: VoucherValues = {
    code: 'HEMAT10',
    discount_type: 'Percentage',
    discount: '10',
    max_discount_amount: '50000',
    min_order_amount: '100000',
    limit_for_user: '2',
    total_limit: '',
    starts_at: '2026-12-01T09:00',
    expires_at: '2026-12-31T21:00',
  };
  const check = (changes: Partial<VoucherValues>) => checkVoucher({ ...valid, ...changes }, t, 'Asia/Jakarta');

  it('sends the whole voucher, dates as moments of the marketplace’s wall clock', () => {
    expect(check({}).body).toEqual({
      code: 'HEMAT10',
      discount_type: 'Percentage',
      discount: 10,
      max_discount_amount: 50000,
      min_order_amount: 100000,
      limit_for_user: 2,
      total_limit: null,
      starts_at: '2026-12-01T02:00:00.000Z',
      expires_at: '2026-12-31T14:00:00.000Z',
    });
    // An amount voucher has no cap; an empty minimum spend is none.
    expect(check({ discount_type: 'Amount', discount: '25000', min_order_amount: '' }).body).toMatchObject({
      discount_type: 'Amount',
      discount: 25000,
      max_discount_amount: null,
      min_order_amount: 0,
    });
  });

  it('refuses what the server refuses, with its messages', () => {
    expect(check({ code: '' }).errors.code).toBe('The code field is required.');
    expect(check({ code: 'AB' }).errors.code).toBe('The code must be at least 3 characters.');
    expect(check({ code: 'HEMAT 10' }).errors.code).toBe(
      'The code may contain only letters, digits, dashes and underscores.',
    );
    expect(check({ discount: '' }).errors.discount).toBe('The discount field is required.');
    expect(check({ discount: '101' }).errors.discount).toBe('A percentage discount may not be more than 100.');
    expect(check({ discount_type: 'Amount', discount: '101' }).errors.discount).toBeUndefined();
    expect(check({ discount: '0' }).errors.discount).toBe('The discount must be at least 0.01.');
    expect(check({ discount: '1.234' }).errors.discount).toBe('The discount may have at most 2 decimals.');
    expect(check({ discount: 'ten' }).errors.discount).toBe('The discount must be a number.');
    expect(check({ min_order_amount: '-5' }).errors.min_order_amount).toBe('The min order amount must be a number.');
    expect(check({ limit_for_user: '0' }).errors.limit_for_user).toBe('The limit for user must be at least 1.');
    expect(check({ limit_for_user: '1.5' }).errors.limit_for_user).toBe('The limit for user must be an integer.');
    expect(check({ limit_for_user: '1001' }).errors.limit_for_user).toBe(
      'The limit for user may not be greater than 1000.',
    );
    expect(check({ total_limit: '0' }).errors.total_limit).toBe('The total limit must be at least 1.');
    expect(check({ expires_at: '2026-12-01T09:00' }).errors.expires_at).toBe('The voucher must end after it starts.');
    expect(check({ starts_at: '' }).errors.starts_at).toBe('The starts at field is required.');
    for (const broken of [{ code: '' }, { discount: '101' }, { expires_at: '2026-11-01T00:00' }]) {
      expect(check(broken).body).toBeNull();
    }
  });

  it('writes its messages in the seller’s language', () => {
    const ar = createI18n('ar', {
      'The {{field}} field is required.': 'حقل {{field}} مطلوب.',
      code: 'الرمز',
      'The voucher must end after it starts.': 'يجب أن تنتهي القسيمة بعد بدايتها.',
    });
    const found = checkVoucher({ ...valid, code: '', expires_at: valid.starts_at }, ar.t.bind(ar), 'Asia/Jakarta');
    expect(found.errors).toEqual({ code: 'حقل الرمز مطلوب.', expires_at: 'يجب أن تنتهي القسيمة بعد بدايتها.' });
  });
});

describe('a shop that is not approved yet', () => {
  it('sees that it waits for approval on the money pages instead of their calls’ 403', () => {
    const shop = {
      id: 3,
      name: 'Toko Baru',
      slug: 'toko-baru',
      logo: null,
      address: null,
      phone: null,
      status: 'pending' as const,
      is_active: false,
    };
    const { calls } = renderWith(
      <ApprovedShop shop={shop}>
        <WithdrawalForm balance={balance} />
      </ApprovedShop>,
    );
    expect(screen.getByText(/waiting for approval/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request withdrawal' })).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('/api/seller'))).toEqual([]);
  });
});
