// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthProvider, type AuthUser, useAuthStoreApi } from '../stores/auth-store';
import { demoUser, testMaster } from './auth-test-support';
import { useAccountVerification } from './use-account-verification';

afterEach(cleanup);

function verify(user: AuthUser | null, otpType: 'email' | 'phone') {
  const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider user={user}>{children}</AuthProvider>;
  const { result } = renderHook(
    () => ({ open: useAccountVerification(testMaster({ register_otp_type: otpType })), store: useAuthStoreApi() }),
    { wrapper },
  );
  act(() => result.current.open());
  return result.current.store.getState();
}

describe('useAccountVerification', () => {
  it('opens the OTP dialog for the e-mail address, as registration does by default', () => {
    const state = verify(demoUser, 'email');
    expect(state.dialog).toBe('otp');
    expect(state.otpFlow).toEqual({
      purpose: 'register',
      phone: demoUser.email,
      phone_code: null,
      country: 'Indonesia',
    });
  });

  it('uses the phone when the settings send codes by phone, or when there is no e-mail', () => {
    expect(verify(demoUser, 'phone').otpFlow).toMatchObject({ phone: demoUser.phone, phone_code: '+62' });
    expect(verify({ ...demoUser, email: null }, 'email').otpFlow).toMatchObject({ phone: demoUser.phone });
  });

  it('opens the login dialog without a session', () => {
    const state = verify(null, 'email');
    expect(state.dialog).toBe('login');
    expect(state.otpFlow).toBeNull();
  });
});
