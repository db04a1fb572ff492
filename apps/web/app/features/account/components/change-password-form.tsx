import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_PASSWORD_MIN } from '@shop/contracts/account';
import { TOAST } from '@shop/contracts/constants';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useChangePassword } from '../api/account';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

export interface ChangePasswordValues {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** /change-password: current, new and confirmation; the confirmation is checked here first. */
export function ChangePasswordForm() {
  const t = useT();
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);

  const schema = useMemo(() => {
    const password = (field: string) =>
      z
        .string()
        .min(1, t('The {{field}} field is required.', { field: t(field) }))
        .min(
          ACCOUNT_PASSWORD_MIN,
          t('The {{field}} must be at least {{min}} characters.', { field: t(field), min: ACCOUNT_PASSWORD_MIN }),
        );
    return z
      .object({
        current_password: password('current password'),
        password: password('password'),
        password_confirmation: z
          .string()
          .min(1, t('The {{field}} field is required.', { field: t('password confirmation') })),
      })
      .refine((v) => v.password === v.password_confirmation, {
        path: ['password_confirmation'],
        message: t('Confirm Password does not match.'),
      }) satisfies z.ZodType<ChangePasswordValues>;
  }, [t]);

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const reply = await change.mutateAsync(values);
      reset();
      toast.success(reply.message || t('Password changed successfully'), { autoClose: TOAST.successMs });
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex max-w-md flex-col gap-4">
      <PasswordField
        label={t('Current Password')}
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <PasswordField
        label={t('New Password')}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={t('Confirm Password')}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {formError}
        </p>
      )}
      <div>
        <Button type="submit" loading={isSubmitting}>
          {t('Change Password')}
        </Button>
      </div>
    </form>
  );
}
