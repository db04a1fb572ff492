// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls, demoUser, json, renderWithAuth, testMaster } from './auth-test-support';
import { LoginDialog } from './login-dialog';

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

const authReply = {
  message: 'Login successful',
  data: { user: demoUser, access: { auth_type: 'Bearer', token: 'secret-token', expires_at: '2026-12-31T00:00:00Z' } },
};

function open(master = testMaster(), fetchImpl = vi.fn<typeof fetch>()) {
  const view = renderWithAuth(<LoginDialog master={master} />, { fetchImpl });
  act(() => view.store.getState().openDialog('login'));
  return { ...view, fetchImpl };
}

describe('LoginDialog', () => {
  it('shows the spec texts, empty outside a local environment', async () => {
    open();
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(screen.getByText('Please Login to continue')).toBeTruthy();
    expect((screen.getByLabelText('Email / Phone Number') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Password') as HTMLInputElement).type).toBe('password');
    expect(screen.getByRole('button', { name: 'Forgot Password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    // No provider is active: no social buttons and no divider.
    expect(screen.queryByText('OR CONTINUE WITH')).toBeNull();
  });

  it('is prefilled with the demo customer the server gives to the person at its machine (local environment)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async (url) =>
      new URL(String(url)).pathname === '/api/dev/demo-login'
        ? json(200, { message: '', data: { phone: 'customer@example.com', password: 'password' } })
        : json(404, { message: 'Not found', code: 'NOT_FOUND' }),
    );
    open(testMaster({ app_environment: 'local' }), fetchImpl);
    await waitFor(() =>
      expect((screen.getByLabelText('Email / Phone Number') as HTMLInputElement).value).toBe('customer@example.com'),
    );
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('password');
  });

  it('stays empty in a local environment when the server does not give the demo login (another machine)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json(404, { message: 'Not found', code: 'NOT_FOUND' }));
    open(testMaster({ app_environment: 'local' }), fetchImpl);
    await waitFor(() => expect(calls(fetchImpl).map((c) => c.path)).toContain('/api/dev/demo-login'));
    expect((screen.getByLabelText('Email / Phone Number') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('a demo login that arrives after the shopper started typing changes nothing', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchImpl = vi.fn<typeof fetch>(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    open(testMaster({ app_environment: 'local' }), fetchImpl);
    const phone = (await screen.findByLabelText('Email / Phone Number')) as HTMLInputElement;
    await waitFor(() => expect(calls(fetchImpl).map((c) => c.path)).toContain('/api/dev/demo-login'));
    fireEvent.focus(phone);
    fireEvent.change(phone, { target: { value: 'sinta@example.com' } });
    await act(async () =>
      answer(json(200, { message: '', data: { phone: 'customer@example.com', password: 'password' } })),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(phone.value).toBe('sinta@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it('never asks for the demo login outside a local environment', async () => {
    const fetchImpl = vi.fn<typeof fetch>();
    open(testMaster(), fetchImpl);
    expect(await screen.findByText('Welcome')).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('shows and hides the password', async () => {
    open();
    const input = (await screen.findByLabelText('Password')) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('social buttons only for active providers, then OR CONTINUE WITH', async () => {
    const on = { name: 'google', client_id: 'cid', is_active: true, redirect_url: null };
    const off = { name: 'facebook', client_id: 'x', is_active: false, redirect_url: null };
    open(testMaster({ social_auths: { google: on, facebook: off, apple: { ...off, name: 'apple' } } }));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Apple' })).toBeNull();
    expect(screen.getByText('OR CONTINUE WITH')).toBeTruthy();
  });

  it('requires both fields before calling', async () => {
    const { fetchImpl } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('The phone field is required.')).toBeTruthy();
    expect(screen.getByText('The password field is required.')).toBeTruthy();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('on success stores the user (never the token), closes and toasts for 3 s', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => json(200, authReply));
    const { store } = open(testMaster(), fetchImpl);
    fireEvent.change(await screen.findByLabelText('Email / Phone Number'), {
      target: { value: ' customer@example.com ' },
    });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(store.getState().user).toEqual(demoUser));
    expect(store.getState().dialog).toBeNull();
    expect(calls(fetchImpl)[0]).toEqual({
      path: '/api/login',
      method: 'POST',
      body: { phone: 'customer@example.com', password: 'password' },
    });
    expect(toastSuccess).toHaveBeenCalledWith(expect.anything(), { autoClose: 3000 });
    expect(JSON.stringify(store.getState())).not.toContain('secret-token');
    expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
  });

  it('on failure toasts the server message and shows field errors under the fields', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      json(422, { message: 'Credential is invalid!', errors: { phone: ['Credential is invalid!', 'second'] } }),
    );
    const { store } = open(testMaster(), fetchImpl);
    fireEvent.change(await screen.findByLabelText('Email / Phone Number'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(toastError).toHaveBeenCalledWith('Credential is invalid!'));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Credential is invalid!');
    expect(screen.queryByText('second')).toBeNull();
    expect(store.getState().user).toBeNull();
    expect(store.getState().dialog).toBe('login');
  });

  it('Forgot Password and Sign Up switch dialogs', async () => {
    const { store } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot Password' }));
    expect(store.getState().dialog).toBe('forgot');
    act(() => store.getState().openDialog('login'));
    fireEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(store.getState().dialog).toBe('register');
  });
});
