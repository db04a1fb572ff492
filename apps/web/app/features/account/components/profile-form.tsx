import { zodResolver } from '@hookform/resolvers/zod';
import { GENDERS, PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_TYPES, type ProfileUser } from '@shop/contracts/account';
import { TOAST } from '@shop/contracts/constants';
import type { Country } from '@shop/contracts/settings';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify/unstyled';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { ImagePicker, useObjectUrl } from '../../../components/ui/image-picker';
import { PhoneField } from '../../../components/ui/phone-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/account';
import { UserAvatar } from './user-avatar';

const FIELDS = ['name', 'email', 'phone', 'phone_code', 'country', 'gender', 'date_of_birth', 'profile_photo'] as const;

export interface ProfileFormValues {
  name: string;
  email: string;
  phone: string;
  country: string;
  gender: string;
  date_of_birth: string;
}

const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = { male: 'Male', female: 'Female', other: 'Other' };

/** Accounts made without a country still have a dial code; it names the country when only one has it. */
function countryOfDialCode(countries: readonly Country[], code: string | null | undefined): string {
  const matches = countries.filter((c) => c.phone_code === code);
  return matches.length === 1 && matches[0] ? matches[0].name : '';
}

export interface ProfileFormProps {
  user: ProfileUser;
  countries: readonly Country[];
  phoneMinLength: number;
  phoneMaxLength: number;
  /** The saved user, for the sidebar and header (the auth store, set by the route). */
  onSaved: (user: ProfileUser) => void;
}

/** /profile: name, e-mail, phone with dial code, gender, date of birth and photo. */
export function ProfileForm({ user, countries, phoneMinLength, phoneMaxLength, onSaved }: ProfileFormProps) {
  const t = useT();
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | undefined>();
  const preview = useObjectUrl(photo);

  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('The {{field}} field is required.', { field: t('name') }))
          .max(100, t('The {{field}} may not be greater than {{max}} characters.', { field: t('name'), max: 100 })),
        email: z.union([z.literal(''), z.email(t('The email must be a valid email address.'))]),
        phone: z
          .string()
          .min(1, t('The {{field}} field is required.', { field: t('phone') }))
          .regex(/^\d+$/, t('The phone must contain only digits.'))
          .min(phoneMinLength, t('The phone must be at least {{min}} digits.', { min: phoneMinLength }))
          .max(phoneMaxLength, t('The phone may not be greater than {{max}} digits.', { max: phoneMaxLength })),
        country: z.string(),
        gender: z.string(),
        date_of_birth: z
          .string()
          .refine(
            (v) => v === '' || v <= new Date().toISOString().slice(0, 10),
            t('The date of birth must be in the past.'),
          ),
      }) satisfies z.ZodType<ProfileFormValues>,
    [t, phoneMinLength, phoneMaxLength],
  );

  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: user.name,
      email: user.email ?? '',
      phone: user.phone ?? '',
      country: user.country ?? countryOfDialCode(countries, user.phone_code),
      gender: user.gender ?? '',
      date_of_birth: user.date_of_birth ?? '',
    },
  });

  const countryName = watch('country');
  const country = countries.find((c) => c.name === countryName);
  const phoneCode = country?.phone_code ?? user.phone_code ?? '';

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const reply = await update.mutateAsync({ ...values, phone_code: phoneCode, photo });
      setPhoto(null);
      toast.success(reply.message || t('Profile updated successfully'), { autoClose: TOAST.successMs });
      onSaved(reply.data.user);
    } catch (error) {
      setFormError(
        applyServerErrors(error, FIELDS, (field, e) => {
          if (field === 'profile_photo') setPhotoError(e.message);
          else if (field === 'phone_code') setError('phone', e);
          else setError(field, e);
        }),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <ImagePicker
        buttonLabel={user.profile_photo || preview ? t('Change Photo') : t('Upload Photo')}
        preview={<UserAvatar name={user.name} photo={preview ?? user.profile_photo} className="size-20 text-2xl" />}
        file={photo}
        onPick={(file) => {
          setPhotoError(undefined);
          setPhoto(file);
        }}
        error={photoError}
        maxBytes={PROFILE_PHOTO_MAX_BYTES}
        types={PROFILE_PHOTO_TYPES}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('Full Name')} autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label={t('Email Address')}
          type="email"
          autoComplete="email"
          dir="ltr"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField
          label={t('Country')}
          placeholder={t('Select country')}
          options={countries.map((c) => ({ value: c.name, label: `${c.name} (${c.phone_code})` }))}
          error={errors.country?.message}
          {...register('country')}
          // Controlled from the form state, so the list shows the chosen country wherever it renders.
          value={countryName}
        />
        <PhoneField
          label={t('Phone Number')}
          dir="ltr"
          prefix={phoneCode || undefined}
          error={errors.phone?.message}
          {...register('phone')}
        />
        <SelectField
          label={t('Gender')}
          placeholder={t('Select gender')}
          options={GENDERS.map((g) => ({ value: g, label: t(GENDER_LABELS[g]) }))}
          error={errors.gender?.message}
          {...register('gender')}
        />
        <TextField
          label={t('Date of Birth')}
          type="date"
          max={new Date().toISOString().slice(0, 10)}
          error={errors.date_of_birth?.message}
          {...register('date_of_birth')}
        />
      </div>

      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {formError}
        </p>
      )}

      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          {t('Save Changes')}
        </Button>
      </div>
    </form>
  );
}
