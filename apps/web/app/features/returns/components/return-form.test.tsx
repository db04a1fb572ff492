// @vitest-environment happy-dom

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OrderDetails, OrderLine } from '@shop/contracts/orders';
import type { ReturnDetails } from '@shop/contracts/returns';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { PreferencesProvider } from '../../../lib/preferences';
import { ReturnDetailsView } from './return-details';
import { ReturnForm, returnAmount } from './return-form';

afterEach(cleanup);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const line = (id: number, price: number, qty: number, returnable = true): OrderLine => ({
  id,
  product_id: id * 10,
  slug: null,
  name: `Product ${id}`,
  thumbnail: `http://shop.test/p${id}.jpg`,
  brand: null,
  price,
  regular_price: price,
  order_qty: qty,
  subtotal: price * qty,
  color: id === 1 ? 'Red' : null,
  size: null,
  unit: null,
  is_digital: false,
  review: null,
  is_returnable: returnable,
});

const order = {
  id: 42,
  order_code: '#RC000042',
  address: 'Jl. Merdeka 1, Jakarta',
  is_returnable: true,
  products: [line(1, 10_000, 2), line(2, 2_500.5, 1), line(3, 99, 1, false)],
} as unknown as OrderDetails;

const made: ReturnDetails = {
  id: 7,
  order_id: 42,
  order_code: '#RC000042',
  reason: '<script>window.hacked=1</script><img src=x onerror="window.hacked=2">{{7*7}}',
  amount: 20_000,
  status: 'Cancelled',
  quantity: 2,
  payment_status: 'Unpaid',
  reject_note: '<b>not</b> accepted',
  bank_name: null,
  bank_account_number: '0123',
  return_address: 'Jl. Kembali 2',
  created_at: '2026-11-20T10:00:00.000Z',
  shop: { id: 1, name: 'Toko A', slug: 'toko-a', logo: '', rating: 4.5 },
  products: [
    {
      order_product_id: 1,
      product_id: 10,
      product_name: 'Product 1',
      thumbnail: 'http://shop.test/p1.jpg',
      product_price: 10_000,
      quantity: 2,
      color: 'Red',
      size: null,
      unit: null,
      price: 20_000,
    },
  ],
};

/** Answers the settings call with 404 (prices fall back to the default currency) and the rest with `handler`. */
function withApi(
  children: ReactNode,
  handler: (url: string, init?: RequestInit) => Response | Promise<Response>,
  locale = 'en',
) {
  const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.includes('/master')) return json(404, { message: 'no', code: 'NOT_FOUND' });
    return handler(url, init);
  });
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <ApiProvider client={api}>
          <PreferencesProvider locale="en" currency={null} hadLocaleCookie availableLocales={['en']}>
            <I18nextProvider i18n={createI18n(locale, locale === 'en' ? {} : interfaceStrings(locale))}>
              {children}
            </I18nextProvider>
          </PreferencesProvider>
        </ApiProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return fetchImpl;
}

/** A language's interface strings as the server serves them (every file of its folder). */
function interfaceStrings(locale: string): Record<string, string> {
  const dir = path.resolve(
    path.dirname(fileURLToPath(import.meta.url)),
    '../../../../../server/src/modules/languages/locales',
    locale,
  );
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, string>),
  );
}

/** Fills every field but the bank's, chooses the first line and sends. */
function sendWithBank(account: string, bank: string) {
  fireEvent.click(screen.getByLabelText(/Product 1/));
  fireEvent.change(screen.getAllByRole('textbox')[0] as HTMLElement, { target: { value: 'Broken' } });
  fireEvent.change(screen.getByLabelText(/Bank Account Number|رقم الحساب البنكي|Nomor Rekening Bank/), {
    target: { value: account },
  });
  fireEvent.change(screen.getByLabelText(/^(Bank Name|اسم البنك|Nama Bank)$/), { target: { value: bank } });
  fireEvent.click(screen.getByRole('button', { name: /Send Return Request|إرسال طلب الإرجاع|Kirim/ }));
}

const amountText = () => screen.getByText(/Return amount/).textContent ?? '';
const digits = (text: string) => text.replace(/[^\d]/g, '');

