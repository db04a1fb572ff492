// @vitest-environment happy-dom
import type { Address } from '@shop/contracts/account';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { AddressForm } from './address-form';

const toastSuccess = vi.fn();
vi.mock('react-toastify/unstyled', () => ({
  toast: { success: (...a: unknown[]) => toastSuccess(...a), error: vi.fn() },
}));

afterEach(() => {
  cleanup();
  toastSuccess.mockReset();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const saved: Address = {
  id: 4,
  name: 'Siti',
  phone: '81234567890',
  address_type: 'office',
  area: null,
  flat_no: null,
  address_line: 'Jl. Merdeka 1',
  address_line2: null,
  post_code: null,
  is_default: true,
  latitude: null,
  longitude: null,
};

function renderForm(fetchImpl: typeof fetch, address?: Address) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={createI18n('en', {})}>
          <AddressForm address={address} phoneMinLength={8} phoneMaxLength={12} onSaved={onSaved} onCancel={vi.fn()} />
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { onSaved };
}

describe('AddressForm', () => {
  it('checks the required fields and the phone length from settings before calling the API', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    renderForm(fetchImpl);
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '0812-34' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The address line field is required.')).toBeTruthy();
    // Non-digits are dropped as typed; six digits are under the settings' minimum of 8.
    expect((screen.getByLabelText('Phone Number') as HTMLInputElement).value).toBe('081234');
    expect(screen.getByText('The phone must be at least 8 digits.')).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('shows the server field errors under their fields', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { phone: ['The phone has already been taken.', 'x'] },
      }),
    );
    const { onSaved } = renderForm(fetchImpl);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Siti' } });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '81234567890' } });
    fireEvent.change(screen.getByLabelText('Address Line'), { target: { value: 'Jl. Merdeka 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    const message = await screen.findByText('The phone has already been taken.');
    expect(message.id).toBe(screen.getByLabelText('Phone Number').getAttribute('aria-describedby'));
    expect(screen.queryByText('x')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('updates an address with its id and the chosen type, then reports it saved', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(200, { message: 'Address updated', data: { address: saved } }),
    );
    const { onSaved } = renderForm(fetchImpl, { ...saved, address_type: 'home', is_default: false });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Siti');
    fireEvent.click(screen.getByLabelText('Office'));
    fireEvent.click(screen.getByLabelText('Use as my default address'));
    fireEvent.click(screen.getByRole('button', { name: 'Update Address' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://shop.test/api/address/4/update');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      name: 'Siti',
      phone: '81234567890',
      address_type: 'office',
      address_line: 'Jl. Merdeka 1',
      is_default: true,
    });
    expect(toastSuccess).toHaveBeenCalledWith('Address updated', { autoClose: 3000 });
  });

  it('sends a new address with an Idempotency-Key: the same one again after a lost reply, a new one once answered', async () => {
    let calls = 0;
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch');
      if (calls === 2) return json(422, { message: 'Invalid', errors: { name: ['The name is taken.'] } });
      return json(200, { message: 'Address added', data: { address: saved } });
    });
    const { onSaved } = renderForm(fetchImpl);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Siti' } });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '81234567890' } });
    fireEvent.change(screen.getByLabelText('Address Line'), { target: { value: 'Jl. Merdeka 1' } });
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save Address' }));
    const keyOf = (n: number) =>
      (fetchImpl.mock.calls[n]?.[1]?.headers as Record<string, string> | undefined)?.['idempotency-key'];
    submit();
    await waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save Address' }) as HTMLButtonElement).disabled).toBe(false),
    );
    submit();
    await screen.findByText('The name is taken.');
    submit();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(String(fetchImpl.mock.calls[0]?.[0])).toBe('http://shop.test/api/address/store');
    expect(keyOf(0)).toMatch(/^[0-9a-f]{32}$/);
    // The lost reply is tried with the same key; the answered 422 frees it for the corrected form.
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).toMatch(/^[0-9a-f]{32}$/);
    expect(keyOf(2)).not.toBe(keyOf(1));
  });
});
