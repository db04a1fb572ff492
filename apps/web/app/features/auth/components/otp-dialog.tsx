import { OTP_LENGTH, OTP_RESEND_SECONDS } from '@shop/contracts/constants';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { OtpInput } from '../../../components/ui/otp-input';
import { Skeleton } from '../../../components/ui/skeleton';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { errorMessage, sendOtp, verifyOtp } from '../api/auth-api';
import { type OtpFlow, useAuthStore, useAuthStoreApi } from '../stores/auth-store';

/**
 * Enter OTP: 4 single-digit boxes, Confirm OTP, a 60 s countdown, then
 * Resend OTP. After registration the code is sent as the dialog opens (a skeleton meanwhile);
 * confirming closes it. On the forgot-password path confirming yields the reset token and the
 * Reset Password dialog follows.
 */
export function OtpDialog() {
  const t = useT();
  const open = useAuthStore((s) => s.dialog === 'otp');
  const flow = useAuthStore((s) => s.otpFlow);
  const closeDialog = useAuthStore((s) => s.closeDialog);
  return (
    <AppDialog open={open && flow !== null} onClose={closeDialog} title={t('Enter OTP')}>
      {/* Mounted per opening, so the code, the countdown and the automatic send start afresh. */}
      {open && flow ? <OtpForm flow={flow} /> : <div className="h-64" />}
    </AppDialog>
  );
}

function OtpForm({ flow }: { flow: OtpFlow }) {
  const t = useT();
  const api = useApi();
  const store = useAuthStoreApi();
  const [code, setCode] = useState('');
  const [remaining, setRemaining] = useState(flow.resendAfter === undefined ? 0 : secondsFor(flow.resendAfter));
  const [sending, setSending] = useState(flow.resendAfter === undefined);
  const [confirming, setConfirming] = useState(false);
  const autoSent = useRef(false);

  const send = async () => {
    setSending(true);
    try {
      const reply = await sendOtp(api, {
        phone: flow.phone,
        phone_code: flow.phone_code,
        forgot_password: flow.purpose === 'forgot' ? 1 : null,
      });
      setRemaining(secondsFor(reply.data.resend_after));
      store.getState().setOtpFlow({ ...flow, resendAfter: reply.data.resend_after });
      if (autoSent.current) notifySuccess(reply.message);
    } catch (error) {
      notifyError(errorMessage(error, t('Something went wrong. Please try again.')));
    } finally {
      autoSent.current = true;
      setSending(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first send happens once per opening.
  useEffect(() => {
    if (flow.resendAfter === undefined && !autoSent.current) void send();
  }, []);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const complete = new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);

  const confirm = async () => {
    if (!complete) return;
    setConfirming(true);
    try {
      const reply = await verifyOtp(api, { phone: flow.phone, otp: code, phone_code: flow.phone_code });
      const state = store.getState();
      if (flow.purpose === 'forgot' && reply.data.token) {
        state.setOtpFlow({ ...flow, token: reply.data.token });
        state.openDialog('reset');
        return;
      }
      const user = state.user;
      if (user) {
        const byEmail = flow.phone.includes('@');
        state.setUser({ ...user, ...(byEmail ? { email_verified: true } : { phone_verified: true }) });
      }
      state.setOtpFlow(null);
      state.closeDialog();
      notifySuccess(reply.message);
    } catch (error) {
      setCode('');
      notifyError(errorMessage(error, t('Something went wrong. Please try again.')));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <form
      className="space-y-5 p-5"
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      {sending && !autoSent.current ? (
        <div className="space-y-4" aria-busy="true">
          <span className="sr-only">{t('Sending OTP')}</span>
          <Skeleton className="mx-auto h-4 w-3/4" />
          <div className="flex justify-center gap-3">
            {Array.from({ length: OTP_LENGTH }, (_, i) => (
              <Skeleton key={i} className="size-14 rounded-xl" />
            ))}
          </div>
          <Skeleton className="h-12 w-full rounded-lg" />
        </div>
      ) : (
        <>
          <p className="text-center text-sm text-slate-600">
            {t('We have sent a code to')}{' '}
            <span className="font-semibold text-slate-900" dir="ltr">
              {flow.phone_code && !flow.phone.includes('@') ? `${flow.phone_code} ${flow.phone}` : flow.phone}
            </span>
          </p>
          <OtpInput value={code} onChange={setCode} length={OTP_LENGTH} label={t('Enter OTP')} autoFocus />
          <Button type="submit" size="lg" className="w-full" disabled={!complete} loading={confirming}>
            {t('Confirm OTP')}
          </Button>
          <p className="flex items-center justify-center gap-2 text-sm text-slate-600">
            <span aria-live="polite">
              {remaining > 0 ? t('Resend OTP in {{seconds}} s', { seconds: remaining }) : t("Didn't receive the code?")}
            </span>
            <button
              type="button"
              onClick={() => void send()}
              disabled={remaining > 0 || sending}
              className="font-semibold text-primary-700 hover:underline disabled:cursor-not-allowed disabled:text-slate-400 disabled:no-underline"
            >
              {t('Resend OTP')}
            </button>
          </p>
        </>
      )}
    </form>
  );
}

/** A 60 s countdown; the server's own spacing wins when it is longer. */
function secondsFor(resendAfter: number): number {
  return Math.max(OTP_RESEND_SECONDS, resendAfter);
}
