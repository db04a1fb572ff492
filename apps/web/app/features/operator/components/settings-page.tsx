import { zodResolver } from '@hookform/resolvers/zod';
import { THEME_COLOR_SHADES } from '@shop/contracts/constants';
import {
  type OperatorSettings,
  type OperatorSettingsSection,
  type OperatorThemeColors,
  operatorCommerceSettingsSchema,
  operatorGeneralSettingsSchema,
  operatorThemeColorsSchema,
  operatorVerifySettingsSchema,
  SOCIAL_PROVIDERS,
} from '@shop/contracts/operator-settings';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useId, useState } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { buttonClass } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { operatorSettingsQueryOptions, useSaveSettings } from '../api/settings';
import { ImagesSection } from './settings-images';
import {
  CurrenciesSection,
  FootersSection,
  LanguagesSection,
  MenusSection,
  SocialLinksSection,
} from './settings-lists';
import { PaymentGatewaysSection } from './settings-payment-gateways';
import { Check, fieldError, grid, SectionCard } from './settings-section';
import { PageHeading } from './table-filters';

/** The storefront's own palette (app.css), offered until the shop sets its colours. */
const DEFAULT_PALETTE: Record<string, string> = {
  primary: '#059673',
  primary50: '#ecfdf7',
  primary100: '#d1faec',
  primary200: '#a7f3da',
  primary300: '#6ee7c2',
  primary400: '#34d3a5',
  primary500: '#10b98a',
  primary600: '#059673',
  primary700: '#04785e',
  primary800: '#065f4c',
  primary900: '#064e40',
  primary950: '#022c25',
};
const THEME_FIELDS: readonly (keyof OperatorThemeColors)[] = [
  'primary',
  ...THEME_COLOR_SHADES.map((shade) => `primary${shade}` as const),
];

/** /operator/settings: one form per section, each saved on its own; the storefront follows within a second. */
export function SettingsPage() {
  const t = useT();
  const api = useApi();
  const settings = useQuery(operatorSettingsQueryOptions(api));
  return (
    <div className="space-y-6">
      <PageHeading
        title={t('Settings')}
        hint={t('Each section is saved on its own; the storefront shows a saved change within a second.')}
      />
      {settings.isError ? (
        <ErrorState title={t('We could not load the settings')} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Spinner className="size-6 text-primary-600" label={t('Loading')} />
      ) : (
        <>
          <GeneralSection values={settings.data.general} />
          <ImagesSection images={settings.data.images} />
          <ThemeSection values={settings.data.theme} />
          <MenusSection />
          <FootersSection />
          <SocialLinksSection />
          <CurrenciesSection />
          <LanguagesSection />
          <CommerceSection values={settings.data.commerce} />
          <PaymentGatewaysSection />
          <VerifySection values={settings.data.verify} />
          <SocialSection values={settings.data.social} />
        </>
      )}
    </div>
  );
}

/** Sends a section; field errors go beside their fields, anything else under the form. */
function useSectionSave<V extends FieldValues>(section: OperatorSettingsSection, form: UseFormReturn<V>) {
  const t = useT();
  const save = useSaveSettings();
  return async (body: object) => {
    try {
      notifySuccess((await save.mutateAsync({ section, body })).message);
    } catch (failure) {
      const rest = applyServerErrors(failure, Object.keys(form.getValues()) as Path<V>[], (name, e) =>
        form.setError(name, e),
      );
      if (rest) notifyError(rest);
      else if (rest === null && !(failure instanceof Error)) notifyError(t('Something went wrong'));
    }
  };
}

function GeneralSection({ values }: { values: OperatorSettings['general'] }) {
  const t = useT();
  const form = useForm({ resolver: zodResolver(operatorGeneralSettingsSchema), values });
  const save = useSectionSave('general', form);
  const err = (name: Path<typeof values>) => fieldError(form, name, t);
  return (
    <SectionCard title={t('General')} form={form} onSubmit={(v) => save(v)}>
      <div className={grid}>
        <TextField label={t('App name')} error={err('app_name')} {...form.register('app_name')} />
        <TextField label={t('Tagline')} error={err('tagline')} {...form.register('tagline')} />
        <TextField label={t('Hotline')} inputMode="tel" error={err('mobile')} {...form.register('mobile')} />
        <TextField label={t('Email')} type="email" error={err('email')} {...form.register('email')} />
        <TextField
          label={t('Address')}
          error={err('address')}
          className="sm:col-span-2"
          {...form.register('address')}
        />
        <SelectField
          label={t('Currency symbol')}
          options={[
            { value: 'prefix', label: t('Before the amount') },
            { value: 'suffix', label: t('After the amount') },
          ]}
          error={err('currency_position')}
          {...form.register('currency_position')}
        />
        <TextField label={t('Time zone')} dir="ltr" error={err('time_zone')} {...form.register('time_zone')} />
        <TextField
          label={t('Google Play link')}
          type="url"
          dir="ltr"
          error={err('google_playstore_link')}
          {...form.register('google_playstore_link')}
        />
        <TextField
          label={t('App Store link')}
          type="url"
          dir="ltr"
          error={err('app_store_link')}
          {...form.register('app_store_link')}
        />
        <TextField label={t('Footer text')} error={err('web_footer_text')} {...form.register('web_footer_text')} />
        <TextField
          label={t('Footer description')}
          error={err('web_footer_description')}
          {...form.register('web_footer_description')}
        />
      </div>
      <div className="space-y-3">
        <Check
          label={t('Many sellers (multi-vendor)')}
          hint={t('Off: every product belongs to the marketplace’s own shop.')}
          {...form.register('multi_vendor')}
        />
        <Check label={t('Show the app download links')} {...form.register('show_download_app')} />
        <Check label={t('Show the footer')} {...form.register('web_show_footer')} />
      </div>
    </SectionCard>
  );
}

