import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { errorMessage, resetPassword } from '../api/auth-api';
import { useAuthStore, useAuthStoreApi } from '../stores/auth-store';

interface ResetValues {
  password: string;
  password_confirmation: string;
}

/**
 * Reset Password: Create Password and Confirm Password, checked to match
 * before the call; success toasts and reopens the login dialog.
 */
export function ResetDialog() {
  const t = useT();
  const api = useApi();
  const store = useAuthStoreApi();
  const open = useAuthStore((s) => s.dialog === 'reset');
  const token = useAuthStore((s) => s.otpFlow?.token);
  const closeDialog = useAuthStore((s) => s.closeDialog);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({ defaultValues: { password: '', password_confirmation: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await resetPassword(api, { ...values, token: token ?? '' });
      reset();
      store.getState().setOtpFlow(null);
      notifySuccess(reply.message);
      store.getState().openDialog('login');
    } catch (error) {
      notifyError(errorMessage(error, t('Something went wrong. Please try again.')));
      const fields = serverFieldErrors(error);
      if (fields.password) setError('password', { message: fields.password });
      if (fields.password_confirmation) setError('password_confirmation', { message: fields.password_confirmation });
    }
  });

  return (
    <AppDialog open={open} onClose={closeDialog} title={t('Reset Password')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4 p-5">
        <PasswordField
          label={t('Create Password')}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password', { required: t('The password field is required.') })}
        />
        <PasswordField
          label={t('Confirm Password')}
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation', {
            validate: (value, all) => value === all.password || t('Confirm Password does not match.'),
          })}
        />
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {t('Reset Password')}
        </Button>
      </form>
    </AppDialog>
  );
}
