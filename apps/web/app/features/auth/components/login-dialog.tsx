import type { Master } from '@shop/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { notifyError } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { demoLogin, errorMessage, login } from '../api/auth-api';
import { useAuthStore } from '../stores/auth-store';
import { SocialButtons } from './social-buttons';
import { useSignedIn } from './use-signed-in';

interface LoginValues {
  phone: string;
  password: string;
}

const EMPTY_LOGIN: LoginValues = { phone: '', password: '' };

export function LoginDialog({ master }: { master: Master | undefined }) {
  const t = useT();
  const api = useApi();
  const signedIn = useSignedIn();
  const open = useAuthStore((s) => s.dialog === 'login');
  const openDialog = useAuthStore((s) => s.openDialog);
  const closeDialog = useAuthStore((s) => s.closeDialog);
  // In a local environment the form comes filled with the demo customer. The
  // server tells only the person at its own machine what that is.
  const local = master?.app_environment === 'local';
  // Asked once the page knows it is local, so it is usually there by the time the dialog opens.
  const demo = useQuery({
    queryKey: ['dev', 'demo-login'],
    queryFn: () => demoLogin(api),
    enabled: local,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  }).data;
  const blank = demo ?? EMPTY_LOGIN;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ defaultValues: { phone: '', password: '' } });

  // Once the shopper has put the cursor in the form, nothing arriving late may change what they
  // type (a value set between a field's select-all and the typing would be joined to it).
  const interacted = useRef(false);
  useEffect(() => {
    if (!open) interacted.current = false;
    else if (!interacted.current) reset(blank, { keepDirtyValues: true });
  }, [open, blank, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user } = await login(api, { phone: values.phone.trim(), password: values.password });
      // The password should not outlive the sign-in in the form's memory.
      reset(blank);
      signedIn(user);
    } catch (error) {
      notifyError(errorMessage(error, t('Something went wrong. Please try again.')));
      for (const [field, message] of Object.entries(serverFieldErrors(error))) {
        if (field === 'phone' || field === 'password') setError(field, { message });
      }
    }
  });

  return (
    <AppDialog open={open} onClose={closeDialog} title={t('Welcome')}>
      <div className="space-y-5 p-5">
        <p className="text-sm text-slate-600">{t('Please Login to continue')}</p>
        <SocialButtons master={master} />
        <form
          onSubmit={onSubmit}
          onFocus={() => {
            interacted.current = true;
          }}
          noValidate
          className="space-y-4"
        >
          <TextField
            label={t('Email / Phone Number')}
            autoComplete="username"
            error={errors.phone?.message}
            {...register('phone', { required: t('The phone field is required.') })}
          />
          <PasswordField
            label={t('Password')}
            autoComplete="current-password"
            error={errors.password?.message}
            {...register('password', { required: t('The password field is required.') })}
          />
          <div className="flex justify-end">
            <button
              type="button"
              onClick={() => openDialog('forgot')}
              className="text-sm font-medium text-primary-700 hover:underline"
            >
              {t('Forgot Password')}
            </button>
          </div>
          <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
            {t('Log in')}
          </Button>
        </form>
        <p className="text-center text-sm text-slate-600">
          {t("Don't have an account?")}{' '}
          <button
            type="button"
            onClick={() => openDialog('register')}
            className="font-semibold text-primary-700 hover:underline"
          >
            {t('Sign Up')}
          </button>
        </p>
      </div>
    </AppDialog>
  );
}
