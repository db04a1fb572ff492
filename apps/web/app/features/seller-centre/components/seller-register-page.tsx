import { IMAGE_UPLOAD_TYPES } from '@shop/contracts/constants';
import { SHOP_LOGO_MAX_BYTES, type ShopRegistrationRequest } from '@shop/contracts/sellers';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { ImagePicker, useObjectUrl } from '../../../components/ui/image-picker';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useShopRegistration } from '../api/seller-registration';

type Field = 'name' | 'email' | 'phone' | 'password' | 'shop_name' | 'shop_address' | 'shop_phone';
const FIELDS: readonly Field[] = ['name', 'email', 'phone', 'password', 'shop_name', 'shop_address', 'shop_phone'];

/** /shop/register (Become a Seller): the seller's account and the shop, which waits for approval. */
export function SellerRegisterPage() {
  const t = useT();
  const register = useShopRegistration();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>(
    Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [logo, setLogo] = useState<File | null>(null);
  const logoUrl = useObjectUrl(logo);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const local: Record<string, string> = {};
    for (const field of FIELDS)
      if (field !== 'phone' && !values[field].trim()) local[field] = t('This field is required.');
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      await register.mutateAsync({ ...(values satisfies ShopRegistrationRequest), logo });
      navigate('/shop', { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      const other = Object.entries(fields).filter(
        ([f]) => !(FIELDS as readonly string[]).includes(f) && f !== 'shop_logo',
      );
      if (Object.keys(fields).length === 0 || other.length > 0) {
        setFormError(other.map(([, m]) => m).join(' ') || (error instanceof Error ? error.message : null));
      }
    }
  };

  return (
    <div className="mx-auto w-full max-w-2xl rounded-2xl bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-bold text-slate-900">{t('Become a Seller')}</h1>
      <p className="mt-1 text-sm text-slate-500">
        {t('Open your shop: it starts selling once our team has approved it.')}
      </p>
      <form className="mt-6 space-y-6" onSubmit={submit} noValidate>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold text-slate-900">{t('Your account')}</legend>
          <TextField
            label={t('Name')}
            name="name"
            autoComplete="name"
            value={values.name}
            onChange={set('name')}
            error={errors.name}
          />
          <TextField
            label={t('Email')}
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <TextField
            label={t('Phone')}
            name="phone"
            type="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={set('phone')}
            error={errors.phone}
          />
          <PasswordField
            label={t('Password')}
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password}
          />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 text-base font-semibold text-slate-900">{t('Your shop')}</legend>
          <TextField
            label={t('Shop name')}
            name="shop_name"
            value={values.shop_name}
            onChange={set('shop_name')}
            error={errors.shop_name}
          />
          <TextField
            label={t('Shop phone')}
            name="shop_phone"
            type="tel"
            value={values.shop_phone}
            onChange={set('shop_phone')}
            error={errors.shop_phone}
          />
          <TextField
            label={t('Shop address')}
            name="shop_address"
            className="sm:col-span-2"
            value={values.shop_address}
            onChange={set('shop_address')}
            error={errors.shop_address}
          />
          <div className="sm:col-span-2">
            <p className="mb-2 text-sm font-medium text-slate-700">{t('Shop logo (optional)')}</p>
            <ImagePicker
              buttonLabel={logo ? t('Change logo') : t('Upload logo')}
              preview={
                <span className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50 text-slate-400">
                  {logoUrl ? (
                    <img src={logoUrl} alt={t('Shop logo preview')} className="size-full object-cover" />
                  ) : (
                    <Icon name="storefront" className="size-7" />
                  )}
                </span>
              }
              file={logo}
              onPick={(file) => {
                setErrors(({ shop_logo: _, ...rest }) => rest);
                setLogo(file);
              }}
              error={errors.shop_logo}
              maxBytes={SHOP_LOGO_MAX_BYTES}
              types={IMAGE_UPLOAD_TYPES}
            />
          </div>
        </fieldset>
        {formError && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {formError}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" loading={register.isPending}>
          {t('Register shop')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('Already selling?')}{' '}
        <Link to="/shop/login" className="font-semibold text-primary-700 hover:underline">
          {t('Seller Center')}
        </Link>
      </p>
    </div>
  );
}
