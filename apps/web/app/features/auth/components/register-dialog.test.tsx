// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, countriesReply, demoUser, json, renderWithAuth, testMaster } from './auth-test-support';
import { OtpDialog } from './otp-dialog';
import { RegisterDialog } from './register-dialog';

const toastSuccess = vi.fn();
const toastError = vi.fn();
vi.mock('react-toastify/unstyled', () => ({
  toast: { success: (...a: unknown[]) => toastSuccess(...a), error: (...a: unknown[]) => toastError(...a) },
}));

afterEach(() => {
  cleanup();
  toastSuccess.mockReset();
  toastError.mockReset();
});

const registered = {
  message: 'Registered',
  data: {
    user: { ...demoUser, id: 9, name: 'Siti', email: 'siti@example.com', phone: '81299998888', email_verified: false },
    access: { auth_type: 'Bearer', token: 't', expires_at: '2026-12-31T00:00:00Z' },
  },
};

/** Answers by path; `send-otp` waits for `release` so the skeleton can be seen. */
function server(registration: () => Response) {
  let release: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchImpl = vi.fn<typeof fetch>(async (url) => {
    const path = new URL(String(url)).pathname;
    if (path === '/api/countries') return json(200, countriesReply);
    if (path === '/api/registration') return registration();
    if (path === '/api/send-otp') {
      await sent;
      return json(200, {
        message: 'OTP sent',
        data: { email_or_phone: 'siti@example.com', phone_code: null, resend_after: 60 },
      });
    }
    if (path === '/verify-otp') return json(200, { message: 'Verified', data: { token: null, purpose: 'register' } });
    return json(404, { message: 'nope', code: 'NOT_FOUND' });
  });
  return { fetchImpl, release: () => release() };
}

async function fill() {
  fireEvent.change(await screen.findByLabelText('Full Name'), { target: { value: 'Siti' } });
  await screen.findByRole('option', { name: 'Malaysia' });
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Malaysia' } });
  fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '(812) 9999-8888' } });
  fireEvent.change(screen.getByLabelText('Email Address'), { target: { value: 'siti@example.com' } });
  fireEvent.change(screen.getByLabelText('Create Password'), { target: { value: 'secret12' } });
}

describe('RegisterDialog', () => {
  it('keeps only digits of the phone, shows the dial code and sends the spec payload', async () => {
    const { fetchImpl, release } = server(() => json(200, registered));
    release();
    const view = renderWithAuth(<RegisterDialog master={testMaster()} />, { fetchImpl });
    act(() => view.store.getState().openDialog('register'));
    await fill();
    expect((screen.getByLabelText('Phone Number') as HTMLInputElement).value).toBe('81299998888');
    expect(screen.getByText('+60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(view.store.getState().user?.id).toBe(9));
    expect(calls(fetchImpl).find((c) => c.path === '/api/registration')?.body).toEqual({
      name: 'Siti',
      phone: '81299998888',
      email: 'siti@example.com',
      password: 'secret12',
      country: 'Malaysia',
      phone_code: '+60',
    });
    expect(toastSuccess).toHaveBeenCalledWith(expect.anything(), { autoClose: 3000 });
    // Without register_otp_verify the dialog simply closes.
    expect(view.store.getState().dialog).toBeNull();
  });

  it('checks the phone length from the settings before calling', async () => {
    const { fetchImpl } = server(() => json(200, registered));
    const view = renderWithAuth(
      <RegisterDialog master={testMaster({ phone_min_length: 10, phone_max_length: 12 })} />,
      {
        fetchImpl,
      },
    );
    act(() => view.store.getState().openDialog('register'));
    await fill();
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '812' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The phone must be between 10 and 12 digits.')).toBeTruthy();
    expect(calls(fetchImpl).some((c) => c.path === '/api/registration')).toBe(false);
  });

  it('failure: the first server message under each field, no toast', async () => {
    const { fetchImpl } = server(() =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { email: ['The email has already been taken.'], phone: ['The phone has already been taken.'] },
      }),
    );
    const view = renderWithAuth(<RegisterDialog master={testMaster()} />, { fetchImpl });
    act(() => view.store.getState().openDialog('register'));
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('The email has already been taken.')).toBeTruthy();
    expect(screen.getByText('The phone has already been taken.')).toBeTruthy();
    expect(toastError).not.toHaveBeenCalled();
    expect(toastSuccess).not.toHaveBeenCalled();
    expect(view.store.getState().user).toBeNull();
  });

  it('with register_otp_verify: clears the form, opens the OTP dialog and sends a code at once (skeleton meanwhile)', async () => {
    const { fetchImpl, release } = server(() => json(200, registered));
    const view = renderWithAuth(
      <>
        <RegisterDialog master={testMaster({ register_otp_verify: true })} />
        <OtpDialog />
      </>,
      { fetchImpl },
    );
    act(() => view.store.getState().openDialog('register'));
    await fill();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(view.store.getState().dialog).toBe('otp'));
    expect(await screen.findByText('Sending OTP')).toBeTruthy();
    expect(calls(fetchImpl).find((c) => c.path === '/api/send-otp')?.body).toEqual({
      phone: 'siti@example.com',
      phone_code: null,
      forgot_password: null,
    });
    release();
    expect(await screen.findByRole('button', { name: 'Confirm OTP' })).toBeTruthy();
    expect(screen.queryByText('Sending OTP')).toBeNull();
    // Confirming closes the dialog and marks the e-mail verified.
    screen.getAllByRole('textbox')[0]!.focus();
    fireEvent.paste(screen.getAllByRole('textbox')[0]!, { clipboardData: { getData: () => '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm OTP' }));
    await waitFor(() => expect(view.store.getState().dialog).toBeNull());
    expect(view.store.getState().user?.email_verified).toBe(true);
    expect(calls(fetchImpl).find((c) => c.path === '/verify-otp')?.body).toEqual({
      phone: 'siti@example.com',
      otp: '1234',
      phone_code: null,
    });
  });

  it('the consent links close the dialog before going to the page', async () => {
    const { fetchImpl } = server(() => json(200, registered));
    const view = renderWithAuth(<RegisterDialog master={testMaster()} />, { fetchImpl });
    act(() => view.store.getState().openDialog('register'));
    fireEvent.click(await screen.findByRole('link', { name: 'Terms & Conditions' }));
    expect(view.store.getState().dialog).toBeNull();
    expect(view.router.state.location.pathname).toBe('/terms-and-conditions');
  });
});
