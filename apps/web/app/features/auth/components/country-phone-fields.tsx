import { useQuery } from '@tanstack/react-query';
import {
  type Control,
  Controller,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { PhoneField } from '../../../components/ui/phone-field';
import { SelectField } from '../../../components/ui/select-field';
import { countriesQueryOptions } from '../../../lib/api/countries';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';

/** The countries (loaded only while the dialog is open) and the dial code of the one chosen by name. */
export function useCountryChoice(open: boolean, countryName: string) {
  const api = useApi();
  const countries = useQuery({ ...countriesQueryOptions(api), enabled: open });
  const phoneCode = countries.data?.find((c) => c.name === countryName)?.phone_code ?? '';
  return { countries, phoneCode };
}

/** The Country select of a form, one option per country by name ("Loading" until they come). */
export function CountrySelect({
  countries,
  error,
  registration,
}: {
  countries: ReturnType<typeof useCountryChoice>['countries'];
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const t = useT();
  return (
    <SelectField
      label={t('Country')}
      placeholder={countries.isPending ? t('Loading') : t('Select Country')}
      options={(countries.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
      error={error}
      {...registration}
    />
  );
}

/** The Phone Number field of a form's `phone`, after the chosen country's dial code. */
export function PhoneNumberField<Values extends FieldValues & { phone: string }>({
  control,
  rules,
  phoneCode,
  error,
}: {
  control: Control<Values>;
  rules: RegisterOptions<Values, Path<Values>>;
  phoneCode: string;
  error: string | undefined;
}) {
  const t = useT();
  return (
    <Controller
      name={'phone' as Path<Values>}
      control={control}
      rules={rules}
      render={({ field }) => (
        <PhoneField
          label={t('Phone Number')}
          prefix={phoneCode || undefined}
          error={error}
          name={field.name}
          ref={field.ref}
          value={field.value}
          onBlur={field.onBlur}
          onChange={field.onChange}
        />
      )}
    />
  );
}
