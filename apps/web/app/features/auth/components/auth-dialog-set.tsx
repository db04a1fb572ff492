import type { Master } from '@shop/contracts/settings';
import { ForgotDialog } from './forgot-dialog';
import { LoginDialog } from './login-dialog';
import { LogoutDialog } from './logout-dialog';
import { OtpDialog } from './otp-dialog';
import { RegisterDialog } from './register-dialog';
import { ResetDialog } from './reset-dialog';

/**
 * Every dialog about signing in, opened through the auth store's openDialog
 * (one at a time). Loaded on demand by AuthDialogs; the session upkeep (SessionSync) lives in the
 * root, so switching layouts does not restart it.
 */
export function AuthDialogSet({ master }: { master: Master | undefined }) {
  return (
    <>
      <LoginDialog master={master} />
      <RegisterDialog master={master} />
      <ForgotDialog master={master} />
      <OtpDialog />
      <ResetDialog />
      <LogoutDialog />
    </>
  );
}