function ThemeSection({ values }: { values: OperatorSettings['theme'] }) {
  const t = useT();
  const form = useForm({
    resolver: zodResolver(operatorThemeColorsSchema),
    values: (values ?? DEFAULT_PALETTE) as OperatorThemeColors,
  });
  const save = useSectionSave('theme', form);
  const colours = form.watch();
  // The preview draws with the same variables the storefront reads, set on its own box only.
  const preview = Object.fromEntries(
    THEME_FIELDS.map((name) => [
      name === 'primary' ? '--color-primary' : `--color-primary-${name.slice('primary'.length)}`,
      colours[name],
    ]),
  ) as CSSProperties;
  return (
    <SectionCard
      title={t('Theme colours')}
      hint={t('The primary colour and its shades from the lightest (50) to the darkest (950).')}
      form={form}
      onSubmit={(v) => save(v)}
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {THEME_FIELDS.map((name) => (
            <ColourField
              key={name}
              label={name === 'primary' ? t('Primary') : t('Shade {{shade}}', { shade: name.slice('primary'.length) })}
              error={fieldError(form, name, t)}
              {...form.register(name)}
            />
          ))}
        </div>
        <figure style={preview} className="space-y-3 rounded-xl border border-slate-200 p-4" aria-live="polite">
          <figcaption className="text-xs font-medium uppercase tracking-wide text-slate-500">{t('Preview')}</figcaption>
          <div className="rounded-lg bg-primary-50 p-3">
            <p className="text-sm font-semibold text-primary-900">{t('Flash sale')}</p>
            <p className="text-xs text-primary-700">{t('Ends in 2 hours')}</p>
          </div>
          <span className="inline-block rounded-full bg-primary-100 px-2 py-0.5 text-xs font-medium text-primary-800">
            {t('New')}
          </span>
          <div className="flex flex-wrap gap-2">
            {/* Drawn with the buttons' own classes, so the preview is what shoppers get. */}
            <span className={buttonClass('primary', 'sm')}>{t('Add to cart')}</span>
            <span className={buttonClass('outline', 'sm')}>{t('Buy now')}</span>
          </div>
          <p className="text-sm text-primary-700 underline">{t('See all products')}</p>
        </figure>
      </div>
    </SectionCard>
  );
}

/** A colour: the picker and its hex value, one value in the form. */
function ColourField({
  label,
  error,
  ...rest
}: { label: string; error?: string } & ReturnType<UseFormReturn<OperatorThemeColors>['register']>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="color"
        aria-invalid={error ? true : undefined}
        className="h-10 w-full cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        {...rest}
      />
      {error && <p className="mt-1 text-xs text-rose-600">{error}</p>}
    </div>
  );
}

function CommerceSection({ values }: { values: OperatorSettings['commerce'] }) {
  const t = useT();
  const form = useForm({ resolver: zodResolver(operatorCommerceSettingsSchema), values });
  const save = useSectionSave('commerce', form);
  const err = (name: Path<typeof values>) => fieldError(form, name, t);
  return (
    <SectionCard title={t('Checkout and commission')} form={form} onSubmit={(v) => save(v)}>
      <div className={grid}>
        <TextField
          label={t('Default commission (%)')}
          inputMode="decimal"
          error={err('commission_rate')}
          {...form.register('commission_rate', { valueAsNumber: true })}
        />
        <TextField
          label={t('Days to ask for a return')}
          inputMode="numeric"
          error={err('return_order_within_days')}
          {...form.register('return_order_within_days', { valueAsNumber: true })}
        />
      </div>
      <div className="space-y-3">
        <Check label={t('Cash on delivery')} {...form.register('cash_on_delivery')} />
        <Check label={t('Online payment')} {...form.register('online_payment')} />
        <Check
          label={t('New products need approval')}
          hint={t('A product a seller publishes waits for you on Product approvals.')}
          {...form.register('new_products_need_approval')}
        />
      </div>
    </SectionCard>
  );
}

