import type { Master } from '@shop/contracts/settings';
import { ForgotDialog } from './forgot-dialog';
import { LoginDialog } from './login-dialog';
import { LogoutDialog } from './logout-dialog';
import { OtpDialog } from './otp-dialog';
import { RegisterDialog } from './register-dialog';
import { ResetDialog } from './reset-dialog';
import { SessionSync } from './session-sync';

/**
 * Every dialog of spec section 2 about signing in, opened through the auth store's openDialog
 * (one at a time), plus the session upkeep. Rendered once by the site chrome.
 */
export function AuthDialogs({ master }: { master: Master | undefined }) {
  return (
    <>
      <SessionSync />
      <LoginDialog master={master} />
      <RegisterDialog master={master} />
      <ForgotDialog master={master} />
      <OtpDialog />
      <ResetDialog />
      <LogoutDialog />
    </>
  );
}
