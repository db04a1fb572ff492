import { zodResolver } from '@hookform/resolvers/zod';
import { ADDRESS_TYPES, type Address } from '@shop/contracts/account';
import { TOAST } from '@shop/contracts/constants';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { PhoneField } from '../../../components/ui/phone-field';
import { FieldError, TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useSaveAddress } from '../api/addresses';

const FIELDS = [
  'name',
  'phone',
  'address_type',
  'address_line',
  'address_line2',
  'area',
  'flat_no',
  'post_code',
  'is_default',
] as const;

export interface AddressFormValues {
  name: string;
  phone: string;
  address_type: (typeof ADDRESS_TYPES)[number];
  address_line: string;
  address_line2: string;
  area: string;
  flat_no: string;
  post_code: string;
  is_default: boolean;
}

const TYPE_LABELS: Record<(typeof ADDRESS_TYPES)[number], string> = {
  home: 'Home',
  office: 'Office',
  other: 'Other',
};

export interface AddressFormProps {
  /** The address being edited; a new one without it. */
  address?: Address;
  /** Settings phone_min_length / phone_max_length (defaults 8 and 16). */
  phoneMinLength: number;
  phoneMaxLength: number;
  onSaved: (address: Address) => void;
  onCancel: () => void;
}

/** Reference section 2.3: name, phone digits, type, address lines, area, flat, post code, default. */
export function AddressForm({ address, phoneMinLength, phoneMaxLength, onSaved, onCancel }: AddressFormProps) {
  const t = useT();
  const save = useSaveAddress(address?.id);
  const [formError, setFormError] = useState<string | null>(null);

  const schema = useMemo(() => {
    const required = (field: string) =>
      z
        .string()
        .trim()
        .min(1, t('The {{field}} field is required.', { field: t(field) }));
    return z.object({
      name: required('name').max(
        100,
        t('The {{field}} may not be greater than {{max}} characters.', { field: t('name'), max: 100 }),
      ),
      phone: z
        .string()
        .min(1, t('The {{field}} field is required.', { field: t('phone') }))
        .regex(/^\d+$/, t('The phone must contain only digits.'))
        .min(phoneMinLength, t('The phone must be at least {{min}} digits.', { min: phoneMinLength }))
        .max(phoneMaxLength, t('The phone may not be greater than {{max}} digits.', { max: phoneMaxLength })),
      address_type: z.enum(ADDRESS_TYPES, { error: t('Choose the address type.') }),
      address_line: required('address line').max(
        255,
        t('The {{field}} may not be greater than {{max}} characters.', { field: t('address line'), max: 255 }),
      ),
      address_line2: z
        .string()
        .max(
          255,
          t('The {{field}} may not be greater than {{max}} characters.', { field: t('address line 2'), max: 255 }),
        ),
      area: z
        .string()
        .max(100, t('The {{field}} may not be greater than {{max}} characters.', { field: t('area'), max: 100 })),
      flat_no: z
        .string()
        .max(50, t('The {{field}} may not be greater than {{max}} characters.', { field: t('flat no'), max: 50 })),
      post_code: z
        .string()
        .max(20, t('The {{field}} may not be greater than {{max}} characters.', { field: t('post code'), max: 20 })),
      is_default: z.boolean(),
    }) satisfies z.ZodType<AddressFormValues>;
  }, [t, phoneMinLength, phoneMaxLength]);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddressFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: address?.name ?? '',
      phone: address?.phone ?? '',
      address_type: address?.address_type ?? 'home',
      address_line: address?.address_line ?? '',
      address_line2: address?.address_line2 ?? '',
      area: address?.area ?? '',
      flat_no: address?.flat_no ?? '',
      post_code: address?.post_code ?? '',
      is_default: address?.is_default ?? false,
    },
  });

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const reply = await save.mutateAsync(values);
      toast.success(reply.message || t('Address saved successfully'), { autoClose: TOAST.successMs });
      onSaved(reply.data.address);
    } catch (error) {
      setFormError(applyServerErrors(error, FIELDS, setError));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('Name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <PhoneField label={t('Phone Number')} dir="ltr" error={errors.phone?.message} {...register('phone')} />
      </div>

      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700">{t('Address Type')}</legend>
        <div className="flex flex-wrap gap-2" aria-describedby={errors.address_type ? 'address-type-error' : undefined}>
          {ADDRESS_TYPES.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-4 py-2 text-sm text-slate-700 has-checked:border-primary-600 has-checked:bg-primary-50 has-checked:text-primary-800 has-focus-visible:ring-2 has-focus-visible:ring-primary-300"
            >
              <input type="radio" value={type} className="accent-primary-700" {...register('address_type')} />
              {t(TYPE_LABELS[type])}
            </label>
          ))}
        </div>
        <FieldError id="address-type-error" message={errors.address_type?.message} />
      </fieldset>

      <TextField
        label={t('Address Line')}
        autoComplete="address-line1"
        error={errors.address_line?.message}
        {...register('address_line')}
      />
      <TextField
        label={t('Address Line 2 (optional)')}
        autoComplete="address-line2"
        error={errors.address_line2?.message}
        {...register('address_line2')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t('Area (optional)')} error={errors.area?.message} {...register('area')} />
        <TextField label={t('Flat No (optional)')} error={errors.flat_no?.message} {...register('flat_no')} />
        <TextField
          label={t('Post Code (optional)')}
          autoComplete="postal-code"
          error={errors.post_code?.message}
          {...register('post_code')}
        />
      </div>

      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" className="size-4 accent-primary-700" {...register('is_default')} />
        {t('Use as my default address')}
      </label>
      <FieldError message={errors.is_default?.message} />

      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {formError}
        </p>
      )}

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {address ? t('Update Address') : t('Save Address')}
        </Button>
      </div>
    </form>
  );
}