function VerifySection({ values }: { values: OperatorSettings['verify'] }) {
  const t = useT();
  const form = useForm({ resolver: zodResolver(operatorVerifySettingsSchema), values });
  const save = useSectionSave('verify', form);
  const err = (name: Path<typeof values>) => fieldError(form, name, t);
  const channels = [
    { value: 'email', label: t('Email') },
    { value: 'phone', label: t('Phone (SMS)') },
  ];
  return (
    <SectionCard
      title={t('Sign-in and phone')}
      hint={t('Saving asks for a code from your authenticator app when the last one is older than ten minutes.')}
      form={form}
      onSubmit={(v) => save(v)}
    >
      <div className={grid}>
        <SelectField
          label={t('Code at registration by')}
          options={channels}
          error={err('register_otp_type')}
          {...form.register('register_otp_type')}
        />
        <SelectField
          label={t('Code to reset a password by')}
          options={channels}
          error={err('forgot_otp_type')}
          {...form.register('forgot_otp_type')}
        />
        <TextField
          label={t('Shortest phone number (digits)')}
          inputMode="numeric"
          error={err('phone_min_length')}
          {...form.register('phone_min_length', { valueAsNumber: true })}
        />
        <TextField
          label={t('Longest phone number (digits)')}
          inputMode="numeric"
          error={err('phone_max_length')}
          {...form.register('phone_max_length', { valueAsNumber: true })}
        />
      </div>
      <div className="space-y-3">
        <Check label={t('Send a code at registration')} {...form.register('register_otp_verify')} />
        <Check label={t('A phone number is required')} {...form.register('phone_required')} />
        <Check
          label={t('Shoppers verify their account before ordering')}
          {...form.register('order_place_account_verify')}
        />
      </div>
    </SectionCard>
  );
}

type SocialForm = Record<
  (typeof SOCIAL_PROVIDERS)[number],
  { is_active: boolean; client_id: string; redirect_url: string; client_secret: string; remove_secret: boolean }
>;

function SocialSection({ values }: { values: OperatorSettings['social'] }) {
  const t = useT();
  const form = useForm<SocialForm>({
    values: Object.fromEntries(
      SOCIAL_PROVIDERS.map((name) => [
        name,
        {
          is_active: values[name].is_active,
          client_id: values[name].client_id ?? '',
          redirect_url: values[name].redirect_url ?? '',
          client_secret: '',
          remove_secret: false,
        },
      ]),
    ) as SocialForm,
  });
  const save = useSectionSave('social', form);
  const [names] = useState({ google: 'Google', facebook: 'Facebook', apple: 'Apple' } as const);
  return (
    <SectionCard
      title={t('Social sign-in')}
      hint={t('Secrets are never shown again: leave a secret empty to keep the one that is set.')}
      form={form}
      onSubmit={(v) =>
        save(
          Object.fromEntries(
            SOCIAL_PROVIDERS.map((name) => {
              const p = v[name];
              return [
                name,
                {
                  is_active: p.is_active,
                  client_id: p.client_id,
                  redirect_url: p.redirect_url,
                  client_secret: p.remove_secret ? '' : p.client_secret.trim() || null,
                },
              ];
            }),
          ),
        )
      }
    >
      <div className="grid gap-4 lg:grid-cols-3">
        {SOCIAL_PROVIDERS.map((name) => (
          <fieldset key={name} className="space-y-3 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">{names[name]}</legend>
            <Check label={t('Offer this sign-in')} {...form.register(`${name}.is_active`)} />
            <TextField
              label={t('Client ID')}
              dir="ltr"
              autoComplete="off"
              error={fieldError(form, `${name}.client_id`, t)}
              {...form.register(`${name}.client_id`)}
            />
            <TextField
              label={t('Redirect URL')}
              type="url"
              dir="ltr"
              error={fieldError(form, `${name}.redirect_url`, t)}
              {...form.register(`${name}.redirect_url`)}
            />
            <TextField
              label={values[name].client_secret_set ? t('New client secret (one is set)') : t('Client secret')}
              type="password"
              dir="ltr"
              autoComplete="new-password"
              {...form.register(`${name}.client_secret`)}
            />
            {values[name].client_secret_set && (
              <Check label={t('Remove the secret that is set')} {...form.register(`${name}.remove_secret`)} />
            )}
          </fieldset>
        ))}
      </div>
    </SectionCard>
  );
}