describe('ReturnForm', () => {
  it('sums price × ordered quantity of the chosen lines in cents', () => {
    expect(returnAmount(order, new Set([1, 2]))).toBe(22_500.5);
    expect(returnAmount(order, new Set())).toBe(0);
  });

  it('recomputes the amount as boxes change; a line that is not returnable cannot be chosen', () => {
    withApi(<ReturnForm order={order} onReturned={vi.fn()} />, () => json(500, {}));
    expect(digits(amountText())).toBe('000');
    fireEvent.click(screen.getByLabelText(/Product 1/));
    expect(digits(amountText())).toBe('2000000');
    fireEvent.click(screen.getByLabelText(/Product 2/));
    expect(digits(amountText())).toBe('2250050');
    fireEvent.click(screen.getByLabelText(/Product 1/));
    expect(digits(amountText())).toBe('250050');
    expect((screen.getByLabelText(/Product 3/) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Not returnable')).toBeTruthy();
  });

  it('asks for the required fields before calling the API', async () => {
    const fetchImpl = withApi(<ReturnForm order={order} onReturned={vi.fn()} />, () => json(500, {}));
    fireEvent.change(screen.getByLabelText('Return Address'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Return Request' }));
    expect(await screen.findByText('Choose at least one product to return.')).toBeTruthy();
    expect(screen.getByText('The reason field is required.')).toBeTruthy();
    expect(screen.getByText('The bank account number field is required.')).toBeTruthy();
    expect(screen.getByText('The bank name field is required.')).toBeTruthy();
    expect(screen.getByText('The return address field is required.')).toBeTruthy();
    expect(fetchImpl.mock.calls.filter(([u]) => String(u).includes('return-order'))).toHaveLength(0);
  });

  it('sends the chosen order lines as a multipart form and goes to the new return', async () => {
    const sent: FormData[] = [];
    const onReturned = vi.fn();
    withApi(<ReturnForm order={order} onReturned={onReturned} />, (url, init) => {
      expect(url).toContain('/api/return-order');
      sent.push(init?.body as FormData);
      return json(200, { message: 'Return request sent successfully', data: { return_order: made } });
    });
    fireEvent.click(screen.getByLabelText(/Product 1/));
    fireEvent.click(screen.getByLabelText(/Product 2/));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Broken' } });
    fireEvent.change(screen.getByLabelText('Bank Account Number'), { target: { value: '0123 4567-89' } });
    fireEvent.change(screen.getByLabelText('Bank Name'), { target: { value: 'BCA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Return Request' }));
    await waitFor(() => expect(onReturned).toHaveBeenCalledWith(7));
    const form = sent[0] as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('order_id')).toBe('42');
    expect(form.getAll('product_ids[]')).toEqual(['1', '2']);
    expect(form.get('reason')).toBe('Broken');
    expect(form.get('bank_account_number')).toBe('0123 4567-89');
    expect(form.get('bank_name')).toBe('BCA');
    expect(form.get('return_address')).toBe('Jl. Merdeka 1, Jakarta');
  });

  it('shows the server’s refusal and its field errors', async () => {
    withApi(<ReturnForm order={order} onReturned={vi.fn()} />, () =>
      json(422, { message: 'A chosen product was already returned.', code: 'CONFLICT' }),
    );
    fireEvent.click(screen.getByLabelText(/Product 1/));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Broken' } });
    fireEvent.change(screen.getByLabelText('Bank Account Number'), { target: { value: '0123456789' } });
    fireEvent.change(screen.getByLabelText('Bank Name'), { target: { value: 'BCA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Return Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A chosen product was already returned.');
  });

  it.each([
    ['en', 'abc-not-a-number', 'BCA', 'The bank account number may contain only digits, spaces and dashes.', null],
    ['en', '12 34-5', 'BCA', 'The bank account number must have 6 to 20 digits.', null],
    ['en', '1'.repeat(21), 'BCA', 'The bank account number must have 6 to 20 digits.', null],
    ['en', '0123456789', 'B', null, 'The bank name must be at least 2 characters.'],
    [
      'ar',
      'abc-not-a-number',
      '',
      'يجب أن يحتوي رقم الحساب البنكي على أرقام ومسافات وشرطات فقط.',
      'حقل اسم البنك مطلوب.',
    ],
    ['id', '123', 'B', 'Nomor rekening bank harus terdiri dari 6 sampai 20 angka.', 'Nama bank minimal 2 karakter.'],
  ])(
    '(%s) refuses account %j and bank %j with a clear message, before calling the API',
    async (locale, account, bank, accountError, bankError) => {
      const fetchImpl = withApi(<ReturnForm order={order} onReturned={vi.fn()} />, () => json(500, {}), locale);
      sendWithBank(account, bank);
      const shown = () => [...document.querySelectorAll('[id$="-error"], [role="alert"]')].map((e) => e.textContent);
      await waitFor(() => expect(shown().length).toBeGreaterThan(0));
      if (accountError) expect(shown()).toContain(accountError);
      if (bankError) expect(shown()).toContain(bankError);
      expect(fetchImpl.mock.calls.filter(([u]) => String(u).includes('return-order'))).toHaveLength(0);
    },
  );
});

describe('ReturnDetailsView', () => {
  it('T9: shows a reason and a reject note with markup as text', async () => {
    withApi(<ReturnDetailsView id={7} />, (url) => {
      expect(url).toContain('/api/return-order-details/7');
      return json(200, { message: 'Success', data: { return_order: made } });
    });
    expect(await screen.findByText(made.reason)).toBeTruthy();
    expect(screen.getByText('<b>not</b> accepted')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(document.querySelector('b')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByText('Toko A')).toBeTruthy();
    expect(screen.getByText('Reject note')).toBeTruthy();
    // 10:00 UTC, in the marketplace's zone (Jakarta, UTC+7), as the order and ticket pages show times.
    expect(screen.getByText('Nov 20, 2026, 05:00 PM')).toBeTruthy();
  });
});
