// @vitest-environment happy-dom
import type { ProfileUser } from '@shop/contracts/account';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { ApiProvider } from '../../../lib/api-context';
import { createI18n } from '../../../lib/i18n';
import { ProfileForm } from './profile-form';

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

const user: ProfileUser = {
  id: 3,
  name: 'Demo Customer',
  email: 'customer@example.com',
  phone: '81234567890',
  phone_code: '+62',
  country: 'Indonesia',
  profile_photo: null,
  email_verified: true,
  phone_verified: false,
  gender: null,
  date_of_birth: null,
  account_verified: true,
  is_active: true,
  last_online: true,
};

const countries = [
  { id: 1, name: 'Indonesia', code: 'ID', phone_code: '+62' },
  { id: 2, name: 'Malaysia', code: 'MY', phone_code: '+60' },
];

function renderForm(fetchImpl: typeof fetch, profile: ProfileUser = user) {
  const api = createApiClient({ origin: 'http://shop.test', locale: () => 'en', fetch: fetchImpl });
  const onSaved = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <ApiProvider client={api}>
        <I18nextProvider i18n={createI18n('en', {})}>
          <ProfileForm user={profile} countries={countries} phoneMinLength={8} phoneMaxLength={16} onSaved={onSaved} />
        </I18nextProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return { onSaved };
}

describe('ProfileForm', () => {
  it('starts from the profile and shows the dial code of the chosen country', () => {
    renderForm(vi.fn<typeof fetch>());
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Demo Customer');
    expect(screen.getByText('+62')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Malaysia' } });
    expect(screen.getByText('+60')).toBeTruthy();
  });

  it('names the country from the dial code when the account has none', () => {
    renderForm(vi.fn<typeof fetch>(), { ...user, country: null, phone_code: '+60' });
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('Malaysia');
  });

  it('checks name, e-mail and phone before calling the API', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    renderForm(fetchImpl);
    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('The name field is required.')).toBeTruthy();
    expect(screen.getByText('The email must be a valid email address.')).toBeTruthy();
    expect(screen.getByText('The phone must be at least 8 digits.')).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('refuses a photo that is not an image, previews one that is, and sends it as multipart', async () => {
    const updated = { ...user, name: 'Siti', profile_photo: '/uploads/avatars/3.webp' };
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(200, { message: 'Profile updated successfully', data: { user: updated } }),
    );
    const { onSaved } = renderForm(fetchImpl);
    const input = screen.getByLabelText('Upload Photo') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('The photo must be a JPG, PNG or WebP image.')).toBeTruthy();

    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(await screen.findByText('me.png')).toBeTruthy();
    expect(screen.queryByText('The photo must be a JPG, PNG or WebP image.')).toBeNull();
    expect(document.querySelector('img')?.getAttribute('src')).toMatch(/^blob:/);

    fireEvent.change(screen.getByLabelText('Full Name'), { target: { value: 'Siti' } });
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'female' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(updated));
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(String(url)).toBe('http://shop.test/api/update-profile');
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('name')).toBe('Siti');
    expect(body.get('gender')).toBe('female');
    expect(body.get('phone_code')).toBe('+62');
    expect((body.get('profile_photo') as File).name).toBe('me.png');
    expect(toastSuccess).toHaveBeenCalledWith('Profile updated successfully', { autoClose: 3000 });
  });

  it('shows the server field errors under their fields', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { email: ['The email has already been taken.'], profile_photo: ['The profile photo is not an image.'] },
      }),
    );
    renderForm(fetchImpl);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const email = await screen.findByText('The email has already been taken.');
    expect(email.id).toBe(screen.getByLabelText('Email Address').getAttribute('aria-describedby'));
    expect(screen.getByText('The profile photo is not an image.')).toBeTruthy();
  });
});
