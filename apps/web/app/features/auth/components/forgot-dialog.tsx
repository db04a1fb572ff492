import type { Master } from '@shop/contracts/settings';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { errorMessage, sendOtp } from '../api/auth-api';
import { useAuthStore } from '../stores/auth-store';
import { CountrySelect, PhoneNumberField, useCountryChoice } from './country-phone-fields';

interface ForgotValues {
  country: string;
  phone: string;
}

/**
 * Country, then the e-mail address or the phone number (forgot_otp_type),
 * Send OTP. The code goes out with forgot_password=1 and the OTP dialog takes over.
 */
export function ForgotDialog({ master }: { master: Master | undefined }) {
  const t = useT();
  const api = useApi();
  const open = useAuthStore((s) => s.dialog === 'forgot');
  const openDialog = useAuthStore((s) => s.openDialog);
  const closeDialog = useAuthStore((s) => s.closeDialog);
  const setOtpFlow = useAuthStore((s) => s.setOtpFlow);
  const byPhone = master?.forgot_otp_type === 'phone';
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ForgotValues>({ defaultValues: { country: '', phone: '' } });
  const { countries, phoneCode } = useCountryChoice(open, watch('country'));
  const required = t('The phone or email field is required');

  const onSubmit = handleSubmit(async (values) => {
    const phone = values.phone.trim();
    try {
      const reply = await sendOtp(api, {
        phone,
        phone_code: byPhone ? phoneCode : null,
        forgot_password: 1,
      });
      setOtpFlow({
        purpose: 'forgot',
        phone: reply.data.email_or_phone || phone,
        phone_code: byPhone ? phoneCode : null,
        country: values.country,
        resendAfter: reply.data.resend_after,
      });
      reset({ country: '', phone: '' });
      notifySuccess(reply.message);
      openDialog('otp');
    } catch (error) {
      notifyError(errorMessage(error, t('Something went wrong. Please try again.')));
      const fields = serverFieldErrors(error);
      if (fields.country) setError('country', { message: fields.country });
      const phoneError = fields.phone ?? fields.email;
      if (phoneError) setError('phone', { message: phoneError });
    }
  });

  return (
    <AppDialog open={open} onClose={closeDialog} title={t('Forgot Password')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-5">
        <p className="text-sm text-slate-600">
          {byPhone
            ? t('Enter the phone number of your account and we will send you a code.')
            : t('Enter the e-mail address of your account and we will send you a code.')}
        </p>
        <CountrySelect
          countries={countries}
          error={errors.country?.message}
          registration={register('country', { required: t('The country field is required') })}
        />
        {byPhone ? (
          <PhoneNumberField
            control={control}
            rules={{ required }}
            phoneCode={phoneCode}
            error={errors.phone?.message}
          />
        ) : (
          <TextField
            label={t('Email Address')}
            type="email"
            autoComplete="email"
            error={errors.phone?.message}
            {...register('phone', { validate: (v) => (v.trim() ? true : required) })}
          />
        )}
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {t('Send OTP')}
        </Button>
        <p className="text-center text-sm">
          <button
            type="button"
            onClick={() => openDialog('login')}
            className="font-semibold text-primary-700 hover:underline"
          >
            {t('Back to Log in')}
          </button>
        </p>
      </form>
    </AppDialog>
  );
}
