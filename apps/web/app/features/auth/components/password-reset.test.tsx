// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, countriesReply, json, renderWithAuth, testMaster } from './auth-test-support';
import { ForgotDialog } from './forgot-dialog';
import { OtpDialog } from './otp-dialog';
import { ResetDialog } from './reset-dialog';

const toastSuccess = vi.fn();
const toastError = vi.fn();
vi.mock('react-toastify/unstyled', () => ({
  toast: { success: (...a: unknown[]) => toastSuccess(...a), error: (...a: unknown[]) => toastError(...a) },
}));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  toastSuccess.mockReset();
  toastError.mockReset();
});

function api(overrides: Record<string, () => Response> = {}) {
  return vi.fn<typeof fetch>(async (url) => {
    const path = new URL(String(url)).pathname;
    if (overrides[path]) return overrides[path]();
    if (path === '/api/countries') return json(200, countriesReply);
    if (path === '/api/send-otp')
      return json(200, {
        message: 'OTP sent',
        data: { email_or_phone: '81234567890', phone_code: '+62', resend_after: 60 },
      });
    if (path === '/verify-otp')
      return json(200, { message: 'Verified', data: { token: 'reset-token', purpose: 'forgot' } });
    if (path === '/reset-password') return json(200, { message: 'Password has been reset' });
    return json(404, { message: 'nope', code: 'NOT_FOUND' });
  });
}

function renderFlow(fetchImpl: typeof fetch, master = testMaster({ forgot_otp_type: 'phone' })) {
  const view = renderWithAuth(
    <>
      <ForgotDialog master={master} />
      <OtpDialog />
      <ResetDialog />
    </>,
    { fetchImpl },
  );
  act(() => view.store.getState().openDialog('forgot'));
  return view;
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('forgot password -> OTP -> reset', () => {
  it('requires the country and the phone or e-mail with the spec messages', async () => {
    const fetchImpl = api();
    renderFlow(fetchImpl);
    fireEvent.click(await screen.findByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('The country field is required')).toBeTruthy();
    expect(screen.getByText('The phone or email field is required')).toBeTruthy();
    expect(calls(fetchImpl).some((c) => c.path === '/api/send-otp')).toBe(false);
  });

  it('asks for the e-mail address when forgot_otp_type is email', async () => {
    renderFlow(api(), testMaster({ forgot_otp_type: 'email' }));
    expect(await screen.findByLabelText('Email Address')).toBeTruthy();
    expect(screen.queryByLabelText('Phone Number')).toBeNull();
  });

  it('walks the whole path and reopens the login dialog', async () => {
    const fetchImpl = api();
    const { store } = renderFlow(fetchImpl);
    await screen.findByRole('option', { name: 'Indonesia' });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Indonesia' } });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '0812-3456-7890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(store.getState().dialog).toBe('otp'));
    expect(calls(fetchImpl).find((c) => c.path === '/api/send-otp')?.body).toEqual({
      phone: '081234567890',
      phone_code: '+62',
      forgot_password: 1,
    });

    // The code was sent by the forgot dialog: no second send, the countdown runs.
    expect(await screen.findByText('Resend OTP in 60 s')).toBeTruthy();
    expect(calls(fetchImpl).filter((c) => c.path === '/api/send-otp')).toHaveLength(1);
    const confirm = screen.getByRole('button', { name: 'Confirm OTP' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    boxes()[0]!.focus();
    for (const [i, digit] of ['4', '8', '1', '9'].entries())
      fireEvent.change(boxes()[i]!, { target: { value: digit } });
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(store.getState().dialog).toBe('reset'));
    expect(calls(fetchImpl).find((c) => c.path === '/verify-otp')?.body).toEqual({
      phone: '81234567890',
      otp: '4819',
      phone_code: '+62',
    });

    fireEvent.change(await screen.findByLabelText('Create Password'), { target: { value: 'newpass1' } });
    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'newpass2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Confirm Password does not match.')).toBeTruthy();
    expect(calls(fetchImpl).some((c) => c.path === '/reset-password')).toBe(false);

    fireEvent.change(screen.getByLabelText('Confirm Password'), { target: { value: 'newpass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(store.getState().dialog).toBe('login'));
    expect(calls(fetchImpl).find((c) => c.path === '/reset-password')?.body).toEqual({
      password: 'newpass1',
      password_confirmation: 'newpass1',
      token: 'reset-token',
    });
    expect(toastSuccess).toHaveBeenCalled();
    expect(store.getState().otpFlow).toBeNull();
  });

  it('send and verify failures toast the server message', async () => {
    const fetchImpl = api({
      '/api/send-otp': () =>
        json(422, {
          message: 'No account uses this phone number.',
          errors: { phone: ['No account uses this phone number.'] },
        }),
    });
    const { store } = renderFlow(fetchImpl);
    await screen.findByRole('option', { name: 'Indonesia' });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'Indonesia' } });
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '81200000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('No account uses this phone number.'));
    expect(screen.getByRole('alert').textContent).toBe('No account uses this phone number.');
    expect(store.getState().dialog).toBe('forgot');
  });
});

describe('OTP countdown', () => {
  it('Resend OTP is enabled at 0 after 60 s, and resending starts it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    const fetchImpl = api();
    const view = renderWithAuth(<OtpDialog />, { fetchImpl });
    act(() => {
      view.store.getState().setOtpFlow({
        purpose: 'forgot',
        phone: '81234567890',
        phone_code: '+62',
        country: 'Indonesia',
        resendAfter: 60,
      });
      view.store.getState().openDialog('otp');
    });
    const resend = () => screen.getByRole('button', { name: 'Resend OTP' }) as HTMLButtonElement;
    expect(screen.getByText('Resend OTP in 60 s')).toBeTruthy();
    expect(resend().disabled).toBe(true);
    for (let i = 0; i < 59; i++) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Resend OTP in 1 s')).toBeTruthy();
    expect(resend().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(resend().disabled).toBe(false);
    vi.useRealTimers();
    fireEvent.click(resend());
    await waitFor(() => expect(screen.getByText('Resend OTP in 60 s')).toBeTruthy());
    expect(calls(fetchImpl).find((c) => c.path === '/api/send-otp')?.body).toEqual({
      phone: '81234567890',
      phone_code: '+62',
      forgot_password: 1,
    });
  });
});
