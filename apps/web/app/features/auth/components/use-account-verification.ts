import type { Master } from '@shop/contracts/settings';
import { useCallback } from 'react';
import { useAuthStoreApi } from '../stores/auth-store';

/**
 * Opens the OTP dialog to verify the signed-in account (placing an order while
 * order_place_account_verify is on). The code goes where registration sends
 * it: the phone when register_otp_type is "phone" and there is one, otherwise the e-mail address.
 * Without a session the login dialog opens instead.
 */
export function useAccountVerification(master: Master | undefined): () => void {
  const store = useAuthStoreApi();
  const otpType = master?.register_otp_type;
  return useCallback(() => {
    const { user, setOtpFlow, openDialog } = store.getState();
    if (!user) {
      openDialog('login');
      return;
    }
    const byPhone = Boolean(user.phone) && (otpType === 'phone' || !user.email);
    setOtpFlow({
      purpose: 'register',
      phone: byPhone ? (user.phone ?? '') : (user.email ?? ''),
      phone_code: byPhone ? (user.phone_code ?? null) : null,
      country: user.country ?? null,
    });
    openDialog('otp');
  }, [store, otpType]);
}
