import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '@shop/contracts/constants';
import type { Master } from '@shop/contracts/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { register as registerAccount } from '../api/auth-api';
import { useAuthStore } from '../stores/auth-store';
import { CountrySelect, PhoneNumberField, useCountryChoice } from './country-phone-fields';

export interface RegisterValues {
  name: string;
  country: string;
  phone: string;
  email: string;
  password: string;
}

const EMPTY: RegisterValues = { name: '', country: '', phone: '', email: '', password: '' };
const FIELDS = ['name', 'country', 'phone', 'email', 'password'] as const;

/** The phone rule: required per settings, length between the settings' bounds. */
export function phoneRule(master: Master | undefined) {
  return {
    required: master?.phone_required ?? true,
    min: master?.phone_min_length ?? PHONE_MIN_LENGTH,
    max: master?.phone_max_length ?? PHONE_MAX_LENGTH,
  };
}

export function RegisterDialog({ master }: { master: Master | undefined }) {
  const t = useT();
  const api = useApi();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useAuthStore((s) => s.dialog === 'register');
  const openDialog = useAuthStore((s) => s.openDialog);
  const closeDialog = useAuthStore((s) => s.closeDialog);
  const setUser = useAuthStore((s) => s.setUser);
  const setOtpFlow = useAuthStore((s) => s.setOtpFlow);
  const rule = phoneRule(master);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({ defaultValues: EMPTY });
  const { countries, phoneCode } = useCountryChoice(open, watch('country'));

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user } = await registerAccount(api, {
        name: values.name.trim(),
        phone: values.phone,
        email: values.email.trim(),
        password: values.password,
        country: values.country,
        phone_code: phoneCode,
      });
      setUser(user);
      void queryClient.invalidateQueries();
      notifySuccess(t('Register Successful'), t('You have successfully registered.'));
      reset(EMPTY);
      if (master?.register_otp_verify) {
        const byPhone = master.register_otp_type === 'phone' && Boolean(user.phone ?? values.phone);
        setOtpFlow({
          purpose: 'register',
          phone: byPhone ? (user.phone ?? values.phone) : (user.email ?? values.email.trim()),
          phone_code: byPhone ? phoneCode : null,
          country: values.country,
        });
        openDialog('otp');
      } else {
        closeDialog();
      }
    } catch (error) {
      // Registration failures show per-field errors only.
      const fields = serverFieldErrors(error);
      for (const field of FIELDS) if (fields[field]) setError(field, { message: fields[field] });
      const other = Object.entries(fields).find(([field]) => !(FIELDS as readonly string[]).includes(field));
      if (other || Object.keys(fields).length === 0) {
        setError('root', { message: other?.[1] ?? (error instanceof Error ? error.message : '') });
      }
    }
  });

  /** The consent links close the dialog first. */
  const goTo = (path: string) => {
    closeDialog();
    navigate(path);
  };

  return (
    <AppDialog open={open} onClose={closeDialog} title={t('Sign Up')}>
      <form onSubmit={onSubmit} noValidate className="max-h-[80dvh] space-y-4 overflow-y-auto p-5">
        <TextField
          label={t('Full Name')}
          autoComplete="name"
          error={errors.name?.message}
          {...register('name', { required: t('The name field is required.') })}
        />
        <CountrySelect
          countries={countries}
          error={errors.country?.message}
          registration={register('country', { required: t('The country field is required.') })}
        />
        <PhoneNumberField
          control={control}
          rules={{
            validate: (value) => {
              if (!value) return rule.required ? t('The phone field is required.') : true;
              if (value.length < rule.min || value.length > rule.max) {
                return t('The phone must be between {{min}} and {{max}} digits.', { min: rule.min, max: rule.max });
              }
              return true;
            },
          }}
          phoneCode={phoneCode}
          error={errors.phone?.message}
        />
        <TextField
          label={t('Email Address')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t('Create Password')}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password', { required: t('The password field is required.') })}
        />
        <p className="text-sm text-slate-600">
          {t('By signing up, you agree to our')}{' '}
          <a
            href={paths.termsAndConditions}
            onClick={(e) => {
              e.preventDefault();
              goTo(paths.termsAndConditions);
            }}
            className="font-medium text-primary-700 underline"
          >
            {t('Terms & Conditions')}
          </a>{' '}
          {t('and')}{' '}
          <a
            href={paths.privacyPolicy}
            onClick={(e) => {
              e.preventDefault();
              goTo(paths.privacyPolicy);
            }}
            className="font-medium text-primary-700 underline"
          >
            {t('Privacy Policy')}
          </a>
        </p>
        {errors.root?.message ? (
          <p role="alert" className="text-sm text-rose-600">
            {errors.root.message}
          </p>
        ) : null}
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {t('Sign up')}
        </Button>
        <p className="text-center text-sm text-slate-600">
          {t('Already have an account?')}{' '}
          <button
            type="button"
            onClick={() => openDialog('login')}
            className="font-semibold text-primary-700 hover:underline"
          >
            {t('Log in')}
          </button>
        </p>
      </form>
    </AppDialog>
  );
}
