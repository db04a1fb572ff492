import { type FormEvent, useState } from 'react';
import { serverFieldErrors } from '../lib/form-errors';
import { useT } from '../lib/i18n';
import { Button } from './ui/button';
import { PasswordField } from './ui/password-field';
import { TextField } from './ui/text-field';

/**
 * The sign-in form of the Seller Centre and the operator screen: an e-mail address or phone and
 * a password. The server's 422 message shows under the field it names.
 */
export function SignInCard({
  title,
  subtitle,
  onSubmit,
  footer,
}: {
  title: string;
  subtitle?: string;
  onSubmit: (input: { phone: string; password: string }) => Promise<unknown>;
  footer?: React.ReactNode;
}) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!phone.trim()) local.phone = t('The email or phone field is required.');
    if (!password) local.password = t('The password field is required.');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setPending(true);
    try {
      await onSubmit({ phone: phone.trim(), password });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(
        Object.keys(fields).length > 0
          ? fields
          : { phone: error instanceof Error ? error.message : t('Something went wrong') },
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-md rounded-2xl bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        <TextField
          label={t('Email or phone')}
          name="phone"
          autoComplete="username"
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          error={errors.phone}
        />
        <PasswordField
          label={t('Password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <Button type="submit" className="w-full" size="lg" loading={pending}>
          {t('Log in')}
        </Button>
      </form>
      {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}
