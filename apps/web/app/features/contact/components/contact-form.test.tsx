// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { ContactForm } from './contact-form';

const toastSuccess = vi.fn();
vi.mock('react-toastify/unstyled', () => ({
  toast: { success: (...a: unknown[]) => toastSuccess(...a), error: vi.fn() },
}));

// The app's own set-up: English keys, no resources needed.
const i18n = createI18n('en', {});
afterEach(() => {
  cleanup();
  toastSuccess.mockReset();
});

function renderForm(fetchImpl: typeof fetch, translations = i18n) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => translations.language, fetch: fetchImpl });
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={translations}>
          <ContactForm />
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ContactForm', () => {
  it('shows the contract rules under the fields without calling the API', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    renderForm(fetchImpl);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('The subject field is required.')).toBeTruthy();
    expect(screen.getByText('The message field is required.')).toBeTruthy();
    expect(screen.getByText('The email must be a valid email address.')).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('sends the form, toasts for 3 s and clears it', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(200, {
        message: 'ok',
        data: {
          content: {
            id: 1,
            name: null,
            email: null,
            phone: null,
            subject: 'Hi',
            message: 'Hello',
            created_at: '2026-01-01T00:00:00.000Z',
          },
        },
      }),
    );
    renderForm(fetchImpl);
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: ' Hi ' } });
    fireEvent.change(screen.getByLabelText(/Your message/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() =>
      expect(toastSuccess).toHaveBeenCalledWith('Your message has been sent successfully.', {
        autoClose: 3000,
      }),
    );
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://shop.test/api/support');
    expect(JSON.parse(String(init?.body))).toEqual({ subject: 'Hi', message: 'Hello' });
    expect((screen.getByLabelText(/Subject/) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's field errors under the fields", async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(422, { message: 'Invalid', errors: { subject: ['The subject has already been taken.'] } }),
    );
    renderForm(fetchImpl);
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText(/Your message/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('The subject has already been taken.')).toBeTruthy();
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it("translates the contract's English rules, and shows the server's messages as they come", async () => {
    const indonesian = createI18n('id', {
      'The subject field is required.': 'Kolom subjek wajib diisi.',
      'Kolom subjek sudah dipakai.': 'translated twice',
    });
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(422, { message: 'Invalid', errors: { subject: ['Kolom subjek sudah dipakai.'] } }),
    );
    renderForm(fetchImpl, indonesian);
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Kolom subjek wajib diisi.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Subject/), { target: { value: 'Hi' } });
    fireEvent.change(screen.getByLabelText(/Your message/), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Kolom subjek sudah dipakai.')).toBeTruthy();
    expect(screen.queryByText('translated twice')).toBeNull();
  });
});
