// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { ChangePasswordForm } from './change-password-form';

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

function renderForm(fetchImpl: typeof fetch) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={createI18n('en', {})}>
          <ChangePasswordForm />
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

function fill(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Current Password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New Password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
}

describe('ChangePasswordForm', () => {
  it("says 'Confirm Password does not match.' without calling the API", async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    renderForm(fetchImpl);
    fill('password', 'secret123', 'secret124');
    expect(await screen.findByText('Confirm Password does not match.')).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('asks for every field and the minimum length', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    renderForm(fetchImpl);
    fill('', '123', '123');
    expect(await screen.findByText('The current password field is required.')).toBeTruthy();
    expect(screen.getByText('The password must be at least 6 characters.')).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('shows the server message under the current password', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(422, {
        message: 'Current password does not match',
        errors: { current_password: ['Current password does not match'] },
      }),
    );
    renderForm(fetchImpl);
    fill('wrong-one', 'secret123', 'secret123');
    const message = await screen.findByText('Current password does not match');
    expect(message.id).toBe(screen.getByLabelText('Current Password').getAttribute('aria-describedby'));
  });

  it('sends the three fields, toasts and clears the form', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(200, { message: 'Password changed successfully', data: null }),
    );
    renderForm(fetchImpl);
    fill('password', 'secret123', 'secret123');
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Password changed successfully', { autoClose: 3000 }),
    );
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://shop.test/api/change-password');
    expect(JSON.parse(String(init?.body))).toEqual({
      current_password: 'password',
      password: 'secret123',
      password_confirmation: 'secret123',
    });
    await waitFor(() => expect((screen.getByLabelText('New Password') as HTMLInputElement).value).toBe(''));
  });
});
